import { messages, yearTermMessages } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findYearTerm } from './year-terms.queries';

/**
 * Says no, with a reason a person can act on, when a term must not be deleted; answers the term when it
 * may be. Run it inside the deleting transaction, after the studio's year terms are locked.
 */
export async function assertTermDeletable(db: Db, companyId: string, termId: string) {
  const term = await findYearTerm(db, companyId, termId);
  if (!term) throw new AppError('not_found', messages.yearTermNotFound);
  // The studio always has a current term: sessions, the schedule and the parents' portal read it.
  if (term.isCurrent) throw new AppError('unprocessable', yearTermMessages.deleteCurrent);

  // Classes and class registrations arrive with the schedule (a later issue). When they do, refuse here
  // with 422 and a message naming what holds the term, one `exists` query each (no loop):
  //   - a class of the schedule whose year_term_id is this term → "This year term has classes…";
  //   - a class registration of this term (directly or through its class) → "…has registrations…".
  // Tuition prices and payment plans do not hold a term: they are deleted with it (ON DELETE CASCADE).
  return term;
}
