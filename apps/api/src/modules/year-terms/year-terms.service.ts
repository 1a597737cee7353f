import { type Actor, can, messages, type YearTerm } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import { presentYearTerm } from '../auth/auth.presenters';
import { findYearTerm, listYearTerms, setCurrentYearTerm } from './year-terms.queries';

export async function getYearTerms({ db, actor }: { db: Db; actor: Actor }): Promise<YearTerm[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const rows = await listYearTerms(db, actor.companyId);
  return rows.map((r) => presentYearTerm(r)!);
}

/** Makes a term the studio's current one; every session of the studio follows it. */
export async function makeCurrentYearTerm({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<YearTerm> {
  if (!can(actor, 'yearTerm:set')) throw forbidden();
  return db.transaction(async (tx) => {
    if (!(await findYearTerm(tx, actor.companyId, id)))
      throw new AppError('not_found', messages.yearTermNotFound);
    const row = await setCurrentYearTerm(tx, actor.companyId, id);
    await audit(tx, {
      action: 'year_term.set_current',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'year_term',
      targetId: id,
    });
    return presentYearTerm(row)!;
  });
}
