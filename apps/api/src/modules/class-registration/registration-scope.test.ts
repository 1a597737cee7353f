import { classRegistrationMessages as text } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { createClass, setUpStudio } from '../schedule/schedule.fixture';
import { OWNER_REG, ok, PARENT_REG, PARENT_TUITION, registrationStudio } from './class-registration.fixture';
import { enrolmentFootprint, type QuickFamily, quickFamilies } from './registration-families.fixture';
import { type OraclePlan, scheduleOracle } from './registration-oracle';

/**
 * Issue 15: whose registrations a call reaches. A parent reaches their own family only, an owner their
 * own studio only (another's answers 404, as an unknown id does), a parent no owner call at all.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
// biome-ignore lint/suspicious/noExplicitAny: the builder's answer
let builder: any;
let famA: QuickFamily;
let famB: QuickFamily;
/** Family A's registrations: Jazz kept, Tap dropped, Ballet pending the studio's approval. */
const reg = { jazz: '', tap: '', ballet: '' };
let classOfB: string;

const PARENT_DROP = '/api/parents/registration/drop';
const OWNER_BUILDER = '/api/myStudio/schedule/class/registration/activity';
const OWNER_TUITION = '/api/mystudio/paymentSystem/account';

function body(items: { stdID: string; clSchID: string; price: number; day: number }[]) {
  const monthly = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault);
  const plan = scheduleOracle(
    items.map((i) => ({ day: i.day, price: i.price * 100 })),
    builder.paySys as OraclePlan[],
    builder.today,
  ).find((p) => p.id === monthly.id)!;
  return {
    regList: items.map(({ day: _, ...i }) => ({ ...i, isNew: true })),
    tuitList: { id: monthly.id, total: plan.total / 100 },
    regDate: builder.today,
    terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
  };
}

/** Everything of family A a call could have changed. */
async function stateOfA() {
  return {
    footprint: await enrolmentFootprint(t, [famA.id]),
    activity: await ok(famA.parent.get('/api/parents/registration/activity')),
    tuition: await ok(famA.parent.get(PARENT_TUITION)),
  };
}

beforeAll(async () => {
  setting = await registrationStudio(s);
  const stB = await setUpStudio(s.b, s.termB);
  classOfB = await createClass(stB, { name: 'Studio B Jazz', day: 1, age_min: 0, age_max: 99 });
  const families = await quickFamilies(t, s.companyA, [
    { name: 'Alpha', dancers: [{ firstName: 'Ada' }] },
    { name: 'Beta', dancers: [{ firstName: 'Bea' }] },
  ]);
  famA = families[0]!;
  famB = families[1]!;
  builder = await ok(famA.parent.get(PARENT_REG));
  const a = famA.students[0]!;
  const first = await ok(
    famA.parent.post(
      PARENT_REG,
      body([
        { stdID: a, clSchID: setting.classes.tuesday, price: 60, day: 1 },
        { stdID: a, clSchID: setting.classes.thursday, price: 45, day: 3 },
      ]),
    ),
  );
  const idOf = (classId: string) =>
    first.regList.find((r: { clSchID: string }) => r.clSchID === classId).clRegID;
  reg.jazz = idOf(setting.classes.tuesday);
  reg.tap = idOf(setting.classes.thursday);
  await ok(famA.parent.put(`${PARENT_DROP}/${reg.tap}`, {}));
  const money = (await ok(s.a.get('/api/mystudio/settings'))).money;
  await ok(
    s.a.put('/api/mystudio/settings/money', {
      ...money,
      registration: { ...money.registration, approval: true },
    }),
  );
  const pending = await ok(
    famA.parent.post(PARENT_REG, {
      regList: [{ stdID: a, clSchID: setting.classes.monday, isNew: true, price: 65 }],
      regDate: builder.today,
    }),
  );
  reg.ballet = pending.regList[0].clRegID;
  await ok(s.a.put('/api/mystudio/settings/money', money));
});

describe("another family's registrations", () => {
  it("parent B can neither drop nor take back parent A's registrations: 404, nothing changes", async () => {
    const before = await stateOfA();
    const notFound = { status: 404, body: [false, text.notRegistered] };
    expect(await famB.parent.put(`${PARENT_DROP}/${reg.jazz}`, {})).toMatchObject(notFound);
    expect(await famB.parent.post(`/api/parents/registration/${reg.tap}`, {})).toMatchObject(notFound);
    expect(await famB.parent.put(`${PARENT_DROP}/${reg.ballet}`, {})).toMatchObject(notFound);
    expect(await stateOfA()).toEqual(before);
    expect(await enrolmentFootprint(t, [famB.id])).toMatchObject({ registrations: 0, familyTerms: 0 });
  });

  it("a parent naming another family's dancer: 404, nothing written", async () => {
    const before = await stateOfA();
    const res = await famB.parent.post(
      PARENT_REG,
      body([{ stdID: famA.students[0]!, clSchID: setting.classes.monday, price: 65, day: 0 }]),
    );
    expect(res).toMatchObject({ status: 404, body: [false, text.studentNotFound] });
    expect(await stateOfA()).toEqual(before);
    expect(await enrolmentFootprint(t, [famB.id])).toMatchObject({
      registrations: 0,
      familyTerms: 0,
      acceptances: 0,
    });
  });

  it('a parent submitting a class of another studio: 404, nothing written', async () => {
    const res = await famB.parent.post(
      PARENT_REG,
      body([{ stdID: famB.students[0]!, clSchID: classOfB, price: 65, day: 1 }]),
    );
    expect(res).toMatchObject({ status: 404, body: [false, text.classNotFound] });
    expect(await enrolmentFootprint(t, [famB.id])).toMatchObject({
      registrations: 0,
      familyTerms: 0,
      acceptances: 0,
    });
  });
});

describe("another studio's owner", () => {
  it("reads neither family A's builder nor its tuition, and acts on none of its registrations: 404", async () => {
    const before = await stateOfA();
    for (const res of [
      await s.b.get(`${OWNER_BUILDER}/${famA.id}`),
      await s.b.get(`${OWNER_TUITION}/${famA.id}`),
      await s.b.put(`${OWNER_REG}/status/${reg.ballet}`, { status: 1 }),
      await s.b.put(`${OWNER_REG}/status`, { ids: [reg.ballet], status: -1 }),
      await s.b.put(`${OWNER_REG}/drop/${reg.jazz}`, {}),
      await s.b.post(`${OWNER_REG}/${reg.tap}`, {}),
      await s.b.post(OWNER_REG, {
        regList: [{ stdID: famA.students[0]!, clSchID: setting.classes.monday, isNew: true, price: 65 }],
        aMemID: famA.id,
      }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
    expect(await stateOfA()).toEqual(before);
    const pendingOfA = await ok(s.a.get(`${OWNER_REG}/pending`));
    expect(pendingOfA.map((p: { clsRegID: string }) => p.clsRegID)).toContain(reg.ballet);
    // The sidebar's count is the list's length, each studio its own: B's is none of A's.
    expect(await ok(s.a.get(`${OWNER_REG}/pending/count`))).toEqual({ count: pendingOfA.length });
    expect(await ok(s.b.get(`${OWNER_REG}/pending/count`))).toEqual({
      count: (await ok(s.b.get(`${OWNER_REG}/pending`))).length,
    });
    expect(pendingOfA.length).toBeGreaterThan(0);
    // Studio A's owner reaches them all (the 404s above are the studio's wall, not missing rows).
    await ok(s.a.get(`${OWNER_BUILDER}/${famA.id}`));
    await ok(s.a.get(`${OWNER_TUITION}/${famA.id}`));
  });
});

describe('calls refused before they look at anything', () => {
  it('a parent calls no owner route: 403', async () => {
    for (const res of [
      await famA.parent.get(`${OWNER_BUILDER}/${famA.id}`),
      await famA.parent.get(`${OWNER_TUITION}/${famA.id}`),
      await famA.parent.get(`${OWNER_REG}/pending`),
      await famA.parent.get(`${OWNER_REG}/pending/count`),
      await famA.parent.put(`${OWNER_REG}/status/${reg.ballet}`, { status: 1 }),
      await famA.parent.put(`${OWNER_REG}/status`, { ids: [reg.ballet], status: 1 }),
      await famA.parent.put(`${OWNER_REG}/drop/${reg.jazz}`, {}),
      await famA.parent.post(`${OWNER_REG}/${reg.tap}`, {}),
      await famA.parent.post(OWNER_REG, {
        regList: [{ stdID: famA.students[0]!, clSchID: setting.classes.monday, isNew: true, price: 65 }],
        aMemID: famA.id,
      }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    }
    expect((await ok(famA.parent.get(PARENT_TUITION))).pending).toMatchObject([{ clsRegID: reg.ballet }]);
  });

  it('an owner call with a malformed id: 400; a well-formed unknown one: 404', async () => {
    const calls = (id: string) => [
      s.a.get(`${OWNER_BUILDER}/${id}`),
      s.a.get(`${OWNER_TUITION}/${id}`),
      s.a.put(`${OWNER_REG}/status/${id}`, { status: 1 }),
      s.a.put(`${OWNER_REG}/drop/${id}`, {}),
      s.a.post(`${OWNER_REG}/${id}`, {}),
      s.a.post(OWNER_REG, {
        regList: [{ stdID: famA.students[0]!, clSchID: setting.classes.monday, isNew: true, price: 65 }],
        aMemID: id,
      }),
    ];
    for (const res of await Promise.all(calls(MALFORMED_ID)))
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await s.a.put(`${OWNER_REG}/status`, { ids: [MALFORMED_ID], status: 1 })).toMatchObject({
      status: 400,
    });
    for (const res of await Promise.all(calls(UNKNOWN_ID)))
      expect(res.status, JSON.stringify(res.body)).toBe(404);
  });
});
