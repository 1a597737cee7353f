import { Box, Loader, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatDateOnly, messages } from '@pirouette/domain';
import { IconReceipt } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText, notifyError, notifyResult } from '../../../lib/notify';
import { useAutopayPage, useChargeNow, usePauseAutopay } from '../api/autopay';
import { AutopayTotals } from '../components/autopay-totals';
import { ChargeNowDialog } from '../components/charge-now-dialog';
import { type Enrolled, EnrolledFamilies } from '../components/enrolled-families';
import { NextCharges } from '../components/next-charges';
import { PageSection } from '../components/page-section';
import { RecoveryReport } from '../components/recovery-report';
import { RunsTable } from '../components/runs-table';

export const AUTOPAY_PATH = 'accounts/payments-auto-charge';

/** Below this width lists are cards, not tables (Mantine's `sm`), as on the payments page. */
const PHONE_QUERY = '(max-width: 48em)';

/** The page of past runs the address names (`?page=2`); anything else is the first. */
function usePageParam() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          if (next > 1) out.set('page', String(next));
          else out.delete('page');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage] as const;
}

/**
 * The owner's "Payments auto charge" page (issue 17 point 5): totals, the next billing day's automatic
 * charges, the families on auto-pay (charged now or paused here), and every past run with its result.
 */
export function AutopayPage() {
  const section = findSection(AUTOPAY_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [page, setPage] = usePageParam();
  const query = useAutopayPage(page);
  const chargeNow = useChargeNow();
  const pause = usePauseAutopay();
  const [charging, setCharging] = useState<Enrolled | null>(null);
  const [pausingId, setPausingId] = useState<string | null>(null);

  const data = query.data;
  // A page past the end (a link kept too long) goes to the last page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.runs.items.length === 0 && data.runs.total > 0 && page > 1)
      setPage(Math.ceil(data.runs.total / data.runs.pageSize));
  }, [data, query.isPlaceholderData, page, setPage]);

  const charge = (family: Enrolled) =>
    chargeNow.mutate(
      { params: { id: family.coAcctMemID } },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: answer.state === 'succeeded' ? 'teal' : 'blue',
            title: answer.state === 'succeeded' ? `${family.family} family charged` : undefined,
            message: answer.msg,
          });
          setCharging(null);
        },
        onError: (error) => {
          // 402: the card was declined, in the processor's words; 422: nothing due, or no card.
          if (isApiError(error) && error.status === 402)
            notifications.show({ color: 'red', title: 'Card declined', message: error.message });
          else if (isApiError(error) && error.status === 422)
            notifications.show({ color: 'yellow', title: 'Nothing charged', message: error.message });
          else notifyError(error);
          setCharging(null);
        },
      },
    );

  const togglePause = (family: Enrolled) => {
    setPausingId(family.coAcctMemID);
    pause.mutate(
      { params: { id: family.coAcctMemID }, body: { paused: !family.paused } },
      { ...notifyResult(), onSettled: () => setPausingId(null) },
    );
  };

  const header = <PageHeader title={section.title} description={section.description} />;

  if (query.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading automatic payments">
        {header}
        <Skeleton h={96} radius="lg" />
        <Skeleton h={200} radius="lg" />
        <Skeleton h={narrow ? 420 : 320} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(query.error, messages.loadFailed)} onRetry={() => query.refetch()} />
      </Stack>
    );

  const { next, enrolled, runs, totals, recovery } = query.data;
  return (
    <Stack gap="xl">
      <Stack gap="lg">
        {header}
        <AutopayTotals totals={totals} enrolled={enrolled} />
      </Stack>
      <NextCharges next={next} narrow={narrow} paused={enrolled.filter((f) => f.paused).length} />
      <EnrolledFamilies
        families={enrolled}
        narrow={narrow}
        pausingId={pausingId}
        onCharge={setCharging}
        onPause={togglePause}
      />
      <PageSection
        title="Failed payments recovered"
        description="Automatic charges declined each month, and how the money came in after: retried on the days cards succeed (at most 8 tries in 30 days), a new card or bank account charged at once, the backup method, or paid by hand. The rate is by amount, as the books show it."
      >
        <RecoveryReport months={recovery} narrow={narrow} />
      </PageSection>
      <PageSection
        title="Past runs"
        description="Each automatic charge, newest first: try 1 on the due date, then retries after a soft decline on the days cards succeed most (the day after a payday, Fridays), at most 8 in 30 days; a new card or the backup is charged at once; “By the studio” when charged from this page."
        aside={query.isFetching && !query.isPending ? <Loader size="xs" aria-label="Loading" /> : null}
      >
        {runs.total === 0 ? (
          <EmptyState title={section.emptyTitle} icon={IconReceipt}>
            {next.on
              ? `Each charge is listed here with its result once it runs: the first is due on ${formatDateOnly(next.on)}.`
              : 'Each charge is listed here with its result once it runs, on the due dates of the families on auto-pay.'}
          </EmptyState>
        ) : (
          <>
            <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              <RunsTable runs={runs.items} narrow={narrow} />
            </Box>
            <ListPager
              page={page}
              total={runs.total}
              pageSize={runs.pageSize}
              onChange={setPage}
              noun={['run', 'runs']}
            />
          </>
        )}
      </PageSection>
      <ChargeNowDialog
        family={charging}
        loading={chargeNow.isPending}
        onConfirm={() => charging && charge(charging)}
        onClose={() => setCharging(null)}
      />
    </Stack>
  );
}
