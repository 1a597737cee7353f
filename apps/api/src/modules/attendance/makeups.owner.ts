import {
  type AttendanceSettings,
  type AttendanceSettingsInput,
  addDays,
  can,
  compareDates,
  FAMILY_LOG_ACTIONS,
  formatDateOnly,
  MAKEUP_TEXT,
  type MakeupsAnswer,
  todayInZone,
} from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { makeupCredits } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { findFamily } from '../../kernel/family-scope';
import { audit } from '../../lib/audit';
import { attendanceSettingsOf } from './credits';
import { scheduleMakeupsDayFor } from './makeups.day';
import { tellFamily } from './makeups.mail';
import { familyStudent, lockBookingOfCredit, lockCredit, studioOf } from './makeups.queries';
import { cancelBooking, familyMakeups, type MakeupDeps } from './makeups.service';

/**
 * Make-ups, the owner's side (decision 064): a family's credits on its overview, a credit given by hand
 * (the family told), a credit removed with a note (a booked one's booking cancelled), every change
 * audited; and the studio's attendance settings.
 */

function owner(deps: MakeupDeps) {
  if (!can(deps.actor, 'studio:manage')) throw forbidden();
  return deps.actor;
}

/** A family's credits, for the owner (404 for another studio's family). */
export async function ownerFamilyMakeups(deps: MakeupDeps, familyId: string): Promise<MakeupsAnswer> {
  const actor = owner(deps);
  await findFamily(deps.db, actor.companyId, familyId);
  return familyMakeups(deps.db, {
    companyId: actor.companyId,
    familyId,
    now: deps.clock.now(),
    options: false,
  });
}

/** The longest a credit given by hand may run. */
const GRANT_MAX_DAYS = 365;

/** Gives a dancer of the family a make-up credit by hand, valid to `expiresOn`. */
export async function grantMakeup(
  deps: MakeupDeps,
  familyId: string,
  input: { studentID: string; expiresOn: string; note: string },
): Promise<{ id: string; msg: string }> {
  const actor = owner(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    const student = await familyStudent(tx, actor.companyId, familyId, input.studentID);
    if (!student) throw new AppError('not_found', MAKEUP_TEXT.studentNotFound);
    const studio = await studioOf(tx, actor.companyId);
    const today = todayInZone(studio.timeZone, now);
    if (compareDates(input.expiresOn, today) < 0) throw badRequest(MAKEUP_TEXT.expiresTooSoon);
    if (compareDates(input.expiresOn, addDays(today, GRANT_MAX_DAYS)) > 0)
      throw badRequest(MAKEUP_TEXT.expiresTooLate);
    const [credit] = await tx
      .insert(makeupCredits)
      .values({
        companyId: actor.companyId,
        familyId,
        studentId: student.id,
        source: 'owner',
        expiresOn: input.expiresOn,
        note: input.note,
        createdBy: actor.userId,
      })
      .returning({ id: makeupCredits.id });
    // The day that expires it is queued (a studio made since the server started has no chain yet).
    await scheduleMakeupsDayFor(tx, actor.companyId, now);
    await audit(tx, {
      action: FAMILY_LOG_ACTIONS.makeupGranted,
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'family',
      targetId: familyId,
      detail: {
        creditId: credit!.id,
        studentId: student.id,
        dancer: student.firstName,
        expiresOn: input.expiresOn,
        note: input.note,
      },
    });
    await tellFamily(tx, {
      companyId: actor.companyId,
      familyId,
      key: `makeup-granted:${credit!.id}`,
      appUrl: deps.appUrl,
      notice: (s) => ({
        template: 'makeup-granted',
        data: { ...s, dancer: student.firstName, expires: formatDateOnly(input.expiresOn), note: input.note },
      }),
    });
    return { id: credit!.id, msg: MAKEUP_TEXT.granted };
  });
}

/** Removes a credit (open or booked: its booking is cancelled, the family told), with the owner's note. */
export async function removeMakeup(
  deps: MakeupDeps,
  creditId: string,
  note: string,
): Promise<{ msg: string }> {
  const actor = owner(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const credit = await lockCredit(tx, actor.companyId, creditId);
    if (!credit) throw new AppError('not_found', MAKEUP_TEXT.creditNotFound);
    if (credit.state !== 'open' && credit.state !== 'booked')
      throw new AppError('unprocessable', MAKEUP_TEXT.credit_not_open, 'makeup_taken');
    const student = await familyStudent(tx, actor.companyId, credit.familyId, credit.studentId);
    if (credit.state === 'booked') {
      const booking = await lockBookingOfCredit(tx, actor.companyId, creditId);
      if (booking)
        await cancelBooking(tx, {
          companyId: actor.companyId,
          booking,
          by: actor.userId,
          now,
          appUrl: deps.appUrl,
          cutoff: false,
          creditState: 'removed',
        });
    }
    await tx
      .update(makeupCredits)
      .set({ state: 'removed', settledAt: now, settledBy: actor.userId, note: note || credit.note })
      .where(eq(makeupCredits.id, creditId));
    await audit(tx, {
      action: FAMILY_LOG_ACTIONS.makeupRemoved,
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'family',
      targetId: credit.familyId,
      detail: { creditId, was: credit.state, note, dancer: student?.firstName ?? '' },
    });
    return { msg: MAKEUP_TEXT.removed };
  });
}

/** The studio's attendance settings. */
export function attendanceSettingsFor(deps: MakeupDeps): Promise<AttendanceSettings> {
  return attendanceSettingsOf(deps.db, owner(deps).companyId);
}

/** Saves the studio's attendance settings, audited with what changed. */
export async function saveAttendanceSettings(
  deps: MakeupDeps,
  input: AttendanceSettingsInput,
): Promise<{ msg: string }> {
  const actor = owner(deps);
  return deps.db.transaction(async (tx) => {
    const before = await attendanceSettingsOf(tx, actor.companyId);
    await tx.update(companies).set({ attendanceSettings: input }).where(eq(companies.id, actor.companyId));
    await audit(tx, {
      action: 'attendance.settings_updated',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'company',
      targetId: actor.companyId,
      detail: { before, after: input },
    });
    return { msg: MAKEUP_TEXT.settingsSaved };
  });
}
