import { ATTENDANCE_REPORT_TEXT, type MarkStatus, messages } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFamily,
  createPerson,
  createStudent,
  joinFamily,
  registerInClass,
} from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { genericPlan, planWithoutSeqScans } from '../../../test/query-count';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { attendanceMarks, classClosures, makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { familyAccounts, students } from '../../db/schema/families';
import { classRegistrations } from '../../db/schema/schedule';
import { classRostersRead } from '../../kernel/class-rosters';
import { familyClassesStatement, makeupFactsStatements, streakCandidates } from './reports.queries';

const { t, s } = useTwoStudios();
const db = () => t.database.db;
const REPORT = '/api/mystudio/attendance/report';
const PERIOD = 'from=2026-10-01&to=2026-11-30';

// The test clock's today is Saturday 2026-11-21. Ballet I meets on Mondays; 2026-10-12 is closed.
const HELD = ['2026-10-05', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'];
type Row = (MarkStatus | null)[];
const MARKS: Record<'ann' | 'bea' | 'cal', Row> = {
  ann: ['present', 'present', 'present', 'present', 'late', 'present'],
  bea: ['present', 'present', 'late', 'absent', 'excused', 'absent'],
  cal: ['absent', 'present', null, 'absent', 'absent', 'present'],
};

let ids: {
  ballet: string;
  formula: string;
  famP: string;
  famQ: string;
  ann: string;
  bea: string;
  cal: string;
};
let parentP: Caller;
let parentQ: Caller;
let teacher: Caller;

beforeAll(async () => {
  const records = await scheduleRecords(s.a, s.termA.id);
  const ballet = await insertClass(db(), s.companyA, records, { name: 'Ballet I', day: 0 });
  const formula = await insertClass(db(), s.companyA, records, { name: '=HYPERLINK("x")', day: 2 });
  const famP = (await createFamily(db(), s.companyA)).id;
  const famQ = (await createFamily(db(), s.companyA)).id;
  const student = (familyId: string, firstName: string) =>
    createStudent(db(), { companyId: s.companyA, familyId, firstName, lastName: 'Lane' });
  const [ann, bea, cal] = await Promise.all([
    student(famP, 'Ann'),
    student(famP, 'Bea'),
    student(famQ, 'Cal'),
  ]);
  for (const st of [ann, bea, cal]) {
    await registerInClass(db(), {
      companyId: s.companyA,
      classId: ballet,
      studentId: st.id,
      dateI: '2026-09-01',
    });
  }
  ids = { ballet, formula, famP, famQ, ann: ann.id, bea: bea.id, cal: cal.id };
  await db()
    .insert(classClosures)
    .values({ companyId: s.companyA, dateFrom: '2026-10-12', dateTo: '2026-10-12', reason: 'Columbus Day' });
  const marks = Object.entries(MARKS).flatMap(([who, row]) =>
    row.flatMap((status, i) =>
      status
        ? [
            {
              companyId: s.companyA,
              classId: ballet,
              meetingDate: HELD[i]!,
              studentId: ids[who as 'ann'],
              status,
            },
          ]
        : [],
    ),
  );
  // A mark on the closed day never counts.
  marks.push({
    companyId: s.companyA,
    classId: ballet,
    meetingDate: '2026-10-12',
    studentId: ann.id,
    status: 'absent',
  });
  await db().insert(attendanceMarks).values(marks);
  await seedMakeups(ballet, famP, famQ, bea.id, cal.id);

  for (const [email, familyId] of [
    ['p@studio-a.example', famP],
    ['q@studio-a.example', famQ],
  ] as const) {
    await createPerson(db(), { email, companyId: s.companyA, role: 'user' });
    await joinFamily(db(), { companyId: s.companyA, familyId, email });
  }
  await createPerson(db(), {
    email: 'lena@studio-a.example',
    companyId: s.companyA,
    role: 'teacher',
    teacherId: records.teacherId,
  });
  parentP = caller(t, (await signIn(t, 'p@studio-a.example', 'Parent123')).token);
  parentQ = caller(t, (await signIn(t, 'q@studio-a.example', 'Parent123')).token);
  teacher = caller(t, (await signIn(t, 'lena@studio-a.example', 'Parent123')).token);
});

async function seedMakeups(ballet: string, famP: string, famQ: string, bea: string, cal: string) {
  const credit = (v: Partial<typeof makeupCredits.$inferInsert>) => ({
    companyId: s.companyA,
    familyId: famP,
    studentId: bea,
    source: 'absence' as const,
    classId: ballet,
    expiresOn: '2026-12-31',
    ...v,
  });
  const [used] = await db()
    .insert(makeupCredits)
    .values([
      credit({
        meetingDate: '2026-11-02',
        createdAt: new Date('2026-11-02T22:00:00Z'),
        state: 'used',
        settledAt: new Date('2026-11-12T23:00:00Z'),
      }),
      credit({ meetingDate: '2026-11-09', createdAt: new Date('2026-11-09T22:00:00Z') }),
      credit({ meetingDate: '2026-11-16', createdAt: new Date('2026-11-16T22:00:00Z') }),
      credit({
        familyId: famQ,
        studentId: cal,
        meetingDate: '2026-10-05',
        createdAt: new Date('2026-10-05T22:00:00Z'),
        state: 'expired',
        settledAt: new Date('2026-11-05T10:00:00Z'),
      }),
      credit({
        familyId: famQ,
        studentId: cal,
        source: 'owner',
        classId: null,
        createdAt: new Date('2026-11-03T15:00:00Z'),
        state: 'removed',
        settledAt: new Date('2026-11-04T15:00:00Z'),
      }),
    ])
    .returning({ id: makeupCredits.id });
  await db()
    .insert(makeupBookings)
    .values({
      companyId: s.companyA,
      creditId: used!.id,
      familyId: famP,
      studentId: bea,
      classId: ballet,
      meetingDate: '2026-11-11',
      createdAt: new Date('2026-11-05T12:00:00Z'),
    });
}

const csvRows = (body: unknown) =>
  String(body)
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET attendance/report/classes', () => {
  it('counts held meetings, expected dancers and marks exactly, cancelled and future meetings left out', async () => {
    const res = await s.a.get(`${REPORT}/classes?${PERIOD}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body[1];
    expect(report).toMatchObject({
      from: '2026-10-01',
      to: '2026-11-30',
      today: '2026-11-21',
      total: 2,
      page: 1,
      pageSize: 50,
    });
    expect(report.items[0]).toEqual({
      clSchID: ids.ballet,
      name: 'Ballet I',
      day: 0,
      timeStart: '16:00',
      teacher: 'Lena Ortiz',
      held: 6,
      expected: 18,
      present: 9,
      late: 2,
      absent: 5,
      excused: 1,
      notMarked: 1,
      rate: 65,
    });
    expect(report.items[1]).toMatchObject({ clSchID: ids.formula, held: 7, expected: 0, rate: null });
    expect((await s.a.get(`${REPORT}/classes?${PERIOD}&page=2`)).body[1].items).toEqual([]);
  });

  it('refuses a backwards or too long period, or a bad page, with a sentence', async () => {
    for (const [query, text] of [
      ['from=2026-11-30&to=2026-10-01', ATTENDANCE_REPORT_TEXT.backwards],
      ['from=2025-01-01&to=2026-11-30', ATTENDANCE_REPORT_TEXT.tooLong],
      ['from=2026-13-01&to=2026-11-30', ATTENDANCE_REPORT_TEXT.badDate],
      [`${PERIOD}&page=0`, ATTENDANCE_REPORT_TEXT.badPage],
    ]) {
      expect(await s.a.get(`${REPORT}/classes?${query}`)).toMatchObject({ status: 400, body: [false, text] });
    }
  });

  it('is the owner’s: a teacher, a parent 403; another studio sees none of it', async () => {
    for (const path of ['classes', 'dancers', 'makeups'].map((p) => `${REPORT}/${p}?${PERIOD}`)) {
      expect(await teacher.get(path)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
      expect((await parentP.get(path)).status).toBe(403);
    }
    expect((await teacher.get(`${REPORT}/streaks`)).status).toBe(403);
    expect((await teacher.get(`${REPORT}/classes.csv?${PERIOD}`)).status).toBe(403);
    expect((await s.b.get(`${REPORT}/classes?${PERIOD}`)).body[1].total).toBe(0);
    expect((await s.b.get(`${REPORT}/streaks`)).body[1].items).toEqual([]);
  });
});

describe('GET attendance/report/dancers', () => {
  it('gives each dancer their figures across their classes', async () => {
    const res = await s.a.get(`${REPORT}/dancers?${PERIOD}`);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body[1].items.map((d: { firstName: string }) => [d.firstName, d]));
    expect(res.body[1].total).toBe(3);
    expect(byName.Ann).toMatchObject({
      classes: ['Ballet I'],
      held: 6,
      expected: 6,
      present: 5,
      late: 1,
      rate: 100,
    });
    expect(byName.Bea).toMatchObject({ present: 2, late: 1, absent: 2, excused: 1, notMarked: 0, rate: 50 });
    expect(byName.Cal).toMatchObject({ present: 2, absent: 3, notMarked: 1, rate: 40, familyId: ids.famQ });
  });

  it('counts each dancer on a roster in the period once, on every page, and no one who joins after it', async () => {
    const dee = await createStudent(db(), {
      companyId: s.companyA,
      familyId: ids.famQ,
      firstName: 'Dee',
      lastName: 'Lane',
    });
    const added = await Promise.all([
      registerInClass(db(), { companyId: s.companyA, classId: ids.formula, studentId: ids.ann }),
      registerInClass(db(), {
        companyId: s.companyA,
        classId: ids.ballet,
        studentId: dee.id,
        dateI: '2026-12-01',
      }),
    ]);
    try {
      const first = await s.a.get(`${REPORT}/dancers?${PERIOD}&page=1`);
      expect(first.body[1].total).toBe(3);
      const ann = first.body[1].items.find((d: { firstName: string }) => d.firstName === 'Ann');
      expect(ann.classes).toEqual(['=HYPERLINK("x")', 'Ballet I']);
      const past = await s.a.get(`${REPORT}/dancers?${PERIOD}&page=2`);
      expect(past.body[1]).toMatchObject({ items: [], total: 3, page: 2 });
      const december = await s.a.get(`${REPORT}/dancers?from=2026-12-01&to=2026-12-31&page=1`);
      expect(december.body[1].total).toBe(4);
    } finally {
      await db()
        .delete(classRegistrations)
        .where(
          inArray(
            classRegistrations.id,
            added.map((r) => r.id),
          ),
        );
      await db().delete(students).where(eq(students.id, dee.id));
    }
  });
});

describe('GET attendance/report/streaks', () => {
  it('lists exactly the dancer absent the last three times, with the dates and the family’s phone', async () => {
    const res = await s.a.get(`${REPORT}/streaks`);
    expect(res.body[1]).toEqual({
      today: '2026-11-21',
      items: [
        {
          studentId: ids.bea,
          firstName: 'Bea',
          lastName: 'Lane',
          familyId: ids.famP,
          familyName: expect.any(String),
          phone: '9735550150',
          clSchID: ids.ballet,
          className: 'Ballet I',
          dates: ['2026-11-16', '2026-11-09', '2026-11-02'],
          statuses: ['absent', 'excused', 'absent'],
        },
      ],
    });
  });
});

describe('GET attendance/report/streaks, the marks the rule counts', () => {
  it('leaves out a mark at a meeting a closure cancelled, and one on a day the class does not meet', async () => {
    // Cal missed 10-19 too; Ballet I's 11-16 is then cancelled, so her last three marked meetings are
    // absences and her 11-16 "present" no longer counts; a mark on a Wednesday (not a meeting) neither.
    const calOn = (date: string) =>
      and(
        eq(attendanceMarks.classId, ids.ballet),
        eq(attendanceMarks.studentId, ids.cal),
        eq(attendanceMarks.meetingDate, date),
      );
    await db().update(attendanceMarks).set({ status: 'absent' }).where(calOn('2026-10-19'));
    const [closure] = await db()
      .insert(classClosures)
      .values({
        companyId: s.companyA,
        classId: ids.ballet,
        dateFrom: '2026-11-16',
        dateTo: '2026-11-16',
        reason: 'Recital rehearsal',
      })
      .returning({ id: classClosures.id });
    await db().insert(attendanceMarks).values({
      companyId: s.companyA,
      classId: ids.ballet,
      meetingDate: '2026-11-18',
      studentId: ids.cal,
      status: 'present',
    });
    try {
      const res = await s.a.get(`${REPORT}/streaks`);
      expect(
        res.body[1].items.map((i: { firstName: string; dates: string[] }) => [i.firstName, i.dates]),
      ).toEqual([['Cal', ['2026-11-09', '2026-11-02', '2026-10-19']]]);
    } finally {
      await db().delete(attendanceMarks).where(calOn('2026-11-18'));
      await db().delete(classClosures).where(eq(classClosures.id, closure!.id));
      await db().update(attendanceMarks).set({ status: 'present' }).where(calOn('2026-10-19'));
    }
  });
});

describe('GET attendance/report/makeups', () => {
  it('counts credits given by source, booked, used, expired and removed in the period', async () => {
    const res = await s.a.get(`${REPORT}/makeups?from=2026-11-01&to=2026-11-30`);
    expect(res.body[1].total).toEqual({
      givenAbsence: 3,
      givenClosure: 0,
      givenOwner: 1,
      booked: 1,
      used: 1,
      expired: 1,
      removed: 1,
    });
    expect(res.body[1].classes.map((c: { name: string }) => c.name)).toEqual(['Ballet I', 'Given by hand']);
    expect(res.body[1]).toMatchObject({ count: 2, page: 1, pageSize: 50 });
    // A page past the last has no class, and the same totals: they are every class's.
    const next = await s.a.get(`${REPORT}/makeups?from=2026-11-01&to=2026-11-30&page=2`);
    expect(next.body[1]).toMatchObject({ classes: [], count: 2, page: 2, total: res.body[1].total });
  });

  it("takes each day in the studio's time zone: the period's first and last evenings in, the evening before out", async () => {
    const [a] = await db()
      .select({ id: familyAccounts.id })
      .from(familyAccounts)
      .where(eq(familyAccounts.companyId, s.companyA))
      .limit(1);
    const [dancer] = await db()
      .select({ id: students.id })
      .from(students)
      .where(eq(students.familyId, a!.id))
      .limit(1);
    // New York: 22:30 on 31 October (out), 20:00 on 1 November, 22:00 on 30 November (in).
    const byHand = (at: string) => ({
      companyId: s.companyA,
      familyId: a!.id,
      studentId: dancer!.id,
      source: 'owner' as const,
      classId: null,
      expiresOn: '2026-12-31',
      createdAt: new Date(at),
    });
    const added = await db()
      .insert(makeupCredits)
      .values([
        byHand('2026-11-01T02:30:00Z'),
        byHand('2026-11-02T01:00:00Z'),
        byHand('2026-12-01T03:00:00Z'),
      ])
      .returning({ id: makeupCredits.id });
    try {
      const res = await s.a.get(`${REPORT}/makeups?from=2026-11-01&to=2026-11-30`);
      expect(res.body[1].total.givenOwner).toBe(3);
      const october = await s.a.get(`${REPORT}/makeups?from=2026-10-31&to=2026-10-31`);
      expect(october.body[1].total.givenOwner).toBe(1);
    } finally {
      await db()
        .delete(makeupCredits)
        .where(
          inArray(
            makeupCredits.id,
            added.map((c) => c.id),
          ),
        );
    }
  });
});

describe('the CSV files', () => {
  it('answer every row with the header, formulas defused', async () => {
    const res = await s.a.get(`${REPORT}/classes.csv?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename=".*attendance-classes-2026-10-01-to-2026-11-30\.csv"/,
    );
    expect(csvRows(res.body)).toEqual([
      'Class,Day,Starts,Teacher,Meetings held,Expected,Present,Late,Absent,Excused,Not marked,Rate %',
      'Ballet I,Monday,16:00,Lena Ortiz,6,18,9,2,5,1,1,65',
      `"'=HYPERLINK(""x"")",Wednesday,16:00,Lena Ortiz,7,0,0,0,0,0,0,`,
    ]);
    const dancers = csvRows((await s.a.get(`${REPORT}/dancers.csv?${PERIOD}`)).body);
    expect(dancers[0]).toBe(
      'Last name,First name,Classes,Meetings held,Expected,Present,Late,Absent,Excused,Not marked,Rate %',
    );
    expect(dancers.slice(1)).toEqual([
      'Lane,Ann,Ballet I,6,6,5,1,0,0,0,100',
      'Lane,Bea,Ballet I,6,6,2,1,2,1,0,50',
      'Lane,Cal,Ballet I,6,6,2,0,3,0,1,40',
    ]);
    const makeups = csvRows((await s.a.get(`${REPORT}/makeups.csv?from=2026-11-01&to=2026-11-30`)).body);
    expect(makeups).toEqual([
      'Class,Given for an absence,Given for a closure,Given by hand,Booked,Used,Expired,Removed',
      'Ballet I,3,0,0,1,1,1,0',
      'Given by hand,0,0,1,0,0,0,1',
      'Total,3,0,1,1,1,1,1',
    ]);
    const streaks = csvRows((await s.a.get(`${REPORT}/streaks.csv`)).body);
    expect(streaks).toEqual([
      'Last name,First name,Class,Family,Phone,Missed meetings',
      'Lane,Bea,Ballet I,Parent,9735550150,2026-11-16 absent; 2026-11-09 excused; 2026-11-02 absent',
    ]);
  });
});

describe("a family's attendance", () => {
  it('shows the owner a family of the studio, per dancer and class, with the last meetings', async () => {
    const res = await s.a.get(`/api/mystudio/account/${ids.famP}/attendance?${PERIOD}`);
    expect(res.status).toBe(200);
    const [ann, bea] = res.body[1].dancers;
    expect(ann).toMatchObject({ studentId: ids.ann, firstName: 'Ann' });
    expect(bea.classes).toEqual([
      expect.objectContaining({ clSchID: ids.ballet, name: 'Ballet I', rate: 50, held: 6 }),
    ]);
    expect(bea.classes[0].last).toEqual(HELD.map((date, i) => ({ date, status: MARKS.bea[i] })));
    expect((await s.b.get(`/api/mystudio/account/${ids.famP}/attendance?${PERIOD}`)).status).toBe(404);
    expect((await teacher.get(`/api/mystudio/account/${ids.famP}/attendance`)).status).toBe(403);
  });

  it('shows a parent their own family only: parent Q sees nothing of P’s', async () => {
    const p = (await parentP.get(`/api/parents/attendance?${PERIOD}`)).body[1];
    expect(p.dancers.map((d: { firstName: string }) => d.firstName)).toEqual(['Ann', 'Bea']);
    const q = (await parentQ.get(`/api/parents/attendance?${PERIOD}`)).body[1];
    expect(q.dancers.map((d: { firstName: string }) => d.firstName)).toEqual(['Cal']);
    expect(JSON.stringify(q)).not.toContain(ids.ann);
    expect(q.dancers[0].classes[0].last.map((m: { status: string | null }) => m.status)).toEqual(MARKS.cal);
    // Without a period: the current term's, up to today.
    const term = (await parentQ.get('/api/parents/attendance')).body[1];
    expect(term.dancers[0].classes[0]).toMatchObject({ present: 2, absent: 3 });
    expect((await s.a.get('/api/parents/attendance')).status).toBe(403);
  });
});

describe("a family's attendance, read from its dancers (issue 39 point 3)", () => {
  it('finds the registrations by each of the family’s dancers, never among the studio’s', async () => {
    const text = await planWithoutSeqScans(
      db(),
      familyClassesStatement(s.companyA, ids.famP, '2026-09-01', '2027-06-30'),
    );
    // The family's dancers first, then each one's registrations by the studio-and-dancer index.
    expect(text).toMatch(/class_registrations_student_idx[\s\S]*student_id = s\.id/);
  });
});

describe('a page of dancers’ rosters (issue 39 point 3)', () => {
  it('reads the registrations from the dancers, whatever the classes listed, in the plan kept for any studio', async () => {
    const lists = {
      classIds: JSON.stringify([ids.ballet, ids.formula]),
      studentIds: JSON.stringify([ids.ann]),
    };
    const plan = await genericPlan(
      db(),
      classRostersRead(db(), s.companyA, lists, '2026-09-01', '2026-11-30'),
    );
    expect(plan).toContain('class_registrations_student_idx');
    expect(plan).not.toContain('class_registrations_class_idx');
  });
});

describe('the make-ups report at any size (issue 39 point 3)', () => {
  it('turns the period into instants once, not for every credit or booking, in the plan kept for any studio', async () => {
    const q = { from: '2026-09-01', to: '2026-11-30', timeZone: 'America/New_York' };
    const { credits, bookings } = makeupFactsStatements(s.companyA, q);
    for (const statement of [credits, bookings]) {
      const plan = await genericPlan(db(), statement);
      // The zone's conversion (`AT TIME ZONE`) only in the one row of bounds, which the plan does not show.
      expect(plan).toMatch(/CTE Scan on bounds/);
      expect(plan).not.toMatch(/AT TIME ZONE|timezone\(/);
    }
  });
});

describe('the early warning at any size (issue 39 point 3, decision 142)', () => {
  it("reads the kept pairs by the studio's index, in the plan kept for any studio", async () => {
    const plan = await genericPlan(db(), streakCandidates(db(), s.companyA, '2026-07-24'));
    expect(plan).toContain('attendance_streaks_company_since_idx');
    expect(plan).not.toContain('attendance_marks');
  });
});
