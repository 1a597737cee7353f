import {
  type Actor,
  APPROVAL,
  type ApprovalPreview,
  can,
  centsText,
  compareDates,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
  type MessageResult,
  classRegistrationMessages as text,
  todayInZone,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { logFamily } from '../../kernel/family-log';
import type { Clock } from '../../lib/clock';
import { lockFamilyRows, noticeCharge, noticeFamily, portalLink, readBook, studioPart } from '../ledger';
import { findRegistrations, type RegistrationRef, setApproval } from './enrolment.queries';
import { queueOffers } from './freed-places';
import { loadPricingRules, type PricingRules, registrationLabel } from './pricing';
import { billAfterRevision, reviseFamily } from './revise';

/**
 * The owner approves or rejects pending registrations (002 §4: 0 pending, 1 approved, −1 rejected).
 * Approval runs the same revision a registration without approval runs at submit, so the charges come
 * from one code path. It bills from the later of the registration's start and the day of approval: a
 * request that waited is not billed for the months it waited (issue 31 point 4), unless the owner picks
 * an earlier day (never before the start). The preview runs the very same approval and rolls it back,
 * so what it shows is what the approval posts. Rejection frees the place; nothing is revised. The
 * family is told either way (ledger/notices.ts).
 */

type Decision = {
  db: Db;
  clock: Clock;
  actor: Actor;
  ids: string[];
  status: 0 | 1 | -1;
  billFrom?: string;
  /** For the family's e-mail's link; none in a preview. */
  appUrl?: string;
};

type FamilyOutcome = ApprovalPreview['families'][number];

const later = (a: string, b: string) => (compareDates(a, b) >= 0 ? a : b);

export async function setRegistrationStatus(d: Decision): Promise<MessageResult> {
  if (!can(d.actor, 'studio:manage')) throw forbidden();
  if (d.status === APPROVAL.pending) throw new AppError('unprocessable', text.notPending);
  const { count } = await d.db.transaction((tx) => decide(tx, d));
  return { msg: d.status === APPROVAL.approved ? text.approved(count) : text.rejected(count) };
}

/** Thrown to roll a preview's transaction back with what it found. */
class PreviewDone extends Error {
  constructor(readonly families: FamilyOutcome[]) {
    super('preview');
  }
}

/** POST …/registration/status/preview: what approving would post, per family; nothing is kept. */
export async function previewApproval(d: Omit<Decision, 'status' | 'appUrl'>): Promise<ApprovalPreview> {
  if (!can(d.actor, 'studio:manage')) throw forbidden();
  try {
    await d.db.transaction(async (tx) => {
      const { families } = await decide(tx, { ...d, status: APPROVAL.approved });
      throw new PreviewDone(families);
    });
  } catch (error) {
    if (error instanceof PreviewDone) return { families: error.families };
    throw error;
  }
  throw new Error('unreachable: a preview always rolls back');
}

/** The approval or rejection, in `tx`: one revision and billing per family. */
async function decide(tx: Db, d: Decision): Promise<{ count: number; families: FamilyOutcome[] }> {
  const { companyId } = d.actor;
  const term = await findCurrentYearTerm(tx, companyId);
  if (!term) throw new AppError('unprocessable', text.noTerm);
  const unique = [...new Set(d.ids)];
  const first = await findRegistrations(tx, companyId, unique);
  if (first.length !== unique.length) throw new AppError('not_found', text.notRegistered);
  // The families first, in id order, in one statement: two bulk approvals never wait in a cycle, and
  // the registrations read after it are the ones this transaction changes.
  await lockFamilyRows(tx, companyId, [...new Set(first.map((r) => r.familyId))]);
  const rows = await findRegistrations(tx, companyId, unique);
  for (const r of rows) {
    if (r.status !== APPROVAL.pending || r.isDropped || r.iStatus <= 0) {
      throw new AppError('unprocessable', text.notPending);
    }
    if (r.yearTermId !== term.id) throw new AppError('unprocessable', text.classNotInTerm);
  }
  await setApproval(tx, companyId, unique, d.status);
  // A rejected request frees its place: the class's waitlist is offered it after this commit.
  if (d.status === APPROVAL.rejected) {
    for (const r of rows) await queueOffers(tx, companyId, [r.classId], `rejected:${r.id}`, d.clock.now());
  }
  const byFamily = new Map<string, RegistrationRef[]>();
  for (const r of rows) byFamily.set(r.familyId, [...(byFamily.get(r.familyId) ?? []), r]);
  const rules = await loadPricingRules(tx, companyId, term.id);
  const families: FamilyOutcome[] = [];
  // One revision per family: a family's plan is its own.
  for (const [familyId, regs] of byFamily) {
    families.push(await decideFamily(tx, d, { familyId, regs, rules, termId: term.id }));
  }
  return { count: rows.length, families };
}

async function decideFamily(
  tx: Db,
  d: Decision,
  a: { familyId: string; regs: RegistrationRef[]; rules: PricingRules; termId: string },
): Promise<FamilyOutcome> {
  const { companyId } = d.actor;
  const { familyId, regs, rules } = a;
  const classes = regs.map((r) => registrationLabel(r.className, r.studentFirstName)).join(', ');
  const approved = d.status === APPROVAL.approved;
  await logFamily(tx, {
    actor: d.actor,
    familyId,
    action: approved ? FAMILY_LOG_ACTIONS.registrationApproved : FAMILY_LOG_ACTIONS.registrationRejected,
    detail: { classes },
  });
  const today = todayInZone(rules.timeZone, d.clock.now());
  const earliest = regs.map((r) => r.dateI).sort(compareDates)[0]!;
  const latest = later(earliest, today);
  const from = d.billFrom ?? latest;
  const outcome = { familyId, family: regs[0]!.familyName, classes, from, earliest, latest };
  const key = `decision:${regs.map((r) => r.id).sort()[0]}`;
  if (!approved) {
    await tellFamily(tx, d, { familyId, key, classes, approved, from, charges: [], balance: 0 });
    return { ...outcome, charges: [], total: 0, next: [] };
  }
  if (compareDates(from, earliest) < 0 || compareDates(from, latest) > 0)
    throw new AppError(
      'unprocessable',
      text.billFromOutside(formatDateOnly(earliest), formatDateOnly(latest)),
    );
  const revised = await reviseFamily(tx, {
    companyId,
    familyId,
    yearTermId: a.termId,
    effectiveDate: from,
    writtenOn: today,
    reason: `${classes} approved`,
    actor: d.actor,
    rules,
  });
  const posted: string[] = [];
  await billAfterRevision(tx, { companyId, familyId, today, actor: d.actor, rules, posted });
  const book = await readBook(tx, companyId, familyId);
  const charges = book.charges.filter((c) => posted.includes(c.id));
  await tellFamily(tx, d, { familyId, key, classes, approved, from, charges, balance: book.balance });
  return {
    ...outcome,
    charges: charges.map((c) => ({
      item: c.item,
      dueDate: c.dueDate,
      amount: c.total,
      lines: c.lines.map((l) => `${l.label}: ${centsText(l.amount)}`),
    })),
    total: charges.reduce((s, c) => s + c.total, 0),
    next: revised.plan.payments
      .filter((p) => compareDates(p.dateDue, today) > 0 && p.val !== 0)
      .slice(0, 3)
      .map((p) => ({ item: `${revised.planName}: ${p.name}`, dueDate: p.dateDue, amount: p.val })),
  };
}

/** The family's e-mail of the decision, with what was charged (not in a preview). */
async function tellFamily(
  tx: Db,
  d: Decision,
  a: {
    familyId: string;
    key: string;
    classes: string;
    approved: boolean;
    from: string;
    charges: Parameters<typeof noticeCharge>[0][];
    balance: number;
  },
) {
  if (d.appUrl === undefined) return;
  const link = portalLink(d.appUrl);
  await noticeFamily(tx, {
    companyId: d.actor.companyId,
    familyId: a.familyId,
    kind: 'approval',
    key: a.key,
    notice: (address) => ({
      template: 'registration-decision',
      data: {
        ...studioPart(address),
        classes: a.classes,
        approved: a.approved,
        from: formatDateOnly(a.from),
        charges: a.charges.map(noticeCharge),
        balance: centsText(a.balance),
        link,
      },
    }),
  });
}
