import {
  type AttendanceSettings,
  type DateOnly,
  makeupExpiry,
  readAttendanceSettings,
} from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeupCredits } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';

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
 * statement. A meeting that already gave the dancer a credit (whatever became of it) gives none again:
 * the unique index on (student, class, date) says so, so a mark sent twice or a closure saved again
 * changes nothing. The new credits' ids.
 */
export async function grantMakeupCredits(
  tx: Db,
  opts: { companyId: string; missed: readonly MissedMeeting[]; windowDays: number; by: string | null },
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
    .onConflictDoNothing()
    .returning({ id: makeupCredits.id });
  return rows.map((r) => r.id);
}
