import type { ErrorReason } from '@pirouette/domain';
import { AppError } from '../http/errors';

/** PostgreSQL's error code for a unique index refusing a row. */
export const UNIQUE_VIOLATION = '23505';

/**
 * True when `error` is PostgreSQL's unique_violation, however it reached us: node-postgres throws the
 * database's error itself, PGlite its own error with the same `code`, and drizzle wraps either in a
 * query error whose `cause` is the original. The chain is followed a few links deep, no further.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a write whose duplicate is checked first; two requests that both pass the check meet the
 * unique index instead, and the loser gets the same 409 as a duplicate found by the check.
 */
export async function duplicateAs<T>(
  message: string,
  write: () => Promise<T>,
  reason?: ErrorReason,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', message, reason);
    throw error;
  }
}
