import { messages } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findCurrentYearTerm, findYearTerm } from './year-terms.queries';

/**
 * The year term a studio-scoped call is about: the one named (it must be the studio's, else 404) or,
 * when none is named, the studio's current term (null when the studio has none).
 */
export async function resolveYearTerm(db: Db, companyId: string, yearTermId: string | undefined) {
  if (!yearTermId) return findCurrentYearTerm(db, companyId);
  const term = await findYearTerm(db, companyId, yearTermId);
  if (!term) throw new AppError('not_found', messages.yearTermNotFound);
  return term;
}

/** A year term the request names and that must exist in the actor's studio. */
export async function requireYearTerm(db: Db, companyId: string, yearTermId: string) {
  const term = await findYearTerm(db, companyId, yearTermId);
  if (!term) throw new AppError('not_found', messages.yearTermNotFound);
  return term;
}
