import { COMPETITION_REG_TEXT, messages, privateMessages, scheduleMessages } from '@pirouette/domain';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import { countQueries, genericPlan } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import { ledgerTransactions } from '../../db/schema/ledger';
import { classes, classRegistrations, danceNumberActivity } from '../../db/schema/schedule';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber, createClass, freeSlot } from '../schedule/schedule.fixture';
import { numberDancersStatement } from './registration.queries';

/**
 * Competition registration through its calls (issue 19 points 2–3, decision 032): a class registered
 * whole (every dancer of its numbers who goes to competitions), single dancers, a private lesson; the
 * working lists' counts and `isReg` (002 §4); the entry's dancer limits; each family's fee on its
 * ledger, once whatever is sent twice, taken off before the event and kept after; the paid flag as
 * the ledger says; the registered list grouped by dancer; the studios' walls; constant round trips.
 */

const C = '/api/mystudio/competition';
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
/** Entries of an event on 2027-03-05: Group (2–9 dancers, $45/$55), Trio (3, $60/$70), Solo (1, $95/$110). */
let future: { event: string; group: string; trio: string; solo: string };
/** An event that began on 2026-01-02: its Group entry. */
let past: { event: string; group: string };

const ENTRIES = [
  { name: 'Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 2, nDancersMax: 9 },
  { name: 'Trio', priceStudio: 60, priceCustomer: 70, nDancersMin: 3, nDancersMax: 3 },
  { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 },
];

async function eventWith(compCoLocID: string, dateStart: string, dateEnd: string) {
  return ok(s.a.post(`${C}/event/entry`, { event: { compCoLocID, dateStart, dateEnd }, entry: ENTRIES }));
}

beforeAll(async () => {
  setting = await registrationStudio(s);
  const co = await ok(s.a.post(`${C}/company`, { name: 'Starpower', email: 'info@starpower.example' }));
  const loc = await ok(s.a.post(`${C}/location/${co.id}`, { name: 'Meadowlands Expo Center' }));
  const a = await eventWith(loc.id, '2027-03-05', '2027-03-07');
  future = { event: a.id, group: a.entries[0], trio: a.entries[1], solo: a.entries[2] };
  const b = await eventWith(loc.id, '2026-01-02', '2026-01-04');
  past = { event: b.id, group: b.entries[0] };
});

type Dancer = { studentId: string; familyId: string; activity: Record<string, string> };

/** A new class with `numbers` dance numbers, and a dancer of a new family for each name, in all of them. */
async function troupe(className: string, numbers: string[], names: string[]) {
  const classId = await createClass(setting.st, { name: className, ...freeSlot() });
  const ids: string[] = [];
  for (const name of numbers) ids.push((await addNumber(setting.st, classId, { name })).id);
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
    dancers.push({ studentId: student.id, familyId: family.id, activity: {} });
  }
  const rows = await t.database.db
    .select({
      id: danceNumberActivity.id,
      number: danceNumberActivity.danceNumberId,
      student: classRegistrations.studentId,
    })
    .from(danceNumberActivity)
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .where(eq(classRegistrations.classId, classId));
  for (const r of rows) dancers.find((d) => d.studentId === r.student)!.activity[r.number] = r.id;
  return { classId, numbers: ids, dancers };
}

const lists = (entry: string, type = 'cls') =>
  ok(s.a.post(`${C}/registration`, { entry, yrTrm: setting.st.term, loc: setting.st.location, type }));
const balanceOf = async (familyId: string) =>
  (await ok(s.a.get(`/api/mystudio/account/${familyId}/money`))).balance as number;
const feePostings = (familyId: string) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.familyId, familyId),
        like(ledgerTransactions.idempotencyKey, 'competition-fee:%'),
      ),
    );
const linesOfEntry = (entryId: string) =>
  t.database.db.select().from(competitionRegistrations).where(eq(competitionRegistrations.entryId, entryId));

describe('a class registered whole', () => {
  it('registers every dancer of its numbers who goes to competitions, charges each family once, and the lists say so', async () => {
    const jazz = await troupe(
      'Jazz Comp',
      ['Fever', 'Sing Sing Sing'],
      ['Ava Adams', 'Ben Brown', 'Cara Cole'],
    );
    const [fever, sing] = jazz.numbers as [string, string];
    const [ava, ben, cara] = jazz.dancers as [Dancer, Dancer, Dancer];
    // Cara does not go to competitions with "Sing Sing Sing".
    await t.database.db
      .update(danceNumberActivity)
      .set({ competition: false })
      .where(eq(danceNumberActivity.id, cara.activity[sing]!));

    const before = await lists(future.group);
    expect(before.entry).toMatchObject({
      id: future.group,
      name: 'Group',
      priceCustomer: 55,
      nDancersMin: 2,
    });
    expect(before.cls.find((c: { id: string }) => c.id === jazz.classId)).toMatchObject({
      nReg_tot: 5,
      nReg_Students: 0,
      isReg: 0,
    });
    expect(before.dnc.filter((n: { clsSch_ID: string }) => n.clsSch_ID === jazz.classId)).toEqual([
      expect.objectContaining({ id: fever, nReg_tot: 3, nReg_Students: 0, isReg: 0 }),
      expect.objectContaining({ id: sing, nReg_tot: 2, nReg_Students: 0, isReg: 0 }),
    ]);
    expect(before.privs).toEqual([]);

    const done = await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [fever, sing] }));
    expect(done).toMatchObject({ msg: 'Registration was successful.', nReg: 5, fees: 275 });
    expect(await balanceOf(ava.familyId)).toBe(110);
    expect(await balanceOf(cara.familyId)).toBe(55);
    const [posting] = await feePostings(cara.familyId);
    expect(posting!.reason).toBe('Competition registration');

    // Sent twice: nothing more registered or charged.
    const again = await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [fever, sing] }));
    expect(again).toMatchObject({ msg: COMPETITION_REG_TEXT.nothingNew, nReg: 0, fees: 0 });
    expect(await feePostings(ava.familyId)).toHaveLength(2);
    expect(await balanceOf(ben.familyId)).toBe(110);

    const after = await lists(future.group);
    expect(after.cls.find((c: { id: string }) => c.id === jazz.classId)).toMatchObject({
      nReg_tot: 5,
      nReg_Students: 5,
      isReg: 1,
    });
    const mine = after.reg_cls.filter((d: { dncNumID: string }) => jazz.numbers.includes(d.dncNumID));
    expect(mine).toHaveLength(5);
    expect(mine.every((d: { isReg: number; stat: number }) => d.isReg === 1 && d.stat === 2)).toBe(true);
    expect(after.reg_std.find((d: { id: string }) => d.id === ava.studentId)).toMatchObject({
      studentName: 'Ava Adams',
      isReg: 1,
      stat: 2,
      nReg: 2,
    });
    // Another entry of the event: the same dancers are not registered there.
    const trio = await lists(future.trio);
    expect(trio.cls.find((c: { id: string }) => c.id === jazz.classId)).toMatchObject({
      nReg_Students: 0,
      isReg: 0,
    });

    // The fee's explanation names the event, the entry, the number and the dancer.
    const money = await ok(s.a.get(`/api/mystudio/account/${ava.familyId}/money`));
    const item = money.current.items.find((i: { item: string }) => i.item === 'Competition: Group — Ava');
    expect(item).toBeTruthy();
    expect(JSON.stringify(item)).toContain(
      'Regional — Starpower at Meadowlands Expo Center, 2027-03-05: Group, the dance number Fever — Ava Adams: $55.00',
    );
  });
});

describe("the entry's dancer limits", () => {
  it('refuses too many or too few dancers on a number with a sentence naming the limits, nothing changed', async () => {
    const tap = await troupe('Tap Comp', ['Shim Sham'], ['Dee Day', 'Eli Evans', 'Fay Ford', 'Gus Gray']);
    const [shim] = tap.numbers as [string];
    const many = await s.a.post(`${C}/registration/class`, { entry: future.trio, sReg: [shim] });
    expect([many.status, many.body]).toEqual([
      422,
      [false, COMPETITION_REG_TEXT.tooMany('Trio', 3, 'the dance number Shim Sham', 4)],
    ]);
    const few = await s.a.post(`${C}/registration/students`, {
      entry: future.trio,
      sReg: tap.dancers.slice(0, 2).map((d) => ({ pID: shim, acctStdID: d.studentId })),
    });
    expect([few.status, few.body]).toEqual([
      422,
      [false, COMPETITION_REG_TEXT.tooFew('Trio', 3, 'the dance number Shim Sham', 2)],
    ]);
    expect(await linesOfEntry(future.trio)).toEqual([]);
    for (const d of tap.dancers) {
      expect(await feePostings(d.familyId)).toEqual([]);
      expect(await balanceOf(d.familyId)).toBe(0);
    }
    // Three of them are a trio.
    const three = await ok(
      s.a.post(`${C}/registration/students`, {
        entry: future.trio,
        sReg: tap.dancers.slice(0, 3).map((d) => ({ pID: shim, acctStdID: d.studentId })),
      }),
    );
    expect(three.nReg).toBe(3);
    const fourth = await s.a.post(`${C}/registration/students`, {
      entry: future.trio,
      sReg: [{ pID: shim, acctStdID: tap.dancers[3]!.studentId }],
    });
    expect(fourth.status).toBe(422);
    const l = await lists(future.trio);
    expect(l.dnc.find((n: { id: string }) => n.id === shim)).toMatchObject({
      nReg_tot: 4,
      nReg_Students: 3,
      isReg: 0,
    });
  });
});

describe('a dancer removed', () => {
  it("before the event: the fee comes off the family's bill; the last ones under the minimum go with the number", async () => {
    const hip = await troupe('Hip Hop Comp', ['Uptown'], ['Hal Hill', 'Ivy Irwin', 'Jo James']);
    const [uptown] = hip.numbers as [string];
    const [hal, ivy] = hip.dancers as [Dancer, Dancer, Dancer];
    await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [uptown] }));
    expect(await balanceOf(hal.familyId)).toBe(55);

    const one = await ok(
      s.a.delete(`${C}/registration/class/${future.group}/std/${uptown}/${hal.studentId}`),
    );
    // 002 §8's text byte for byte: no period.
    expect(one).toEqual({ msg: 'Delete was successful', nRemoved: 1, feesRemoved: 1, feesKept: 0 });
    expect(await balanceOf(hal.familyId)).toBe(0);
    expect(await balanceOf(ivy.familyId)).toBe(55);
    const gone = await s.a.delete(`${C}/registration/class/${future.group}/std/${uptown}/${hal.studentId}`);
    expect(gone.status).toBe(404);

    // One dancer left would be under Group's two.
    const under = await s.a.delete(`${C}/registration/class/${future.group}/std/${uptown}/${ivy.studentId}`);
    expect([under.status, under.body]).toEqual([
      422,
      [false, COMPETITION_REG_TEXT.tooFew('Group', 2, 'the dance number Uptown', 1)],
    ]);
    expect(await balanceOf(ivy.familyId)).toBe(55);
    const whole = await ok(s.a.delete(`${C}/registration/class/${future.group}/dnc/${uptown}/null`));
    expect(whole).toMatchObject({ nRemoved: 2, feesRemoved: 2, feesKept: 0 });
    expect(await balanceOf(ivy.familyId)).toBe(0);
    expect(await linesOfEntry(future.group)).not.toContainEqual(
      expect.objectContaining({ danceNumberId: uptown }),
    );
  });

  it('on or after the event’s first day: the registration goes, the fee stays and the answer says so', async () => {
    const lyr = await troupe('Lyrical Comp', ['Hallelujah'], ['Kim King', 'Lou Lane', 'Max Moss']);
    const [song] = lyr.numbers as [string];
    const kim = lyr.dancers[0]!;
    await ok(s.a.post(`${C}/registration/class`, { entry: past.group, sReg: [song] }));
    const one = await ok(s.a.delete(`${C}/registration/class/${past.group}/std/${song}/${kim.studentId}`));
    expect(one).toEqual({
      msg: `Delete was successful. ${COMPETITION_REG_TEXT.feesKept(1, '2026-01-02')}`,
      nRemoved: 1,
      feesRemoved: 0,
      feesKept: 1,
    });
    expect(await balanceOf(kim.familyId)).toBe(55);
  });
});

describe('the schedule keeps what is registered', () => {
  it('a dance number, or its class, with dancers registered for a competition is not deleted; taken off, it goes', async () => {
    const tap = await troupe('Tap Comp', ['Shim Sham'], ['Dot Dunn', 'Eve Ellis']);
    const [number] = tap.numbers as [string];
    await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [number] }));
    const [row] = await t.database.db.select().from(classes).where(eq(classes.id, tap.classId));
    const numberUrl = `/api/mystudio/schedule/class/danceNumber/${tap.classId}/${number}/2`;

    const held = await s.a.delete(numberUrl);
    expect(held.status).toBe(422);
    expect(held.body).toEqual([false, scheduleMessages.numberInCompetition]);
    const cls = await s.a.delete(`/api/mystudio/schedule/class/${tap.classId}/room/${row!.roomId}`);
    expect(cls.status).toBe(422);
    expect(cls.body).toEqual([false, scheduleMessages.classInCompetition]);
    expect(await linesOfEntry(future.group)).toEqual(
      expect.arrayContaining([expect.objectContaining({ danceNumberId: number })]),
    );

    await ok(s.a.delete(`${C}/registration/class/${future.group}/dnc/${number}/null`));
    await ok(s.a.delete(numberUrl));
  });
});

describe('a private registered', () => {
  it('registers the lesson’s dancers; the lesson is registered when all its active dancers are', async () => {
    const price = await ok(
      s.a.post('/api/mystudio/tuition/privates', {
        yearTermID: setting.st.term,
        name: 'Solo 30',
        price: 40,
        nDancers: 1,
      }),
    );
    const genres = (await s.a.get('/api/mystudio/genres')).body[1] as { id: string }[];
    const lesson = await ok(
      s.a.post('/api/mystudio/privates', {
        name: 'Swan solo',
        teacherID: setting.st.teachers[0],
        priceID: price.id,
        genreID: genres[0]!.id,
        locationID: setting.st.location,
        type: 1,
      }),
    );
    const family = await createFamily(t.database.db, s.companyA);
    const nora = await createStudent(t.database.db, {
      companyId: s.companyA,
      familyId: family.id,
      firstName: 'Nora',
      lastName: 'Nash',
    });
    await ok(
      s.a.post('/api/mystudio/privates/reg/student', {
        studentID: nora.id,
        privID: lesson.id,
        price: '$40.00',
        dateStart: '2026-10-01',
      }),
    );
    const before = (await lists(future.solo, 'prv')).privs.find((p: { id: string }) => p.id === lesson.id);
    expect(before).toMatchObject({ nPrvReg_act: 1, nReg_Students: 0, nReg_tot: 1, isReg: 0, stat: 0 });

    const done = await ok(s.a.post(`${C}/registration/private`, { entry: future.solo, sReg: [lesson.id] }));
    expect(done).toMatchObject({ nReg: 1, fees: 110 });
    expect(await balanceOf(family.id)).toBe(110);
    const after = await lists(future.solo, 'prv');
    expect(after.privs.find((p: { id: string }) => p.id === lesson.id)).toMatchObject({
      nPrvReg_act: 1,
      nReg_Students: 1,
      isReg: 1,
      stat: 2,
    });
    expect(after.reg_prv.find((r: { privID: string }) => r.privID === lesson.id)).toMatchObject({
      acctStdID: nora.id,
      studentName: 'Nora Nash',
      isReg: 1,
    });
    expect(after.cls).toEqual([]);

    const registered = await ok(s.a.get(`${C}/registered/event/${future.event}`));
    expect(registered.private_List).toContainEqual({ id: lesson.id, name: 'Swan solo', type: 1 });
    expect(registered.reg_List).toContainEqual(
      expect.objectContaining({ type: 'prv', pID: lesson.id, acctStdID: nora.id, price: 110, isPayed: 0 }),
    );

    // The lesson stays while Nora is registered with it (its line would go, the fee would stay).
    const held = await s.a.delete(`/api/mystudio/privates/${lesson.id}`);
    expect(held.status).toBe(422);
    expect(held.body).toEqual([false, privateMessages.inCompetition]);

    const off = await ok(s.a.delete(`${C}/registration/private/${future.solo}/prv/${lesson.id}/null`));
    expect(off).toMatchObject({ nRemoved: 1, feesRemoved: 1 });
    expect(await balanceOf(family.id)).toBe(0);
  });
});

describe('the registered list and the paid flag', () => {
  it('lists the event’s registrations grouped by dancer with their fees; a line is paid when the ledger says so', async () => {
    const ballet = await troupe('Ballet Comp', ['Pas de Quatre'], ['Oli Ortiz', 'Pia Park']);
    const [pas] = ballet.numbers as [string];
    const [oli, pia] = ballet.dancers as [Dancer, Dancer];
    const done = await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [pas] }));

    // Oli's family pays the fee at the desk.
    const money = await ok(s.a.get(`/api/mystudio/account/${oli.familyId}/money`));
    await ok(
      s.a.post(`/api/transactions/payments/${oli.familyId}/${money.current.id}`, {
        payments: [{ type: 'cash', total: 55 }],
      }),
    );

    const list = await ok(s.a.get(`${C}/registered/event/${future.event}`));
    const oliGroup = list.std_List.find((d: { acctStdID: string }) => d.acctStdID === oli.studentId);
    expect(oliGroup).toMatchObject({
      studentName: 'Oli Ortiz',
      coAcctMemID: oli.familyId,
      price: 55,
      paid: 55,
    });
    expect(oliGroup.regIDs).toHaveLength(1);
    const line = (id: string) => list.reg_List.find((r: { id: string }) => r.id === id);
    const oliLine = list.reg_List.find((r: { acctStdID: string }) => r.acctStdID === oli.studentId);
    const piaLine = list.reg_List.find((r: { acctStdID: string }) => r.acctStdID === pia.studentId);
    expect(oliLine).toMatchObject({
      type: 'cls',
      pID: pas,
      compCoEntryID: future.group,
      price: 55,
      priceStudio: 45,
      paid: 55,
      isPayed: 1,
    });
    expect(line(piaLine.id)).toMatchObject({ isPayed: 0, paid: 0 });
    expect(done.regIDs).toContain(piaLine.id);
    // Grouped: each dancer's lines are together, dancers by name.
    const order = list.reg_List.map((r: { acctStdID: string }) => r.acctStdID);
    expect(order.filter((id: string, i: number) => order.indexOf(id) !== i && order[i - 1] !== id)).toEqual(
      [],
    );
    expect(list.dncNum_List).toContainEqual(expect.objectContaining({ id: pas, name: 'Pas de Quatre' }));
    expect(list.class_List).toContainEqual({ id: ballet.classId, name: 'Ballet Comp' });
    const group = list.entry_List.find((e: { cmpEntID: string }) => e.cmpEntID === future.group);
    expect(group.nReg).toBe(
      list.reg_List.filter((r: { compCoEntryID: string }) => r.compCoEntryID === future.group).length,
    );
    // What the studio owes the competition: its price per line.
    expect(list.totals.priceStudio).toBe(
      list.reg_List.reduce((sum: number, r: { priceStudio: number }) => sum + r.priceStudio * 100, 0) / 100,
    );

    // The flag follows the ledger.
    const confirm = await ok(s.a.put(`${C}/registration/${oliLine.id}/paid`, { isPayed: 1 }));
    expect(confirm).toEqual({ id: oliLine.id, isPayed: 1, msg: messages.updateSuccessful });
    const unpay = await s.a.put(`${C}/registration/${oliLine.id}/paid`, { isPayed: false });
    expect([unpay.status, unpay.body]).toEqual([422, [false, COMPETITION_REG_TEXT.paidAlready]]);
    const byHand = await s.a.put(`${C}/registration/${piaLine.id}/paid`, { isPayed: true });
    expect([byHand.status, byHand.body]).toEqual([422, [false, COMPETITION_REG_TEXT.paidByLedger]]);
    expect(await balanceOf(pia.familyId)).toBe(55);
  });
});

describe("the studios' walls and the spec's texts", () => {
  it("studio B finds none of A's entries, events or lines; a parent may not call; invalid ids are the spec's text", async () => {
    const contemporary = await troupe('Contemporary Comp', ['Breathe'], ['Quin Quick', 'Rae Reed']);
    const [breathe] = contemporary.numbers as [string];
    const done = await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [breathe] }));
    const body = { entry: future.group, yrTrm: setting.st.term, loc: setting.st.location, type: 'cls' };
    expect((await s.b.post(`${C}/registration`, body)).status).toBe(404);
    expect((await s.b.post(`${C}/registration/class`, { entry: future.group, sReg: [breathe] })).status).toBe(
      404,
    );
    expect((await s.b.get(`${C}/registered/event/${future.event}`)).status).toBe(404);
    expect((await s.b.delete(`${C}/registration/class/${future.group}/dnc/${breathe}/null`)).status).toBe(
      404,
    );
    expect((await s.b.put(`${C}/registration/${done.regIDs[0]}/paid`, { isPayed: 0 })).status).toBe(404);
    expect((await s.parent.post(`${C}/registration`, body)).status).toBe(403);
    expect((await s.parent.get(`${C}/registered/event/${future.event}`)).status).toBe(403);
    // A's number on A's entry, named by B's owner with B's own entry: still not found.
    expect(await linesOfEntry(future.group)).toContainEqual(
      expect.objectContaining({ danceNumberId: breathe }),
    );

    for (const res of [
      await s.a.post(`${C}/registration/class`, { entry: future.group, sReg: [] }),
      await s.a.post(`${C}/registration/class`, { entry: 'nope', sReg: [breathe] }),
      // Without `entry` (002 §5, §8): the spec's sentence, not the generic one.
      await s.a.post(`${C}/registration/class`, { sReg: [breathe] }),
      await s.a.post(`${C}/registration/private`, { sReg: [breathe] }),
      await s.a.post(`${C}/registration`, { ...body, type: 'solo' }),
      await s.a.delete(`${C}/registration/class/${future.group}/std/${breathe}/null`),
      await s.a.delete(`${C}/registration/class/${future.group}/dnc/${breathe}/not-an-id`),
    ]) {
      expect([res.status, res.body]).toEqual([400, [false, "Op's, something went wrong please try again."]]);
    }
  });
});

describe('round trips', () => {
  it('the working lists and the registered list cost the same round trips for more dancers', async () => {
    const modern = await troupe('Modern Comp', ['Gravity'], ['Sam Stone', 'Tia Tate']);
    await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: modern.numbers }));
    const count = async () => [
      (await countQueries(t, () => lists(future.group))).count,
      (await countQueries(t, () => lists(future.solo, 'prv'))).count,
      (await countQueries(t, () => s.a.get(`${C}/registered/event/${future.event}`))).count,
    ];
    await lists(future.group);
    const few = await count();
    const more = await troupe(
      'Modern Comp 2',
      ['Levity', 'Falling'],
      ['Uma Underwood', 'Vic Vance', 'Wes West'],
    );
    await ok(s.a.post(`${C}/registration/class`, { entry: future.group, sReg: more.numbers }));
    expect(await count()).toEqual(few);
    for (const n of few) expect(n).toBeLessThanOrEqual(4);
  });
});

describe("the working lists' dancers, in the plan kept for any studio (issue 39 point 3)", () => {
  it("finds the location's rooms, each room's classes and each activity's dancer by their keys", async () => {
    const statement = numberDancersStatement(s.companyA, future.group, setting.st.term, setting.st.location);
    const plan = await genericPlan(t.database.db, statement);
    // The location's rooms, then each room's classes by the room: never every class of the term (what
    // the plan kept for the joins written plainly walked, 16,600 buffers at 4 × the bench's studio).
    expect(plan).toContain('rooms_location_idx');
    expect(plan).toContain('classes_room_ref_idx');
    expect(plan).not.toMatch(/classes_(room|teacher)_idx/);
    // Each activity's registration and dancer by their primary keys, never the studio's dancers walked.
    expect(plan).toContain('class_registrations_pkey');
    expect(plan).toContain('students_pkey');
    expect(plan).not.toMatch(/students_(name|family)_idx|class_registrations_(student|counting|pending)_idx/);
  });
});
