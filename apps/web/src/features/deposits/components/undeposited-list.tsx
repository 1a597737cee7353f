import { Box, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { centsText, formatDateOnly, type UndepositedPayment } from '@pirouette/domain';

/** A payment as the bank's slip names it: "Check 1001", "Cash", "Terminal slip 88". */
export const paymentKind = (p: Pick<UndepositedPayment, 'method' | 'reference'>) =>
  p.method === 'check'
    ? `Check${p.reference ? ` ${p.reference}` : ''}`
    : p.method === 'terminal'
      ? `Terminal slip${p.reference ? ` ${p.reference}` : ''}`
      : 'Cash';

type Props = {
  items: readonly UndepositedPayment[];
  /** Checkboxes to pick with; none when the deposit takes everything up to a day. */
  picking: boolean;
  isPicked: (id: string) => boolean;
  onToggle: (p: UndepositedPayment) => void;
  onTogglePage: () => void;
  narrow: boolean;
};

const label = (p: UndepositedPayment) =>
  `${paymentKind(p)} from the ${p.family} family, ${centsText(p.amount)}, received ${formatDateOnly(p.receivedOn)}`;

/** The payments waiting: a table on a wide screen, a list of rows to tick on a phone. */
export function UndepositedList({ items, picking, isPicked, onToggle, onTogglePage, narrow }: Props) {
  const allPicked = items.length > 0 && items.every((p) => isPicked(p.paymentID));
  const somePicked = items.some((p) => isPicked(p.paymentID));
  if (narrow)
    return (
      <Stack gap="xs">
        {items.map((p) => (
          <Paper key={p.paymentID} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                {picking && (
                  <Checkbox
                    mt={2}
                    checked={isPicked(p.paymentID)}
                    onChange={() => onToggle(p)}
                    aria-label={label(p)}
                  />
                )}
                <Box miw={0}>
                  <Text fw={600} truncate>
                    {p.family}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {paymentKind(p)} · {formatDateOnly(p.receivedOn)}
                  </Text>
                </Box>
              </Group>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {centsText(p.amount)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {picking && (
              <Table.Th w={44}>
                <Checkbox
                  checked={allPicked}
                  indeterminate={!allPicked && somePicked}
                  onChange={onTogglePage}
                  aria-label="Pick every payment of this page"
                />
              </Table.Th>
            )}
            <Table.Th>Received</Table.Th>
            <Table.Th>Family</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.paymentID}>
              {picking && (
                <Table.Td>
                  <Checkbox
                    checked={isPicked(p.paymentID)}
                    onChange={() => onToggle(p)}
                    aria-label={label(p)}
                  />
                </Table.Td>
              )}
              <Table.Td>{formatDateOnly(p.receivedOn)}</Table.Td>
              <Table.Td>{p.family}</Table.Td>
              <Table.Td>{paymentKind(p)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {centsText(p.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
