import { messages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { preparedBatch } from '../db/batch';
import type { Db } from '../db/client';
import { yearTerms } from '../db/schema/companies';
import { AppError } from '../http/errors';

/**
 * The year term a call is about (issue 33, decision 044): the kernel's, since most areas ask it. A term of
 * the studio by id, the studio's current one, or the one a request names.
 */

/** A term of the studio; `lock` holds its row (no class or private can name it) until the transaction ends. */
export async function findYearTerm(db: Db, companyId: string, id: string, lock = false) {
  if (!lock) return (await termOnce(db, { companyId, id })).term[0] ?? null;
  const [row] = await db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * The current term's read and a term's by id, each built once (decision 124): most calls ask one of them,
 * and Drizzle building a select of every column took more of a request's CPU than the database's answer.
 */
const currentTermOnce = preparedBatch(['companyId'], (db, p) => ({ term: currentTermRead(db, p.companyId) }));
const termOnce = preparedBatch(['companyId', 'id'], (db, p) => ({
  term: db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, p.companyId), eq(yearTerms.id, p.id)))
    .limit(1),
}));

/** The studio's current year term (the one marked current), or null when it has none. */
export async function findCurrentYearTerm(db: Db, companyId: string) {
  const { term } = await currentTermOnce(db, { companyId });
  return term[0] ?? null;
}

/** The studio's current year term: at most one row, for a batch. */
export function currentTermRead(db: Db, companyId: string) {
  return db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)))
    .limit(1);
}

/** The id of the studio's current year term, as a subquery (for reads batched with the term's own). */
export function currentTermId(db: Db, companyId: string) {
  return db
    .select({ id: yearTerms.id })
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)))
    .limit(1);
}

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
