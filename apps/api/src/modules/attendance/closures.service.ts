import {
  type Actor,
  CLOSURE_TEXT,
  type ClosureInput,
  can,
  centsText,
  closuresOverlap,
  type DateOnly,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { lockClassRows } from '../../kernel/class-locks';
import { logFamilies } from '../../kernel/family-log';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { ClosureMail } from '../../mail/closure-mails';
import { enqueueMails } from '../../mail/outbox';
import { renderMail } from '../../mail/templates';
import {
  familyAddresses,
  lockBook,
  lockFamilyRows,
  portalLink,
  postCharge,
  postedUnderKeys,
  studioToday,
} from '../ledger';
import {
  type ClosureEffects,
  type ClosureScope,
  closureEffects,
  closureTitle,
  familyMeetingLines,
  type TuitionCredit,
  tuitionCredits,
} from './closures.effects';
import {
  CLOSURE_CREATED,
  classIdsMeetingBetween,
  closureMailKey,
  familiesOfClasses,
  findClass,
  findClosure,
  insertClosure,
  liftedMailKey,
  lockBookedMakeups,
  lockStudio,
  markClosureRemoved,
  removeOpenCredits,
  withdrawnKey,
} from './closures.queries';
import { attendanceSettingsOf, grantMakeupCredits } from './credits';
import { cancelBooking } from './makeups.service';
import { closuresBetween } from './meetings.queries';

/**
 * The owner closes classes (issue 36, decision 062): one transaction saves the closure, gives the
 * make-up credits and the tuition credits the owner chose, and tells each family once (the outbox,
 * keyed by closure and family). Removing it brings the meetings back, removes the make-up credits it
 * gave that are still open, takes back the tuition credit it posted (a charge of the same amount, once)
 * and tells the families once more.
 */

export type ClosureDeps = { db: Db; actor: Actor; clock: Clock; appUrl: string };

const notFound = (text: string) => new AppError('not_found', text);
const refuse = (text: string) => new AppError('unprocessable', text);

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** The class named (404 when not the studio's) and its name; null for every class. */
export async function classOfScope(db: Db, companyId: string, classId: string | null) {
  if (!classId) return null;
  const found = await findClass(db, companyId, classId);
  if (!found) throw notFound(CLOSURE_TEXT.classNotFound);
  return found;
}

/** Why a closure of these days cannot be saved (an overlap, nothing to cancel), or null. */
export async function closureProblem(
  db: Db,
  companyId: string,
  scope: ClosureScope,
  effects: ClosureEffects,
): Promise<string | null> {
  const near = await closuresBetween(
    db,
    companyId,
    scope.dateFrom,
    scope.dateTo,
    scope.classId ? [scope.classId] : undefined,
  );
  const clash = near.find((c) => closuresOverlap(c, scope));
  if (clash) {
    return CLOSURE_TEXT.overlaps(clash.reason, formatDateOnly(clash.dateFrom), formatDateOnly(clash.dateTo));
  }
  if (effects.meetings.length === 0) return CLOSURE_TEXT.noMeetings;
  return null;
}

/** `POST /api/mystudio/closures`. */
export async function addClosure(deps: ClosureDeps, body: ClosureInput) {
  const { db, actor } = deps;
  requireOwner(actor);
  const { companyId } = actor;
  const scope: ClosureScope = { classId: body.clSchID, dateFrom: body.dateFrom, dateTo: body.dateTo };
  return db.transaction(async (tx) => {
    await lockStudio(tx, companyId);
    const cls = await classOfScope(tx, companyId, scope.classId);
    const effects = await closureEffects(tx, companyId, scope);
    const problem = await closureProblem(tx, companyId, scope, effects);
    if (problem) throw refuse(problem);
    const cancelled = effects.meetings.filter((m) => !m.closure);
    // The families credited before the classes, as a registration takes its family before the classes
    // it joins: a family registering into a closed class meanwhile waits for the closure, or the closure
    // for it, never each for the other (decision 126). Make-up credits and mails need no family's lock.
    if (body.creditsTuition) await lockFamilyRows(tx, companyId, effects.families);
    await lockClassRows(tx, companyId, [...new Set(cancelled.map((m) => m.classId))]);
    const settings = await attendanceSettingsOf(tx, companyId);
    const givesMakeups = body.givesMakeups ?? settings.closureGivesMakeups;
    const id = await insertClosure(tx, {
      companyId,
      ...scope,
      reason: body.reason,
      givesMakeups,
      creditsTuition: body.creditsTuition,
      by: actor.userId,
    });
    const makeups = givesMakeups
      ? await grantMakeupCredits(tx, {
          companyId,
          missed: effects.missed.map((m) => ({
            familyId: m.entry.familyId,
            studentId: m.entry.studentId,
            classId: m.meeting.classId,
            meetingDate: m.meeting.date,
            source: 'closure' as const,
            closureId: id,
          })),
          now: deps.clock.now(),
          windowDays: settings.makeupWindowDays,
          by: actor.userId,
        })
      : [];
    const guestsCancelled = await cancelGuests(deps, tx, { id, meetings: cancelled });
    const title = closureTitle(scope, body.reason, cls?.name ?? null);
    const credits = body.creditsTuition
      ? await postTuitionCredits(deps, tx, { id, title, effects })
      : new Map<string, TuitionCredit>();
    const told = await tellFamilies(deps, tx, { id, reason: body.reason, effects, givesMakeups, credits });
    await audit(tx, {
      action: CLOSURE_CREATED,
      companyId,
      userId: actor.userId,
      targetType: 'closure',
      targetId: id,
      detail: {
        ...scope,
        reason: body.reason,
        givesMakeups,
        creditsTuition: body.creditsTuition,
        meetings: effects.meetings.length,
        families: effects.families.length,
        told,
        makeupCredits: makeups.length,
        makeupsCancelled: guestsCancelled,
        tuitionCredited: [...credits.values()].reduce((s, c) => s + c.total, 0),
      },
    });
    const nMeetings = effects.meetings.length;
    return { id, msg: CLOSURE_TEXT.created(nMeetings, told), nMeetings, nFamilies: told };
  });
}

/**
 * The make-ups booked into the meetings the closure cancels, each cancelled as the make-ups cancel one
 * (`cancelBooking`, the cut-off not applied): its credit open again (expired when its last day has
 * passed), the family told once under the booking's key. Logged in one statement; answers how many.
 */
async function cancelGuests(
  deps: ClosureDeps,
  tx: Db,
  a: { id: string; meetings: readonly { classId: string; date: DateOnly }[] },
): Promise<number> {
  const { companyId, userId } = deps.actor;
  const bookings = await lockBookedMakeups(tx, companyId, a.meetings);
  const now = deps.clock.now();
  const entries = [];
  for (const booking of bookings) {
    const { reopened, dancer, className } = await cancelBooking(tx, {
      companyId,
      booking,
      by: userId,
      now,
      appUrl: deps.appUrl,
      cutoff: false,
    });
    entries.push({
      familyId: booking.familyId,
      action: FAMILY_LOG_ACTIONS.makeupCancelled,
      detail: {
        bookingId: booking.id,
        creditId: booking.creditId,
        classId: booking.classId,
        date: booking.meetingDate,
        dancer,
        className,
        closureId: a.id,
        reopened,
      },
    });
  }
  if (entries.length > 0) await logFamilies(tx, { userId, companyId }, entries);
  return entries.length;
}

/** A credit line on each family's account (keyed by closure and family: posted once). */
async function postTuitionCredits(
  deps: ClosureDeps,
  tx: Db,
  a: { id: string; title: string; effects: ClosureEffects },
): Promise<Map<string, TuitionCredit>> {
  const { companyId, userId } = deps.actor;
  const credits = await tuitionCredits(tx, companyId, a.effects);
  const posted = new Map<string, TuitionCredit>();
  if (credits.size === 0) return posted;
  const today = await studioToday(tx, companyId, deps.clock);
  // In family id order, as every writer of several families' books locks them.
  for (const familyId of [...credits.keys()].sort()) {
    const credit = credits.get(familyId)!;
    const book = await lockBook(tx, companyId, familyId);
    if (!book) continue;
    const ctx = { tx, companyId, familyId, today, by: { userId } };
    const id = await postCharge(ctx, book, {
      category: 'tuition',
      item: a.title,
      amount: -credit.total,
      dueDate: today,
      lines: credit.lines,
      key: closureMailKey(a.id, familyId),
      reason: a.title,
    });
    if (id) posted.set(familyId, credit);
  }
  return posted;
}

/**
 * One mail to each family with an address (not held), keyed so it is never written twice. A fixed
 * number of statements whatever the families: their addresses, the outbox's messages and their jobs,
 * the families' log. Every key names this closure, saved (or removed, once, under the studio's lock)
 * in this transaction, so each is new: every mail queued is written.
 */
async function tellFamilies(
  deps: ClosureDeps,
  tx: Db,
  a: {
    id: string;
    reason: string;
    effects: ClosureEffects;
    givesMakeups: boolean;
    credits: Map<string, TuitionCredit>;
    lifted?: boolean;
    /** The tuition credit taken back from each family (a removal), in cents. */
    withdrawn?: Map<string, number>;
  },
): Promise<number> {
  const { companyId, userId } = deps.actor;
  const addresses = await familyAddresses(tx, companyId, a.effects.families);
  const mails: (ClosureMail & { to: string; companyId: string; key: string; familyId: string })[] = [];
  for (const familyId of a.effects.families) {
    const address = addresses.get(familyId);
    if (!address?.to) continue;
    const common = {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      reason: a.reason,
      meetings: familyMeetingLines(a.effects.missed, a.effects.frames, familyId),
    };
    const credit = a.credits.get(familyId);
    const withdrawn = a.withdrawn?.get(familyId);
    mails.push({
      ...(a.lifted
        ? {
            template: 'closure-lifted' as const,
            data: { ...common, withdrawn: withdrawn ? centsText(withdrawn) : '' },
          }
        : {
            template: 'closure-notice' as const,
            data: {
              ...common,
              makeups: a.givesMakeups,
              credit: credit ? centsText(credit.total) : '',
              link: portalLink(deps.appUrl),
            },
          }),
      to: address.to,
      companyId,
      key: a.lifted ? liftedMailKey(a.id, familyId) : closureMailKey(a.id, familyId),
      familyId,
    });
  }
  const written = await enqueueMails(tx, mails);
  if (written === 0) return 0;
  await logFamilies(
    tx,
    { userId, companyId },
    mails.map((m) => ({
      familyId: m.familyId,
      action: FAMILY_LOG_ACTIONS.emailSent,
      detail: {
        kind: a.lifted ? 'closure-lifted' : 'closure',
        to: m.to,
        subject: renderMail(m).subject,
      },
    })),
  );
  return written;
}

/**
 * Takes back the tuition credit a removed closure gave each family: its classes are back on. The ledger
 * keeps a credit on the books (`removeCharge` refuses one: "add a charge to take it back"), so a charge
 * of the same amount is posted (`postCharge`, category tuition), under a key of the closure and the
 * family: posted once. Answers the cents taken back from each family.
 */
async function withdrawTuitionCredits(
  deps: ClosureDeps,
  tx: Db,
  closure: { id: string; classId: string | null; dateFrom: DateOnly; dateTo: DateOnly },
): Promise<Map<string, number>> {
  const { companyId, userId } = deps.actor;
  const classIds = closure.classId
    ? [closure.classId]
    : await classIdsMeetingBetween(tx, companyId, closure.dateFrom, closure.dateTo);
  const families = await familiesOfClasses(tx, companyId, classIds);
  const posted = await postedUnderKeys(
    tx,
    companyId,
    families.map((f) => closureMailKey(closure.id, f)),
  );
  const withdrawn = new Map<string, number>();
  if (posted.size === 0) return withdrawn;
  const today = await studioToday(tx, companyId, deps.clock);
  // In family id order, as every writer of several families' books locks them.
  for (const familyId of families) {
    const creditId = posted.get(closureMailKey(closure.id, familyId));
    if (!creditId) continue;
    const book = await lockBook(tx, companyId, familyId);
    const credit = book?.charges.find((c) => c.id === creditId);
    if (!book || !credit || credit.total >= 0) continue;
    const amount = -credit.total;
    const ctx = { tx, companyId, familyId, today, by: { userId } };
    const id = await postCharge(ctx, book, {
      category: 'tuition',
      item: `Credit withdrawn: ${credit.item}`,
      amount,
      dueDate: today,
      lines: [{ label: `${credit.item} (closure removed: the classes are back on)`, amount }],
      key: withdrawnKey(closure.id, familyId),
      reason: `Closure removed: ${credit.item}`,
    });
    if (id) withdrawn.set(familyId, amount);
  }
  return withdrawn;
}

/** `DELETE /api/mystudio/closures/:id`. */
export async function removeClosure(deps: ClosureDeps, id: string) {
  const { db, actor } = deps;
  requireOwner(actor);
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    await lockStudio(tx, companyId);
    const closure = await findClosure(tx, companyId, id);
    if (!closure) throw notFound(CLOSURE_TEXT.notFound);
    if (closure.removedAt) throw new AppError('conflict', CLOSURE_TEXT.alreadyRemoved);
    await markClosureRemoved(tx, companyId, id, actor.userId);
    const creditsRemoved = await removeOpenCredits(tx, companyId, id, actor.userId);
    const withdrawn =
      closure.creditsTuition === 'yes' ? await withdrawTuitionCredits(deps, tx, closure) : new Map();
    // Read with the closure gone: the meetings it cancelled are meetings again, their dancers expected.
    const effects = await closureEffects(tx, companyId, closure);
    const told = await tellFamilies(deps, tx, {
      id,
      reason: closure.reason,
      effects,
      givesMakeups: false,
      credits: new Map(),
      lifted: true,
      withdrawn,
    });
    await audit(tx, {
      action: 'closure.remove',
      companyId,
      userId: actor.userId,
      targetType: 'closure',
      targetId: id,
      detail: {
        reason: closure.reason,
        creditsRemoved,
        told,
        tuitionWithdrawn: [...withdrawn.values()].reduce((sum, n) => sum + n, 0),
      },
    });
    return { msg: CLOSURE_TEXT.removed };
  });
}
