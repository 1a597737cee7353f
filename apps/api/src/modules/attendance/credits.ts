import {
  type AttendanceSettings,
  type DateOnly,
  makeupExpiry,
  readAttendanceSettings,
} from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeupCredits } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { scheduleMakeupsDayFor } from './makeups.day';

/** The studio's attendance settings, with the defaults for what it never saved. */
export async function attendanceSettingsOf(db: Db, companyId: string): Promise<AttendanceSettings> {
  const [row] = await db
    .select({ settings: companies.attendanceSettings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return readAttendanceSettings(row?.settings);
}

/** A missed meeting that gives a dancer a make-up credit. */
export type MissedMeeting = {
  familyId: string;
  studentId: string;
  classId: string;
  meetingDate: DateOnly;
  source: 'absence' | 'closure';
  closureId?: string | null;
};

/**
 * Gives a make-up credit for each missed meeting, valid for the studio's window from the meeting, in one
 * statement. One credit per missed meeting (the unique index on (student, class, date)): a meeting whose
 * credit is open, booked, used or expired gives none again, so a mark sent twice or a closure saved again
 * changes nothing; a credit that was removed (the roll corrected to present, or the owner by hand) is
 * brought back to open with a fresh expiry, under its own id. The ids of the credits given or brought
 * back (the credit mail is keyed by the id, so a family brought one back gets no second mail).
 */
export async function grantMakeupCredits(
  tx: Db,
  opts: {
    companyId: string;
    missed: readonly MissedMeeting[];
    windowDays: number;
    by: string | null;
    /** The instant of the change: the studio's make-ups day is queued from it (decision 064). */
    now: Date;
  },
): Promise<string[]> {
  if (opts.missed.length === 0) return [];
  const rows = await tx
    .insert(makeupCredits)
    .values(
      opts.missed.map((m) => ({
        companyId: opts.companyId,
        familyId: m.familyId,
        studentId: m.studentId,
        source: m.source,
        classId: m.classId,
        meetingDate: m.meetingDate,
        closureId: m.closureId ?? null,
        expiresOn: makeupExpiry(m.meetingDate, opts.windowDays),
        createdBy: opts.by,
      })),
    )
    .onConflictDoUpdate({
      target: [makeupCredits.studentId, makeupCredits.classId, makeupCredits.meetingDate],
      targetWhere: sql`${makeupCredits.classId} is not null and ${makeupCredits.meetingDate} is not null`,
      set: {
        state: 'open',
        source: sql`excluded.source`,
        closureId: sql`excluded.closure_id`,
        expiresOn: sql`excluded.expires_on`,
        note: '',
        settledAt: null,
        settledBy: null,
      },
      setWhere: sql`${makeupCredits.state} = 'removed'`,
    })
    .returning({ id: makeupCredits.id });
  // A credit expires by the studio's make-ups day: queued now (keyed), should this process not have.
  if (rows.length > 0) await scheduleMakeupsDayFor(tx, opts.companyId, opts.now);
  return rows.map((r) => r.id);
}
