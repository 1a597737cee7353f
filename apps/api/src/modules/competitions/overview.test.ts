import { COMPETITION_OVERVIEW_TEXT, performanceKey } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { competitionRunningOrder } from '../../db/schema/competition-running-order';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber, createClass, freeSlot } from '../schedule/schedule.fixture';

/**
 * The competition overview through its calls (issue 19 point 4, decision 033): the upcoming events'
 * figures against sums made by hand, the running order (default, set, refused when it is not the
 * event's performances), the quick-change clashes at the studio's gap, the studios' walls, constant
 * round trips.
 */

const C = '/api/mystudio/competition';
const O = `${C}/overview`;
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
/** Entries of an event on 2027-03-05: Group (2–9 dancers, $45/$55), Solo (1, $95/$110). */
let future: { event: string; group: string; solo: string };
let past: { event: string; group: string };

const ENTRIES = [
  { name: 'Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 2, nDancersMax: 9 },
  { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 },
];

type Dancer = { studentId: string; familyId: string };

/** A new class with one dance number, and a dancer of a new family for each name in it. */
async function troupe(number: string, names: string[]) {
  const classId = await createClass(setting.st, { name: `${number} Comp`, ...freeSlot() });
  const id = (await addNumber(setting.st, classId, { name: number })).id as string;
  const dancers: Dancer[] = [];
  for (const name of names) {
    const [firstName, lastName] = name.split(' ') as [string, string];
    const family = await createFamily(t.database.db, s.companyA);
    const student = await createStudent(t.database.db, {
      companyId: s.companyA,
      familyId: family.id,
      firstName,
      lastName,
    });
    await registerInClass(t.database.db, { companyId: s.companyA, classId, studentId: student.id });
    dancers.push({ studentId: student.id, familyId: family.id });
  }
  return { id, dancers };
}

let fever: string;
let sing: string;
let hallelujah: string;
let ava: Dancer;
/** The event's performances' keys. */
const k = { groupFever: '', solo: '', hallelujah: '', sing: '' };

beforeAll(async () => {
  setting = await registrationStudio(s);
  const co = await ok(s.a.post(`${C}/company`, { name: 'Starpower', email: 'info@starpower.example' }));
  const loc = await ok(s.a.post(`${C}/location/${co.id}`, { name: 'Meadowlands Expo Center' }));
  const make = (dateStart: string, dateEnd: string) =>
    ok(s.a.post(`${C}/event/entry`, { event: { compCoLocID: loc.id, dateStart, dateEnd }, entry: ENTRIES }));
  const a = await make('2027-03-05', '2027-03-07');
  future = { event: a.id, group: a.entries[0], solo: a.entries[1] };
  const b = await make('2026-01-02', '2026-01-04');
  past = { event: b.id, group: b.entries[0] };

  const jazz = await troupe('Fever', ['Ava Adams', 'Ben Brown']);
  const swing = await troupe('Sing Sing Sing', ['Cara Cole', 'Dee Dunn']);
  const lyrical = await troupe('Hallelujah', ['Eve Evans', 'Finn Ford']);
  fever = jazz.id;
  sing = swing.id;
  hallelujah = lyrical.id;
  ava = jazz.dancers[0]!;
  await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [fever, sing, hallelujah] }));
  await ok(
    s.a.post(`${C}/registration/students`, {
      entry: future.solo,
      sReg: [{ pID: fever, acctStdID: ava.studentId }],
    }),
  );
  // The past event has a line too: it is not upcoming.
  await ok(s.a.post(`${C}/registration/class`, { entry: past.group, sReg: [hallelujah] }));
  // Ava's family pays her group fee at the desk ($55 of her $165).
  const money = await ok(s.a.get(`/api/mystudio/account/${ava.familyId}/money`));
  await ok(
    s.a.post(`/api/transactions/payments/${ava.familyId}/${money.current.id}`, {
      payments: [{ type: 'cash', total: 55 }],
    }),
  );
  k.groupFever = performanceKey(future.group, 'dnc', fever);
  k.solo = performanceKey(future.solo, 'dnc', fever);
  k.hallelujah = performanceKey(future.group, 'dnc', hallelujah);
  k.sing = performanceKey(future.group, 'dnc', sing);
});

const orderOf = () => ok(s.a.get(`${O}/event/${future.event}`));
const names = (o: { performances: { entry: string; name: string }[] }) =>
  o.performances.map((p) => `${p.entry} ${p.name}`);

describe('the upcoming events', () => {
  it("lists the events not ended by the studio's today with their figures, as summed by hand", async () => {
    const list = await ok(s.a.get(O));
    expect(list.quickChangeGap).toBe(3);
    expect(list.events.map((e: { id: string }) => e.id)).toEqual([future.event]);
    expect(list.events[0]).toMatchObject({
      dateStart: '2027-03-05',
      company: 'Starpower',
      location: 'Meadowlands Expo Center',
      entries: 2,
      entriesUsed: 2,
      performances: 4,
      dancers: 6,
      // 6 group lines × $45 + 1 solo × $95; 6 × $55 + $110; Ava's $55 paid.
      studioOwes: 365,
      familiesOwe: 440,
      familiesPaid: 55,
      clashes: 0,
    });
  });
});

describe('the running order and its clashes', () => {
  it('orders by entry then name by default, flags a clash when set closer, and clears it when set apart', async () => {
    const first = await orderOf();
    expect(names(first)).toEqual(['Group Fever', 'Group Hallelujah', 'Group Sing Sing Sing', 'Solo Fever']);
    expect(first.performances.map((p: { placed: boolean }) => p.placed)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(first.clashes).toEqual([]);
    expect(first.dancers.find((d: { id: string }) => d.id === ava.studentId)).toEqual({
      id: ava.studentId,
      name: 'Ava Adams',
      places: [1, 4],
    });

    const close = await ok(
      s.a.put(`${O}/event/${future.event}`, { order: [k.groupFever, k.solo, k.hallelujah, k.sing] }),
    );
    expect(close.msg).toBe(COMPETITION_OVERVIEW_TEXT.saved);
    expect(names(close)).toEqual(['Group Fever', 'Solo Fever', 'Group Hallelujah', 'Group Sing Sing Sing']);
    expect(close.clashes).toEqual([
      {
        dancerId: ava.studentId,
        dancer: 'Ava Adams',
        first: k.groupFever,
        second: k.solo,
        firstPlace: 1,
        secondPlace: 2,
        apart: 1,
      },
    ]);
    const { msg: _msg, ...kept } = close;
    expect(await orderOf()).toEqual(kept);
    expect((await ok(s.a.get(O))).events[0].clashes).toBe(1);

    const apart = await ok(
      s.a.put(`${O}/event/${future.event}`, { order: [k.solo, k.hallelujah, k.sing, k.groupFever] }),
    );
    expect(apart.clashes).toEqual([]);
    expect(apart.performances.every((p: { placed: boolean }) => p.placed)).toBe(true);
  });

  it('the gap setting changes the clashes', async () => {
    await ok(s.a.put(`${O}/event/${future.event}`, { order: [k.solo, k.hallelujah, k.sing, k.groupFever] }));
    expect(await ok(s.a.get(`${O}/settings`))).toEqual({ quickChangeGap: 3 });
    const set = await ok(s.a.put(`${O}/settings`, { quickChangeGap: 4 }));
    expect(set).toEqual({ quickChangeGap: 4, msg: COMPETITION_OVERVIEW_TEXT.gapSaved });
    const wider = await orderOf();
    expect(wider.quickChangeGap).toBe(4);
    expect(wider.clashes).toMatchObject([{ dancer: 'Ava Adams', firstPlace: 1, secondPlace: 4, apart: 3 }]);
    for (const bad of [0, 21, 2.5, '3']) {
      const res = await s.a.put(`${O}/settings`, { quickChangeGap: bad });
      expect([res.status, res.body]).toEqual([400, [false, COMPETITION_OVERVIEW_TEXT.gapRange]]);
    }
    await ok(s.a.put(`${O}/settings`, { quickChangeGap: 3 }));
    expect((await orderOf()).clashes).toEqual([]);
  });

  it('refuses an order that is not exactly the event’s performances, nothing changed', async () => {
    await ok(s.a.put(`${O}/event/${future.event}`, { order: [k.solo, k.hallelujah, k.sing, k.groupFever] }));
    const before = await t.database.db
      .select()
      .from(competitionRunningOrder)
      .where(eq(competitionRunningOrder.eventId, future.event));
    const pastKey = performanceKey(past.group, 'dnc', hallelujah);
    for (const [order, sentence] of [
      [[k.solo, k.hallelujah, k.sing], COMPETITION_OVERVIEW_TEXT.notTheEvents(1, 0, 0)],
      [
        [k.solo, k.hallelujah, k.sing, k.groupFever, pastKey],
        COMPETITION_OVERVIEW_TEXT.notTheEvents(0, 1, 0),
      ],
      [[k.solo, k.hallelujah, k.sing, k.sing], COMPETITION_OVERVIEW_TEXT.notTheEvents(1, 0, 1)],
      [[], COMPETITION_OVERVIEW_TEXT.notTheEvents(4, 0, 0)],
    ] as const) {
      const res = await s.a.put(`${O}/event/${future.event}`, { order });
      expect([res.status, res.body]).toEqual([422, [false, sentence]]);
    }
    expect(COMPETITION_OVERVIEW_TEXT.notTheEvents(1, 0, 1)).toBe(
      "The running order must name each of the event's performances once: 1 of the event's performances is missing, 1 is named twice. Reload the event and try again.",
    );
    const bad = await s.a.put(`${O}/event/${future.event}`, { order: ['not-a-key'] });
    expect([bad.status, bad.body]).toEqual([400, [false, COMPETITION_OVERVIEW_TEXT.invalid]]);
    expect(
      await t.database.db
        .select()
        .from(competitionRunningOrder)
        .where(eq(competitionRunningOrder.eventId, future.event)),
    ).toEqual(before);
  });
});

describe("the studios' walls", () => {
  it("studio B finds none of A's events; a parent may not call", async () => {
    expect((await ok(s.b.get(O))).events).toEqual([]);
    expect((await s.b.get(`${O}/event/${future.event}`)).status).toBe(404);
    const put = await s.b.put(`${O}/event/${future.event}`, { order: [] });
    expect(put.status).toBe(404);
    // B's gap is B's own.
    await ok(s.b.put(`${O}/settings`, { quickChangeGap: 7 }));
    expect((await ok(s.a.get(`${O}/settings`))).quickChangeGap).toBe(3);
    await ok(s.b.put(`${O}/settings`, { quickChangeGap: 3 }));
    for (const res of [
      await s.parent.get(O),
      await s.parent.get(`${O}/event/${future.event}`),
      await s.parent.put(`${O}/event/${future.event}`, { order: [] }),
      await s.parent.get(`${O}/settings`),
      await s.parent.put(`${O}/settings`, { quickChangeGap: 4 }),
    ]) {
      expect(res.status).toBe(403);
    }
  });
});

describe('round trips', () => {
  it('the overview, the running order and its save cost the same round trips for more dancers', async () => {
    const count = async () => {
      const { order } = { order: (await orderOf()).performances.map((p: { key: string }) => p.key) };
      return [
        (await countQueries(t, () => s.a.get(O))).count,
        (await countQueries(t, () => s.a.get(`${O}/event/${future.event}`))).count,
        (await countQueries(t, () => s.a.put(`${O}/event/${future.event}`, { order }))).count,
      ];
    };
    const few = await count();
    const more = await troupe('Gravity', ['Gia Grant', 'Hal Hart', 'Ida Ives']);
    await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [more.id] }));
    expect(await count()).toEqual(few);
    expect(few[0]).toBeLessThanOrEqual(6);
    expect(few[1]).toBeLessThanOrEqual(6);
  });
});
