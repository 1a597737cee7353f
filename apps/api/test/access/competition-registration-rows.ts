import type { Kit, Row } from './kit';

/** The access matrix of competition registration (issue 19 points 2–3): a row per call as it is built. */
export function competitionRegistrationRows(_kit: Kit): Record<string, Row> {
  return {};
}
