import { Badge, type BadgeProps } from '@mantine/core';
import type { AccountStatus } from '@pirouette/domain';

export const STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  incomplete: 'Incomplete',
};

const STATUS_COLORS: Record<AccountStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  incomplete: 'orange',
};

/** A family's status in the current term (001 §4). */
export function AccountStatusBadge({ status, ...props }: { status: AccountStatus } & BadgeProps) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" {...props}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
