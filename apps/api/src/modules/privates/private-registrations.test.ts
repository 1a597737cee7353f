import { messages, privateMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { createdPrivate, type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { type Caller, MALFORMED_ID, targetAuditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { privateRegistrationActivity, privateRegistrations } from '../../db/schema/privates';
import { auditLog } from '../../db/schema/security';

const { t, s } = useTwoStudios();
let a: ScheduleRecords;
let b: ScheduleRecords;
let lessonA: string;
let lessonB: string;
let familyA: string;
let studentB: string;

const URL = '/api/mystudio/privates/reg/student';

beforeAll(async () => {
  a = await scheduleRecords(s.a, s.termA.id);
  b = await scheduleRecords(s.b, s.termB.id);
  // A price for many dancers: the tests below register many students in this one lesson.
  const group = await s.a.post('/api/mystudio/tuition/privates', {
    yearTermID: s.termA.id,
    name: 'Big group',
    price: 40,
    nDancers: 30,
  });
  lessonA = await createdPrivate(s.a, a, { priceID: group.body[1].id, type: 4 });
  lessonB = await createdPrivate(s.b, b);
  familyA = (await createFamily(t.database.db, s.companyA)).id;
  const familyB = (await createFamily(t.database.db, s.companyB)).id;
  studentB = (await createStudent(t.database.db, { companyId: s.companyB, familyId: familyB })).id;
});

const newStudent = async () =>
  (await createStudent(t.database.db, { companyId: s.companyA, familyId: familyA })).id;
const registrationsOf = (studentId: string) =>
  t.database.db.select().from(privateRegistrations).where(eq(privateRegistrations.studentId, studentId));
const activityOf = async (registrationId: string) =>
  (
    await t.database.db
      .select()
      .from(privateRegistrationActivity)
      .where(eq(privateRegistrationActivity.privateRegistrationId, registrationId))
  )[0];
const body = (studentID: string, over: Record<string, unknown> = {}) => ({
  studentID,
  privID: lessonA,
  price: '$55.00',
  dateStart: '2026-10-01',
  ...over,
});

describe('POST api/mystudio/privates/reg/student', () => {
  it('registers a student until the term’s end, with its activity, in one go, audited', async () => {
    const student = await newStudent();
    const res = await s.a.post(URL, body(student));
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual({
      rData: { privRegID: expect.any(String), privRegActID: expect.any(String), dateEnd: s.termA.dateEnd },
      msg: messages.insertSuccessful,
    });
    const { privRegID, privRegActID } = res.body[1].rData;
    expect(await registrationsOf(student)).toMatchObject([
      {
        id: privRegID,
        companyId: s.companyA,
        privateId: lessonA,
        price: 5500,
        dateStart: '2026-10-01',
        dateEnd: s.termA.dateEnd,
        regStatus: 1,
      },
    ]);
    expect(await activityOf(privRegID)).toMatchObject({
      id: privRegActID,
      active: true,
      competition: true,
      recital: true,
      costume: true,
    });
    expect(await targetAuditCount(t, 'private_registration.create', privRegID)).toBe(1);
  });

  it.each([
    ['55.5', 5550],
    ['$1,234.50', 123450],
    [60, 6000],
    ['  $0  ', 0],
  ])('reads the price %j as %i cents', async (price, cents) => {
    const student = await newStudent();
    expect((await s.a.post(URL, body(student, { price }))).status).toBe(200);
    expect((await registrationsOf(student))[0]?.price).toBe(cents);
  });

  it('takes the term’s first and last days, and refuses a start outside the term (422)', async () => {
    for (const dateStart of [s.termA.dateStart, s.termA.dateEnd]) {
      expect((await s.a.post(URL, body(await newStudent(), { dateStart }))).status).toBe(200);
    }
    const student = await newStudent();
    for (const dateStart of ['2026-08-31', '2027-07-01']) {
      expect(await s.a.post(URL, body(student, { dateStart }))).toMatchObject({
        status: 422,
        body: [false, privateMessages.dateOutsideTerm('Sep 1, 2026', 'Jun 30, 2027')],
      });
    }
    expect(await registrationsOf(student)).toEqual([]);
  });

  it.each([
    ['no price', { price: undefined }, messages.insufficientData],
    ['an empty price', { price: '$' }, messages.insufficientData],
    ['a price in words', { price: 'fifty' }, privateMessages.price],
    ['a negative price', { price: -5 }, privateMessages.price],
    ['a fraction of a cent', { price: '55.555' }, privateMessages.price],
    ['no start date', { dateStart: undefined }, messages.insufficientData],
    ['a malformed student id', { studentID: MALFORMED_ID }, messages.invalidId],
  ])('refuses %s (400)', async (_label, over, message) => {
    const student = await newStudent();
    expect(await s.a.post(URL, body(student, over))).toMatchObject({ status: 400, body: [false, message] });
    expect(await registrationsOf(student)).toEqual([]);
  });

  it("answers 404 for another studio's student or lesson, writing nothing", async () => {
    expect(await s.a.post(URL, body(studentB))).toMatchObject({
      status: 404,
      body: [false, privateMessages.studentNotFound],
    });
    expect(await registrationsOf(studentB)).toEqual([]);
    const student = await newStudent();
    for (const privID of [lessonB, UNKNOWN_ID]) {
      expect(await s.a.post(URL, body(student, { privID }))).toMatchObject({
        status: 404,
        body: [false, privateMessages.notFound],
      });
    }
    expect(await registrationsOf(student)).toEqual([]);
  });

  it('answers 409 for a student already registered, however many ask at once', async () => {
    const student = await newStudent();
    expect((await s.a.post(URL, body(student))).status).toBe(200);
    expect(await s.a.post(URL, body(student, { price: 10 }))).toMatchObject({
      status: 409,
      body: [false, privateMessages.alreadyRegistered],
    });
    const racer = await newStudent();
    const answers = await Promise.all([1, 2, 3].map(() => s.a.post(URL, body(racer))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await registrationsOf(racer)).toHaveLength(1);
  });

  it('refuses a parent (403) and no session (401)', async () => {
    const student = await newStudent();
    expect((await s.parent.post(URL, body(student))).status).toBe(403);
    expect((await s.anonymous.post(URL, body(student))).status).toBe(401);
    expect(await registrationsOf(student)).toEqual([]);
  });
});

describe('PUT api/mystudio/privates/reg/{regID}', () => {
  const update = (regID: string, payload: Record<string, unknown>, who: Caller = s.a) =>
    who.put(`/api/mystudio/privates/reg/${regID}`, payload);
  const state = async (regID: string) => {
    const [reg] = await t.database.db
      .select()
      .from(privateRegistrations)
      .where(eq(privateRegistrations.id, regID));
    const act = await activityOf(regID);
    return {
      regStatus: reg!.regStatus,
      active: act!.active,
      competition: act!.competition,
      recital: act!.recital,
      costume: act!.costume,
    };
  };
  const ALL_ON = { regStatus: 1, active: true, competition: true, recital: true, costume: true };
  const registered = async () =>
    (await s.a.post(URL, body(await newStudent()))).body[1].rData.privRegID as string;

  it('step 1 sets the four flags and the registration status, audited', async () => {
    const regID = await registered();
    expect(await update(regID, { step: 1, status: 0 })).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful }],
    });
    expect(await state(regID)).toEqual({
      regStatus: 0,
      active: false,
      competition: false,
      recital: false,
      costume: false,
    });
    expect((await update(regID, { step: 1, status: true })).status).toBe(200);
    expect(await state(regID)).toEqual(ALL_ON);
    expect(await targetAuditCount(t, 'private_registration.activity', regID)).toBe(2);
  });

  it.each([
    [2, 'competition'],
    [3, 'recital'],
    [4, 'costume'],
  ] as const)('step %i sets the %s flag and nothing else', async (step, flag) => {
    const regID = await registered();
    expect((await update(regID, { step, status: 0 })).status).toBe(200);
    expect(await state(regID)).toEqual({ ...ALL_ON, [flag]: false });
    expect((await update(regID, { step, status: false })).status).toBe(200);
    expect((await update(regID, { step, status: 1 })).status).toBe(200);
    expect(await state(regID)).toEqual(ALL_ON);
  });

  it.each([
    ['step 5', { step: 5, status: 1 }, messages.insufficientData],
    ['no step', { status: 1 }, messages.insufficientData],
    // The status's own wording is the shared activity schema's (schedule), not this module's.
    ['no status', { step: 1 }, expect.any(String)],
  ])('refuses %s (400)', async (_label, payload, message) => {
    const regID = await registered();
    expect(await update(regID, payload)).toMatchObject({ status: 400, body: [false, message] });
    expect(await state(regID)).toEqual(ALL_ON);
  });

  it("answers 404 for another studio's registration, changing nothing", async () => {
    const studentInB = (
      await createStudent(t.database.db, {
        companyId: s.companyB,
        familyId: (await createFamily(t.database.db, s.companyB)).id,
      })
    ).id;
    const theirs = (
      await s.b.post(URL, { studentID: studentInB, privID: lessonB, price: 50, dateStart: s.termB.dateStart })
    ).body[1].rData.privRegID;
    for (const regID of [theirs, UNKNOWN_ID]) {
      expect(await update(regID, { step: 1, status: 0 })).toMatchObject({
        status: 404,
        body: [false, privateMessages.registrationNotFound],
      });
    }
    expect(await state(theirs)).toEqual(ALL_ON);
    expect((await update(MALFORMED_ID, { step: 1, status: 0 })).status).toBe(400);
  });

  it('refuses a parent (403) and no session (401)', async () => {
    const regID = await registered();
    expect((await update(regID, { step: 1, status: 0 }, s.parent)).status).toBe(403);
    expect((await update(regID, { step: 1, status: 0 }, s.anonymous)).status).toBe(401);
    expect(await state(regID)).toEqual(ALL_ON);
  });
});

describe('the places a private lesson’s price names', () => {
  /** A lesson of `type` priced for `nDancers`, and `n` new students of the studio. */
  async function lessonFor(name: string, nDancers: number, type: number) {
    const price = await s.a.post('/api/mystudio/tuition/privates', {
      yearTermID: s.termA.id,
      name,
      price: 45,
      nDancers,
    });
    expect(price.status, JSON.stringify(price.body)).toBe(200);
    return createdPrivate(s.a, a, { priceID: price.body[1].id, type });
  }
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => newStudent()));
  const registrationsIn = (privateId: string) =>
    t.database.db.select().from(privateRegistrations).where(eq(privateRegistrations.privateId, privateId));

  it('refuses a third dancer in a duet (409), writing nothing, and says so in a sentence', async () => {
    const duet = await lessonFor('Duet', 2, 2);
    const [one, two, three] = await students(3);
    for (const student of [one!, two!]) {
      expect((await s.a.post(URL, body(student, { privID: duet }))).status).toBe(200);
    }
    expect(await s.a.post(URL, body(three!, { privID: duet }))).toMatchObject({
      status: 409,
      body: [false, privateMessages.placesFull('Duet', 2)],
      headers: { 'x-error-reason': 'places_full' },
    });
    expect(privateMessages.placesFull('Duet', 2)).toBe(
      "This private lesson's price (Duet) is for 2 dancers, and all 2 places are taken. Choose a price for more dancers, or confirm that you want to register one more.",
    );
    expect(await registrationsIn(duet)).toHaveLength(2);
    expect(await registrationsOf(three!)).toEqual([]);
    // The lesson answers its places beside its count.
    expect((await s.a.get(`/api/mystudio/privates/${duet}`)).body[1].info).toMatchObject({
      nDancers: 2,
      nReg: 2,
    });
  });

  it('lets the owner knowingly register past the places (override), audited as such', async () => {
    const solo = await lessonFor('Solo plus', 1, 1);
    const [first, second] = await students(2);
    expect((await s.a.post(URL, body(first!, { privID: solo }))).status).toBe(200);
    const res = await s.a.post(URL, body(second!, { privID: solo, override: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await registrationsIn(solo)).toHaveLength(2);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, res.body[1].rData.privRegID));
    expect(entry!.detail).toMatchObject({ pastPlaces: { nDancers: 1, registered: 2 } });
  });

  it('counts a dancer set inactive as holding their place', async () => {
    const duet = await lessonFor('Duet paused', 2, 2);
    const [one, two, three] = await students(3);
    const first = await s.a.post(URL, body(one!, { privID: duet }));
    await s.a.post(URL, body(two!, { privID: duet }));
    expect(
      (await s.a.put(`/api/mystudio/privates/reg/${first.body[1].rData.privRegID}`, { step: 1, status: 0 }))
        .status,
    ).toBe(200);
    expect((await s.a.post(URL, body(three!, { privID: duet }))).status).toBe(409);
  });

  it('holds a group to its price’s number of dancers too', async () => {
    const group = await lessonFor('Group of 3', 3, 4);
    const dancers = await students(4);
    for (const student of dancers.slice(0, 3)) {
      expect((await s.a.post(URL, body(student, { privID: group }))).status).toBe(200);
    }
    expect(await s.a.post(URL, body(dancers[3]!, { privID: group }))).toMatchObject({
      status: 409,
      body: [false, privateMessages.placesFull('Group of 3', 3)],
    });
  });

  it('lets only as many as the places through when registrations arrive at once', async () => {
    const duet = await lessonFor('Duet burst', 2, 2);
    const burst = await students(8);
    const answers = await Promise.all(burst.map((student) => s.a.post(URL, body(student, { privID: duet }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    expect(await registrationsIn(duet)).toHaveLength(2);
  });
});
