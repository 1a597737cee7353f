import { centsText, classRegistrationMessages as text } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';
import { OWNER_REG, ok, PARENT_REG, PARENT_TUITION } from './class-registration.fixture';
import { enrolmentFootprint, type QuickFamily, quickFamilies } from './registration-families.fixture';
import {
  type OracleCap,
  type OracleDiscount,
  type OraclePlan,
  scheduleOracle,
  tuitionOracle,
} from './registration-oracle';

/**
 * Issue 15 point 3 and "How it will be checked": families of generated sizes register for generated
 * classes through the parent's calls, and every price, total and payment the server answers is compared
 * with registration-oracle.ts, a reading of domain-rules.md of its own. The figures sent are the
 * oracle's too, so a 200 already says the server's own comparison agreed.
 */

const { t, s } = useTwoStudios();
const SEED = Number(process.env.FIGURES_SEED ?? 20261121);

/** mulberry32: a small seeded generator, so a failure names the seed that reproduces it. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[], n: number) => {
    const pool = [...list];
    return Array.from(
      { length: Math.min(n, pool.length) },
      () => pool.splice(int(0, pool.length - 1), 1)[0]!,
    );
  };
  return { next, int, pick };
}

const DISCOUNTS: (OracleDiscount & { name: string })[] = [
  { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100, name: 'Multi-class' },
  { typeID: 200, vTypeID: 200, value: 1000, rValue: 1, name: 'Sibling' },
];
/** The studio settings of each round and the cap they mean (domain-rules §1 step 5). */
const ROUNDS: {
  unlimited: Record<string, unknown>;
  siblingIndex: 'student' | 'student+class';
  cap: OracleCap;
}[] = [
  { unlimited: { preset: 'A' }, siblingIndex: 'student', cap: { first: 40_000, others: 16_000 } },
  { unlimited: { preset: 'B' }, siblingIndex: 'student+class', cap: { first: 42_000, others: 16_000 } },
  { unlimited: { preset: 'C' }, siblingIndex: 'student', cap: { first: 35_000, others: 15_000 } },
  { unlimited: { preset: 'none' }, siblingIndex: 'student', cap: null },
  {
    unlimited: { preset: 'custom', first: 20_001, others: 9_999 },
    siblingIndex: 'student+class',
    cap: { first: 20_001, others: 9_999 },
  },
];
const FAMILIES_PER_ROUND = 8;
const PRICES = [35, 42, 45, 52.5, 60, 65, 75, 80, 95, 110, 125, 140];

type GenClass = { id: string; day: number; price: number; applyDiscount: boolean };
let st: StudioSetting;
const classes: GenClass[] = [];
// biome-ignore lint/suspicious/noExplicitAny: the builder's answer, read in many shapes
let builder: any;

beforeAll(async () => {
  st = await setUpStudio(s.a, s.termA);
  for (const d of DISCOUNTS) await ok(s.a.post('/api/mystudio/discounts', d));
  const rng = generator(SEED);
  const prices = rng.pick(PRICES, 8);
  for (const [i, price] of prices.entries()) {
    // One class tuition takes no discount (nTh 0): it still counts toward the cap.
    const applyDiscount = i !== 3;
    const tuition = await ok(
      s.a.post('/api/mystudio/tuition/classes', {
        yearTermID: st.term,
        duration: 30 + 5 * i,
        price,
        applyDiscount,
      }),
    );
    const day = i % 7;
    const id = await createClass(st, {
      name: `Class ${i} $${price}`,
      day,
      timeStart: `${String(8 + i).padStart(2, '0')}:00`,
      timeEnd: `${String(8 + i).padStart(2, '0')}:45`,
      teacherID: st.teachers[i % 2],
      roomID: st.rooms[i % 2],
      priceID: tuition.id,
      age_min: 0,
      age_max: 99,
      nMax: 500,
    });
    classes.push({ id, day, price: Math.round(price * 100), applyDiscount });
  }
});

async function setMoney(round: (typeof ROUNDS)[number]) {
  const money = (await ok(s.a.get('/api/mystudio/settings'))).money;
  await ok(
    s.a.put('/api/mystudio/settings/money', {
      ...money,
      unlimited: round.unlimited,
      siblingIndex: round.siblingIndex,
    }),
  );
}

type Picks = Map<string, GenClass[]>;

/** What the oracle says of a family's classes: its tuition, and the chosen plan's schedule from `from`. */
function expected(picks: Picks, round: (typeof ROUNDS)[number], planId: string, from: string) {
  const tuition = tuitionOracle(
    [...picks].map(([id, list]) => ({ id, classes: list })),
    DISCOUNTS,
    round.cap,
    round.siblingIndex,
  );
  const dayOf = new Map(classes.map((c) => [c.id, c.day]));
  const planClasses = tuition.students.flatMap((x) =>
    x.classes.map((c) => ({ day: dayOf.get(c.id)!, price: c.Pr_f })),
  );
  const plan = scheduleOracle(planClasses, builder.paySys as OraclePlan[], from).find(
    (p) => p.id === planId,
  )!;
  return { tuition, plan };
}

const cents = (dollars: number) => Math.round(dollars * 100);
const shown = (picks: Picks) =>
  JSON.stringify([...picks].map(([id, l]) => [id.slice(0, 8), l.map((c) => c.price)]));
const DAY = 86_400_000;
/** A date between two dates, inclusive, at `u` of the way (0 ≤ u < 1). */
function dateIn(from: string, to: string, u: number) {
  const a = Date.parse(`${from}T00:00:00Z`);
  const days = Math.floor(u * ((Date.parse(`${to}T00:00:00Z`) - a) / DAY + 1));
  return new Date(a + days * DAY).toISOString().slice(0, 10);
}

/** The wizard's body: every class of the family so far (kept ones with their id), at the oracle's prices. */
function body(picks: Picks, kept: Map<string, string>, ex: ReturnType<typeof expected>, planId: string) {
  const priceOf = new Map(
    ex.tuition.students.flatMap((x) => x.classes.map((c) => [`${x.id}:${c.id}`, c.Pr_f] as const)),
  );
  const regList = [...picks].flatMap(([stdID, list]) =>
    list.map((c) => {
      const id = kept.get(`${stdID}:${c.id}`);
      const price = priceOf.get(`${stdID}:${c.id}`)! / 100;
      return id
        ? { stdID, clSchID: c.id, clRegID: id, isNew: false, iStatus: 10, price }
        : { stdID, clSchID: c.id, isNew: true, price };
    }),
  );
  return {
    regList,
    tuitList: { id: planId, total: ex.plan.total / 100 },
    regDate: builder.today,
    terms: builder.terms.map((d: { coTermID: string; version: number }) => ({ ...d, accepted: true })),
  };
}

/** The server's tuition against the oracle: every price, each dancer's and the family's total, the plan. */
// biome-ignore lint/suspicious/noExplicitAny: the tuition answer
function compare(tuition: any, ex: ReturnType<typeof expected>, why: string) {
  expect(cents(tuition.monthly), why).toBe(ex.tuition.total);
  const dancers = ex.tuition.students.filter((x) => x.classes.length > 0);
  expect(tuition.students.map((x: { id: string }) => x.id).sort(), why).toEqual(
    dancers.map((x) => x.id).sort(),
  );
  for (const want of dancers) {
    const got = tuition.students.find((x: { id: string }) => x.id === want.id);
    expect({ total: cents(got.total), unlimited: got.unlimited }, why).toEqual({
      total: want.total,
      unlimited: want.unlimited,
    });
    const prices = got.classes
      .map((c: { clSchID: string; nTh: number; Pr_0: number; Pr_i: number; Pr_f: number }) => ({
        id: c.clSchID,
        nTh: c.nTh,
        Pr_0: cents(c.Pr_0),
        Pr_i: cents(c.Pr_i),
        Pr_f: cents(c.Pr_f),
      }))
      .sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1));
    expect(prices, why).toEqual([...want.classes].sort((a, b) => (a.id < b.id ? -1 : 1)));
    for (const c of got.classes) {
      const sum = c.lines.reduce((a: number, l: { amount: number }) => a + cents(l.amount), 0);
      expect(sum, `${why}: ${JSON.stringify(c.lines)}`).toBe(cents(c.Pr_f));
    }
  }
  expect(cents(tuition.plan.total), why).toBe(ex.plan.total);
  const payments = tuition.plan.payments.map(
    (p: { kind: string; val: number; period: string; dateDue: string }) => ({
      kind: p.kind,
      val: cents(p.val),
      period: p.period,
      dateDue: p.dateDue,
    }),
  );
  expect(payments, why).toEqual(
    ex.plan.payments.map((p) => ({ kind: 'plan', val: p.val, period: p.period, dateDue: p.dateDue })),
  );
  for (const p of tuition.plan.payments) {
    const sum = p.lines.reduce((a: number, l: { amount: number }) => a + cents(l.amount), 0);
    expect(sum, `${why}: ${JSON.stringify(p)}`).toBe(cents(p.val));
  }
}

describe('generated families register, and every figure is the one domain-rules.md gives', () => {
  it.each(ROUNDS.map((round, i) => [i, round] as const))(
    'round %i: cap %o',
    async (index, round) => {
      await setMoney(round);
      const rng = generator(SEED + 1 + index);
      const sizes = Array.from({ length: FAMILIES_PER_ROUND }, () => rng.int(1, 3));
      const families = await quickFamilies(
        t,
        s.companyA,
        sizes.map((n, f) => ({
          name: `Gen${index}x${f}`,
          dancers: Array.from({ length: n }, (_, d) => ({
            firstName: `D${d}`,
            dob: `201${rng.int(0, 8)}-0${rng.int(1, 9)}-1${d}`,
          })),
        })),
      );
      builder = await ok(families[0]!.parent.get(PARENT_REG));
      for (const fam of families) {
        const plan = builder.paySys[rng.int(0, builder.paySys.length - 1)];
        const all: Picks = new Map(fam.students.map((id) => [id, rng.pick(classes, rng.int(1, 4))]));
        // Half the families are registered by the owner from a date of their choosing (the current month
        // to the term's end): the plan's rules meet many effective dates, not only the test clock's day.
        if (rng.next() < 0.5) {
          const from = dateIn('2026-11-01', '2027-06-30', rng.next());
          const why = `seed ${SEED}, round ${index}, ${fam.name} by the owner from ${from}: ${shown(all)} on ${plan.name}`;
          const ex = expected(all, round, plan.id, from);
          const { regList, tuitList } = body(all, new Map(), ex, plan.id);
          const res = await s.a.post(OWNER_REG, { regList, tuitList, aMemID: fam.id, dateStart: from });
          expect(res.status, `${why}: ${JSON.stringify(res.body)}`).toBe(200);
          compare(await ok(s.a.get(`/api/mystudio/paymentSystem/account/${fam.id}`)), ex, why);
          expect((await ok(fam.parent.get(PARENT_TUITION))).fee).toEqual({
            amount: 35,
            participation: 'In-Studio',
            date: from,
          });
          continue;
        }
        // About a third of the others register in two steps: the first class of each dancer, then the rest.
        const twoSteps = rng.next() < 0.35 && [...all.values()].some((l) => l.length > 1);
        const steps: Picks[] = twoSteps
          ? [new Map([...all].map(([id, l]) => [id, l.slice(0, 1)])), all]
          : [all];
        const kept = new Map<string, string>();
        for (const [n, picks] of steps.entries()) {
          const why = `seed ${SEED}, round ${index}, ${fam.name} step ${n + 1}: ${shown(picks)} on ${plan.name}`;
          // The same day: the second revision's payments are the whole schedule from today (Δ on top of
          // the first's, and nothing was due before today).
          const ex = expected(picks, round, plan.id, builder.today);
          const res = await fam.parent.post(PARENT_REG, body(picks, kept, ex, plan.id));
          expect(res.status, `${why}: ${JSON.stringify(res.body)}`).toBe(200);
          for (const r of res.body[1].regList) kept.set(`${r.stdID}:${r.clSchID}`, r.clRegID);
          compare(await ok(fam.parent.get(PARENT_TUITION)), ex, why);
        }
        // The fee once per family and term, whatever the number of registrations.
        const footprint = await enrolmentFootprint(t, [fam.id]);
        expect({ fees: footprint.fees, revisions: footprint.revisions }).toEqual({
          fees: 1,
          revisions: steps.length,
        });
        expect((await ok(fam.parent.get(PARENT_TUITION))).fee).toEqual({
          amount: 35,
          participation: 'In-Studio',
          date: builder.today,
        });
      }
    },
    120_000,
  );
});

describe('the figures a parent sends are only compared', () => {
  let fam: QuickFamily;
  let picks: Picks;
  let ex: ReturnType<typeof expected>;
  let planId: string;
  const nothing = { registrations: 0, familyTerms: 0, revisions: 0, prices: 0, fees: 0, acceptances: 0 };

  beforeAll(async () => {
    await setMoney(ROUNDS[3]!);
    fam = (await quickFamilies(t, s.companyA, [{ name: 'Checked', dancers: [{ firstName: 'Ava' }] }]))[0]!;
    builder = await ok(fam.parent.get(PARENT_REG));
    planId = builder.paySys.find((p: { isDefault: boolean }) => p.isDefault).id;
    picks = new Map([[fam.students[0]!, [classes[0]!, classes[1]!]]]);
    ex = expected(picks, ROUNDS[3]!, planId, builder.today);
  });

  it("a price that is not the server's answers 409 with the new figures, and writes nothing", async () => {
    const sent = body(picks, new Map(), ex, planId);
    sent.regList[1]!.price += 1;
    const was = sent.regList.reduce((a, r) => a + cents(r.price), 0);
    expect(await fam.parent.post(PARENT_REG, sent)).toMatchObject({
      status: 409,
      body: [false, text.pricesChanged(centsText(was), centsText(ex.tuition.total))],
    });
    expect(await enrolmentFootprint(t, [fam.id])).toEqual(nothing);
  });

  it("a plan total that is not the server's answers 409, and writes nothing", async () => {
    const sent = body(picks, new Map(), ex, planId);
    sent.tuitList.total += 0.01;
    expect(await fam.parent.post(PARENT_REG, sent)).toMatchObject({
      status: 409,
      body: [false, text.planChanged],
    });
    expect(await enrolmentFootprint(t, [fam.id])).toEqual(nothing);
  });

  it("a registration date that is not the studio's today answers 409, and writes nothing", async () => {
    const sent = { ...body(picks, new Map(), ex, planId), regDate: '2026-11-20' };
    expect(await fam.parent.post(PARENT_REG, sent)).toMatchObject({
      status: 409,
      body: [false, text.dateChanged],
    });
    expect(await enrolmentFootprint(t, [fam.id])).toEqual(nothing);
  });

  it("no selected classes: 'No selected classes', from the parent and from the owner", async () => {
    const sent = { ...body(picks, new Map(), ex, planId), regList: [] };
    expect(await fam.parent.post(PARENT_REG, sent)).toMatchObject({
      status: 400,
      body: [false, text.noClasses],
    });
    const owner = await s.a.post(OWNER_REG, { regList: [], tuitList: sent.tuitList, aMemID: fam.id });
    expect(owner).toMatchObject({ status: 400, body: [false, text.noClasses] });
    expect(await enrolmentFootprint(t, [fam.id])).toEqual(nothing);
  });

  it('no changes: "Ohh my!", and the fee is charged once when a class is added later', async () => {
    const first = await ok(fam.parent.post(PARENT_REG, body(picks, new Map(), ex, planId)));
    const kept = new Map<string, string>(
      first.regList.map((r: { stdID: string; clSchID: string; clRegID: string }) => [
        `${r.stdID}:${r.clSchID}`,
        r.clRegID,
      ]),
    );
    const again = body(picks, kept, ex, planId);
    expect(await fam.parent.post(PARENT_REG, again)).toMatchObject({
      status: 422,
      body: [false, text.noChanges],
    });
    expect(await enrolmentFootprint(t, [fam.id])).toMatchObject({ registrations: 2, revisions: 1, fees: 1 });

    const more: Picks = new Map([[fam.students[0]!, [classes[0]!, classes[1]!, classes[2]!]]]);
    const exMore = expected(more, ROUNDS[3]!, planId, builder.today);
    await ok(fam.parent.post(PARENT_REG, body(more, kept, exMore, planId)));
    compare(await ok(fam.parent.get(PARENT_TUITION)), exMore, 'a third class');
    expect(await enrolmentFootprint(t, [fam.id])).toMatchObject({ registrations: 3, revisions: 2, fees: 1 });
    expect((await ok(fam.parent.get(PARENT_TUITION))).fee).toEqual({
      amount: 35,
      participation: 'In-Studio',
      date: builder.today,
    });
  });
});
