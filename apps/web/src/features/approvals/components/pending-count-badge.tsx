import { Badge } from '@mantine/core';
import { usePendingCount } from '../api/approvals';

/** How many registrations wait for the owner, beside the sidebar's Approvals; nothing when none do. */
export function PendingCountBadge() {
  // Parents register while the owner works: the count is asked again every few minutes.
  const pending = usePendingCount({ refetchInterval: 180_000 });
  const n = pending.data?.count ?? 0;
  if (n === 0) return null;
  return (
    <Badge size="sm" circle={n < 10} color="orange" aria-label={`${n} waiting`}>
      {n > 99 ? '99+' : n}
    </Badge>
  );
}
