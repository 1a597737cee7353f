import { Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { centsText, formatDateOnly, type OwnerTicketOrderRow } from '@pirouette/domain';
import { OrderState } from './order-state';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Who bought, under the name: the channel, then the e-mail once the buyer gave one. */
export const buyerLine = (o: Pick<OwnerTicketOrderRow, 'channel' | 'buyerEmail'>) =>
  [o.channel === 'family' ? 'Family' : 'Public', o.buyerEmail].filter(Boolean).join(' · ');

/** The seats line with each seat's row and number kept on one line ("A 5" never split). */
export const seatsText = (seats: string) => seats.replace(/(\S+) (\d+)/g, '$1\u00a0$2');

const paidOn = (o: OwnerTicketOrderRow) => (o.paidAt ? formatDateOnly(o.paidAt.slice(0, 10)) : '—');

/** The orders: a table on a wide screen, cards on a phone; each opens its order. */
export function OrdersList({
  orders,
  narrow,
  onOpen,
}: {
  orders: OwnerTicketOrderRow[];
  narrow: boolean;
  onOpen: (id: string) => void;
}) {
  if (narrow)
    return (
      <Stack gap="sm">
        {orders.map((o) => (
          <UnstyledButton key={o.id} onClick={() => onOpen(o.id)} aria-label={`Open order ${o.number}`}>
            <Card withBorder padding="md" data-testid="ticket-order">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {o.buyerName || 'Buyer not named yet'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Order {o.number} · {o.showName}
                  </Text>
                  <Text size="xs">{seatsText(o.seats)}</Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={700} style={NUMBERS}>
                    {centsText(o.total)}
                  </Text>
                  <OrderState state={o.state} />
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Buyer</Table.Th>
            <Table.Th>Show</Table.Th>
            <Table.Th>Seats</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Paid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr
              key={o.id}
              data-testid="ticket-order"
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(o.id)}
            >
              <Table.Td>
                <UnstyledButton
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(o.id);
                  }}
                  fw={600}
                  c="violet.8"
                  aria-label={`Open order ${o.number}`}
                >
                  {o.number}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {o.buyerName || 'Buyer not named yet'}
                </Text>
                <Text size="xs" c="dimmed">
                  {buyerLine(o)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.showName}</Table.Td>
              <Table.Td>
                <Text size="sm">{seatsText(o.seats)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                {centsText(o.total)}
                {o.refunded > 0 && (
                  <Text size="xs" c="orange.8">
                    −{centsText(o.refunded)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <OrderState state={o.state} />
              </Table.Td>
              <Table.Td style={NUMBERS}>{paidOn(o)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
