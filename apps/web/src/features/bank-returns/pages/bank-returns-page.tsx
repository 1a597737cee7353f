import { Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@pirouette/domain';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/notify';
import { type ReturnsPeriod, useBankReturns } from '../api/bank-returns';
import { RatesPanel, RateWarnings } from '../components/rates-panel';
import { ReturnsList } from '../components/returns-list';
import { periodProblem } from '../lib/period';

export const BANK_RETURNS_PATH = 'transactions/bank-returns';

/** Below this width lists are cards, not tables (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The owner's bank returns page (issue 37 item 2, decision 068): the studio's return rates over a period
 * (the last 60 days unless another is typed) against Nacha's thresholds, warned at half of each, and the
 * returned debits with why and what followed.
 */
export function BankReturnsPage() {
  const section = findSection(BANK_RETURNS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [asked, setAsked] = useState<ReturnsPeriod>(null);
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [page, setPage] = useState(1);
  const returns = useBankReturns(asked, page);
  const header = <PageHeader title={section.title} description={section.description} />;

  if (returns.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading bank returns">
        {header}
        <Skeleton h={160} radius="lg" />
        <Skeleton h={280} radius="lg" />
      </Stack>
    );
  if (returns.error)
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          message={errorText(returns.error, messages.loadFailed)}
          onRetry={() => returns.refetch()}
        />
      </Stack>
    );
  const data = returns.data;
  const shown = draft ?? { from: data.from, to: data.to };
  const problem = draft ? periodProblem(draft) : null;
  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    if (periodProblem(next) === null) {
      setAsked(next);
      setPage(1);
    }
  };

  return (
    <Stack gap="lg">
      {header}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          size="sm"
          value={shown.from}
          onChange={(e) => change({ ...shown, from: e.currentTarget.value })}
          error={problem ?? undefined}
        />
        <TextInput
          type="date"
          label="To"
          size="sm"
          value={shown.to}
          onChange={(e) => change({ ...shown, to: e.currentTarget.value })}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {data.debits} bank debit{data.debits === 1 ? '' : 's'} sent in the period, {data.total} returned.
        Nacha’s limits are for the studio’s debits over 60 days; a rate is warned at half its limit.
      </Text>
      <RateWarnings rates={data.rates} />
      <RatesPanel rates={data.rates} />
      {data.total === 0 ? (
        <EmptyState title={section.emptyTitle} icon={IconBuildingBank}>
          {section.emptyText}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <ReturnsList items={data.items} narrow={narrow} />
          <ListPager
            page={data.page}
            total={data.total}
            pageSize={data.pageSize}
            onChange={setPage}
            noun={['return', 'returns']}
          />
        </Stack>
      )}
    </Stack>
  );
}
