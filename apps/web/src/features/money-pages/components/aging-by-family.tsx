import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { AGING_BUCKETS, dollarsText, messages } from '@pirouette/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { errorText } from '../../../lib/notify';
import { AGING_PAGE_SIZE, useAgingByFamily } from '../api/money';
import { AGING_LABELS } from '../lib/overview-figures';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * What each family has open, by age (issue 31 item 8): a row per family, most owed first, a page at a
 * time; not yet due apart from what is past due, as the studio's bars.
 */
export function AgingByFamily() {
  const [page, setPage] = useState(1);
  const query = useAgingByFamily(page);
  if (query.isPending) return <Skeleton h={160} aria-label="Loading the aging by family" />;
  if (query.isError)
    return (
      <LoadError message={errorText(query.error, messages.loadFailed)} onRetry={() => query.refetch()} />
    );
  const { items, total, pageSize } = query.data;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No family has anything left to pay.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={8} horizontalSpacing="xs" highlightOnHover data-testid="aging-families">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Family</Table.Th>
              {AGING_BUCKETS.map((b) => (
                <Table.Th key={b} ta="right" style={NUMBERS}>
                  {AGING_LABELS[b]}
                </Table.Th>
              ))}
              <Table.Th ta="right">Open</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((f) => (
              <Table.Tr key={f.coAcctMemID} data-testid="aging-family">
                <Table.Td>
                  <Anchor component={Link} to={accountHref(f.coAcctMemID)} size="sm" fw={600}>
                    {f.family}
                  </Anchor>
                </Table.Td>
                {f.aging.map((a) => (
                  <Table.Td
                    key={a.bucket}
                    ta="right"
                    style={NUMBERS}
                    aria-label={`${AGING_LABELS[a.bucket]}: ${dollarsText(a.total)}`}
                  >
                    <Text size="sm" c={a.total === 0 ? 'dimmed' : undefined}>
                      {a.total === 0 ? '—' : dollarsText(a.total)}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm" fw={600}>
                    {dollarsText(f.total)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPager
        page={page}
        total={total}
        pageSize={pageSize ?? AGING_PAGE_SIZE}
        onChange={setPage}
        noun={['family', 'families']}
        disabled={query.isFetching}
      />
    </>
  );
}
