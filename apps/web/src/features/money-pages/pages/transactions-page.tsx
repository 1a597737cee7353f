import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { dollarsText, messages } from '@pirouette/domain';
import { IconCalendarMonth, IconCash, IconCoins, IconMail, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { findSection } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifyResult } from '../../../lib/notify';
import { useBalanceEmails, useMoneyOverview } from '../api/money';
import { AgingByFamily } from '../components/aging-by-family';
import { ExportCsv } from '../components/export-csv';
import {
  AgingBars,
  familiesOwingText,
  OwingTable,
  Panel,
  StatCards,
  TakingsTable,
} from '../components/overview-cards';
import { RevenueChart } from '../components/revenue-chart';
import { RevenuePeriod } from '../components/revenue-period';
import { paymentsCount, takingsByMethod } from '../lib/overview-figures';
import { revenueChart } from '../lib/revenue-chart';

export const TRANSACTIONS_PATH = 'transactions';

/**
 * The studio's money at a glance (issue 16 point 6): what came in today and this month by method, what
 * families owe and for how long, the credit held, revenue by month and kind, the families owing most,
 * and the ledger as CSV for the accountant.
 */
export function TransactionsPage() {
  const section = findSection(TRANSACTIONS_PATH);
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const overview = useMoneyOverview(period);
  const data = overview.data;
  const takings = useMemo(() => (data ? takingsByMethod(data.takings) : null), [data]);
  const chart = useMemo(
    () => (data ? revenueChart(data.revenue, data.today, period ?? undefined) : null),
    [data, period],
  );
  const header = <PageHeader title={section.title} description={section.description} />;

  if (overview.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the overview">
        {header}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton h={340} radius="lg" />
      </Stack>
    );
  if (overview.isError || !data || !takings || !chart)
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          message={errorText(overview.error, messages.loadFailed)}
          onRetry={() => overview.refetch()}
        />
      </Stack>
    );

  const todayCount = takings.rows.filter((r) => r.method !== 'credit').reduce((n, r) => n + r.today.count, 0);
  const monthCount = takings.rows.filter((r) => r.method !== 'credit').reduce((n, r) => n + r.month.count, 0);

  return (
    <Stack gap="lg">
      {header}
      <StatCards
        stats={[
          {
            label: 'Received today',
            value: dollarsText(takings.received.today),
            hint: paymentsCount(todayCount),
            icon: IconCash,
            color: 'teal',
          },
          {
            label: 'Received this month',
            value: dollarsText(takings.received.month),
            hint: paymentsCount(monthCount),
            icon: IconCalendarMonth,
            color: 'teal',
          },
          {
            label: 'Families owe',
            value: dollarsText(data.receivable),
            hint: familiesOwingText(data.familiesOwing),
            icon: IconUsers,
            color: data.receivable > 0 ? 'orange' : 'gray',
          },
          {
            label: 'Credit held',
            value: dollarsText(data.creditHeld),
            hint: 'Families’ money kept for later charges',
            icon: IconCoins,
            color: 'plum',
          },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title="Takings by method">
          <TakingsTable takings={takings} />
        </Panel>
        <Panel title="What families owe, by age">
          <AgingBars aging={data.aging} receivable={data.receivable} />
        </Panel>
      </SimpleGrid>
      <Panel title="What each family owes, by age">
        <AgingByFamily />
      </Panel>
      <Panel title="Revenue by month">
        <RevenuePeriod today={data.today} period={period} onShow={setPeriod} />
        {chart.empty ? (
          <Text size="sm" c="dimmed">
            {period
              ? 'No revenue in this period.'
              : 'No revenue in the last 12 months yet: charges posted to families will be shown here by month and kind.'}
          </Text>
        ) : (
          <RevenueChart chart={chart} />
        )}
      </Panel>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel
          title="Families owing most"
          extra={data.familiesOwing > 0 ? <BalanceEmailsButton owing={data.familiesOwing} /> : undefined}
        >
          <OwingTable owing={data.owing} />
        </Panel>
        <Panel title="Export for the accountant">
          <ExportCsv today={data.today} />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

/** Sends each family that owes money its balance e-mail, once the owner confirms how many. */
function BalanceEmailsButton({ owing }: { owing: number }) {
  const send = useBalanceEmails();
  const [asking, setAsking] = useState(false);
  if (asking)
    return (
      <Button.Group>
        <Button
          size="xs"
          loading={send.isPending}
          onClick={() =>
            send.mutate(
              {},
              notifyResult(() => setAsking(false)),
            )
          }
        >
          E-mail {owing} {owing === 1 ? 'family' : 'families'}
        </Button>
        <Button size="xs" variant="default" onClick={() => setAsking(false)} disabled={send.isPending}>
          Cancel
        </Button>
      </Button.Group>
    );
  return (
    <Button size="xs" variant="light" leftSection={<IconMail size={14} />} onClick={() => setAsking(true)}>
      E-mail balances
    </Button>
  );
}
