/**
 * PostgreSQL's error of the trigger that refuses a posting dated in a closed month (migration 0022,
 * decision 050): its own SQLSTATE, `PR001`, found however the driver wrapped it (node-postgres throws the
 * database's error, PGlite its own with the same `code`, drizzle wraps either with it as `cause`).
 */
export const CLOSED_MONTH_SQLSTATE = 'PR001';

export function isClosedMonthViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === CLOSED_MONTH_SQLSTATE) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
