import { registrationKey, type WaitlistEntry } from '@pirouette/domain';
import { studioDateTime } from '../../../lib/format';

/** An entry still on the list: waiting its turn, or holding an offered place. */
export const isOpen = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

/** The family's open entries by `stdID:clSchID`, for the schedule builder to mark its full classes. */
export function openEntriesByPair(entries: readonly WaitlistEntry[]): Map<string, WaitlistEntry> {
  return new Map(entries.filter(isOpen).map((e) => [registrationKey(e.stdID, e.clSchID), e]));
}

/**
 * A class's list as the owner works it: the waiting in their order (position 1 first), the offers
 * holding a place, and what is over (accepted, declined, expired, removed), newest first.
 */
export function splitClassEntries(entries: readonly WaitlistEntry[]) {
  const waiting = entries
    .filter((e) => e.status === 'waiting')
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.createdAt.localeCompare(b.createdAt));
  const offers = entries
    .filter((e) => e.status === 'offered')
    .sort((a, b) => (a.expiresAt ?? '').localeCompare(b.expiresAt ?? ''));
  const past = entries.filter((e) => !isOpen(e)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { waiting, offers, past };
}

/**
 * The waiting order after moving one entry a place up (-1) or down (+1): every id once, as the server
 * wants it. A move past either end leaves the order as it was.
 */
export function moveInOrder(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next[from] = ids[to] as string;
  next[to] = id;
  return next;
}

/** "held until Nov 22, 2026, 3:00 PM", in the studio's time zone. */
export function heldUntilText(entry: Pick<WaitlistEntry, 'expiresAt'>, timeZone?: string | null): string {
  return entry.expiresAt ? `held until ${studioDateTime(entry.expiresAt, timeZone)}` : 'held for you';
}

/** "#2 on the waitlist" for a waiting entry. */
export const positionText = (entry: Pick<WaitlistEntry, 'position'>) =>
  entry.position ? `#${entry.position} on the waitlist` : 'On the waitlist';
