import {
  type Actor,
  can,
  classRegistrationMessages,
  eligibilityDate,
  FAMILY_LOG_ACTIONS,
  type MessageResult,
  type RegistrationResult,
  selectionEligibility,
  waitlistMessages as text,
  todayInZone,
  type WaitlistEntry,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { findCurrentYearTerm } from '../../kernel/current-term';
import { logFamily } from '../../kernel/family-log';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { applyChanges, loadBuilderClasses } from '../class-registration';
import { offerFreePlaces, queueOffers } from './offers';
import {
  classEntries,
  countingRegistrationOf,
  familyEntries,
  findClassName,
  findStudioClass,
  insertEntry,
  lockClassPlaces,
  lockEntry,
  type NamedEntry,
  setEntryStatus,
  setPositions,
  studentOf,
  studioZone,
  waitingIds,
  waitingOfClasses,
} from './waitlist.queries';

type Ctx = { db: Db; actor: Actor; clock: Clock };

function present(row: NamedEntry, positions: Map<string, number>): WaitlistEntry {
  const e = row.entry;
  return {
    id: e.id,
    clSchID: e.classId,
    className: row.className,
    stdID: e.studentId,
    student: `${row.firstName} ${row.lastName}`.trim(),
    coAcctMemID: e.familyId,
    family: row.family,
    status: e.status,
    position: positions.get(e.id) ?? null,
    offeredAt: e.offeredAt?.toISOString() ?? null,
    expiresAt: e.offerExpiresAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

/** 1, 2, 3 … for the waiting of each class, in their order (positions stored may have gaps). */
function waitingPositions(rows: NamedEntry[]): Map<string, number> {
  const byClass = new Map<string, NamedEntry[]>();
  for (const r of rows.filter((r) => r.entry.status === 'waiting')) {
    byClass.set(r.entry.classId, [...(byClass.get(r.entry.classId) ?? []), r]);
  }
  const out = new Map<string, number>();
  for (const list of byClass.values()) {
    list
      .sort(
        (a, b) =>
          a.entry.position - b.entry.position || a.entry.createdAt.getTime() - b.entry.createdAt.getTime(),
      )
      .forEach((r, i) => {
        out.set(r.entry.id, i + 1);
      });
  }
  return out;
}

/** GET parents/registration/waitlist: the family's entries in the current term. */
export async function listFamilyWaitlist({ db, actor }: Omit<Ctx, 'clock'>): Promise<WaitlistEntry[]> {
  const familyId = ownFamily(actor);
  const term = await findCurrentYearTerm(db, actor.companyId);
  if (!term) return [];
  const rows = await familyEntries(db, actor.companyId, familyId, term.id);
  // A family's position is its place among everyone waiting for the class, not among its own.
  const classIds = [...new Set(rows.filter((r) => r.entry.status === 'waiting').map((r) => r.entry.classId))];
  const all = await waitingOfClasses(db, actor.companyId, classIds);
  return rows.map((r) => present(r, waitingPositions(all)));
}

/** GET mystudio/schedule/class/{id}/waitlist. */
export async function listClassWaitlist({ db, actor }: Omit<Ctx, 'clock'>, classId: string) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  if (!(await findStudioClass(db, actor.companyId, classId))) {
    throw new AppError('not_found', classRegistrationMessages.classNotFound);
  }
  const rows = await classEntries(db, actor.companyId, classId);
  return rows.map((r) => present(r, waitingPositions(rows)));
}

/**
 * POST parents/registration/waitlist: a dancer of the family joins a full class's waitlist (charges
 * nothing). A class with places left is registered for instead; a dancer the class is not open to is
 * told why, as at registration.
 */
export async function joinWaitlist(
  { db, actor, clock }: Ctx,
  input: { stdID: string; clSchID: string },
): Promise<WaitlistEntry & { msg: string }> {
  const familyId = ownFamily(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const term = await findCurrentYearTerm(tx, companyId);
    if (!term) throw new AppError('unprocessable', classRegistrationMessages.noTerm);
    await findFamily(tx, companyId, familyId, { lock: true });
    const student = await studentOf(tx, companyId, input.stdID);
    if (!student || student.familyId !== familyId) {
      throw new AppError('not_found', classRegistrationMessages.studentNotFound);
    }
    const cls = await lockClassPlaces(tx, companyId, input.clSchID);
    if (!cls || cls.yearTermId !== term.id)
      throw new AppError('not_found', classRegistrationMessages.classNotFound);
    if (await countingRegistrationOf(tx, companyId, cls.id, student.id)) {
      throw new AppError('conflict', text.alreadyRegistered(student.firstName, cls.name));
    }
    if (cls.registered + cls.offered < cls.nMax) throw new AppError('unprocessable', text.notFull(cls.name));
    const classes = await loadBuilderClasses(tx, companyId, term.id);
    const [check] = selectionEligibility({
      students: [student],
      classes,
      selection: [{ studentId: student.id, classId: cls.id }],
      onDate: eligibilityDate(term.dateStart, todayInZone(await studioZone(tx, companyId), clock.now())),
    });
    if (check && !check.ok) throw new AppError('unprocessable', check.reasons.join(' '));
    let entry: Awaited<ReturnType<typeof insertEntry>>;
    try {
      entry = await insertEntry(tx, {
        companyId,
        classId: cls.id,
        studentId: student.id,
        familyId,
        createdBy: actor.userId,
      });
    } catch (error) {
      if (
        (error as { code?: string }).code === '23505' ||
        String(error).includes('waitlist_entries_open_idx')
      ) {
        throw new AppError('conflict', text.alreadyWaiting(student.firstName, cls.name));
      }
      throw error;
    }
    await logFamily(tx, {
      actor,
      familyId,
      action: FAMILY_LOG_ACTIONS.waitlistJoined,
      detail: { classes: `${cls.name} (${student.firstName})` },
    });
    const rows = await classEntries(tx, companyId, cls.id);
    const named = rows.find((r) => r.entry.id === entry.id)!;
    return { ...present(named, waitingPositions(rows)), msg: text.joined(student.firstName, cls.name) };
  });
}

/**
 * POST parents/registration/waitlist/{id}/accept: the family takes the place it was offered, in one
 * step: the offer ends and the dancer is registered by the same transaction every registration runs
 * (prices and plan worked out now; the plan and terms are asked for when the family has none yet).
 */
export async function acceptOffer(
  { db, actor, clock, appUrl }: Ctx & { appUrl?: string },
  entryId: string,
  input: {
    tuitList?: { id: string } | null;
    terms?: { coTermID: string; accepted: boolean; version?: number }[];
  },
): Promise<RegistrationResult> {
  const familyId = ownFamily(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, companyId, entryId);
    if (!entry || entry.familyId !== familyId) throw new AppError('not_found', text.notFound);
    const expired = entry.offerExpiresAt !== null && entry.offerExpiresAt.getTime() <= clock.now().getTime();
    if (entry.status !== 'offered' || expired) throw new AppError('conflict', text.notOffered);
    // The offer's place becomes the registration's: no longer counted as an offer when places are counted.
    await setEntryStatus(tx, companyId, [entry.id], 'accepted');
    const result = await applyChanges({
      db: tx,
      clock,
      actor,
      familyId,
      side: 'parent',
      changes: { add: [{ studentId: entry.studentId, classId: entry.classId }], drop: [], restore: [] },
      client: null,
      planId: input.tuitList?.id ?? null,
      terms: input.terms,
      // The family hears of it as of any registration (issue 31 item 11).
      appUrl,
    });
    const student = await studentOf(tx, companyId, entry.studentId);
    await logFamily(tx, {
      actor,
      familyId,
      action: FAMILY_LOG_ACTIONS.waitlistAccepted,
      detail: { classes: result.regList.length > 0 ? `${student?.firstName ?? ''}` : '' },
    });
    return result;
  });
}

/** POST parents/registration/waitlist/{id}/decline: off the list; an offered place passes on. */
export async function declineOffer({ db, actor, clock }: Ctx, entryId: string): Promise<MessageResult> {
  const familyId = ownFamily(actor);
  return leave({ db, actor, clock }, entryId, 'declined', (e) => e.familyId === familyId);
}

/** DELETE mystudio/schedule/class/{id}/waitlist/{entryId}: the owner takes a dancer off the list. */
export async function removeEntry({ db, actor, clock }: Ctx, classId: string, entryId: string) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return leave({ db, actor, clock }, entryId, 'removed', (e) => e.classId === classId);
}

async function leave(
  { db, actor, clock }: Ctx,
  entryId: string,
  how: 'declined' | 'removed',
  mine: (e: { familyId: string; classId: string }) => boolean,
): Promise<MessageResult> {
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, companyId, entryId);
    if (!entry || !mine(entry)) throw new AppError('not_found', text.notFound);
    if (entry.status !== 'waiting' && entry.status !== 'offered')
      throw new AppError('conflict', text.notOffered);
    await setEntryStatus(tx, companyId, [entry.id], how);
    if (entry.status === 'offered')
      await queueOffers(tx, companyId, [entry.classId], `${how}:${entry.id}`, clock.now());
    const student = (await studentOf(tx, companyId, entry.studentId))?.firstName ?? 'Your dancer';
    const className = (await findClassName(tx, entry.classId)) ?? 'the class';
    await logFamily(tx, {
      actor,
      familyId: entry.familyId,
      action: FAMILY_LOG_ACTIONS.waitlistLeft,
      detail: { how, classes: `${className} (${student})` },
    });
    if (how === 'removed') return { msg: text.removed };
    if (entry.status === 'offered') return { msg: text.declined };
    return { msg: text.left(student, className) };
  });
}

/** PUT mystudio/schedule/class/{id}/waitlist/order: every waiting entry of the class, once, first first. */
export async function reorderWaitlist({ db, actor }: Omit<Ctx, 'clock'>, classId: string, ids: string[]) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const cls = await lockClassPlaces(tx, companyId, classId);
    if (!cls) throw new AppError('not_found', classRegistrationMessages.classNotFound);
    const waiting = await waitingIds(tx, companyId, classId);
    const same =
      ids.length === waiting.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => waiting.includes(id));
    if (!same) throw new AppError('unprocessable', text.orderIncomplete);
    await setPositions(tx, companyId, ids);
    return { msg: text.reordered };
  });
}

/**
 * POST mystudio/schedule/class/{id}/waitlist/{entryId}/offer: the owner offers a free place to one
 * waiting dancer, out of turn (409 when the class has no place free).
 */
export async function offerByHand(
  { db, actor, clock, appUrl }: Ctx & { appUrl: string },
  classId: string,
  entryId: string,
): Promise<MessageResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  const rows = await classEntries(db, companyId, classId);
  const row = rows.find((r) => r.entry.id === entryId);
  if (!row) throw new AppError('not_found', text.notFound);
  if (row.entry.status !== 'waiting') throw new AppError('conflict', text.notWaiting);
  const offered = await offerFreePlaces(db, { companyId, classId, clock, appUrl, only: entryId });
  if (offered.length === 0) throw new AppError('conflict', text.noPlace(row.className));
  return { msg: text.offered(row.firstName) };
}
