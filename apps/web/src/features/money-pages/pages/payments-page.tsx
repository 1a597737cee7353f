import { Box, Card, Group, Loader, Skeleton, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, type PlanPaymentRow } from '@pirouette/domain';
import { IconCalendarDollar, IconFilterOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { usePlanPayments, useSetPaid } from '../api/money';
import { ConfirmUnpaidDialog } from '../components/confirm-unpaid-dialog';
import { FamilySelect } from '../components/family-select';
import { PaymentSums } from '../components/payment-sums';
import { PlanPaymentsTable } from '../components/plan-payments-table';
import {
  emptyPaymentsText,
  FILTER_LABELS,
  FILTER_SHORT_LABELS,
  PAYMENT_FILTERS,
  type PaymentFilter,
  withFamily,
  withFilter,
  withPage,
} from '../lib/payments-params';
import { usePaymentsState } from '../lib/use-payments-state';

export const PAYMENTS_PATH = 'accounts/payments';

/** Below this width the payments are cards, not a table (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

type PaymentsState = ReturnType<typeof usePaymentsState>;

/** The filter tabs and the family picked; a family's name is kept once the picker gave it. */
function PaymentFiltersCard({
  state,
  update,
  listId,
  knownName,
  setFamilyName,
}: {
  state: PaymentsState[0];
  update: PaymentsState[1];
  listId: string;
  knownName: string | null;
  setFamilyName: (name: { id: string; name: string }) => void;
}) {
  const compactTabs = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Card p={{ base: 'sm', sm: 'md' }}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Tabs
          value={state.filter}
          onChange={(value) => value && update((s) => withFilter(s, value as PaymentFilter))}
          styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}
          style={{ flex: '1 1 360px' }}
        >
          <Tabs.List grow={compactTabs}>
            {PAYMENT_FILTERS.map((f) => (
              // The tabs filter the table below (no Tabs.Panel): each controls it (axe-core's
              // aria-valid-attr-value: Mantine's default names a panel that is not there).
              <Tabs.Tab key={f} value={f} aria-label={FILTER_LABELS[f]} aria-controls={listId}>
                {compactTabs ? FILTER_SHORT_LABELS[f] : FILTER_LABELS[f]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <FamilySelect
          value={state.family}
          knownName={knownName}
          onChange={(id, label) => {
            if (id && label) setFamilyName({ id, name: label.replace(/ family( · .*)?$/, '') });
            update((s) => withFamily(s, id));
          }}
        />
      </Group>
    </Card>
  );
}

/**
 * Every plan payment of the current term across families (issue 16 point 6): filtered, searched by
 * family and paged by the server, with the filter's sums, each payment's state and its paid toggle.
 */
export function PaymentsPage() {
  const section = findSection(PAYMENTS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [state, update] = usePaymentsState();
  const listId = useId();
  const list = usePlanPayments(state);
  const setPaid = useSetPaid();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PlanPaymentRow | null>(null);
  // The family's name, once a row of theirs gave it, for the family field and the sums' caption.
  const [familyName, setFamilyName] = useState<{ id: string; name: string } | null>(null);

  const data = list.data;
  const rowName = state.family ? data?.items.find((r) => r.coAcctMemID === state.family)?.family : undefined;
  useEffect(() => {
    if (state.family && rowName) setFamilyName({ id: state.family, name: rowName });
  }, [state.family, rowName]);
  const knownName = familyName && familyName.id === state.family ? familyName.name : null;

  // A page past the end (a payment paid off the unpaid list, a link kept too long) goes to the last page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && state.page > 1) {
      update((s) => withPage(s, Math.ceil(data.total / data.pageSize)));
    }
  }, [data, list.isPlaceholderData, state.page, update]);

  const send = (row: PlanPaymentRow) => {
    setBusyId(row.id);
    setPaid.mutate(
      { params: { id: row.id, status: row.isPayed === 1 ? '0' : '1' } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setConfirming(null);
        },
        onError: (error) => {
          notifyError(error);
          setConfirming(null);
        },
        onSettled: () => setBusyId(null),
      },
    );
  };
  const toggle = (row: PlanPaymentRow) => (row.isPayed === 1 ? setConfirming(row) : send(row));

  const description = data?.term
    ? `Every plan payment of the ${data.term.name} term across families: when it is due, what is charged and what is paid.`
    : section.description;
  const header = <PageHeader title={section.title} description={description} />;

  if (list.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the payments">
        {header}
        <Skeleton h={110} radius="lg" />
        <Skeleton h={narrow ? 420 : 520} radius="lg" />
      </Stack>
    );
  if (list.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(list.error, messages.loadFailed)} onRetry={() => list.refetch()} />
      </Stack>
    );

  const unfiltered = state.filter === 'all' && state.family === null;
  if (list.data.total === 0 && unfiltered)
    return (
      <Stack gap="lg">
        {header}
        <EmptyState title={section.emptyTitle} icon={IconCalendarDollar}>
          {list.data.term
            ? section.emptyText
            : 'No year term is set as current. Set one on the Dance Year page; its families’ plan payments will be listed here.'}
        </EmptyState>
      </Stack>
    );

  const caption = [
    state.filter === 'all' ? 'All payments' : FILTER_LABELS[state.filter],
    state.family ? `${knownName ?? 'One'} family` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  let body: ReactNode;
  if (list.data.items.length === 0) {
    const empty = emptyPaymentsText(state);
    body = (
      <EmptyState title={empty.title} icon={IconFilterOff}>
        {empty.text}
      </EmptyState>
    );
  } else {
    body = (
      <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <PlanPaymentsTable rows={list.data.items} busyId={busyId} onToggle={toggle} narrow={narrow} />
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      {header}
      <PaymentFiltersCard
        state={state}
        update={update}
        listId={listId}
        knownName={knownName}
        setFamilyName={setFamilyName}
      />
      <PaymentSums sums={list.data.sums} caption={caption} narrow={narrow} />
      <div id={listId}>{body}</div>
      {list.data.items.length > 0 && (
        <Group justify="space-between" gap="sm">
          <Box style={{ flex: 1 }}>
            <ListPager
              page={state.page}
              total={list.data.total}
              pageSize={list.data.pageSize}
              onChange={(page) => update((s) => withPage(s, page))}
              noun={['payment', 'payments']}
            />
          </Box>
          {list.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
      )}
      <ConfirmUnpaidDialog
        row={confirming}
        loading={setPaid.isPending}
        onConfirm={() => confirming && send(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
