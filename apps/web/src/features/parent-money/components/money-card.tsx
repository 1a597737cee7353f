import { Badge, Button, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { FamilyMoney } from '@pirouette/domain';
import { IconFileInvoice } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { useParentMoney } from '../../cards/api/cards';
import { PayNowButton } from '../../cards/components/pay-now-button';
import { useBills, useFamilyBills, useFamilyCredit } from '../api/parent-money';
import { openCharges, paymentsOf, standingText } from '../lib/money';
import { CreditList } from './credit-list';
import { MoneyFigures } from './money-figures';
import { OpenCharges } from './open-charges';
import { PaymentsList } from './payments-list';

/** Bills read at a time for the payments tab, and at most (the list's page size; the statement has the rest). */
export const BILLS_PER_PAGE = 5;
const MAX_BILLS = 100;

export const STATEMENT_PATH = '/accounts/parents/statement';

type Tab = 'owe' | 'payments' | 'credit';

/**
 * The family's money on the portal (issue 16 point 7): what it owes, how much is past due, its credit;
 * each charge left to pay with its working; each payment with what it paid; where the credit came from;
 * and the statement. Earlier bills are read when their payments are asked for, or when something on
 * them is still to pay.
 */
export function MoneyCard({ studioName, today }: { studioName: string; today: string }) {
  const money = useParentMoney();
  let body: ReactNode;
  if (money.isPending)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your balance">
        <Skeleton h={72} />
        <Skeleton h={120} />
      </Stack>
    );
  // A failed load is said in place, without a notification (001 §7: transaction loads fail quietly).
  else if (money.isError) body = <SectionLoadError error={money.error} onRetry={() => money.refetch()} />;
  else body = <MoneyBody money={money.data} studioName={studioName} today={today} />;
  return (
    <SectionCard
      title="Balance"
      description={`What your family owes ${studioName || 'the studio'}, why, and what you paid.`}
      action={
        <Button
          component={Link}
          to={STATEMENT_PATH}
          variant="light"
          size="compact-md"
          leftSection={<IconFileInvoice size={16} />}
        >
          Statement
        </Button>
      }
      data-testid="money-card"
    >
      {body}
    </SectionCard>
  );
}

function MoneyBody({
  money: m,
  studioName,
  today,
}: {
  money: FamilyMoney;
  studioName: string;
  today: string;
}) {
  const current = m.current;
  const [chosen, setChosen] = useState<Tab | null>(null);
  const [billCount, setBillCount] = useState(BILLS_PER_PAGE);
  const list = useFamilyBills(m.coAcctMemID, billCount);
  const earlier = (list.data?.items ?? []).filter((b) => b.id !== current?.id);
  const tab: Tab = chosen ?? (openCharges([current]).length > 0 ? 'owe' : 'payments');
  // The payments tab needs every bill listed; the charges to pay only the earlier bills still open.
  const wanted = tab === 'payments' ? earlier : earlier.filter((b) => b.balance > 0);
  const bills = useBills(wanted.map((b) => b.id));
  const credit = useFamilyCredit(m.coAcctMemID, tab === 'credit');

  const read = bills.map((b) => b.data);
  const toPay = openCharges([current, ...read]);
  const payments = paymentsOf([current, ...read]);
  const loadingBills = list.isPending || bills.some((b) => b.isPending);
  const more = (list.data?.total ?? 0) > billCount && billCount < MAX_BILLS;
  return (
    <Stack gap="md">
      <MoneyFigures balance={m.balance} overdue={m.overdue} credit={m.credit} />
      <Group justify="space-between" align="center" gap="sm">
        <Text
          size="sm"
          c={m.overdue > 0 ? 'red.8' : undefined}
          fw={m.overdue > 0 ? 600 : undefined}
          data-testid="money-standing"
          flex="1 1 16rem"
        >
          {standingText(m, studioName)}
        </Text>
        <PayNowButton
          owed={m.balance > 0 && m.current !== null}
          flex={{ base: '1 1 100%', xs: '0 0 auto' }}
        />
      </Group>
      <Tabs value={tab} onChange={(v) => setChosen((v as Tab | null) ?? 'owe')} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab
            value="owe"
            rightSection={
              toPay.length > 0 ? (
                <Badge size="xs" circle variant="light" color={m.overdue > 0 ? 'red' : 'plum'}>
                  {toPay.length}
                </Badge>
              ) : undefined
            }
          >
            To pay
          </Tabs.Tab>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="credit">Credit</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="owe" pt="sm">
          <OpenCharges items={toPay} today={today} />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="xs">
          <PaymentsList
            payments={payments}
            loading={tab === 'payments' && loadingBills}
            more={more}
            onMore={() => setBillCount((n) => Math.min(MAX_BILLS, n + BILLS_PER_PAGE))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="credit" pt="xs">
          <CreditList query={credit} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
