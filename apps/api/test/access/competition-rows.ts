import type { Kit, Row } from './kit';

/** The access matrix of competitions (issue 19): a row per call as it is built. */
export function competitionRows(_kit: Kit): Record<string, Row> {
  return {};
}
