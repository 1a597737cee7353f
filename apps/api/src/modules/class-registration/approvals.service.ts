import {
  type Actor,
  APPROVAL,
  can,
  compareDates,
  FAMILY_LOG_ACTIONS,
  type MessageResult,
  classRegistrationMessages as text,
  todayInZone,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { logFamily } from '../families/family-log';
import { findCurrentYearTerm } from '../year-terms';
import { findRegistrations, lockFamilies, type RegistrationRef, setApproval } from './enrolment.queries';
import { queueOffers } from './freed-places';
import { loadPricingRules, registrationLabel } from './pricing';
import { billAfterRevision, reviseFamily } from './revise';

/**
 * The owner approves or rejects pending registrations (002 §4: 0 pending, 1 approved, −1 rejected).
 * Approval runs the same revision a registration without approval runs at submit, from the date the
 * parent registered (the date their figures were priced from), so the charges come from one code path.
 * Rejection frees the place; a pending registration was never in the plan, so nothing is revised.
 */
export async function setRegistrationStatus({
  db,
  actor,
  clock,
  ids,
  status,
}: {
  db: Db;
  clock: Clock;
  actor: Actor;
  ids: string[];
  status: 0 | 1 | -1;
}): Promise<MessageResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  if (status === APPROVAL.pending) throw new AppError('unprocessable', text.notPending);
  return db.transaction(async (tx) => {
    const term = await findCurrentYearTerm(tx, companyId);
    if (!term) throw new AppError('unprocessable', text.noTerm);
    const unique = [...new Set(ids)];
    const first = await findRegistrations(tx, companyId, unique);
    if (first.length !== unique.length) throw new AppError('not_found', text.notRegistered);
    // The families first, in id order, in one statement: two bulk approvals never wait in a cycle, and
    // the registrations read after it are the ones this transaction changes.
    await lockFamilies(tx, companyId, [...new Set(first.map((r) => r.familyId))]);
    const rows = await findRegistrations(tx, companyId, unique);
    for (const r of rows) {
      if (r.status !== APPROVAL.pending || r.isDropped || r.iStatus <= 0) {
        throw new AppError('unprocessable', text.notPending);
      }
      if (r.yearTermId !== term.id) throw new AppError('unprocessable', text.classNotInTerm);
    }
    await setApproval(tx, companyId, unique, status);
    // A rejected request frees its place: the class's waitlist is offered it after this commit.
    if (status === APPROVAL.rejected) {
      for (const r of rows) await queueOffers(tx, companyId, [r.classId], `rejected:${r.id}`, clock.now());
    }
    const byFamily = new Map<string, RegistrationRef[]>();
    for (const r of rows) byFamily.set(r.familyId, [...(byFamily.get(r.familyId) ?? []), r]);
    const rules = await loadPricingRules(tx, companyId, term.id);
    // One revision per family: a family's plan is its own.
    for (const [familyId, regs] of byFamily) {
      const classes = regs.map((r) => registrationLabel(r.className, r.studentFirstName)).join(', ');
      await logFamily(tx, {
        actor,
        familyId,
        action:
          status === APPROVAL.approved
            ? FAMILY_LOG_ACTIONS.registrationApproved
            : FAMILY_LOG_ACTIONS.registrationRejected,
        detail: { classes },
      });
      if (status === APPROVAL.approved) {
        const from = regs.map((r) => r.dateI).sort(compareDates)[0]!;
        const today = todayInZone(rules.timeZone, clock.now());
        await reviseFamily(tx, {
          companyId,
          familyId,
          yearTermId: term.id,
          effectiveDate: from,
          writtenOn: today,
          reason: `${classes} approved`,
          actor,
          rules,
        });
        await billAfterRevision(tx, { companyId, familyId, today, actor, rules });
      }
    }
    return { msg: status === APPROVAL.approved ? text.approved(rows.length) : text.rejected(rows.length) };
  });
}
