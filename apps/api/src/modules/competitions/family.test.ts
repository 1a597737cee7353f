import { randomUUID } from 'node:crypto';
import {
  chargeOpen,
  chargePaid,
  chargeStanding,
  type FamilyCompetitionEntry,
  type FamilyCompetitionsAnswer,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../../test/factories';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { ledgerCharges, ledgerTransactions } from '../../db/schema/ledger';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger';
import { addNumber, createClass, freeSlot } from '../schedule/schedule.fixture';

/**
 * A family's competition entries through their two calls (issue 19 point 5, decision 034): the owner's
 * of a family and the parent's own — two dancers by first name, their entries grouped by event, upcoming
 * events first; a fee paid, one partly paid, one taken off by hand; a registration removed before its
 * event (gone with its fee) and one removed after it began (its fee kept); the places in a running order
 * the owner set, as the overview numbers them; the walls between families and studios; a fixed number
 * of round trips.
 */

const C = '/api/mystudio/competition';
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

const ENTRIES = [
  { name: 'Group', priceStudio: 45, priceCustomer: 55, nDancersMin: 2, nDancersMax: 9 },
  { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 },
];
type Event = { event: string; group: string; solo: string };
/** The test clock's today is 2026-11-21: February's and April's events are to come, January's is past. */
let feb: Event;
let apr: Event;
let jan: Event;
/** May's event: only the fees of `what is paid of a fee` below. */
let may: Event;

beforeAll(async () => {
  setting = await registrationStudio(s);
  const place = async (company: string, location: Record<string, string>) => {
    const co = await ok(s.a.post(`${C}/company`, { name: company, email: 'info@example.com' }));
    return (await ok(s.a.post(`${C}/location/${co.id}`, location))).id as string;
  };
  const meadowlands = await place('Starpower', {
    name: 'Meadowlands Expo Center',
    address_1: '355 Plaza Dr',
    city: 'Secaucus',
    state: 'NJ',
    zipcode: '07094',
  });
  const hynes = await place('Showstopper', { name: '', address_1: '900 Boylston St', city: 'Boston' });
  const make = async (compCoLocID: string, dateStart: string, dateEnd: string, type?: string) => {
    const e = await ok(
      s.a.post(`${C}/event/entry`, { event: { compCoLocID, dateStart, dateEnd, type }, entry: ENTRIES }),
    );
    return { event: e.id, group: e.entries[0], solo: e.entries[1] };
  };
  // Made out of order: the answer sorts them.
  apr = await make(hynes, '2027-04-17', '2027-04-19', 'National');
  jan = await make(meadowlands, '2026-01-02', '2026-01-04');
  feb = await make(meadowlands, '2027-02-26', '2027-02-28');
  may = await make(hynes, '2027-05-14', '2027-05-16');
});

/** A class with dance numbers, the family's dancers and one dancer of another family in all of them. */
async function troupe(className: string, numbers: string[], dancers: string[]) {
  const classId = await createClass(setting.st, { name: className, ...freeSlot() });
  const ids: string[] = [];
  for (const name of numbers) ids.push((await addNumber(setting.st, classId, { name })).id);
  const other = await createFamily(t.database.db, s.companyA);
  const ben = await createStudent(t.database.db, {
    companyId: s.companyA,
    familyId: other.id,
    firstName: 'Ben',
    lastName: 'Brown',
  });
  for (const studentId of [...dancers, ben.id]) {
    await registerInClass(t.database.db, { companyId: s.companyA, classId, studentId });
  }
  return { numbers: ids, ben: ben.id };
}

/** The fee charge of a registration line and its bill. */
async function feeCharge(lineId: string) {
  const [row] = await t.database.db
    .select({ id: ledgerTransactions.id, invoiceId: ledgerCharges.invoiceId })
    .from(ledgerTransactions)
    .innerJoin(ledgerCharges, eq(ledgerCharges.txId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, s.companyA),
        eq(ledgerTransactions.idempotencyKey, `competition-fee:${lineId}`),
      ),
    );
  return row!;
}

async function pay(familyId: string, lineId: string, total: number) {
  const charge = await feeCharge(lineId);
  await ok(
    s.a.post(`/api/transactions/payments/${familyId}/${charge.invoiceId}`, {
      payments: [{ type: 'cash', total, reference: 'desk', items: [charge.id] }],
    }),
  );
}

const ofFamily = (id: string) => `/api/mystudio/account/${id}/competitions`;
const entriesOf = (a: FamilyCompetitionsAnswer) =>
  a.dancers.flatMap((d) => d.events.flatMap((e) => e.entries.map((x) => ({ dancer: d.studentName, ...x }))));

describe("a family's competition entries", () => {
  it('per dancer and event, upcoming first: the fees as the ledger holds them, removed registrations, the places in a running order set; the parent sees the same', async () => {
    const fam = await familyOf(t, s.companyA, 'family-competitions@example.com', [
      { firstName: 'Zoe' },
      { firstName: 'Anika' },
    ]);
    const [zoe, anika] = fam.students as [string, string];
    const jazz = await troupe('Jazz Comp', ['Fever', 'Sing Sing Sing'], [zoe, anika]);
    const [fever, sing] = jazz.numbers as [string, string];

    // February: Fever as a group (Anika, Zoe, Ben) and Anika's solo; April: Sing Sing Sing as a group;
    // last January: Fever as a group.
    await ok(s.a.post(`${C}/registration/class`, { entry: feb.group, sReg: [fever] }));
    await ok(
      s.a.post(`${C}/registration/students`, { entry: feb.solo, sReg: [{ pID: sing, acctStdID: anika }] }),
    );
    await ok(s.a.post(`${C}/registration/class`, { entry: apr.group, sReg: [sing] }));
    await ok(s.a.post(`${C}/registration/class`, { entry: jan.group, sReg: [fever] }));
    // Zoe taken off April's group before the event (her fee comes off the bill, and she leaves the list)
    // and off January's after it (her fee stays on the bill, kept).
    await ok(s.a.delete(`${C}/registration/class/${apr.group}/std/${sing}/${zoe}`));
    const left = await ok(s.a.delete(`${C}/registration/class/${jan.group}/std/${fever}/${zoe}`));
    expect(left.feesKept).toBe(1);

    // The owner sets February's running order: the default order turned round.
    const before = await ok(s.a.get(`${C}/overview/event/${feb.event}`));
    const keys = (before.performances as { key: string }[]).map((p) => p.key).reverse();
    const order = await ok(s.a.put(`${C}/overview/event/${feb.event}`, { order: keys }));

    let answer: FamilyCompetitionsAnswer = await ok(s.a.get(ofFamily(fam.id)));
    const line = (dancer: string, entry: string): FamilyCompetitionEntry =>
      entriesOf(answer).find((x) => x.dancer.startsWith(dancer) && x.entryID === entry)!;
    const anikaFeb = line('Anika', feb.group);
    const anikaSolo = line('Anika', feb.solo);
    const zoeFeb = line('Zoe', feb.group);
    // Anika's group fee paid in full at the desk, $40 of her solo, Zoe's fee taken off by hand.
    await pay(fam.id, anikaFeb.id, 55);
    await pay(fam.id, anikaSolo.id, 40);
    const zoeCharge = await feeCharge(zoeFeb.id);
    await ok(s.a.delete(`/api/transactions/item/${zoeCharge.invoiceId}/${zoeCharge.id}`));

    answer = await ok(s.a.get(ofFamily(fam.id)));
    expect(answer.coAcctMemID).toBe(fam.id);
    expect(answer.today).toBe('2026-11-21');
    expect(answer.dancers.map((d) => [d.studentID, d.studentName])).toEqual([
      [anika, 'Anika Dancer'],
      [zoe, 'Zoe Dancer'],
    ]);
    const [a, z] = answer.dancers as [FamilyCompetitionsAnswer['dancers'][number], never];
    expect(a.events.map((e) => [e.eventID, e.upcoming, e.runningOrder])).toEqual([
      [feb.event, true, true],
      [apr.event, true, false],
      [jan.event, false, false],
    ]);
    const starpower = {
      name: 'Meadowlands Expo Center',
      address1: '355 Plaza Dr',
      address2: '',
      city: 'Secaucus',
      state: 'NJ',
      zipcode: '07094',
    };
    // The places as the overview numbers them.
    const placeOf = (number: string, entry: string) =>
      (order.performances as { key: string; place: number }[]).find(
        (p) => p.key === `${entry}:dnc:${number}`,
      )!.place;
    expect(a.events[0]).toEqual({
      eventID: feb.event,
      name: 'Starpower Regional',
      type: 'Regional',
      company: 'Starpower',
      dateStart: '2027-02-26',
      dateEnd: '2027-02-28',
      upcoming: true,
      location: starpower,
      runningOrder: true,
      entries: [
        {
          id: anikaFeb.id,
          entryID: feb.group,
          entry: 'Group',
          type: 'cls',
          dncNumID: fever,
          privateID: null,
          danced: 'Fever',
          fee: 55,
          feePaid: 55,
          isPaid: true,
          place: placeOf(fever, feb.group),
        },
        {
          id: anikaSolo.id,
          entryID: feb.solo,
          entry: 'Solo',
          type: 'cls',
          dncNumID: sing,
          privateID: null,
          danced: 'Sing Sing Sing',
          fee: 110,
          feePaid: 40,
          isPaid: false,
          place: placeOf(sing, feb.solo),
        },
      ],
    });
    // Reversed, the order puts the solo first.
    expect(a.events[0]!.entries.map((e) => e.place)).toEqual([2, 1]);
    const overviewAnika = (order.dancers as { id: string; places: number[] }[]).find((d) => d.id === anika)!;
    expect(a.events[0]!.entries.map((e) => e.place).sort()).toEqual([...overviewAnika.places].sort());
    expect(a.events[1]).toMatchObject({
      name: 'Showstopper National',
      location: { name: '', address1: '900 Boylston St', city: 'Boston' },
      runningOrder: false,
      entries: [
        { entryID: apr.group, danced: 'Sing Sing Sing', fee: 55, feePaid: 0, isPaid: false, place: null },
      ],
    });
    expect(a.events[2]).toMatchObject({
      eventID: jan.event,
      upcoming: false,
      entries: [{ entryID: jan.group, danced: 'Fever', fee: 55, feePaid: 0 }],
    });
    // Zoe: February's group only, its fee taken off by hand (nothing to pay); April's and January's gone.
    expect(z).toMatchObject({ studentID: zoe, studentName: 'Zoe Dancer' });
    expect((z as FamilyCompetitionsAnswer['dancers'][number]).events).toMatchObject([
      {
        eventID: feb.event,
        entries: [{ id: zoeFeb.id, fee: 0, feePaid: 0, isPaid: false, place: placeOf(fever, feb.group) }],
      },
    ]);
    // January's fee for Zoe stays on the bill, her registration gone.
    expect(answer.feesKept).toEqual([
      {
        id: expect.any(String),
        item: 'Competition: Group — Zoe',
        detail: expect.stringContaining('Group, the dance number Fever — Zoe Dancer'),
        chargedOn: '2026-11-21',
        fee: 55,
        feePaid: 0,
        isPaid: false,
      },
    ]);
    expect(answer.totals).toEqual({
      entries: 5,
      events: 3,
      upcomingEvents: 2,
      // Anika 55 + 110 + 55 + 55, Zoe's February fee taken off, her January one kept.
      fees: 330,
      paid: 95,
      open: 235,
    });
    expect(JSON.stringify(answer)).not.toContain(jazz.ben);

    // The parent sees their own family's entries, the same.
    expect(await ok(fam.parent.get('/api/parents/competitions'))).toEqual(answer);
  });

  it('a family without entries has none; a registration removed before its event leaves nothing', async () => {
    const fam = await familyOf(t, s.companyA, 'no-competitions@example.com', [{ firstName: 'Ivy' }]);
    const empty: FamilyCompetitionsAnswer = await ok(s.a.get(ofFamily(fam.id)));
    expect(empty).toEqual({
      coAcctMemID: fam.id,
      today: '2026-11-21',
      dancers: [],
      feesKept: [],
      totals: { entries: 0, events: 0, upcomingEvents: 0, fees: 0, paid: 0, open: 0 },
    });

    const jazz = await troupe('Tap Comp', ['Shim Sham'], [fam.students[0]!]);
    await ok(s.a.post(`${C}/registration/class`, { entry: apr.group, sReg: jazz.numbers }));
    const entered: FamilyCompetitionsAnswer = await ok(fam.parent.get('/api/parents/competitions'));
    expect(entered.totals).toMatchObject({ entries: 1, fees: 55, open: 55 });
    await ok(s.a.delete(`${C}/registration/class/${apr.group}/dnc/${jazz.numbers[0]}/null`));
    expect(await ok(fam.parent.get('/api/parents/competitions'))).toEqual(empty);
  });

  it("another family's parent and another studio's owner are refused; nothing of the family shows", async () => {
    const fam = await familyOf(t, s.companyA, 'walls-competitions@example.com', [{ firstName: 'Lea' }]);
    const other = await familyOf(t, s.companyA, 'walls-other-competitions@example.com', [
      { firstName: 'Max' },
    ]);
    const jazz = await troupe('Walls Comp', ['Walls'], [fam.students[0]!]);
    const done = await ok(s.a.post(`${C}/registration/class`, { entry: apr.group, sReg: jazz.numbers }));

    const url = ofFamily(fam.id);
    const b = await s.b.get(url);
    expect(b.status).toBe(404);
    expect(b.body).toEqual([false, 'This account could not be found.']);
    expect((await other.parent.get(url)).status).toBe(403);
    expect((await fam.parent.get(url)).status).toBe(403);
    expect((await s.a.get('/api/parents/competitions')).status).toBe(403);
    expect((await s.b.get('/api/parents/competitions')).status).toBe(403);
    expect((await s.a.get(ofFamily(randomUUID()))).status).toBe(404);
    expect((await s.a.get('/api/mystudio/account/not-an-id/competitions')).status).toBe(400);
    const theirs: FamilyCompetitionsAnswer = await ok(other.parent.get('/api/parents/competitions'));
    expect(theirs.dancers).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(done.regIDs[0]);
    expect(JSON.stringify(theirs)).not.toContain(fam.id);
  });

  it('costs the same round trips to the database for more dancers, events and entries', async () => {
    const fam = await familyOf(t, s.companyA, 'count-competitions@example.com', [
      { firstName: 'Ada' },
      { firstName: 'Bea' },
    ]);
    const [ada, bea] = fam.students as [string, string];
    const jazz = await troupe('Count Comp', ['Count one', 'Count two', 'Count three'], [ada, bea]);
    const [one, two, three] = jazz.numbers as [string, string, string];
    await ok(s.a.post(`${C}/registration/class`, { entry: feb.group, sReg: [one] }));
    const keys = (await ok(s.a.get(`${C}/overview/event/${feb.event}`))).performances.map(
      (p: { key: string }) => p.key,
    );
    await ok(s.a.put(`${C}/overview/event/${feb.event}`, { order: keys }));
    const url = ofFamily(fam.id);
    // The parent's session is read once, at its first call.
    await ok(fam.parent.get('/api/parents/competitions'));
    const few = await countQueries(t, () => s.a.get(url));
    const fewParent = await countQueries(t, () => fam.parent.get('/api/parents/competitions'));

    await ok(s.a.post(`${C}/registration/class`, { entry: feb.group, sReg: [two] }));
    await ok(
      s.a.post(`${C}/registration/students`, { entry: feb.solo, sReg: [{ pID: three, acctStdID: bea }] }),
    );
    await ok(s.a.post(`${C}/registration/class`, { entry: apr.group, sReg: [one, two] }));
    await ok(s.a.post(`${C}/registration/class`, { entry: jan.group, sReg: [three] }));
    await ok(s.a.delete(`${C}/registration/class/${jan.group}/std/${three}/${ada}`));
    const more = await countQueries(t, () => s.a.get(url));
    const answer: FamilyCompetitionsAnswer = await ok(s.a.get(url));
    expect(answer.totals).toMatchObject({ entries: 10, events: 3 });
    expect(answer.feesKept).toHaveLength(1);
    // The family, the studio's today, the lines, the kept fees, their charges, the running orders, the
    // lines of the events whose order is set.
    expect(few.count).toBe(7);
    expect(more.count).toBe(few.count);
    expect((await countQueries(t, () => fam.parent.get('/api/parents/competitions'))).count).toBe(
      fewParent.count,
    );
  });
});

describe('what is paid of a fee (issue 31 item 5, decision 039)', () => {
  it("the family's entries, the event's registrations and the overview answer the ledger's rule: a fee taken off after it was paid, one paid by credit, one part paid", async () => {
    const fam = await familyOf(t, s.companyA, 'competition-fees-rule@example.com', [{ firstName: 'Mia' }]);
    const [mia] = fam.students as [string];
    const tap = await troupe('Tap Comp', ['Shim Sham', 'Broadway'], [mia]);
    const [shim, broadway] = tap.numbers as [string, string];
    const lineOf = async (entry: string, number: string) => {
      const answer: FamilyCompetitionsAnswer = await ok(s.a.get(ofFamily(fam.id)));
      return entriesOf(answer).find((x) => x.entryID === entry && x.dncNumID === number)!.id;
    };

    // Shim Sham's group fee ($55) paid with $110 at the desk ($55 left as credit), then taken off: its
    // $55 goes to credit too. Broadway's solo ($110) posts and the credit pays all of it. Broadway's
    // group fee ($55) posts with no credit left; $20 of it is paid at the desk.
    await ok(s.a.post(`${C}/registration/class`, { entry: may.group, sReg: [shim] }));
    const removedLine = await lineOf(may.group, shim);
    const removed = await feeCharge(removedLine);
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${removed.invoiceId}`, {
        payments: [{ type: 'cash', total: 110, reference: 'desk', items: [removed.id] }],
      }),
    );
    await ok(s.a.delete(`/api/transactions/item/${removed.invoiceId}/${removed.id}`));
    await ok(
      s.a.post(`${C}/registration/students`, { entry: may.solo, sReg: [{ pID: broadway, acctStdID: mia }] }),
    );
    const byCreditLine = await lineOf(may.solo, broadway);
    await ok(s.a.post(`${C}/registration/class`, { entry: may.group, sReg: [broadway] }));
    const partLine = await lineOf(may.group, broadway);
    await pay(fam.id, partLine, 20);

    /** The rule over the family's books read in memory, for a registration line's fee (cents). */
    const rule = async (familyId: string, lineId: string) => {
      const charge = await feeCharge(lineId);
      const c = (await readBook(t.database.db, s.companyA, familyId)).charges.find(
        (x) => x.id === charge.id,
      )!;
      const input = { total: c.total, removed: c.removed !== null, paid: c.paid };
      return {
        fee: chargeStanding(input),
        paid: chargePaid(input),
        isPaid: chargeStanding(input) > 0 && chargeOpen(input) === 0,
        byCredit: c.paid > 0 && c.paid === c.total,
      };
    };
    const want = new Map<string, Awaited<ReturnType<typeof rule>>>();
    for (const id of [removedLine, byCreditLine, partLine]) want.set(id, await rule(fam.id, id));
    // The three cases are there.
    expect(want.get(removedLine)).toMatchObject({ fee: 0, paid: 0, isPaid: false });
    expect(want.get(byCreditLine)).toMatchObject({ fee: 11000, paid: 11000, isPaid: true, byCredit: true });
    expect(want.get(partLine)).toMatchObject({ fee: 5500, paid: 2000, isPaid: false });
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.payments.some((p) => p.method === 'credit' && p.applied === 11000)).toBe(true);

    const cents = (dollars: number) => Math.round(dollars * 100);
    // The family's entries (the owner's and the parent's).
    const answer: FamilyCompetitionsAnswer = await ok(s.a.get(ofFamily(fam.id)));
    for (const [id, w] of want) {
      const shown = entriesOf(answer).find((x) => x.id === id)!;
      expect({ fee: cents(shown.fee), paid: cents(shown.feePaid), isPaid: shown.isPaid }, id).toEqual({
        fee: w.fee,
        paid: w.paid,
        isPaid: w.isPaid,
      });
    }
    expect(await ok(fam.parent.get('/api/parents/competitions'))).toEqual(answer);

    // The event's registrations: every line, Ben's (unpaid) too, and the overview's "families paid".
    const registered = await ok(s.a.get(`${C}/registered/event/${may.event}`));
    const lines = registered.reg_List as { id: string; coAcctMemID: string; paid: number; isPayed: 0 | 1 }[];
    expect(lines.length).toBe(5);
    let total = 0;
    for (const l of lines) {
      const w = await rule(l.coAcctMemID, l.id);
      total += w.paid;
      expect({ paid: cents(l.paid), isPayed: l.isPayed }, l.id).toEqual({
        paid: w.paid,
        isPayed: w.isPaid ? 1 : 0,
      });
    }
    expect(total).toBe(13000);
    expect(cents(registered.totals.paid)).toBe(total);
    const overview = await ok(s.a.get(`${C}/overview/event/${may.event}`));
    expect(cents(overview.event.familiesPaid)).toBe(total);
  });
});
