import { Badge } from '@mantine/core';
import type { StaffMember } from '@pirouette/domain';

const LOOK = {
  none: { color: 'gray', label: 'No sign-in' },
  invited: { color: 'blue', label: 'Invited' },
  expired: { color: 'orange', label: 'Link expired' },
  active: { color: 'teal', label: 'Signs in' },
  revoked: { color: 'red', label: 'Revoked' },
} as const;

/** A teacher's sign-in state as a badge: an invitation whose link ran out says so. */
export function StaffStateBadge({ member }: { member: Pick<StaffMember, 'state' | 'expired'> }) {
  const look = LOOK[member.state === 'invited' && member.expired ? 'expired' : member.state];
  return (
    <Badge color={look.color} variant="light" radius="sm">
      {look.label}
    </Badge>
  );
}
