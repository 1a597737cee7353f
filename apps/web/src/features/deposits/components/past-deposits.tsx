import { Anchor, Badge, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { centsText, countOf, type DepositSummary, formatDateOnly } from '@pirouette/domain';
import { Link } from 'react-router';
import { adminHref } from '../../../app/paths/admin-sections';
import { ListPager } from '../../../components/list-pager';
import { SectionCard } from '../../../components/section-card';
import { DEPOSITS_PAGE_SIZE, useDeposits } from '../api/deposits';

export const slipHref = (id: string) => adminHref(`transactions/deposits/${id}`);

function Returned({ d }: { d: DepositSummary }) {
  if (d.returned === 0) return null;
  return (
    <Badge color="red" variant="light" size="sm">
      {countOf(d.returned, 'returned', 'returned')}
    </Badge>
  );
}

/** The studio's deposits, newest first, each with its slip. */
export function PastDeposits({
  page,
  onPage,
  narrow,
}: {
  page: number;
  onPage: (p: number) => void;
  narrow: boolean;
}) {
  const list = useDeposits(page);
  const data = list.data;
  return (
    <SectionCard
      title="Past deposits"
      description="Each deposit is one line on the bank statement. Open its slip to print it."
    >
      {!data ? (
        <Skeleton h={120} />
      ) : data.total === 0 ? (
        <Text c="dimmed">No deposit yet.</Text>
      ) : narrow ? (
        <Stack gap="xs">
          {data.items.map((d) => (
            <Paper key={d.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Anchor component={Link} to={slipHref(d.id)} fw={600}>
                    Deposit #{d.number}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {formatDateOnly(d.depositedOn)} · {countOf(d.count, 'payment', 'payments')}
                  </Text>
                  <Returned d={d} />
                </Stack>
                <Text fw={600}>{centsText(d.total)}</Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Deposit</Table.Th>
                <Table.Th>Day</Table.Th>
                <Table.Th>Payments</Table.Th>
                <Table.Th>Made by</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={slipHref(d.id)}>
                        Deposit #{d.number}
                      </Anchor>
                      <Returned d={d} />
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateOnly(d.depositedOn)}</Table.Td>
                  <Table.Td>{d.count}</Table.Td>
                  <Table.Td>{d.by}</Table.Td>
                  <Table.Td ta="right">{centsText(d.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.total > 0 && (
        <ListPager
          page={page}
          total={data.total}
          pageSize={DEPOSITS_PAGE_SIZE}
          onChange={onPage}
          noun={['deposit', 'deposits']}
        />
      )}
    </SectionCard>
  );
}
