import type { SignInState } from './schema';

/**
 * A teacher's sign-in state from what the studio holds (pure): a membership that is open (active) or
 * pending (invited), else a revocation on record (revoked), else none.
 */
export function signInState(facts: {
  membership: 'open' | 'pending' | null;
  revokedAt: Date | string | null;
}): SignInState {
  if (facts.membership === 'open') return 'active';
  if (facts.membership === 'pending') return 'invited';
  return facts.revokedAt ? 'revoked' : 'none';
}

/** A family's last name as a teacher sees it: its first letter and a full stop, or nothing. */
export function lastInitial(lastName: string): string {
  const first = [...lastName.trim()][0];
  if (!first) return '';
  const upper = first.toUpperCase();
  return `${[...upper].length === 1 ? upper : first}.`;
}
