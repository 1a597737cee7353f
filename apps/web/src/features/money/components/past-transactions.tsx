import { Badge, Button, Collapse, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { countOf, dollarsText, formatDateOnly } from '@pirouette/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { SectionLoadError } from '../../../components/section-load-error';
import { PAST_PAGE_SIZE, usePastTransactions, useTransaction } from '../api/money';
import { type TransactionActions, TransactionView } from './transaction-view';

type Props = { accountId: string; today: string; actions: TransactionActions };

function Details({ id, today, actions }: { id: string; today: string; actions: TransactionActions }) {
  const tx = useTransaction(id);
  if (tx.isPending) return <Skeleton h={120} aria-label="Loading the transaction" />;
  if (tx.isError) return <SectionLoadError error={tx.error} onRetry={() => tx.refetch()} />;
  return <TransactionView tx={tx.data} today={today} actions={actions} />;
}

type Summary = NonNullable<ReturnType<typeof usePastTransactions>['data']>['items'][number];

function Row({ t, today, actions }: { t: Summary; today: string; actions: TransactionActions }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="past-transaction">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text size="sm" fw={700}>
              Transaction #{t.number}
            </Text>
            <Badge size="xs" variant="light" color={t.status === 0 ? 'orange' : 'teal'}>
              {t.status === 0 ? 'Open' : 'Complete'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Opened {formatDateOnly(t.openedOn)} · {countOf(t.items, 'item', 'items')} ·{' '}
            {countOf(t.payments, 'payment', 'payments')}
          </Text>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            Total <strong>{dollarsText(t.total)}</strong> · Paid{' '}
            <strong>{dollarsText(t.paymentTotal)}</strong> · Balance <strong>{dollarsText(t.balance)}</strong>
          </Text>
        </Stack>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={detailsId}
          leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          aria-label={`${open ? 'Hide' : 'Show'} transaction #${t.number}`}
        >
          {open ? 'Hide' : 'Details'}
        </Button>
      </Group>
      <Collapse in={open} transitionDuration={150}>
        <div id={detailsId}>
          {open && (
            <Stack pt="sm">
              <Details id={t.id} today={today} actions={actions} />
            </Stack>
          )}
        </div>
      </Collapse>
    </Paper>
  );
}

/** The family's transactions, newest first, a page at a time; each opens to its items and payments. */
export function PastTransactions({ accountId, today, actions }: Props) {
  const [page, setPage] = useState(1);
  const list = usePastTransactions(accountId, page);
  if (list.isPending) return <Skeleton h={100} aria-label="Loading the transactions" />;
  if (list.isError) return <SectionLoadError error={list.error} onRetry={() => list.refetch()} />;
  const { items, total, pageSize } = list.data;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No transactions yet.
      </Text>
    );
  return (
    <Stack gap="sm">
      {items.map((t) => (
        <Row key={t.id} t={t} today={today} actions={actions} />
      ))}
      <ListPager
        page={page}
        total={total}
        pageSize={pageSize || PAST_PAGE_SIZE}
        onChange={setPage}
        noun={['transaction', 'transactions']}
        disabled={list.isFetching}
      />
    </Stack>
  );
}
