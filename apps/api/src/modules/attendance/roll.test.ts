import { randomUUID } from 'node:crypto';
import { ROLL_TEXT, type RollOfMeeting } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPerson, createStudent, registerInClass } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { countQueries } from '../../../test/query-count';
import { insertClass, type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { attendanceMarks, classClosures, makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { students } from '../../db/schema/families';
import { mailOutbox } from '../../db/schema/mail';
import { memberships } from '../../db/schema/memberships';
import { auditLog } from '../../db/schema/security';
import { marksOn } from './roll.queries';

const { t, s } = useTwoStudios();

// The test clock stands on Saturday 2026-11-21 (New York); the classes meet on Mondays.
const MONDAY = '2026-11-16';
const OLD_MONDAY = '2026-11-09';
const CLOSED_MONDAY = '2026-11-02';
const NEXT_MONDAY = '2026-11-23';

let records: ScheduleRecords;
let own: string;
let other: string;
let teacher: Caller;
let mia: string;
let noah: string;
let guest: string;
let family: string;

const rollOf = async (who: Caller, date = MONDAY, cls = own) =>
  (await who.get(`/api/mystudio/attendance/class/${cls}/${date}`)).body[1] as RollOfMeeting;
const tap = (stdID: string, status: string, at = '2026-11-16T21:05:00Z', clientId = randomUUID()) => ({
  stdID,
  status,
  clientId,
  at,
});
const mailsOf = async (key: string) =>
  (await t.database.db.select({ key: mailOutbox.key, text: mailOutbox.text }).from(mailOutbox)).filter((m) =>
    m.key?.startsWith(key),
  );
const creditsOf = (studentId: string) =>
  t.database.db.select().from(makeupCredits).where(eq(makeupCredits.studentId, studentId));

/** A teacher of the caller's studio, made as its owner makes one; their id. */
const newTeacher = async (owner: Caller, firstName: string, lastName: string) =>
  (
    await owner.post('/api/mystudio/teachers', {
      firstName,
      lastName,
      address: '1 Elm St',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550178',
      email: `${firstName.toLowerCase()}@example.com`,
    })
  ).body[1].id as string;

beforeAll(async () => {
  const db = t.database.db;
  records = await scheduleRecords(s.a, s.termA.id);
  own = await insertClass(db, s.companyA, records, { name: 'Jazz I' });
  const otherTeacher = await newTeacher(s.a, 'Omar', 'Reyes');
  other = await insertClass(db, s.companyA, records, {
    name: 'Tap II',
    teacherId: otherTeacher,
    roomId: records.roomIds[1]!,
  });
  family = (await createFamily(db, s.companyA, { email: 'rivera@example.com' })).id;
  mia = (
    await createStudent(db, { companyId: s.companyA, familyId: family, firstName: 'Mia', lastName: 'Rivera' })
  ).id;
  noah = (
    await createStudent(db, {
      companyId: s.companyA,
      familyId: family,
      firstName: 'Noah',
      lastName: 'Rivera',
    })
  ).id;
  guest = (
    await createStudent(db, { companyId: s.companyA, familyId: family, firstName: 'Zoe', lastName: 'Rivera' })
  ).id;
  await registerInClass(db, { companyId: s.companyA, classId: own, studentId: mia });
  await registerInClass(db, { companyId: s.companyA, classId: own, studentId: noah });
  await registerInClass(db, { companyId: s.companyA, classId: other, studentId: guest });
  // Zoe missed Tap II and booked her make-up into Jazz I on Monday.
  const [credit] = await db
    .insert(makeupCredits)
    .values({
      companyId: s.companyA,
      familyId: family,
      studentId: guest,
      source: 'absence',
      classId: other,
      meetingDate: OLD_MONDAY,
      expiresOn: '2026-12-09',
      state: 'booked',
    })
    .returning();
  await db.insert(makeupBookings).values({
    companyId: s.companyA,
    creditId: credit!.id,
    familyId: family,
    studentId: guest,
    classId: own,
    meetingDate: MONDAY,
  });
  await db.insert(classClosures).values({
    companyId: s.companyA,
    classId: own,
    dateFrom: CLOSED_MONDAY,
    dateTo: CLOSED_MONDAY,
    reason: 'Snow day',
  });
  await createPerson(db, {
    email: 'lena.teacher@example.com',
    companyId: s.companyA,
    role: 'teacher',
    password: 'Teacher123',
    teacherId: records.teacherId,
  });
  teacher = caller(t, (await signIn(t, 'lena.teacher@example.com', 'Teacher123')).token);
});

describe('GET api/mystudio/attendance', () => {
  it("shows a teacher their own meetings of the day, the owner every class's of the location", async () => {
    const mine = (await teacher.get(`/api/mystudio/attendance/meetings?date=${MONDAY}`)).body[1];
    expect(mine.meetings.map((m: { name: string }) => m.name)).toEqual(['Jazz I']);
    expect(mine.meetings[0]).toMatchObject({
      expected: 2,
      marked: 0,
      guests: 1,
      closure: null,
      room: 'Studio A',
    });
    const all = (await s.a.get(`/api/mystudio/attendance/meetings?date=${MONDAY}`)).body[1];
    expect(all.meetings.map((m: { name: string }) => m.name).sort()).toEqual(['Jazz I', 'Tap II']);
    // The studio's one location (decision 088: the owner's day is a location's).
    expect(all.loc).toHaveLength(1);
    expect(all.locID).toBe(all.loc[0].id);
    const today = (await s.a.get('/api/mystudio/attendance/meetings')).body[1];
    expect(today).toMatchObject({ date: '2026-11-21', today: '2026-11-21', meetings: [] });
  });

  it('gives a teacher the roll of their class, the guests apart, last names as initials', async () => {
    const roll = await rollOf(teacher);
    expect(roll.dancers.map((d) => `${d.firstName} ${d.lastName}`)).toEqual(['Mia R.', 'Noah R.']);
    expect(roll.makeups).toEqual([expect.objectContaining({ firstName: 'Zoe', fromClass: 'Tap II' })]);
    expect(roll).toMatchObject({ canMark: true, closure: null, trials: [] });
    expect((await rollOf(s.a)).dancers[0]!.lastName).toBe('Rivera');
  });

  it("shows each dancer's allergies and the teacher's note, and no other dancer's", async () => {
    const db = t.database.db;
    await db
      .update(students)
      .set({ allergies: 'Peanuts', teacherNote: 'Left knee' })
      .where(eq(students.id, mia));
    try {
      const roll = await rollOf(teacher);
      expect(roll.dancers.map((d) => [d.firstName, d.allergies, d.note])).toEqual([
        ['Mia', 'Peanuts', 'Left knee'],
        ['Noah', '', ''],
      ]);
    } finally {
      await db.update(students).set({ allergies: '', teacherNote: '' }).where(eq(students.id, mia));
    }
  });

  it("answers 404 for another teacher's class and for a date the class does not meet", async () => {
    expect((await teacher.get(`/api/mystudio/attendance/class/${other}/${MONDAY}`)).status).toBe(404);
    expect(await s.a.get(`/api/mystudio/attendance/class/${own}/2026-11-17`)).toMatchObject({
      status: 404,
      body: [false, ROLL_TEXT.notMeeting],
    });
  });

  it("reads a day's list and a meeting's roll in a fixed number of statements, whatever the classes", async () => {
    const M = `/api/mystudio/attendance/meetings?date=${MONDAY}`;
    const mine = await countQueries(t, () => teacher.get(M));
    const all = await countQueries(t, () => s.a.get(M));
    expect(all.result.body[1].meetings.length).toBeGreaterThan(mine.result.body[1].meetings.length);
    // The studio's zone and locations, the day's classes, their frames and closures, then the rosters,
    // marks, guests, trials and names of the classes meeting, in one statement.
    expect(mine.count).toBe(4);
    expect(all.count).toBe(4);
    // The meeting and the studio's zone side by side, the meeting's reads, the dancers' notes.
    const roll = await countQueries(t, () => rollOf(s.a));
    expect(roll.result.dancers).toHaveLength(2);
    expect(roll.count).toBe(4);
  });

  it('holds no money in any answer', async () => {
    const text = JSON.stringify([
      await rollOf(teacher),
      (await teacher.get(`/api/mystudio/attendance/meetings?date=${MONDAY}`)).body,
    ]);
    expect(text).not.toMatch(/price|balance|amount|cents|cost|tuition|\$/i);
  });
});

describe('PUT api/mystudio/attendance', () => {
  const put = (who: Caller, body: unknown, date = MONDAY) =>
    who.put(`/api/mystudio/attendance/${own}/${date}`, body as Record<string, unknown>);

  it('writes each tap once, and an older tap changes nothing', async () => {
    const marks = [tap(noah, 'present'), tap(guest, 'late')];
    const first = await put(teacher, { marks });
    expect(first.body[1]).toMatchObject({ saved: marks.map((m) => m.clientId), ignored: [] });
    // What landed, and nothing else: no money key in the answer.
    expect(Object.keys(first.body[1]).sort()).toEqual(['ignored', 'msg', 'refused', 'saved']);
    const again = await put(teacher, { marks });
    expect(again.body[1]).toMatchObject({ saved: [], ignored: marks.map((m) => m.clientId) });
    const older = tap(noah, 'absent', '2026-11-16T21:00:00Z');
    expect((await put(teacher, { marks: [older] })).body[1]).toMatchObject({
      saved: [],
      ignored: [older.clientId],
    });
    const rows = await t.database.db
      .select()
      .from(attendanceMarks)
      .where(and(eq(attendanceMarks.classId, own), eq(attendanceMarks.meetingDate, MONDAY)));
    expect(rows.map((r) => [r.studentId, r.status]).sort()).toEqual(
      [
        [noah, 'present'],
        [guest, 'late'],
      ].sort(),
    );
    expect(rows.find((r) => r.studentId === guest)!.bookingId).not.toBeNull();
    expect(await creditsOf(noah)).toEqual([]);
  });

  it('gives an absent dancer one credit and one mail, even sent three times', async () => {
    const absent = tap(mia, 'absent', '2026-11-16T21:10:00Z');
    for (let i = 0; i < 3; i++) expect((await put(teacher, { marks: [absent] })).status).toBe(200);
    const later = tap(mia, 'excused', '2026-11-16T21:11:00Z');
    expect((await put(teacher, { marks: [later] })).body[1].saved).toEqual([later.clientId]);
    const credits = await creditsOf(mia);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      state: 'open',
      classId: own,
      meetingDate: MONDAY,
      expiresOn: '2026-12-16',
    });
    const mails = await mailsOf(`makeup-credit:${credits[0]!.id}`);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail!.text).toContain('Mia missed Jazz I on Nov 16, 2026');
    expect(mail!.text).toContain('Book it by Dec 16, 2026');
  });

  it('removes the open credit when the roll is corrected to present, logged as a correction', async () => {
    const fixed = tap(mia, 'present', '2026-11-16T21:20:00Z');
    expect((await put(s.a, { marks: [fixed] })).body[1].saved).toEqual([fixed.clientId]);
    const [credit] = await creditsOf(mia);
    expect(credit).toMatchObject({ state: 'removed', note: ROLL_TEXT.correctedNote });
    const audits = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attendance.correct'), eq(auditLog.targetId, mia)));
    expect(audits[0]!.detail).toMatchObject({ before: 'excused', after: 'present' });
    expect(await mailsOf('makeup-credit:')).toHaveLength(1);
  });

  it('brings a removed credit back when the dancer is marked absent again: the same credit, no second mail', async () => {
    const [removed] = await creditsOf(mia);
    const again = tap(mia, 'absent', '2026-11-16T21:25:00Z');
    expect((await put(s.a, { marks: [again] })).body[1].saved).toEqual([again.clientId]);
    const credits = await creditsOf(mia);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      id: removed!.id,
      state: 'open',
      expiresOn: '2026-12-16',
      settledAt: null,
      settledBy: null,
    });
    // The family was told of this credit once already: one "credit" mail per credit.
    expect(await mailsOf('makeup-credit:')).toHaveLength(1);
    const grants = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'makeup.grant'), eq(auditLog.targetId, removed!.id)));
    expect(grants).toHaveLength(2);
    // An open credit is not touched by another absence.
    const excused = tap(mia, 'excused', '2026-11-16T21:26:00Z');
    await put(s.a, { marks: [excused] });
    expect(await creditsOf(mia)).toEqual(credits);
  });

  it('caps a tap from a clock ahead at the server’s now, and the owner’s correction of a teacher’s mark wins', async () => {
    const ahead = tap(noah, 'absent', '2030-01-01T00:00:00Z');
    expect((await put(teacher, { marks: [ahead] })).body[1].saved).toEqual([ahead.clientId]);
    const stored = (await rollOf(teacher)).dancers.find((d) => d.stdID === noah)!;
    expect(stored).toMatchObject({ mark: 'absent', markedAt: t.clock.now().toISOString() });
    // The owner's tap, made before the stored instant, still corrects the teacher's mark, logged.
    const fix = tap(noah, 'present', '2026-11-16T22:30:00Z');
    expect((await put(s.a, { marks: [fix] })).body[1]).toMatchObject({ saved: [fix.clientId], ignored: [] });
    expect((await rollOf(teacher)).dancers.find((d) => d.stdID === noah)!.mark).toBe('present');
    const audits = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attendance.correct'), eq(auditLog.targetId, noah)));
    expect(audits.at(-1)!.detail).toMatchObject({ before: 'absent', after: 'present' });
    // A teacher's older tap over the owner's mark changes nothing.
    const stale = tap(noah, 'late', '2026-11-16T22:00:00Z');
    expect((await put(teacher, { marks: [stale] })).body[1].ignored).toEqual([stale.clientId]);
  });

  it("takes a mark for a teacher's only when its writer teaches at this studio, not at another", async () => {
    // The owner of studio A teaches at studio B as well: their marks in A are still an owner's.
    const teacherB = await newTeacher(s.b, 'Dana', 'Okafor');
    const [elsewhere] = await t.database.db
      .insert(memberships)
      .values({ companyId: s.companyB, userId: s.a.userId, role: 'teacher', teacherId: teacherB })
      .returning();
    try {
      const byOwner = tap(mia, 'present', '2026-11-09T21:05:00Z');
      expect((await put(s.a, { marks: [byOwner] }, OLD_MONDAY)).body[1].saved).toEqual([byOwner.clientId]);
      // (A teacher's mark is one: "the owner's correction of a teacher's mark wins" above.)
      const marks = await marksOn(t.database.db, s.companyA, [own], OLD_MONDAY);
      expect(marks.map((m) => [m.studentId, m.byTeacher])).toEqual([[mia, false]]);
    } finally {
      await t.database.db.delete(memberships).where(eq(memberships.id, elsewhere!.id));
    }
  });

  it('refuses only the taps for a dancer not on the roll, writes the others, and says why', async () => {
    const stranger = (await createStudent(t.database.db, { companyId: s.companyA, familyId: family })).id;
    const good = tap(noah, 'late', t.clock.now().toISOString());
    const off = tap(stranger, 'present');
    const res = await put(teacher, { marks: [good, off] });
    expect(res).toMatchObject({
      status: 200,
      body: [
        true,
        { msg: ROLL_TEXT.notOnRoll, saved: [good.clientId], ignored: [], refused: [off.clientId] },
      ],
    });
    expect((await rollOf(teacher)).dancers.find((d) => d.stdID === noah)!.mark).toBe('late');
    const rows = await t.database.db
      .select()
      .from(attendanceMarks)
      .where(eq(attendanceMarks.studentId, stranger));
    expect(rows).toEqual([]);
  });

  it('refuses a cancelled meeting, a future one, and a teacher past seven days', async () => {
    const cancelled = await rollOf(s.a, CLOSED_MONDAY);
    expect(cancelled).toMatchObject({ closure: { reason: 'Snow day' }, canMark: false });
    expect(await put(s.a, { marks: [tap(mia, 'present')] }, CLOSED_MONDAY)).toMatchObject({
      status: 422,
      body: [false, ROLL_TEXT.cancelled],
    });
    expect(await put(s.a, { marks: [tap(mia, 'present')] }, NEXT_MONDAY)).toMatchObject({
      status: 422,
      body: [false, ROLL_TEXT.future],
    });
    expect(await put(teacher, { marks: [tap(mia, 'present')] }, OLD_MONDAY)).toMatchObject({
      status: 422,
      body: [false, ROLL_TEXT.teacherWindow],
    });
    expect((await put(s.a, { marks: [tap(mia, 'present')] }, OLD_MONDAY)).status).toBe(200);
  });

  it('refuses a malformed tap and more than 200 at once', async () => {
    expect((await put(teacher, { marks: [{ ...tap(mia, 'gone') }] })).status).toBe(400);
    expect((await put(teacher, { marks: [{ ...tap(mia, 'present'), clientId: 'x' }] })).status).toBe(400);
    const many = Array.from({ length: 201 }, () => tap(mia, 'present'));
    expect(await put(teacher, { marks: many })).toMatchObject({
      status: 400,
      body: [false, ROLL_TEXT.tooMany],
    });
  });
});

describe('trial guests', () => {
  it('are added by the owner, marked on the roll apart, and removed', async () => {
    const url = `/api/mystudio/attendance/${own}/${MONDAY}/trials`;
    expect(await s.a.post(url, { firstName: 'Ava' })).toMatchObject({
      status: 400,
      body: [false, ROLL_TEXT.trialContact],
    });
    const added = await s.a.post(url, {
      firstName: 'Ava',
      lastName: 'Stone',
      phone: '(973) 555-0123',
      note: 'Sister',
    });
    expect(added.status).toBe(200);
    expect((await teacher.post(url, { firstName: 'Ava', phone: '9735550123' })).status).toBe(403);
    const id = added.body[1].id as string;
    const second = (await s.a.post(url, { firstName: 'Eli', email: 'eli@example.com' })).body[1].id as string;
    const res = await teacher.put(`/api/mystudio/attendance/${own}/${MONDAY}`, {
      marks: [],
      trials: [
        { id, status: 'present' },
        { id: second, status: 'late' },
      ],
    });
    expect(res.status).toBe(200);
    expect((await rollOf(teacher)).trials).toEqual([
      expect.objectContaining({ firstName: 'Ava', phone: '9735550123', status: 'present' }),
      expect.objectContaining({ firstName: 'Eli', status: 'late' }),
    ]);
    expect((await s.a.delete(`${url}/${second}`)).status).toBe(200);
    expect((await s.a.delete(`${url}/${id}`)).status).toBe(200);
    expect((await s.a.delete(`${url}/${id}`)).status).toBe(404);
  });
});
