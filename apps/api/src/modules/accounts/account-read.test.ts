import { messages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { yearTerms } from '../../db/schema/companies';
import { familyPeople } from '../../db/schema/families';
import { classes } from '../../db/schema/schedule';
import { users } from '../../db/schema/users';
import { INVITED_PASSWORD_HASH } from '../families/invitation';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';
import { ACCOUNT, deskFamily, enrolFamily, ok, registeredFamily, studentsOf } from './accounts.fixture';

const { t, s } = useTwoStudios();
let st: StudioSetting;
let patel = '';
let desk = '';
const cls = { ballet: '', tap: '', old: '' };

beforeAll(async () => {
  st = await setUpStudio(s.a, s.termA);
  patel = await registeredFamily(t, s.companyA, 'patel@parents.example');
  desk = await deskFamily(s.a, { user: { lastName: 'Ivanova' } });
  cls.ballet = await createClass(st, { name: 'Ballet I', day: 0, level: 2 });
  cls.tap = await createClass(st, {
    name: 'Tap',
    day: 3,
    timeStart: '18:00',
    timeEnd: '19:00',
    roomID: st.rooms[1],
    teacherID: st.teachers[1],
  });
  const [old] = await t.database.db
    .insert(yearTerms)
    .values({ companyId: s.companyA, name: 'Last year', dateStart: '2025-09-01', dateEnd: '2026-06-30' })
    .returning();
  const [oldClass] = await t.database.db
    .insert(classes)
    .values({
      companyId: s.companyA,
      yearTermId: old!.id,
      roomId: st.rooms[0],
      teacherId: st.teachers[0],
      priceId: st.price,
      name: 'Old ballet',
      day: 1,
      timeStart: '16:00',
      timeEnd: '17:00',
    })
    .returning();
  cls.old = oldClass!.id;
});

const get = (path: string, who: () => Caller = () => s.a) => who().get(`${ACCOUNT}/${path}`);

describe('GET api/mystudio/account/{id}/info', () => {
  it('answers the family, its users with how each signs in, and its contacts', async () => {
    const db = t.database.db;
    // A user who does not sign in, and one invited who has not set a password yet.
    await db.insert(familyPeople).values({
      companyId: s.companyA,
      familyId: patel,
      kind: 'user',
      firstName: 'Nora',
      lastName: 'Patel',
      phone: '9735550125',
      role: 'Grandmother',
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const [invited] = await db
      .insert(users)
      .values({
        email: 'ivan@parents.example',
        passwordHash: INVITED_PASSWORD_HASH,
        firstName: 'Ivan',
        lastName: 'Patel',
      })
      .returning();
    await db.insert(familyPeople).values({
      companyId: s.companyA,
      familyId: patel,
      kind: 'user',
      userId: invited!.id,
      firstName: 'Ivan',
      lastName: 'Patel',
      phone: '9735550126',
      role: 'Father',
      createdAt: new Date('2030-01-02T00:00:00Z'),
    });

    const answer = await ok(get(`${patel}/info`));
    expect(answer.info).toEqual({
      id: patel,
      coAcctMemID: patel,
      lastName: 'Patel',
      address: '15 Park Place',
      address2: 'Apt 2',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      phone: '9735550123',
      email: 'patel@parents.example',
      status: 'incomplete',
      createdAt: expect.stringMatching(/Z$/),
    });
    const person = (firstName: string, phone: string, role: string) => ({
      id: expect.any(String),
      firstName,
      lastName: 'Patel',
      phone,
      role,
    });
    expect(answer.users).toEqual([
      { ...person('Priya', '9735550123', 'Mother'), email: 'patel@parents.example', login: 'active' },
      { ...person('Nora', '9735550125', 'Grandmother'), email: '', login: 'none' },
      { ...person('Ivan', '9735550126', 'Father'), email: 'ivan@parents.example', login: 'invited' },
    ]);
    expect(answer.contacts).toEqual([person('Raj', '9735550124', 'Father')]);
  });

  it("follows the family's registrations: active once one counts", async () => {
    await enrolFamily(t, s.companyA, desk, cls.ballet, { isDropped: true, iStatus: -1 });
    expect((await ok(get(`${desk}/info`))).info.status).toBe('inactive');
    await enrolFamily(t, s.companyA, desk, cls.tap);
    expect((await ok(get(`${desk}/info`))).info.status).toBe('active');
  });
});

describe('GET api/mystudio/account/{id}/students', () => {
  it('answers the students and their classes of the current term, dropped ones too, prices in dollars', async () => {
    const [anika, dev] = await studentsOf(t, patel);
    await enrolFamily(t, s.companyA, patel, cls.ballet, {
      studentId: anika!.id,
      pr0: 6500,
      prI: 6050,
      prF: 5525,
      status: 1,
    });
    await enrolFamily(t, s.companyA, patel, cls.tap, {
      studentId: dev!.id,
      nTh: 1,
      iStatus: -1,
      isDropped: true,
      dateI: '2026-10-01',
      dateF: '2027-01-31',
    });
    await enrolFamily(t, s.companyA, patel, cls.old, { studentId: anika!.id });

    const answer = await ok(get(`${patel}/students`));
    expect(answer.students).toEqual([
      {
        id: anika!.id,
        firstName: 'Anika',
        lastName: 'Patel',
        phone: '',
        dob: '2015-03-14',
        gender: 'F',
        allergies: '',
        teacherNote: '',
      },
      {
        id: dev!.id,
        firstName: 'Dev',
        lastName: '',
        phone: '',
        dob: '2018-07-02',
        gender: 'F',
        allergies: '',
        teacherNote: '',
      },
    ]);
    expect(answer.classes).toEqual([
      {
        clsRegID: expect.any(String),
        clSchID: cls.ballet,
        acctStudentID: anika!.id,
        name: 'Ballet I',
        day: 0,
        timeStart: '16:00:00',
        timeEnd: '17:00:00',
        teacher: 'Maria Tallchief',
        room: 'Studio A',
        location: 'Main Studio',
        level: 2,
        Pr_0: 65,
        Pr_i: 60.5,
        Pr_f: 55.25,
        nTh: 0,
        iStatus: 10,
        status: 1,
        status_clsReg: 1,
        status_clsRegAct: 1,
        approved: true,
        Date_i: '2026-09-01',
        Date_f: '2027-06-30',
        isDropped: false,
      },
      expect.objectContaining({
        clSchID: cls.tap,
        acctStudentID: dev!.id,
        teacher: 'Arthur Mitchell',
        room: 'Studio B',
        nTh: 1,
        iStatus: -1,
        status_clsRegAct: 0,
        isDropped: true,
        Date_i: '2026-10-01',
        Date_f: '2027-01-31',
      }),
    ]);
    expect((await ok(get(`${patel}/info`))).info.status).toBe('active');
  });
});

describe('GET api/mystudio/account/{id}/aboutStudio', () => {
  it('answers how the family heard of the studio', async () => {
    expect(await ok(get(`${patel}/aboutStudio`))).toEqual({ option: 'Instagram', notes: 'Saw the recital' });
    expect(await ok(get(`${desk}/aboutStudio`))).toEqual({ option: 'Google', notes: 'Walked by' });
  });
});

describe('one account, whose it is', () => {
  const paths = ['info', 'students', 'logs', 'toc', 'aboutStudio'];

  it("answers 404 for another studio's account and an unknown one, 400 for a malformed id", async () => {
    for (const path of paths) {
      expect(await get(`${patel}/${path}`, () => s.b), path).toMatchObject({
        status: 404,
        body: [false, messages.accountNotFound],
      });
      expect((await get(`${UNKNOWN_ID}/${path}`)).status, path).toBe(404);
      expect((await get(`${MALFORMED_ID}/${path}`)).status, path).toBe(400);
    }
  });

  it('refuses a parent (403) and no session (401)', async () => {
    for (const path of paths) {
      expect((await get(`${patel}/${path}`, () => s.parent)).status, path).toBe(403);
      expect((await get(`${patel}/${path}`, () => s.anonymous)).status, path).toBe(401);
    }
  });
});
