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
    // Never cut short: the label is the whole state ("Payment being checked"), so it keeps its width.
    <Badge
      color={COLORS[state]}
      variant="light"
      size="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {ticketOrderStateLabels[state]}
    </Badge>
  );
}
