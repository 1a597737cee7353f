import type { Kit, Row } from './kit';

/** The access matrix of the competition overview (issue 19 point 4): a row per call as it is built. */
export function competitionOverviewRows(_kit: Kit): Record<string, Row> {
  return {};
}
