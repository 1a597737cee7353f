import type { Kit, Row } from './kit';

/** The access matrix of the family's calendar feed (issue 19 point 5). Placeholder. */
export function calendarFeedRows(_kit: Kit): Record<string, Row> {
  return {};
}
