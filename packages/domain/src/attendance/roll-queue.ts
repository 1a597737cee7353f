import type { MarkStatus } from './meetings';

/**
 * The phone's queue of taps not yet confirmed by the server (decision 063), one per meeting, pure: the
 * web keeps it in the browser's storage, so a reload or a lost connection loses nothing. A tap waits until
 * an answer lists it as saved, ignored or refused (its dancer is not on the roll: sending it again would
 * never help, so it is dropped); a failed send keeps everything.
 */

export type QueuedTap = { clientId: string; stdID: string; status: MarkStatus; at: string };

/** A new tap: it replaces the dancer's earlier waiting tap (only the latest needs sending). */
export function enqueueTap(queue: readonly QueuedTap[], tap: QueuedTap): QueuedTap[] {
  const earlier = queue.find((q) => q.stdID === tap.stdID);
  if (earlier && Date.parse(earlier.at) > Date.parse(tap.at)) return [...queue];
  return [...queue.filter((q) => q.stdID !== tap.stdID), tap];
}

/** The queue after an answer: exactly the taps it lists (saved, ignored or refused) leave; the rest wait. */
export function settleTaps(
  queue: readonly QueuedTap[],
  answer: { saved: readonly string[]; ignored: readonly string[]; refused?: readonly string[] },
): QueuedTap[] {
  const done = new Set([...answer.saved, ...answer.ignored, ...(answer.refused ?? [])]);
  return queue.filter((q) => !done.has(q.clientId));
}

/** What the phone shows for each dancer with a tap waiting: its status. */
export function waitingMarks(queue: readonly QueuedTap[]): Map<string, MarkStatus> {
  return new Map(queue.map((q) => [q.stdID, q.status]));
}

/** The delay before the next try after `failures` failed sends in a row: 2 s doubling, at most a minute. */
export function retryDelay(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, Math.min(failures, 10)));
}

/** Reads a stored queue (any JSON), keeping only well-formed taps: storage may hold anything. */
export function readQueue(stored: unknown): QueuedTap[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (q): q is QueuedTap =>
      typeof q === 'object' &&
      q !== null &&
      typeof q.clientId === 'string' &&
      typeof q.stdID === 'string' &&
      typeof q.at === 'string' &&
      ['present', 'absent', 'late', 'excused'].includes(q.status),
  );
}
