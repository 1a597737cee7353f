import { messages, yearTermMessages } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findYearTerm } from '../../kernel/current-term';
import { yearTermUsage } from './year-terms.queries';

/**
 * Says no, with a reason a person can act on, when a term must not be deleted; answers the term when it
 * may be. Run it inside the deleting transaction, after the studio's year terms are locked.
 */
export async function assertTermDeletable(db: Db, companyId: string, termId: string) {
  // Locked until the delete: a class or a private lesson naming the term waits for it, and one named
  // just before is counted below (the count is a later statement).
  const term = await findYearTerm(db, companyId, termId, true);
  if (!term) throw new AppError('not_found', messages.yearTermNotFound);
  // The studio always has a current term: sessions, the schedule and the parents' portal read it.
  if (term.isCurrent) throw new AppError('unprocessable', yearTermMessages.deleteCurrent);
  // Class registrations belong to their class and private registrations to their private lesson, so
  // counting these two says whether anything of the schedule holds the term.
  const usage = await yearTermUsage(db, companyId, termId);
  if (usage.classes > 0 || usage.privates > 0) {
    throw new AppError('unprocessable', yearTermMessages.inUse(term.name, usage.classes, usage.privates));
  }
  // Tuition prices and payment plans do not hold a term: they are deleted with it (ON DELETE CASCADE).
  return term;
}
