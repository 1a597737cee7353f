import type { Target } from './load';

/**
 * The family's calendar feed in the bench (issue 19 point 5, decision 035): the parent of the large
 * studio (the Carters, four dancers) turns the feed on through the API, as from the portal, and the
 * bench then fetches the feed as a calendar app does: by its address alone, no session, no cookie. The
 * feed holds every meeting of the Carters' classes over the current term and the competition events
 * they are entered in (the family competition scene's, when it ran first), so it is the largest answer
 * a parent's call makes.
 */

type Call = (target: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: () => string;
}) => Promise<{ data: unknown }>;

/** Turns the parent's feed on (a new address each run); answers the feed's target, by its path. */
export async function calendarFeedTarget(
  call: Call,
  asParent: Record<string, string>,
): Promise<Target & { name: string }> {
  const feed = (
    await call({ method: 'POST', url: '/api/parents/calendar', headers: asParent, body: () => '{}' })
  ).data as { on: boolean; url: string | null };
  if (!feed.on || !feed.url) throw new Error('bench: the calendar feed did not turn on');
  return { name: 'calendar feed (by token)', method: 'GET', url: new URL(feed.url).pathname };
}
