import { Group, Table, Text } from '@mantine/core';
import { dollarsText, formatDateOnly } from '@pirouette/domain';
import { periodText, signedText, splitLine } from '../lib/tuition-lines';
import { Marks, NOWRAP, NUMBERS, type Plan, rowLabel } from './tuition-payment-parts';

const GROUP_BORDER = { borderTop: '1px solid var(--mantine-color-gray-3)' } as const;

/**
 * Wide screens: a payment is a group of rows, its name, period, due date and amount first, then each line
 * of its working under it, the line's amount under the payment's, like a receipt.
 */
export function PaymentsTable({ plan }: { plan: Plan }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} horizontalSpacing="sm" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment</Table.Th>
            <Table.Th style={NOWRAP}>Pays for</Table.Th>
            <Table.Th style={NOWRAP}>Due</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {plan.payments.map((p) => {
          const several = p.lines.length > 1;
          return (
            <Table.Tbody
              key={p.id}
              style={GROUP_BORDER}
              c={p.isRelivent ? undefined : 'dimmed'}
              aria-label={rowLabel(p)}
              data-testid="payment"
              data-kind={p.kind}
            >
              <Table.Tr>
                <Table.Td pb={2}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {p.name}
                    </Text>
                    <Marks payment={p} />
                  </Group>
                </Table.Td>
                <Table.Td pb={2} style={NOWRAP}>
                  <Text size="sm">{periodText(p.dateStart, p.dateEnd)}</Text>
                </Table.Td>
                <Table.Td pb={2} style={NOWRAP}>
                  <Text size="sm">{formatDateOnly(p.dateDue)}</Text>
                </Table.Td>
                <Table.Td pb={2} ta="right" fw={600} style={NUMBERS} data-testid="payment-amount">
                  {signedText(p.val)}
                </Table.Td>
              </Table.Tr>
              {p.lines.map(splitLine).map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a payment's lines keep their order and have no id
                <Table.Tr key={i} data-testid="payment-line">
                  <Table.Td colSpan={3} py={0} pb={i === p.lines.length - 1 ? 8 : 0}>
                    {/* How it adds up, in the text's own colour: parents read it (DESIGN.md). */}
                    <Text size="xs">{line.label}</Text>
                  </Table.Td>
                  <Table.Td py={0} ta="right">
                    {several && (
                      <Text size="xs" style={NUMBERS} data-testid="payment-line-amount">
                        {signedText(line.amount)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          );
        })}
        <Table.Tfoot style={GROUP_BORDER}>
          <Table.Tr>
            <Table.Th colSpan={3}>Plan total</Table.Th>
            <Table.Th ta="right" style={NUMBERS} data-testid="plan-total">
              {dollarsText(plan.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
