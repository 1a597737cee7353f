import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { centsText, formatDateOnly, type PlanPayment } from '@pirouette/domain';
import { dateRange } from '../../../lib/format';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A plan's payments: the period each pays for, its due date, its amount and why it is that amount (the
 * lines add up to it). A payment that asks nothing (its period is over) is dimmed.
 */
export function PaymentList({ payments }: { payments: PlanPayment[] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Period</Table.Th>
            <Table.Th style={NOWRAP}>Due</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>How it was worked out</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr
              key={`${p.kind}:${p.optionId}:${p.dateDue}`}
              c={p.isRelivent ? undefined : 'dimmed'}
              data-testid="plan-payment"
            >
              <Table.Td>
                <Stack gap={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {p.name}
                    </Text>
                    {p.kind === 'adjustment' && (
                      <Badge size="xs" variant="light" color="orange">
                        Adjustment
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" style={NOWRAP}>
                    {dateRange(p.dateStart, p.dateEnd)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={NOWRAP}>{p.isRelivent ? formatDateOnly(p.dateDue) : '—'}</Table.Td>
              <Table.Td ta="right" fw={600} style={NUMBERS}>
                {centsText(p.val)}
              </Table.Td>
              <Table.Td>
                {p.lines.map((l) => (
                  // How the payment adds up, in the text's own colour: parents read it (DESIGN.md).
                  <Text key={l.label} size="xs" data-testid="payment-line">
                    {l.label}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
