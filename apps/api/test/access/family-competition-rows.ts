import type { Kit, Row } from './kit';

/** The access matrix of a family's competition entries (issue 19 point 5). Placeholder. */
export function familyCompetitionRows(_kit: Kit): Record<string, Row> {
  return {};
}
