import type { AccountLogEntry } from '@pirouette/domain';

const ROLE_LABELS: Record<AccountLogEntry['by']['role'], string> = {
  owner: 'Owner',
  parent: 'Parent',
  system: 'System',
};

/** Who made a change: "Olivia Bennett (Owner)", "Priya Patel (Parent)", or "System" for scheduled work. */
export function logByline(by: AccountLogEntry['by']): string {
  const name = by.name.trim();
  const role = ROLE_LABELS[by.role] ?? by.role;
  if (!name) return role;
  return by.role === 'system' ? name : `${name} (${role})`;
}
