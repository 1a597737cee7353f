import { Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { centsText, countOf, messages } from '@pirouette/domain';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { findSection } from '../../../app/paths/admin-sections';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { UNDEPOSITED_PAGE_SIZE, useMakeDeposit, useUndeposited } from '../api/deposits';
import { ConfirmDepositDialog, type DepositDraft } from '../components/confirm-deposit-dialog';
import { PastDeposits, slipHref } from '../components/past-deposits';
import { UndepositedList } from '../components/undeposited-list';
import { draftOf, type Mode, type Picked, togglePage, togglePicked } from '../lib/picked';

export const DEPOSITS_PATH = 'transactions/deposits';
const PHONE_QUERY = '(max-width: 48em)';

/**
 * Bank deposits (issue 34 item 3): the cash, checks and terminal slips waiting in undeposited funds,
 * picked one by one or all received up to a day; the new deposit's total before it is made; the past
 * deposits, each with its printable slip.
 */
export function DepositsPage() {
  const section = findSection(DEPOSITS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('pick');
  const [upTo, setUpTo] = useState('');
  const [page, setPage] = useState(1);
  const [pastPage, setPastPage] = useState(1);
  const [picked, setPicked] = useState<Picked>(new Map());
  const [confirming, setConfirming] = useState<DepositDraft | null>(null);
  const filterDay = mode === 'upTo' && upTo ? upTo : undefined;
  const list = useUndeposited(page, filterDay);
  const make = useMakeDeposit();
  const data = list.data;
  const header = <PageHeader title={section.title} description={section.description} />;

  if (list.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the deposits">
        {header}
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  if (list.isError)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(list.error, messages.loadFailed)} onRetry={() => list.refetch()} />
      </Stack>
    );

  const today = data?.today ?? '';
  const draft = draftOf(mode, picked, mode === 'upTo' && !upTo ? undefined : data);
  const confirm = (values: { depositedOn: string; memo: string }) => {
    const body =
      mode === 'pick' ? { payments: [...picked.keys()], ...values } : { upTo: upTo || today, ...values };
    make.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          setConfirming(null);
          setPicked(new Map());
          navigate(slipHref(answer.id));
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <Stack gap="lg">
      {header}
      <SectionCard
        title="Waiting to be deposited"
        description="Cash, checks and terminal slips families paid at the desk, not yet taken to the bank."
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <SegmentedControl
            value={mode}
            onChange={(v) => {
              setMode(v as Mode);
              setPage(1);
            }}
            data={[
              { value: 'pick', label: 'Pick payments' },
              { value: 'upTo', label: 'All up to a day' },
            ]}
            aria-label="What to deposit"
          />
          {mode === 'upTo' && (
            <TextInput
              type="date"
              label="Received up to"
              value={upTo}
              max={today}
              onChange={(e) => {
                setUpTo(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 200 }}
            />
          )}
        </Group>
        {data && data.total === 0 ? (
          <EmptyState title="Nothing waiting" icon={IconBuildingBank}>
            {mode === 'upTo' && upTo
              ? 'No cash, check or terminal payment received up to that day is waiting.'
              : 'Every cash, check and terminal payment is in a deposit. New desk payments appear here.'}
          </EmptyState>
        ) : (
          data && (
            <>
              <UndepositedList
                items={data.items}
                picking={mode === 'pick'}
                isPicked={(id) => picked.has(id)}
                onToggle={(p) => setPicked((x) => togglePicked(x, p))}
                onTogglePage={() => setPicked((x) => togglePage(x, data.items))}
                narrow={narrow}
              />
              <ListPager
                page={page}
                total={data.total}
                pageSize={UNDEPOSITED_PAGE_SIZE}
                onChange={setPage}
                noun={['payment', 'payments']}
              />
            </>
          )
        )}
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {draft
              ? `${countOf(draft.count, 'payment', 'payments')} to deposit: ${centsText(draft.total)}`
              : mode === 'pick'
                ? 'Pick the payments going to the bank together.'
                : 'Give the last day received to deposit everything up to it.'}
          </Text>
          <Button
            disabled={!draft}
            onClick={() => setConfirming(draft)}
            leftSection={<IconBuildingBank size={18} />}
          >
            {draft ? `Deposit ${centsText(draft.total)}` : 'Deposit'}
          </Button>
        </Group>
      </SectionCard>
      <PastDeposits page={pastPage} onPage={setPastPage} narrow={narrow} />
      <ConfirmDepositDialog
        draft={confirming}
        today={today}
        busy={make.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
