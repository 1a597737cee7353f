import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  centsText,
  formatDateOnly,
  type PaymentPlan,
  type SchedulePayment,
  type SchedulePlan,
} from '@pirouette/domain';
import { Fragment } from 'react';
import { dateRange } from '../../../lib/format';
import { explainPayment } from '../lib/example-schedule';
import { DueDaySelect } from './due-day-select';

type Props = { plan: PaymentPlan; example: SchedulePlan | null };

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function rowsOf({ plan, example }: Props) {
  const payments = new Map(example?.payments.map((p) => [p.id, p]) ?? []);
  return plan.options.map((option) => {
    const payment: SchedulePayment | undefined = payments.get(option.id);
    return {
      option,
      counts: !payment || payment.isRelivent,
      due: payment?.isRelivent ? formatDateOnly(payment.dateDue) : '—',
      amount: payment ? centsText(payment.val) : '—',
      why: payment && example ? explainPayment(payment.explain, example.monthly) : '',
    };
  });
}

/** Wide screens: one row per option, the plan's settings beside the example's numbers. */
function PaymentsTable(props: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" horizontalSpacing="md" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment</Table.Th>
            <Table.Th>Pays for</Table.Th>
            <Table.Th style={NOWRAP}>Due day</Table.Th>
            <Table.Th style={NOWRAP}>Due date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rowsOf(props).map((row) => (
            <Table.Tr key={row.option.id} c={row.counts ? undefined : 'dimmed'}>
              <Table.Td fw={600} style={NOWRAP}>
                {row.option.name}
              </Table.Td>
              <Table.Td style={NOWRAP}>{dateRange(row.option.dateStart, row.option.dateEnd)}</Table.Td>
              <Table.Td>
                <DueDaySelect option={row.option} />
              </Table.Td>
              <Table.Td style={NOWRAP}>{row.due}</Table.Td>
              <Table.Td ta="right" fw={600} style={NUMBERS}>
                {row.amount}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {row.why}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: each option as a short block, amount first. */
function PaymentsList(props: Props) {
  return (
    <Stack gap={0} px="md" pb="sm">
      {rowsOf(props).map((row, i) => (
        <Fragment key={row.option.id}>
          {i > 0 && <Divider />}
          <Stack gap={4} py="sm" c={row.counts ? undefined : 'dimmed'}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{row.option.name}</Text>
              <Text fw={700} style={NUMBERS}>
                {row.amount}
              </Text>
            </Group>
            <Text size="sm">{dateRange(row.option.dateStart, row.option.dateEnd)}</Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" style={NOWRAP}>
                Due day
              </Text>
              <DueDaySelect option={row.option} />
              {row.due !== '—' && (
                <Text size="sm" c="dimmed" style={NOWRAP}>
                  · due {row.due}
                </Text>
              )}
            </Group>
            {row.why && (
              <Text size="xs" c="dimmed">
                {row.why}
              </Text>
            )}
          </Stack>
        </Fragment>
      ))}
    </Stack>
  );
}

/** A plan's options and, for each, what the example family would pay and why. */
export function PlanPayments(props: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return narrow ? <PaymentsList {...props} /> : <PaymentsTable {...props} />;
}
