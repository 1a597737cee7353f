import { randomUUID } from 'node:crypto';
import { addDays, type ChangePlan, type ChangeStory, I_STATUS } from '@pirouette/domain';
import type { BillingRead, DueItemRow, FeeRow } from '../ledger';
import type { ChangeWrites } from './change-writes';
import type { FamilyRegistrationRow, LockedClass } from './enrolment.queries';

/**
 * A class change works out in memory what its writes make of the family's rows (decision 084): they are
 * sent in one statement at its end, so nothing read in the transaction would show them. Each rule here
 * is the one the database applies: markDropped's, markRestored's, registrationCounts (decision 014), and
 * familyRegistrations' order.
 */

/** A registration that counts (decision 014): not dropped, not removed, not rejected. */
const countsOf = (r: { isDropped: boolean; iStatus: number; status: number }) =>
  !r.isDropped && r.iStatus > 0 && r.status !== -1;

/**
 * Keeps the change's registrations (new ones with their ids made here, those taken back, those dropped)
 * and answers the family's registrations as they are once written, in familyRegistrations' order (the
 * class's day, its start, the registration's id), with the new ones.
 */
export function keepRegistrations(
  writes: ChangeWrites,
  at: {
    registrations: FamilyRegistrationRow[];
    plan: ChangePlan;
    locked: LockedClass[];
    status: ChangeStory['status'];
    termEnd: string;
    createdBy: string | null;
    now: Date;
  },
): { created: { id: string; studentId: string; classId: string }[]; after: FamilyRegistrationRow[] } {
  const { plan, status } = at;
  const lockedById = new Map(at.locked.map((c) => [c.id, c]));
  const created: { id: string; studentId: string; classId: string }[] = [];
  const added: FamilyRegistrationRow[] = [];
  for (const add of plan.inserts) {
    const c = lockedById.get(add.classId)!;
    const id = randomUUID();
    const row = {
      id,
      companyId: writes.companyId,
      classId: add.classId,
      studentId: add.studentId,
      pr0: c.price,
      prI: c.price,
      prF: c.price,
      nTh: 0,
      iStatus: I_STATUS.registered,
      status,
      dateI: plan.startOn,
      dateF: at.termEnd,
      isDropped: false,
      createdBy: at.createdBy,
    };
    writes.registrations.push(row);
    created.push({ id, ...add });
    added.push({
      ...row,
      droppedOn: null,
      counts: countsOf(row),
      createdAt: at.now,
      className: c.name,
      day: c.day,
      timeStart: c.timeStart,
      timeEnd: c.timeEnd,
      teacherFirstName: c.teacherFirstName,
      teacherLastName: c.teacherLastName,
      price: c.price,
      applyDiscount: c.applyDiscount,
    });
  }
  const restored = new Set(plan.restores.map((r) => r.id));
  const dropped = new Set(plan.drops.map((d) => d.id));
  for (const id of restored) writes.change(id, { restoredTo: at.termEnd, status });
  for (const id of dropped) writes.change(id, { droppedOn: plan.effectiveDate });

  const after = at.registrations.map((r): FamilyRegistrationRow => {
    if (restored.has(r.id)) {
      const row = { ...r, isDropped: false, iStatus: 10, droppedOn: null, dateF: at.termEnd, status };
      return { ...row, counts: countsOf(row) };
    }
    if (dropped.has(r.id)) {
      const last = addDays(plan.effectiveDate, -1);
      const row = { ...r, isDropped: true, iStatus: -1, droppedOn: plan.effectiveDate };
      return { ...row, dateF: last > r.dateI ? last : r.dateI, counts: countsOf(row) };
    }
    return r;
  });
  return { created, after: [...after, ...added].sort(inListOrder) };
}

/** familyRegistrations' order: the class's day, then its start, then the registration's id. */
function inListOrder(a: FamilyRegistrationRow, b: FamilyRegistrationRow): number {
  if (a.day !== b.day) return a.day - b.day;
  if (a.timeStart !== b.timeStart) return a.timeStart < b.timeStart ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Billing's reads (made under the family's lock before the change wrote anything) with what the change
 * keeps: its revision's payments as due rows, and its registration fee, when the term has none yet.
 */
export function billingReadAfter(
  read: BillingRead,
  writes: ChangeWrites,
  at: { termName: string; planName: string },
): BillingRead {
  const revision = writes.revisions[0];
  const fees: FeeRow[] = [...read.fees];
  for (const fee of writes.fees) {
    if (fees.some((f) => f.familyTermId === fee.familyTermId)) continue;
    fees.push({
      familyTermId: fee.familyTermId,
      term: at.termName,
      amount: fee.amount,
      participation: fee.participation,
      chargedOn: fee.chargedOn,
    } as FeeRow);
  }
  if (!revision) return { ...read, fees };
  const rows: DueItemRow[] = writes.payments
    .filter((p) => p.revisionId === revision.id)
    .map((p) => ({
      familyTermId: revision.familyTermId,
      term: at.termName,
      plan: at.planName,
      revision: revision.revision,
      reason: revision.reason,
      writtenOn: revision.writtenOn ?? revision.effectiveDate,
      kind: p.kind,
      optionId: p.optionId ?? null,
      name: p.name,
      dateDue: p.dateDue,
      val: p.val,
      lines: p.lines ?? [],
      lineCount: (p.lines ?? []).length,
    }));
  // In dueItemRowsRead's order: by family term, then revision (the latest last), then the payment's place.
  const place = read.dueRows.filter((r) => r.familyTermId <= revision.familyTermId).length;
  return { ...read, fees, dueRows: [...read.dueRows.slice(0, place), ...rows, ...read.dueRows.slice(place)] };
}
