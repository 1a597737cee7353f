import { Box, Button, Group, Loader, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type BalanceList, type DepositList, messages } from '@pirouette/domain';
import { IconFilterOff, IconHanger, IconReceipt } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import type { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import {
  type CostumeListKind,
  type CostumeListState,
  DEFAULT_LIST_STATE,
  emptyListText,
  filterCaption,
  filtered,
  withOpen,
  withPage,
} from '../lib/lists';
import { CostumeListCsv } from './costume-list-csv';
import { CostumeListFilters } from './costume-list-filters';
import { CostumeListTable } from './costume-list-table';
import { CostumeListTotals } from './costume-list-totals';

/** Below this width the costumes are cards, not a table (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

type Props = {
  kind: CostumeListKind;
  /** The admin section the page is (its title and empty state). */
  path: string;
  list: UseQueryResult<DepositList | BalanceList, ApiError>;
  state: CostumeListState;
  update: (change: (state: CostumeListState) => CostumeListState) => void;
};

/** Where a studio with nothing listed yet goes to fill the list. */
const FILL = {
  deposits: { to: 'costumes/numbers', label: 'Assign costumes' },
  balances: { to: 'costumes/order-new', label: 'Order costumes' },
} as const;

/**
 * The deposits or the balances (issue 18 point 3): filters kept in the address, the filter's totals, a
 * page of costumes (a table, or cards on a phone) each with its family linked, and the CSV of the whole
 * filter. The server pages, filters and sums.
 */
export function CostumeListView({ kind, path, list, state, update }: Props) {
  const section = findSection(path);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const data = list.data;

  // A page past the end (a balance paid meanwhile, a link kept too long) goes to the last page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && state.page > 1) {
      update((s) => withPage(s, Math.ceil(data.total / data.pageSize)));
    }
  }, [data, list.isPlaceholderData, state.page, update]);

  const header = <PageHeader title={section.title} description={section.description} />;

  if (list.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label={`Loading the ${kind}`}>
        {header}
        <Skeleton h={72} radius="lg" />
        <Skeleton h={110} radius="lg" />
        <Skeleton h={narrow ? 420 : 480} radius="lg" />
      </Stack>
    );
  if (list.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(list.error, messages.loadFailed)} onRetry={() => list.refetch()} />
      </Stack>
    );

  const { items, total, pageSize, totals, options } = list.data;
  // Nothing of the kind at all: the section's own words, and where to go to fill it.
  if (options.numbers.length === 0)
    return (
      <Stack gap="lg">
        {header}
        <EmptyState
          title={section.emptyTitle}
          icon={kind === 'deposits' ? IconHanger : IconReceipt}
          action={
            <Button component={Link} to={adminHref(FILL[kind].to)} variant="light">
              {FILL[kind].label}
            </Button>
          }
        >
          {section.emptyText}
        </EmptyState>
      </Stack>
    );

  let body: React.ReactNode;
  if (items.length === 0) {
    const empty = emptyListText(kind, state);
    const showAll = kind === 'balances' && state.open;
    body = (
      <EmptyState
        title={empty.title}
        icon={IconFilterOff}
        action={
          showAll ? (
            <Button variant="light" onClick={() => update((s) => withOpen(s, false))}>
              Show all balances
            </Button>
          ) : filtered(state) ? (
            <Button variant="light" onClick={() => update(() => DEFAULT_LIST_STATE)}>
              Clear the filters
            </Button>
          ) : undefined
        }
      >
        {empty.text}
      </EmptyState>
    );
  } else {
    body = (
      <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <CostumeListTable kind={kind} rows={items} narrow={narrow} />
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      {header}
      <CostumeListFilters
        kind={kind}
        state={state}
        options={options}
        update={update}
        aside={<CostumeListCsv kind={kind} state={state} />}
      />
      <CostumeListTotals
        kind={kind}
        totals={totals}
        caption={filterCaption(kind, state, options)}
        narrow={narrow}
      />
      {body}
      {items.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Box style={{ flex: 1 }}>
            <ListPager
              page={state.page}
              total={total}
              pageSize={pageSize}
              onChange={(page) => update((s) => withPage(s, page))}
              noun={['costume', 'costumes']}
            />
          </Box>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
      )}
    </Stack>
  );
}
