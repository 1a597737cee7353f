import type { DateOnly, MarkStatus } from '@pirouette/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inJsonList, PLANNED_APART, rowsOf } from '../../db/rows';
import { attendanceMarks, makeupBookings, makeupCredits, trialVisits } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { students } from '../../db/schema/families';
import { rooms } from '../../db/schema/locations';
import { memberships } from '../../db/schema/memberships';
import { classes } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classesByKeys } from './meetings.queries';

/** The roll's reads and writes (decision 063), each scoped by the studio. */

/** The studio's time zone, for its "today". */
export async function studioZone(db: Db, companyId: string): Promise<string> {
  const [row] = await db
    .select({ zone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.zone ?? 'America/New_York';
}

/**
 * The classes of a day's list (decision 088): a teacher's own wherever they are (none for a teacher
 * without a teacher's record), or the owner's at one location (its rooms' classes, by
 * classes_room_ref_idx), never the whole studio's.
 */
export async function dayClassIds(
  db: Db,
  companyId: string,
  scope: { teacherId: string | null } | { locationId: string | null },
): Promise<string[]> {
  const teacherId = 'teacherId' in scope ? scope.teacherId : null;
  const locationId = 'locationId' in scope ? scope.locationId : null;
  if (teacherId === null && locationId === null) return [];
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(rooms, and(eq(rooms.id, classes.roomId), eq(rooms.companyId, companyId)))
    .where(
      and(
        eq(classes.companyId, companyId),
        teacherId === null ? undefined : eq(classes.teacherId, teacherId),
        locationId === null ? undefined : eq(rooms.locationId, locationId),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The studio's time zone and its locations by name (the owner's day switches between them), in one
 * statement.
 */
export async function studioDayFrame(db: Db, companyId: string) {
  const [row] = await db
    .select({
      zone: companies.timeZone,
      // Named by its own alias: an unqualified column would bind to the subquery's table.
      loc: sql<{ id: string; name: string }[]>`(select coalesce(json_agg(json_build_object(
          'id', l.id, 'name', l.name) order by l.name, l.id), '[]')
        from locations l where l.company_id = ${companyId})`,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return { zone: row?.zone ?? 'America/New_York', loc: row?.loc ?? [] };
}

/** The names a roll shows beside a class: its room and its teacher (the classes a JSON list of ids). */
export function classLabelsRead(db: Db, companyId: string, classIds: string) {
  const listed = classesByKeys(db, classIds);
  return db
    .select({
      classId: listed.id,
      teacherId: listed.teacherId,
      room: rooms.name,
      teacher: sql<string>`${teachers.firstName} || ' ' || ${teachers.lastName}`,
    })
    .from(listed)
    .innerJoin(rooms, eq(rooms.id, listed.roomId))
    .innerJoin(teachers, eq(teachers.id, listed.teacherId))
    .where(eq(listed.companyId, companyId));
}

/** Locks a class's row for the rest of the transaction, so two sends of one roll never interleave. */
export async function lockClass(tx: Db, companyId: string, classId: string): Promise<void> {
  await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, classId)))
    .for('update');
}

/** The marks of some classes on one date; `byTeacher`: written by a teacher of the studio. */
export function marksOn(db: Db, companyId: string, classIds: readonly string[], date: DateOnly) {
  if (classIds.length === 0) return Promise.resolve([]);
  return marksRead(db, companyId, JSON.stringify(classIds), date);
}

/**
 * `marksOn` as a read not yet run, the classes a JSON list of ids (a batch's placeholder). Each class's
 * marks of the day are read by the meeting's own index (class, date), planned apart: beside the studio,
 * a plan made without the values could read every mark of the studio's day instead.
 */
export function marksRead(db: Db, companyId: string, classIds: string, date: DateOnly) {
  const listed = classesByKeys(db, classIds);
  const mark = db
    .select({
      companyId: attendanceMarks.companyId,
      classId: attendanceMarks.classId,
      studentId: attendanceMarks.studentId,
      status: attendanceMarks.status,
      clientId: attendanceMarks.clientId,
      clientAt: attendanceMarks.clientAt,
      markedBy: attendanceMarks.markedBy,
    })
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.classId, listed.id), eq(attendanceMarks.meetingDate, date)))
    .limit(PLANNED_APART)
    .as('mark');
  return db
    .select({
      classId: mark.classId,
      studentId: mark.studentId,
      status: mark.status,
      clientId: mark.clientId,
      clientAt: mark.clientAt,
      markedBy: mark.markedBy,
      // The membership by its own alias, the mark's columns by theirs: a teacher of this studio only.
      byTeacher: sql<boolean>`exists (
        select 1 from ${memberships} m where m.user_id = ${mark.markedBy}
        and m.company_id = ${mark.companyId} and m.role = 'teacher'
      )`,
    })
    .from(listed)
    .innerJoinLateral(mark, sql`true`)
    .where(and(eq(listed.companyId, companyId), eq(mark.companyId, companyId)));
}

const ownClass = alias(classes, 'own_class');

/** The make-up guests booked into some classes on one date: the dancer and the class they missed. */
export function guestsOn(db: Db, companyId: string, classIds: readonly string[], date: DateOnly) {
  if (classIds.length === 0) return Promise.resolve([]);
  return guestsRead(db, companyId, JSON.stringify(classIds), date);
}

/** `guestsOn` as a read not yet run, the classes a JSON list of ids (a batch's placeholder). */
export function guestsRead(db: Db, companyId: string, classIds: string, date: DateOnly) {
  return db
    .select({
      bookingId: makeupBookings.id,
      classId: makeupBookings.classId,
      studentId: makeupBookings.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
      allergies: students.allergies,
      note: students.teacherNote,
      fromClass: sql<string>`coalesce(${ownClass.name}, '')`,
    })
    .from(makeupBookings)
    .innerJoin(students, eq(students.id, makeupBookings.studentId))
    .innerJoin(makeupCredits, eq(makeupCredits.id, makeupBookings.creditId))
    .leftJoin(ownClass, eq(ownClass.id, makeupCredits.classId))
    .where(
      and(
        eq(makeupBookings.companyId, companyId),
        inJsonList(makeupBookings.classId, classIds),
        eq(makeupBookings.meetingDate, date),
        eq(makeupBookings.state, 'booked'),
      ),
    )
    .orderBy(students.firstName, students.lastName);
}

/** The trial guests of some classes on one date. */
export function trialsOn(db: Db, companyId: string, classIds: readonly string[], date: DateOnly) {
  if (classIds.length === 0) return Promise.resolve([]);
  return trialsRead(db, companyId, JSON.stringify(classIds), date);
}

/** `trialsOn` as a read not yet run, the classes a JSON list of ids (a batch's placeholder). */
export function trialsRead(db: Db, companyId: string, classIds: string, date: DateOnly) {
  return db
    .select({
      id: trialVisits.id,
      classId: trialVisits.classId,
      firstName: trialVisits.firstName,
      lastName: trialVisits.lastName,
      phone: trialVisits.phone,
      email: trialVisits.email,
      note: trialVisits.note,
      status: trialVisits.status,
    })
    .from(trialVisits)
    .where(
      and(
        eq(trialVisits.companyId, companyId),
        inJsonList(trialVisits.classId, classIds),
        eq(trialVisits.meetingDate, date),
      ),
    )
    .orderBy(trialVisits.createdAt);
}

/** What the roll shows of the dancers besides the roster: allergies and the note shared with teachers. */
export function dancerNotes(db: Db, companyId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  // Each dancer by their key (`offset 0` keeps the lookup apart), the studio checked on the dancer found.
  // With the studio in the lookup, the generic plan kept for the prepared statement (decision 036) walked
  // the studio's dancers by name to find the roll's: 5,600 rows and 4 ms at 4 × for 24 dancers.
  const keys = sql.join(
    studentIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  return rowsOf<{ id: string; allergies: string; note: string }>(
    db,
    sql`select s.id, s.allergies, s.teacher_note as note
      from (values ${keys}) as k(id)
      cross join lateral (
        select st.id, st.company_id, st.allergies, st.teacher_note from ${students} st where st.id = k.id offset 0
      ) s
      where s.company_id = ${companyId}`,
  );
}

/** Writes marks (insert or replace each dancer's), in one statement. */
export async function writeMarks(
  tx: Db,
  a: {
    companyId: string;
    classId: string;
    date: DateOnly;
    by: string;
    marks: readonly {
      stdID: string;
      status: MarkStatus;
      clientId: string;
      at: string;
      bookingId: string | null;
    }[];
  },
): Promise<void> {
  if (a.marks.length === 0) return;
  await tx
    .insert(attendanceMarks)
    .values(
      a.marks.map((m) => ({
        companyId: a.companyId,
        classId: a.classId,
        meetingDate: a.date,
        studentId: m.stdID,
        status: m.status,
        bookingId: m.bookingId,
        clientId: m.clientId,
        clientAt: new Date(m.at),
        markedBy: a.by,
      })),
    )
    .onConflictDoUpdate({
      target: [attendanceMarks.classId, attendanceMarks.meetingDate, attendanceMarks.studentId],
      set: {
        status: sql`excluded.status`,
        bookingId: sql`excluded.booking_id`,
        clientId: sql`excluded.client_id`,
        clientAt: sql`excluded.client_at`,
        markedBy: sql`excluded.marked_by`,
        markedAt: sql`now()`,
      },
    });
}

/**
 * Removes the open absence credits of dancers whose mark was corrected to present or late (a credit booked,
 * used or expired stays as it is). The removed credits' ids.
 */
export async function removeCorrectedCredits(
  tx: Db,
  a: {
    companyId: string;
    classId: string;
    date: DateOnly;
    studentIds: readonly string[];
    by: string;
    note: string;
  },
): Promise<string[]> {
  if (a.studentIds.length === 0) return [];
  const rows = await tx
    .update(makeupCredits)
    .set({ state: 'removed', note: a.note, settledAt: sql`now()`, settledBy: a.by })
    .where(
      and(
        eq(makeupCredits.companyId, a.companyId),
        eq(makeupCredits.classId, a.classId),
        eq(makeupCredits.meetingDate, a.date),
        eq(makeupCredits.source, 'absence'),
        eq(makeupCredits.state, 'open'),
        inArray(makeupCredits.studentId, [...a.studentIds]),
      ),
    )
    .returning({ id: makeupCredits.id });
  return rows.map((r) => r.id);
}

/**
 * Sets the trial guests' marks of one meeting in one statement (`update … from (values …)`); at most
 * `MAX_MARKS` rows, as the input's schema bounds them. How many rows changed.
 */
export async function markTrials(
  tx: Db,
  a: {
    companyId: string;
    classId: string;
    date: DateOnly;
    trials: readonly { id: string; status: MarkStatus }[];
  },
): Promise<number> {
  if (a.trials.length === 0) return 0;
  const values = sql.join(
    a.trials.map((t) => sql`(${t.id}::uuid, ${t.status}::text)`),
    sql`, `,
  );
  const rows = await tx
    .update(trialVisits)
    .set({ status: sql`v.status` })
    .from(sql`(values ${values}) as v(id, status)`)
    .where(
      and(
        eq(trialVisits.companyId, a.companyId),
        eq(trialVisits.classId, a.classId),
        eq(trialVisits.meetingDate, a.date),
        sql`${trialVisits.id} = v.id`,
      ),
    )
    .returning({ id: trialVisits.id });
  return rows.length;
}
