import { STAFF_TEXT, type StaffMember, type TeacherClasses } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContact, createFamily, createStudent, registerInClass } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { countQueries } from '../../../test/query-count';
import { auditCount, type Caller, caller, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { students } from '../../db/schema/families';
import { mailOutbox } from '../../db/schema/mail';
import { memberships } from '../../db/schema/memberships';

const { t, s } = useTwoStudios();

const URL = '/api/mystudio/staff/registration';
const PASSWORD = 'Teach1234';

// biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
async function ok(answer: Promise<{ status: number; body: any }>) {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1];
}

const teacherFields = (firstName: string, email: string) => ({
  firstName,
  lastName: 'Ortiz',
  address: '9 Oak Ave',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  phone: '9735550177',
  email,
});

async function addTeacher(owner: Caller, firstName: string, email: string): Promise<string> {
  return (await ok(owner.post('/api/mystudio/teachers', teacherFields(firstName, email)))).id;
}

const mailsTo = async (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
/** The secret of the newest invitation link mailed to `to`. */
async function linkOf(to: string): Promise<string> {
  const mails = await mailsTo(to);
  const newest = mails.sort((a, b) => +b.createdAt - +a.createdAt || (b.id > a.id ? 1 : -1))[0];
  const match = /\/staff\/invitation#([A-Za-z0-9_-]+)/.exec(newest?.text ?? '');
  if (!match) throw new Error(`no invitation to ${to}`);
  return match[1]!;
}
const listOf = async (owner: Caller) => (await ok(owner.get(URL))) as StaffMember[];
const stateOf = async (owner: Caller, id: string) => (await listOf(owner)).find((m) => m.teacherID === id);

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  }
  return [];
}

const scene = {
  family: '',
  mia: '',
  room: '',
  term: '',
  price: '',
  ownTeacher: '',
  otherTeacher: '',
  ownClass: '',
  otherClass: '',
};

beforeAll(async () => {
  const owner = s.a;
  const loc = await ok(
    owner.post('/api/mystudio/locations', {
      loc: {
        name: 'Main',
        address: '1 Main St',
        city: 'Newark',
        state: 'NJ',
        zipcode: '07102',
        phone: '9735550100',
      },
      rooms: [{ name: 'Studio 1' }],
    }),
  );
  scene.room = loc.RoomIDs[0];
  scene.term = (await ok(owner.get('/api/mystudio/yearTerms')))[0].id;
  scene.price = (
    await ok(owner.post('/api/mystudio/tuition/classes', { yearTermID: scene.term, duration: 60, price: 65 }))
  ).id;
  scene.ownTeacher = await addTeacher(owner, 'Lena', 'lena@teach.example');
  scene.otherTeacher = await addTeacher(owner, 'Omar', 'omar@teach.example');
  const addClass = async (name: string, teacherID: string, timeStart: string, timeEnd: string) =>
    (
      await ok(
        owner.post('/api/mystudio/schedule/class', {
          class: {
            name,
            day: 6,
            timeStart,
            timeEnd,
            yearTermID: scene.term,
            teacherID,
            roomID: scene.room,
            priceID: scene.price,
          },
          dncNum: [],
        }),
      )
    ).id as string;
  scene.ownClass = await addClass('Ballet 1', scene.ownTeacher, '10:00', '11:00');
  scene.otherClass = await addClass('Tap 2', scene.otherTeacher, '11:00', '12:00');
  const db = t.database.db;
  const family = await createFamily(db, s.companyA);
  await createContact(db, { companyId: s.companyA, familyId: family.id });
  const mia = await createStudent(db, {
    companyId: s.companyA,
    familyId: family.id,
    firstName: 'Mia',
    lastName: 'Dancer',
    dob: '2018-05-01',
  });
  await db
    .update(students)
    .set({ allergies: 'Peanuts', teacherNote: 'Shy at first' })
    .where(eq(students.id, mia.id));
  scene.family = family.id;
  scene.mia = mia.id;
  const zoe = await createStudent(db, { companyId: s.companyA, familyId: family.id, firstName: 'Zoe' });
  await registerInClass(db, { companyId: s.companyA, classId: scene.ownClass, studentId: mia.id });
  await registerInClass(db, { companyId: s.companyA, classId: scene.otherClass, studentId: zoe.id });
});

describe("a student's allergies and note for teachers", () => {
  const mia = (over: Record<string, unknown>) => ({
    type: 'student',
    user: { id: scene.mia, firstName: 'Mia', lastName: 'Dancer', dob: '2018-05-01', ...over },
  });
  const studentsOf = async () =>
    (await ok(s.a.get(`/api/mystudio/account/${scene.family}/students`))).students as {
      id: string;
      allergies?: string;
      teacherNote?: string;
    }[];

  it('the owner sets them on the student, sees them on the overview, and they are logged', async () => {
    await ok(
      s.a.put(
        '/api/mystudio/account/user/',
        mia({ allergies: 'Peanuts, bees', teacherNote: 'Wears glasses' }),
      ),
    );
    expect((await studentsOf()).find((x) => x.id === scene.mia)).toMatchObject({
      allergies: 'Peanuts, bees',
      teacherNote: 'Wears glasses',
    });
    // Left out, they stay as they are.
    await ok(s.a.put('/api/mystudio/account/user/', mia({})));
    expect((await studentsOf()).find((x) => x.id === scene.mia)?.allergies).toBe('Peanuts, bees');
  });

  it('refuses them past their length with a sentence, changing nothing', async () => {
    const res = await s.a.put('/api/mystudio/account/user/', mia({ allergies: 'x'.repeat(201) }));
    expect(res.status).toBe(400);
    expect(res.body[1]).toMatch(/200/);
    expect((await studentsOf()).find((x) => x.id === scene.mia)?.allergies).toBe('Peanuts, bees');
  });
});

describe('constant statements', () => {
  /** The round trips of a call, the session read again first (its cache dropped). */
  const measure = async (who: Caller, url: string) => {
    t.database.changes.bump();
    const { count, result } = await countQueries(t, () => who.get(url));
    expect(result.status).toBe(200);
    return count;
  };

  it('My classes and Staff → Registration cost the same whatever the classes, dancers and teachers', async () => {
    await ok(s.a.post(URL, { teacherID: scene.otherTeacher }));
    const token = await linkOf('omar@teach.example');
    await ok(s.anonymous.post('/api/staff/invitation/accept', { token, password: PASSWORD }));
    const omar = caller(t, (await signIn(t, 'omar@teach.example', PASSWORD)).token);
    const small = { classes: await measure(omar, '/api/teacher/classes'), list: await measure(s.a, URL) };

    const db = t.database.db;
    for (let i = 0; i < 4; i++) {
      const id = (
        await ok(
          s.a.post('/api/mystudio/schedule/class', {
            class: {
              name: `Tap ${i + 3}`,
              day: i,
              timeStart: '18:00',
              timeEnd: '19:00',
              yearTermID: scene.term,
              teacherID: scene.otherTeacher,
              roomID: scene.room,
              priceID: scene.price,
            },
            dncNum: [],
          }),
        )
      ).id as string;
      const family = await createFamily(db, s.companyA);
      await createContact(db, { companyId: s.companyA, familyId: family.id });
      for (let k = 0; k < 3; k++) {
        const kid = await createStudent(db, {
          companyId: s.companyA,
          familyId: family.id,
          firstName: `Kid${i}${k}`,
        });
        await registerInClass(db, { companyId: s.companyA, classId: id, studentId: kid.id });
      }
      await addTeacher(s.a, `Extra${i}`, `extra${i}@teach.example`);
    }
    const mine = (await ok(omar.get('/api/teacher/classes'))) as TeacherClasses;
    expect(mine.classes).toHaveLength(5);
    expect(mine.classes.flatMap((c) => c.dancers)).toHaveLength(13);
    expect(await measure(omar, '/api/teacher/classes')).toBe(small.classes);
    expect(await measure(s.a, URL)).toBe(small.list);
    expect(small.classes).toBeLessThanOrEqual(10);
  });
});

describe('teachers who sign in', () => {
  let teacherToken = '';

  it('lists the teachers with no sign-in yet, and refuses parents, teachers and visitors', async () => {
    expect(await stateOf(s.a, scene.ownTeacher)).toMatchObject({
      state: 'none',
      email: 'lena@teach.example',
    });
    expect((await s.parent.get(URL)).status).toBe(403);
    expect((await s.anonymous.get(URL)).status).toBe(401);
    expect((await listOf(s.b)).some((m) => m.teacherID === scene.ownTeacher)).toBe(false);
  });

  it("refuses another studio's teacher with 404, changing nothing", async () => {
    expect(await s.b.post(URL, { teacherID: scene.ownTeacher })).toMatchObject({
      status: 404,
      body: [false, STAFF_TEXT.teacherNotFound],
    });
    expect((await s.b.delete(`${URL}/${scene.ownTeacher}`)).status).toBe(404);
    expect((await s.a.post(URL, { teacherID: UNKNOWN_ID })).status).toBe(404);
    expect(await mailsTo('lena@teach.example')).toHaveLength(0);
  });

  it('invites: one mail with the link, a pending membership, audited; sending again retires the first link', async () => {
    const before = await auditCount(t, s.companyA, 'staff.teacher_invited');
    expect(await s.a.post(URL, { teacherID: scene.ownTeacher })).toMatchObject({
      status: 200,
      body: [true, { msg: STAFF_TEXT.invited('Lena Ortiz') }],
    });
    expect(await mailsTo('lena@teach.example')).toHaveLength(1);
    const first = await linkOf('lena@teach.example');
    const listed = await stateOf(s.a, scene.ownTeacher);
    expect(listed).toMatchObject({ state: 'invited', expired: false, invitedAt: expect.any(String) });
    expect(new Date(listed!.expiresAt!).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await auditCount(t, s.companyA, 'staff.teacher_invited')).toBe(before + 1);
    const [member] = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.teacherId, scene.ownTeacher));
    expect(member).toMatchObject({ role: 'teacher', pending: true });

    await ok(s.a.post(URL, { teacherID: scene.ownTeacher }));
    expect(await mailsTo('lena@teach.example')).toHaveLength(2);
    expect(await s.anonymous.post('/api/staff/invitation', { token: first })).toMatchObject({
      status: 400,
      body: [false, STAFF_TEXT.linkInvalid],
    });
  });

  it('the link names the studio; a weak password changes nothing; a good one opens the sign-in', async () => {
    const token = await linkOf('lena@teach.example');
    expect(await ok(s.anonymous.post('/api/staff/invitation', { token }))).toEqual({
      studioName: expect.any(String),
      firstName: 'Lena',
      email: 'lena@teach.example',
      hasAccount: false,
    });
    expect((await s.anonymous.post('/api/staff/invitation/accept', { token, password: 'weak' })).status).toBe(
      400,
    );
    expect((await stateOf(s.a, scene.ownTeacher))?.state).toBe('invited');
    expect(
      await ok(s.anonymous.post('/api/staff/invitation/accept', { token, password: PASSWORD })),
    ).toMatchObject({
      email: 'lena@teach.example',
      cID: s.companyA,
    });
    // Once only.
    expect(
      (await s.anonymous.post('/api/staff/invitation/accept', { token, password: PASSWORD })).status,
    ).toBe(400);
    expect(await stateOf(s.a, scene.ownTeacher)).toMatchObject({
      state: 'active',
      activeSince: expect.any(String),
    });
    const session = await signIn(t, 'lena@teach.example', PASSWORD);
    expect(session.accts).toEqual([expect.objectContaining({ nPriv: 'teacher', cID: s.companyA })]);
    teacherToken = session.token;
  });

  it('a teacher who signs in already is not invited again', async () => {
    expect(await s.a.post(URL, { teacherID: scene.ownTeacher })).toMatchObject({
      status: 409,
      body: [false, STAFF_TEXT.alreadyActive],
    });
  });

  it('shows the teacher only their own classes, with dancers, allergies and phones, and no money', async () => {
    const teacher = caller(t, teacherToken);
    const mine = (await ok(teacher.get('/api/teacher/classes'))) as TeacherClasses;
    expect(mine.classes.map((c) => c.name)).toEqual(['Ballet 1']);
    expect(mine.classes[0]).toMatchObject({
      timeStart: '10:00',
      timeEnd: '11:00',
      room: 'Studio 1',
      location: 'Main',
    });
    expect(mine.classes[0]!.dancers).toEqual([
      expect.objectContaining({
        firstName: 'Mia',
        lastInitial: 'D.',
        age: 8,
        allergies: 'Peanuts, bees',
        note: 'Wears glasses',
      }),
    ]);
    expect(mine.classes[0]!.dancers[0]!.phones.length).toBeGreaterThan(0);
    const keys = keysOf(mine).map((k) => k.toLowerCase());
    for (const money of ['price', 'amount', 'balance', 'cost', 'pr0', 'tuition', 'email']) {
      expect(
        keys.some((k) => k.includes(money)),
        money,
      ).toBe(false);
    }
    expect(JSON.stringify(mine)).not.toContain('@');
  });

  it("refuses a teacher the owner's and parents' calls, and others the teacher's", async () => {
    const teacher = caller(t, teacherToken);
    for (const url of [URL, '/api/mystudio/teachers', '/api/mystudio/genres', '/api/parents/account']) {
      expect((await teacher.get(url)).status, url).toBe(403);
    }
    expect((await teacher.post(URL, { teacherID: scene.otherTeacher })).status).toBe(403);
    expect((await s.a.get('/api/teacher/classes')).status).toBe(403);
    expect((await s.parent.get('/api/teacher/classes')).status).toBe(403);
    expect((await s.anonymous.get('/api/teacher/classes')).status).toBe(401);
  });

  it("revokes: the teacher's session is refused at once, logged, and the list says revoked", async () => {
    const teacher = caller(t, teacherToken);
    expect((await teacher.get('/api/teacher/classes')).status).toBe(200);
    expect(await s.a.delete(`${URL}/${scene.ownTeacher}`)).toMatchObject({
      status: 200,
      body: [true, { msg: STAFF_TEXT.revoked('Lena Ortiz') }],
    });
    expect((await teacher.get('/api/teacher/classes')).status).toBe(401);
    expect(await stateOf(s.a, scene.ownTeacher)).toMatchObject({
      state: 'revoked',
      revokedAt: expect.any(String),
    });
    expect(await auditCount(t, s.companyA, 'staff.sign_in_revoked')).toBe(1);
    expect(await s.a.delete(`${URL}/${scene.ownTeacher}`)).toMatchObject({
      status: 409,
      body: [false, STAFF_TEXT.notSignedIn],
    });
    // Signing in finds no studio any more.
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'lena@teach.example', password: PASSWORD },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses an address that signs in here as a parent, with its sentence, changing nothing', async () => {
    const id = await addTeacher(s.a, 'Pat', 'parent@studio-a.example');
    expect(await s.a.post(URL, { teacherID: id })).toMatchObject({
      status: 409,
      body: [false, STAFF_TEXT.emailTakenHere],
    });
    expect(await mailsTo('parent@studio-a.example')).toHaveLength(0);
    expect(await t.database.db.select().from(memberships).where(eq(memberships.teacherId, id))).toHaveLength(
      0,
    );
  });

  it('adds the teacher membership to an account from elsewhere, accepted with its own password', async () => {
    const id = await addTeacher(s.a, 'Bea', 'owner@studio-b.example');
    await ok(s.a.post(URL, { teacherID: id }));
    const token = await linkOf('owner@studio-b.example');
    expect((await ok(s.anonymous.post('/api/staff/invitation', { token }))).hasAccount).toBe(true);
    expect(
      await s.anonymous.post('/api/staff/invitation/accept', { token, password: 'Wrong1234' }),
    ).toMatchObject({
      status: 401,
      body: [false, STAFF_TEXT.wrongPassword],
    });
    await ok(s.anonymous.post('/api/staff/invitation/accept', { token, password: 'Studio123' }));
    const session = await signIn(t, 'owner@studio-b.example');
    expect(session.accts.map((a) => (a as unknown as { nPriv: string }).nPriv).sort()).toEqual([
      'owner',
      'teacher',
    ]);
  });

  it('an expired link says so and changes nothing', async () => {
    const id = await addTeacher(s.a, 'Cai', 'cai@teach.example');
    await ok(s.a.post(URL, { teacherID: id }));
    const token = await linkOf('cai@teach.example');
    t.clock.advanceMinutes(8 * 24 * 60);
    const owner = caller(t, (await signIn(t, 'owner@studio-a.example')).token);
    expect((await stateOf(owner, id))?.expired).toBe(true);
    expect(
      await s.anonymous.post('/api/staff/invitation/accept', { token, password: PASSWORD }),
    ).toMatchObject({
      status: 400,
      body: [false, STAFF_TEXT.linkInvalid],
    });
    const [member] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.teacherId, id), eq(memberships.pending, true)));
    expect(member).toBeDefined();
  });
});
