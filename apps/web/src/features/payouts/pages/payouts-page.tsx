import { Skeleton, Stack } from '@mantine/core';
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
import { useClearing, usePayouts } from '../api/payouts';
import { ClearingPanel } from '../components/clearing-panel';
import { PayoutsList } from '../components/payouts-list';

export const PAYOUTS_PATH = 'transactions/payouts';

/** Below this width lists are cards, not tables (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The owner's Payouts page (issue 34 item 2, decision 051): card clearing with the payments that make
 * it up, and each payout as the bank statement shows it, opened to the payments it contains and the
 * processor's fees.
 */
export function PayoutsPage() {
  const section = findSection(PAYOUTS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const [clearingPage, setClearingPage] = useState(1);
  const payouts = usePayouts(page);
  const clearing = useClearing(clearingPage);
  const header = <PageHeader title={section.title} description={section.description} />;

  if (payouts.isPending || clearing.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading payouts">
        {header}
        <Skeleton h={120} radius="lg" />
        <Skeleton h={280} radius="lg" />
      </Stack>
    );
  const failed = payouts.error ?? clearing.error;
  if (failed)
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          message={errorText(failed, messages.loadFailed)}
          onRetry={() => Promise.all([payouts.refetch(), clearing.refetch()])}
        />
      </Stack>
    );
  const list = payouts.data!;
  return (
    <Stack gap="lg">
      {header}
      <ClearingPanel clearing={clearing.data!} onPage={setClearingPage} narrow={narrow} />
      {list.total === 0 ? (
        <EmptyState title={section.emptyTitle} icon={IconBuildingBank}>
          {section.emptyText}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <PayoutsList payouts={list.payouts} narrow={narrow} />
          <ListPager
            page={list.page}
            total={list.total}
            pageSize={list.pageSize}
            onChange={setPage}
            noun={['payout', 'payouts']}
          />
        </Stack>
      )}
    </Stack>
  );
}
