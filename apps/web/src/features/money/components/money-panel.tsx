import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  dollarsText,
  type FamilyMoney,
  type LedgerItem,
  type LedgerPayment,
  type LedgerTransaction,
} from '@pirouette/domain';
import { IconCash, IconMail, IconPlus, IconReceiptRefund } from '@tabler/icons-react';
import { memo, type ReactNode, useRef, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { notifyResult } from '../../../lib/notify';
import { FamilyCardLine } from '../../cards/components/family-card-line';
import { useBalanceEmail, useFamilyMoney } from '../api/money';
import { canRefund } from '../lib/money';
import { AddItemDialog } from './add-item-dialog';
import { RemoveItemDialog, ReturnCheckDialog } from './confirm-dialogs';
import { CreditList } from './credit-list';
import classes from './money.module.css';
import { MoneyHistory } from './money-history';
import { PastTransactions } from './past-transactions';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';
import { type TransactionActions, TransactionView } from './transaction-view';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Sends the family its balance e-mail (what it owes and why). The balance shown goes with it: when it
 * changed meanwhile the server says so and nothing is sent.
 */
function BalanceEmailButton({ accountId, balance }: { accountId: string; balance: number }) {
  const send = useBalanceEmail();
  return (
    <Button
      variant="default"
      leftSection={<IconMail size={16} />}
      flex={{ base: '1 1 100%', xs: '0 0 auto' }}
      loading={send.isPending}
      onClick={() => send.mutate({ params: { coAcctMemID: accountId }, body: { balance } }, notifyResult())}
    >
      E-mail balance
    </Button>
  );
}

/** One figure at a glance: its label over its value, three side by side even on a phone. */
function Figure({
  label,
  value,
  note,
  color,
  testId,
}: {
  label: string;
  testId: string;
  value: string;
  note?: string;
  color?: string;
}) {
  return (
    <Paper bg="gray.0" radius="md" px={{ base: 'xs', xs: 'sm' }} py={8} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'md', xs: 'lg' }} c={color} style={NUMBERS} data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" lh={1.3}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

function Figures({ money }: { money: FamilyMoney }) {
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Figure
        label="Balance"
        testId="money-balance"
        value={dollarsText(money.balance)}
        note={money.balance > 0 ? 'owed now' : 'nothing owed'}
      />
      <Figure
        label="Overdue"
        testId="money-overdue"
        value={dollarsText(money.overdue)}
        note={money.overdue > 0 ? 'past its due date' : 'nothing late'}
        color={money.overdue > 0 ? 'red.7' : undefined}
      />
      <Figure
        label="Credit available"
        testId="money-credit"
        value={dollarsText(money.credit)}
        note={money.credit > 0 ? 'pays new charges' : 'none left to use'}
        color={money.credit > 0 ? 'blue.8' : undefined}
      />
    </SimpleGrid>
  );
}

/** The dialog open on the panel, if any; `key` changes with each opening, so each starts afresh. */
type DialogChoice =
  | { kind: 'add' }
  | { kind: 'pay' }
  | { kind: 'refund'; tx: LedgerTransaction; paymentId?: string }
  | { kind: 'return'; payment: LedgerPayment }
  | { kind: 'remove'; tx: LedgerTransaction; item: LedgerItem };
type Dialog = DialogChoice & { key: number };

type Props = {
  accountId: string;
  /** The studio's today: the due date a new item starts with, and what is overdue. */
  today: string;
};

/**
 * The family's money on the owner's overview (issue 16 point 6): its balance, what is overdue and its
 * credit; the open transaction with each item explained and its payments; add an item, record a
 * payment, refund, return a check, remove or waive an item; the history, past transactions and credit.
 * Memoised: the overview's own dialogs re-render the page, and the panel's tables need not follow.
 */
export const MoneyPanel = memo(function MoneyPanel({ accountId, today }: Props) {
  const query = useFamilyMoney(accountId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const openings = useRef(0);
  const [tab, setTab] = useState<string | null>('transaction');
  const open = (choice: DialogChoice) => {
    openings.current += 1;
    setDialog({ ...choice, key: openings.current });
  };
  const close = () => setDialog(null);

  let body: ReactNode;
  if (query.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the money">
        <Skeleton h={64} />
        <Skeleton h={160} />
      </Stack>
    );
  else if (query.isError) body = <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  else {
    const money = query.data;
    const tx = money.current;
    const refundable = tx?.payments.some(canRefund) ? tx : null;
    const actions: TransactionActions = {
      onRemove: (t, item) => open({ kind: 'remove', tx: t, item }),
      onRefund: (t, payment) => open({ kind: 'refund', tx: t, paymentId: payment.id }),
      onReturn: (_, payment) => open({ kind: 'return', payment }),
    };
    body = (
      <Stack gap="md" className={classes.panel}>
        <Figures money={money} />
        <FamilyCardLine accountId={accountId} />
        <Group gap="xs">
          {/* On a phone: the payment across the card, the others two by two under it, the e-mail last. */}
          <Button
            leftSection={<IconCash size={16} />}
            onClick={() => open({ kind: 'pay' })}
            flex={{ base: '1 1 100%', xs: '0 0 auto' }}
          >
            Record payment
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => open({ kind: 'add' })}
            flex={{ base: '1 1 40%', xs: '0 0 auto' }}
          >
            Add item
          </Button>
          {refundable && (
            <Button
              variant="default"
              leftSection={<IconReceiptRefund size={16} />}
              flex={{ base: '1 1 40%', xs: '0 0 auto' }}
              onClick={() => open({ kind: 'refund', tx: refundable })}
            >
              Refund
            </Button>
          )}
          {money.balance > 0 && <BalanceEmailButton accountId={money.coAcctMemID} balance={money.balance} />}
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false} variant="pills" radius="md">
          <Tabs.List className={classes.tabs}>
            <Tabs.Tab value="transaction">Transaction</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
            <Tabs.Tab value="past">Past transactions</Tabs.Tab>
            <Tabs.Tab value="credit">Credit</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="transaction" pt="md">
            {tx ? (
              <TransactionView tx={tx} today={today} actions={actions} />
            ) : (
              <Text size="sm" c="dimmed">
                Nothing charged yet. A registration, a plan payment or an item added here opens the family's
                first transaction.
              </Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <MoneyHistory history={money.history} truncated={money.historyTruncated} />
          </Tabs.Panel>
          <Tabs.Panel value="past" pt="md">
            <PastTransactions accountId={accountId} today={today} actions={actions} />
          </Tabs.Panel>
          <Tabs.Panel value="credit" pt="md">
            <CreditList accountId={accountId} />
          </Tabs.Panel>
        </Tabs>
        <MoneyDialogs dialog={dialog} money={money} accountId={accountId} today={today} onClose={close} />
      </Stack>
    );
  }
  // A section named Money: a landmark a screen reader lists, and a handle for the journeys.
  return (
    <section aria-label="Money">
      <SectionCard
        title="Money"
        description="Charges, payments and credit: every figure from the family's books."
      >
        {body}
      </SectionCard>
    </section>
  );
});

function MoneyDialogs({
  dialog,
  money,
  accountId,
  today,
  onClose,
}: {
  dialog: Dialog | null;
  money: FamilyMoney;
  accountId: string;
  today: string;
  onClose: () => void;
}) {
  if (!dialog) return null;
  const tx = money.current;
  switch (dialog.kind) {
    case 'add':
      return (
        <AddItemDialog
          key={dialog.key}
          accountId={accountId}
          transactionID={tx && tx.status === 0 ? tx.id : null}
          today={today}
          onClose={onClose}
        />
      );
    case 'pay':
      return (
        <RecordPaymentDialog
          key={dialog.key}
          accountId={accountId}
          tx={tx}
          balance={money.balance}
          credit={money.credit}
          onClose={onClose}
        />
      );
    case 'refund':
      return (
        <RefundDialog
          key={dialog.key}
          accountId={accountId}
          tx={dialog.tx}
          credit={money.credit}
          paymentId={dialog.paymentId}
          onClose={onClose}
        />
      );
    case 'return':
      return (
        <ReturnCheckDialog
          key={dialog.key}
          accountId={accountId}
          payment={dialog.payment}
          onClose={onClose}
        />
      );
    case 'remove':
      return (
        <RemoveItemDialog
          key={dialog.key}
          accountId={accountId}
          transactionId={dialog.tx.id}
          item={dialog.item}
          onClose={onClose}
        />
      );
  }
}
