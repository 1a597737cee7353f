import { Badge } from '@mantine/core';
import { type TicketOrderState, ticketOrderStateLabels } from '@pirouette/domain';

const COLORS: Record<TicketOrderState, string> = {
  held: 'blue',
  paying: 'yellow',
  unknown: 'yellow',
  paid: 'teal',
  failed: 'red',
  expired: 'gray',
  refunded: 'orange',
};

/** An order's state as a badge: paid, refunded, seats held … */
export function OrderState({ state }: { state: TicketOrderState }) {
  return (
    <Badge color={COLORS[state]} variant="light" size="sm">
      {ticketOrderStateLabels[state]}
    </Badge>
  );
}
