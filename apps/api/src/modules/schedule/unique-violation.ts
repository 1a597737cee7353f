import { AppError } from '../../http/errors';

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a write whose duplicate is checked first; two requests that both pass the check meet the
 * unique index instead, and the loser gets the same 409 as a duplicate found by the check.
 */
export async function duplicateAs<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', message);
    throw error;
  }
}
