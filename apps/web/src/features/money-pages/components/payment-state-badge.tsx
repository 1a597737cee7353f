import { Badge, type BadgeProps } from '@mantine/core';
import type { PlanPaymentRow } from '@pirouette/domain';

type State = PlanPaymentRow['state'];

export const STATE_LABELS: Record<State, string> = {
  paid: 'Paid',
  due: 'Due',
  overdue: 'Overdue',
  upcoming: 'Upcoming',
};

const STATE_COLORS: Record<State, string> = {
  paid: 'teal',
  due: 'yellow',
  overdue: 'red',
  upcoming: 'gray',
};

/** Where a plan payment stands: paid, due (charged, not yet late), overdue, or upcoming (not charged yet). */
export function PaymentStateBadge({ state, ...props }: { state: State } & BadgeProps) {
  return (
    // The label never shrinks to an ellipsis: a narrow column widens to fit it.
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
      {...props}
    >
      {STATE_LABELS[state]}
    </Badge>
  );
}
