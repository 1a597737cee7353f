import {
  type Actor,
  type BookMakeupInput,
  cancelCutoff,
  compareDates,
  type DateOnly,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
  formatDateTime,
  MAKEUP_TEXT,
  type MakeupCredit,
  type MakeupRefusal,
  type MakeupsAnswer,
  mayCancel,
  todayInZone,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { students } from '../../db/schema/families';
import { sideBySide } from '../../db/side-by-side';
import { AppError } from '../../http/errors';
import { ownFamily } from '../../kernel/family-scope';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { attendanceSettingsOf } from './credits';
import { scheduleMakeupsDayFor } from './makeups.day';
import { tellFamily } from './makeups.mail';
import {
  type CreditRow,
  familyCredits,
  lockBooking,
  lockClass,
  lockCredit,
  studioOf,
} from './makeups.queries';
import { type CreditView, meetingOf, readOptions, readWorld, refusalFor } from './makeups.world';

/**
 * Make-up classes, the parent's side (issue 36 point 4, decision 064): the family's credits with what each
 * open one can be booked into; a booking, under the class's and the credit's locks (in that order) so
 * two parents racing for the last place never both get it; a cancellation before the cut-off, which opens
 * the credit again.
 */

export type MakeupDeps = { db: Db; actor: Actor; clock: Clock; appUrl: string };

/** The reason a refusal rides with, for a screen that acts on it (decision 053). */
const REASON: Record<
  MakeupRefusal,
  'makeup_full' | 'makeup_window' | 'makeup_not_eligible' | 'makeup_taken'
> = {
  credit_not_open: 'makeup_taken',
  already_booked: 'makeup_taken',
  own_class: 'makeup_not_eligible',
  not_related: 'makeup_not_eligible',
  age: 'makeup_not_eligible',
  not_a_meeting: 'makeup_not_eligible',
  cancelled: 'makeup_not_eligible',
  too_late: 'makeup_window',
  after_expiry: 'makeup_window',
  full: 'makeup_full',
};

export const refused = (r: MakeupRefusal) => new AppError('unprocessable', MAKEUP_TEXT[r], REASON[r]);

const viewOf = (r: Pick<CreditRow, 'studentId' | 'dob' | 'state' | 'expiresOn' | 'classId'>): CreditView => ({
  studentId: r.studentId,
  dob: r.dob,
  state: r.state,
  expiresOn: r.expiresOn,
  classId: r.classId,
});

/**
 * A family's credits as the portal and the family overview show them (a fixed number of statements):
 * with `options`, each open credit's bookable meetings from today to its expiry.
 */
export async function familyMakeups(
  db: Db,
  a: { companyId: string; familyId: string; now: Date; options: boolean },
): Promise<MakeupsAnswer> {
  const [studio, settings] = await sideBySide(db, [
    () => studioOf(db, a.companyId),
    () => attendanceSettingsOf(db, a.companyId),
  ]);
  const today = todayInZone(studio.timeZone, a.now);
  const rows = await familyCredits(db, a.companyId, a.familyId, today);
  const open = a.options
    ? rows.filter((r) => r.state === 'open' && compareDates(r.expiresOn, today) >= 0)
    : [];
  const last = open.reduce<DateOnly>((m, r) => (r.expiresOn > m ? r.expiresOn : m), today);
  if (rows.length === 0) return { credits: [], cancelHours: settings.makeupCancelHours };
  const named = rows.flatMap((r) => [r.classId, r.bookedClassId]).filter((id): id is string => id !== null);
  // Without an open credit nothing is offered: the named classes (missed, booked) are all it reads.
  const { facts, options } = await readOptions(db, {
    companyId: a.companyId,
    familyId: a.familyId,
    missedIds: named,
    credits: open.map(viewOf),
    from: today,
    to: last,
    zone: studio.timeZone,
    now: a.now,
  });
  const world = { facts, zone: studio.timeZone };
  const credits: MakeupCredit[] = rows.map((r) => {
    const booking =
      r.bookingId && r.bookedClassId && r.bookedDate ? meetingOf(world, r.bookedClassId, r.bookedDate) : null;
    const until = booking ? cancelCutoff(booking.startsAt, settings.makeupCancelHours) : null;
    return {
      id: r.id,
      studentID: r.studentId,
      studentName: `${r.firstName} ${r.lastName}`.trim(),
      source: r.source,
      missed:
        r.classId && r.meetingDate
          ? { clSchID: r.classId, className: r.missedClass ?? '', date: r.meetingDate }
          : null,
      expiresOn: r.expiresOn,
      state: r.state,
      note: r.note,
      booking:
        booking && until && r.bookingId
          ? {
              id: r.bookingId,
              clSchID: booking.clSchID,
              className: booking.className,
              date: booking.date,
              day: booking.day,
              timeStart: booking.timeStart,
              timeEnd: booking.timeEnd,
              room: booking.room,
              cancellable: mayCancel(booking.startsAt, settings.makeupCancelHours, a.now),
              cancelUntil: until.toISOString(),
            }
          : null,
      options: options[open.indexOf(r)] ?? [],
    };
  });
  return { credits, cancelHours: settings.makeupCancelHours };
}

/** The parent's own family's make-ups. */
export function parentMakeups(deps: MakeupDeps): Promise<MakeupsAnswer> {
  const familyId = ownFamily(deps.actor);
  return familyMakeups(deps.db, {
    companyId: deps.actor.companyId,
    familyId,
    now: deps.clock.now(),
    options: true,
  });
}

/** Books an open credit of the parent's family into a meeting, once every rule holds under the locks. */
export async function bookMakeup(
  deps: MakeupDeps,
  input: BookMakeupInput,
): Promise<{ id: string; msg: string }> {
  const familyId = ownFamily(deps.actor);
  const { companyId, userId } = deps.actor;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The class's lock first, then the credit's: the roll's correction takes them in that order (class,
    // then the credits of its meeting), so the two never wait on each other in a circle (decision 064).
    if (!(await lockClass(tx, companyId, input.clSchID)))
      throw new AppError('not_found', MAKEUP_TEXT.classNotFound);
    const credit = await lockCredit(tx, companyId, input.creditID, familyId);
    if (!credit) throw new AppError('not_found', MAKEUP_TEXT.creditNotFound);
    if (credit.state !== 'open') throw refused('credit_not_open');
    const studio = await studioOf(tx, companyId);
    const world = await readWorld(tx, {
      companyId,
      familyId,
      missedIds: credit.classId ? [credit.classId] : [],
      onlyClass: input.clSchID,
      from: input.date,
      to: input.date,
      zone: studio.timeZone,
    });
    const dancer = await dancerOf(tx, credit.studentId);
    const refusal = refusalFor(world, { ...credit, dob: dancer.dob }, input.clSchID, input.date, now);
    if (refusal) throw refused(refusal);
    const [booking] = await tx
      .insert(makeupBookings)
      .values({
        companyId,
        creditId: credit.id,
        familyId,
        studentId: credit.studentId,
        classId: input.clSchID,
        meetingDate: input.date,
        bookedBy: userId,
      })
      .returning({ id: makeupBookings.id });
    await tx.update(makeupCredits).set({ state: 'booked' }).where(eq(makeupCredits.id, credit.id));
    // The day that marks it used is queued (a studio made since the server started has no chain yet).
    await scheduleMakeupsDayFor(tx, companyId, now);
    const meeting = meetingOf(world, input.clSchID, input.date);
    await audit(tx, {
      action: FAMILY_LOG_ACTIONS.makeupBooked,
      companyId,
      userId,
      targetType: 'family',
      targetId: familyId,
      detail: {
        creditId: credit.id,
        bookingId: booking!.id,
        classId: input.clSchID,
        date: input.date,
        dancer: dancer.firstName,
        className: meeting.className,
      },
    });
    const settings = await attendanceSettingsOf(tx, companyId);
    await tellFamily(tx, {
      companyId,
      familyId,
      key: `makeup-booked:${booking!.id}`,
      appUrl: deps.appUrl,
      notice: (studio) => ({
        template: 'makeup-booked',
        data: {
          ...studio,
          dancer: dancer.firstName,
          className: meeting.className,
          when: `${formatDateOnly(input.date)} at ${meeting.timeStart}`,
          room: meeting.room,
          cancelUntil: formatDateTime(cancelCutoff(meeting.startsAt, settings.makeupCancelHours), world.zone),
        },
      }),
    });
    return { id: booking!.id, msg: MAKEUP_TEXT.booked };
  });
}

/** A dancer's first name and date of birth (the row is the studio's: its id came from a scoped one). */
async function dancerOf(tx: Db, studentId: string) {
  const [row] = await tx
    .select({ firstName: students.firstName, dob: students.dob })
    .from(students)
    .where(eq(students.id, studentId))
    .limit(1);
  return row ?? { firstName: '', dob: null };
}

/**
 * Cancels a booked make-up: the booking `cancelled`, its credit open again (expired when its last day has
 * passed), the family told. `cutoff`: the parent is held to the studio's cut-off; the owner is not.
 */
export async function cancelBooking(
  tx: Db,
  a: {
    companyId: string;
    booking: typeof makeupBookings.$inferSelect;
    by: string;
    now: Date;
    appUrl: string;
    cutoff: boolean;
    creditState?: 'open' | 'removed';
  },
): Promise<{ reopened: boolean; dancer: string; className: string }> {
  const { companyId, booking, now } = a;
  const studio = await studioOf(tx, companyId);
  const settings = await attendanceSettingsOf(tx, companyId);
  const world = await readWorld(tx, {
    companyId,
    familyId: booking.familyId,
    missedIds: [booking.classId],
    onlyClass: booking.classId,
    from: booking.meetingDate,
    to: booking.meetingDate,
    zone: studio.timeZone,
  });
  const meeting = meetingOf(world, booking.classId, booking.meetingDate);
  if (a.cutoff && !mayCancel(meeting.startsAt, settings.makeupCancelHours, now))
    throw new AppError('unprocessable', MAKEUP_TEXT.pastCutoff(settings.makeupCancelHours), 'makeup_cutoff');
  await tx
    .update(makeupBookings)
    .set({ state: 'cancelled', cancelledAt: now, cancelledBy: a.by })
    .where(eq(makeupBookings.id, booking.id));
  const today = todayInZone(studio.timeZone, now);
  const credit = await lockCredit(tx, companyId, booking.creditId);
  const expired = credit ? compareDates(credit.expiresOn, today) < 0 : false;
  const state = a.creditState ?? (expired ? 'expired' : 'open');
  await tx
    .update(makeupCredits)
    .set(state === 'open' ? { state } : { state, settledAt: now, settledBy: a.by })
    .where(and(eq(makeupCredits.id, booking.creditId), eq(makeupCredits.state, 'booked')));
  const { firstName: name } = await dancerOf(tx, booking.studentId);
  await tellFamily(tx, {
    companyId,
    familyId: booking.familyId,
    key: `makeup-cancelled:${booking.id}`,
    appUrl: a.appUrl,
    notice: (s) => ({
      template: 'makeup-cancelled',
      data: {
        ...s,
        dancer: name,
        className: meeting.className,
        when: `${formatDateOnly(booking.meetingDate)} at ${meeting.timeStart}`,
      },
    }),
  });
  return { reopened: state === 'open', dancer: name, className: meeting.className };
}

/** The parent cancels their family's booked make-up, before the cut-off. */
export async function parentCancelMakeup(deps: MakeupDeps, bookingId: string): Promise<{ msg: string }> {
  const familyId = ownFamily(deps.actor);
  const { companyId, userId } = deps.actor;
  return deps.db.transaction(async (tx) => {
    // The credit's lock first, then the booking's: the order every make-up change takes them in.
    const seen = await lockBooking(tx, companyId, bookingId, familyId, false);
    if (seen) await lockCredit(tx, companyId, seen.creditId, familyId);
    const booking = seen && (await lockBooking(tx, companyId, bookingId, familyId));
    if (booking?.state !== 'booked') throw new AppError('not_found', MAKEUP_TEXT.bookingNotFound);
    const { reopened, dancer, className } = await cancelBooking(tx, {
      companyId,
      booking,
      by: userId,
      now: deps.clock.now(),
      appUrl: deps.appUrl,
      cutoff: true,
    });
    await audit(tx, {
      action: FAMILY_LOG_ACTIONS.makeupCancelled,
      companyId,
      userId,
      targetType: 'family',
      targetId: familyId,
      detail: {
        bookingId,
        creditId: booking.creditId,
        classId: booking.classId,
        date: booking.meetingDate,
        dancer,
        className,
      },
    });
    return { msg: reopened ? MAKEUP_TEXT.bookingCancelled : MAKEUP_TEXT.bookingCancelledExpired };
  });
}
