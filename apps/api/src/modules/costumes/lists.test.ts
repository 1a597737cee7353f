import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, planWithoutSeqScans } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, students } from '../../db/schema/families';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { studioToday } from '../ledger/ledger.service';
import { addNumber, enrol } from '../schedule/schedule.fixture';
import { listPageStatement } from './lists.queries';

/**
 * The deposits and balances lists through their calls (issue 18 point 3, decision 029 "Deposits and
 * balances lists"): deposits paid, part paid and unpaid, one kept after its costume was removed and one
 * taken off the bill (not listed); balances posted by an order and partly paid, the open ones by
 * default; the dance number and class filters, pages, the totals over the filter, the CSV files
 * exactly, the same round trips for more rows, and the studio's walls.
 */

const C = '/api/mystudio/costumes';
const { t, s } = useTwoStudios();

type Scene = Awaited<ReturnType<typeof buildScene>>;
let scene: Scene;

/** A dancer of a new family (named `family`) in a class. */
async function dancer(
  setting: Awaited<ReturnType<typeof registrationStudio>>,
  classId: string,
  name: string,
) {
  const [firstName, family] = name.split(' ') as [string, string];
  const { studentId } = await enrol(t, setting.st, classId, { firstName, lastName: family });
  const [row] = await t.database.db
    .select({ familyId: familyAccounts.id })
    .from(familyAccounts)
    .innerJoin(students, eq(students.familyId, familyAccounts.id))
    .where(eq(students.id, studentId));
  await t.database.db
    .update(familyAccounts)
    .set({ lastName: family })
    .where(eq(familyAccounts.id, row!.familyId));
  return { studentId, familyId: row!.familyId };
}

/** The dancer's activity row in a number, from the number's assigned list. */
async function activityIn(number: string, studentId: string) {
  const list = await ok(s.a.get(`${C}/v2/assigned/${number}`));
  return list.dancers.find((d: { studentID: string }) => d.studentID === studentId).dncNumActID as string;
}

/** The family pays `total` (dollars) at the desk, against the charge named `item` when given. */
async function pay(familyId: string, total: number, item?: string) {
  const money = await ok(s.a.get(`/api/mystudio/account/${familyId}/money`));
  const items = item
    ? [money.current.items.find((i: { item: string }) => i.item.startsWith(item)).id as string]
    : undefined;
  await ok(
    s.a.post(`/api/transactions/payments/${familyId}/${money.current.id}`, {
      payments: [{ type: 'cash', total, ...(items ? { items } : {}) }],
    }),
  );
}

const settings = (refundableUntil: string | null) =>
  ok(s.a.put(`${C}/settings`, { depositKind: 'percent', depositPercent: 25, refundableUntil }));

/**
 * Jazz 1's "Ocean Waltz" wears the Sparkle Tutu ($80; CM at $60 for Ben), Tap 1's "Tap Attack" the Tap
 * Shorts ($40), both of one costume company, with a 25% deposit. Ava has paid her $20 deposit, Ben $5
 * of his $15, Cara nothing (her costume removed after the refundable date: the deposit stays), Dana
 * nothing (her family's name starts with '=', as a spreadsheet formula would); Eve's costume was removed
 * before the date, so its deposit came off the bill.
 */
async function buildScene() {
  const setting = await registrationStudio(s);
  const jazz = setting.classes.tuesday;
  const tap = setting.classes.thursday;
  const ava = await dancer(setting, jazz, 'Ava Adams');
  const ben = await dancer(setting, jazz, 'Ben Brown');
  const cara = await dancer(setting, jazz, 'Cara Clark');
  const eve = await dancer(setting, jazz, 'Eve Evans');
  const dana = await dancer(setting, tap, 'Dana =Diaz');
  const waltz = (await addNumber(setting.st, jazz, { name: 'Ocean Waltz' })).id;
  const tapAttack = (await addNumber(setting.st, tap, { name: 'Tap Attack' })).id;
  await settings(null);
  const { id: company } = await ok(s.a.post(`${C}/company`, { name: 'Curtain Call Costumes' }));
  const tutu = await ok(
    s.a.post(`${C}/v2/style`, {
      costCoID: company,
      styleNumber: 'ST-100',
      styleName: 'Sparkle Tutu',
      dncNumID: waltz,
      sizeColors: ['CS', 'CM'].map((size) => ({ size, color: 'Pink', price_buy: 45, price_sell: 80 })),
    }),
  );
  const shorts = await ok(
    s.a.post(`${C}/v2/style`, {
      costCoID: company,
      styleNumber: 'TS-9',
      styleName: 'Tap Shorts',
      dncNumID: tapAttack,
      sizeColors: [{ size: 'CM', color: 'Black', price_buy: 22, price_sell: 40 }],
    }),
  );
  const [cs, cm] = tutu.sizeColors as { priceID: string }[];
  const assign = async (number: string, studentId: string, priceID: string, price?: number) =>
    (
      await ok(
        s.a.post(`${C}/style/assign`, {
          dncNumActID: await activityIn(number, studentId),
          priceID,
          ...(price === undefined ? {} : { price }),
        }),
      )
    ).id as string;
  const a = {
    ava: await assign(waltz, ava.studentId, cs!.priceID),
    ben: await assign(waltz, ben.studentId, cm!.priceID, 60),
    cara: await assign(waltz, cara.studentId, cs!.priceID),
    eve: await assign(waltz, eve.studentId, cs!.priceID),
    dana: await assign(tapAttack, dana.studentId, shorts.sizeColors[0].priceID),
  };
  await pay(ava.familyId, 20);
  await pay(ben.familyId, 5);
  // Eve's removed while refundable (no date set), Cara's once the date has passed.
  await ok(s.a.delete(`${C}/assign/${a.eve}`));
  await settings('2020-01-15');
  await ok(s.a.delete(`${C}/assign/${a.cara}`));
  const today = await studioToday(t.database.db, s.companyA, t.clock);
  return {
    setting,
    jazz,
    tap,
    waltz,
    tapAttack,
    company: company as string,
    tutu: tutu.id as string,
    shorts: shorts.id as string,
    families: { ava, ben, cara, eve, dana },
    a,
    today,
  };
}

beforeAll(async () => {
  scene = await buildScene();
});

const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const dancers = (list: { items: { dancer: string }[] }) => list.items.map((r) => r.dancer);

describe('the deposits list', () => {
  it("lists every dancer's costume with a standing deposit, paid or not, with the filter's totals", async () => {
    const list = await ok(s.a.get(`${C}/deposits`));
    expect(dancers(list)).toEqual(['Ava Adams', 'Ben Brown', 'Cara Clark', 'Dana =Diaz']);
    expect(list).toMatchObject({
      total: 4,
      page: 1,
      pageSize: 25,
      totals: { count: 4, charged: 65, paid: 25, open: 40 },
    });
    const { ava, ben, cara } = scene.families;
    expect(list.items[0]).toEqual({
      costumeAssignedID: scene.a.ava,
      studentID: ava.studentId,
      dancer: 'Ava Adams',
      coAcctMemID: ava.familyId,
      family: 'Adams',
      dncNumID: scene.waltz,
      danceNumber: 'Ocean Waltz',
      clSchID: scene.jazz,
      className: 'Jazz 1',
      costumeID: scene.tutu,
      styleNumber: 'ST-100',
      styleName: 'Sparkle Tutu',
      size: 'CS',
      color: 'Pink',
      price: 80,
      removedOn: null,
      charged: 20,
      paid: 20,
      open: 0,
      status: 'paid',
      assignedOn: scene.today,
    });
    expect(list.items[1]).toMatchObject({
      coAcctMemID: ben.familyId,
      size: 'CM',
      price: 60,
      charged: 15,
      paid: 5,
      open: 10,
      status: 'part',
      removedOn: null,
    });
    // Removed after the refundable date: its deposit stays on the bill, and on the list.
    expect(list.items[2]).toMatchObject({
      coAcctMemID: cara.familyId,
      charged: 20,
      paid: 0,
      open: 20,
      status: 'unpaid',
      removedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(list.options).toEqual({
      numbers: [
        { dncNumID: scene.waltz, name: 'Ocean Waltz', clSchID: scene.jazz, className: 'Jazz 1' },
        { dncNumID: scene.tapAttack, name: 'Tap Attack', clSchID: scene.tap, className: 'Tap 1' },
      ],
      classes: [
        { clSchID: scene.jazz, name: 'Jazz 1' },
        { clSchID: scene.tap, name: 'Tap 1' },
      ],
    });
  });

  it('filters by dance number and by class, and pages with the totals of the whole filter', async () => {
    const byNumber = await ok(s.a.get(`${C}/deposits?dncNumID=${scene.tapAttack}`));
    expect(dancers(byNumber)).toEqual(['Dana =Diaz']);
    expect(byNumber.totals).toEqual({ count: 1, charged: 10, paid: 0, open: 10 });
    const byClass = await ok(s.a.get(`${C}/deposits?clSchID=${scene.jazz}`));
    expect(dancers(byClass)).toEqual(['Ava Adams', 'Ben Brown', 'Cara Clark']);
    expect(byClass.totals).toEqual({ count: 3, charged: 55, paid: 25, open: 30 });
    const neither = await ok(s.a.get(`${C}/deposits?dncNumID=${scene.tapAttack}&clSchID=${scene.jazz}`));
    expect(neither).toMatchObject({
      items: [],
      total: 0,
      totals: { count: 0, charged: 0, paid: 0, open: 0 },
    });
    // The filters' choices stay the studio's whole, whatever is chosen.
    expect(neither.options.numbers).toHaveLength(2);

    const second = await ok(s.a.get(`${C}/deposits?page=2&pageSize=3`));
    expect(dancers(second)).toEqual(['Dana =Diaz']);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3, totals: { count: 4, open: 40 } });
    const past = await ok(s.a.get(`${C}/deposits?page=3&pageSize=3`));
    expect(past).toMatchObject({ items: [], total: 4, totals: { count: 4, charged: 65 } });

    for (const bad of ['page=0', 'pageSize=101', 'dncNumID=nope', 'clSchID=1']) {
      expect((await s.a.get(`${C}/deposits?${bad}`)).status).toBe(400);
    }
  });

  it('exports the filtered rows as CSV, exactly, formulas defused, named with the studio’s today', async () => {
    const file = await ok(s.a.get(`${C}/deposits/export?clSchID=${scene.tap}`));
    expect(file.filename).toBe(`pirouette-costume-deposits-${scene.today}.csv`);
    expect(file.csv).toBe(
      [
        'Dancer,Family,Dance number,Class,Style number,Style,Size,Colour,Price,Deposit,Paid,Open,Status,Assigned on,Removed on',
        `Dana =Diaz,'=Diaz,Tap Attack,Tap 1,TS-9,Tap Shorts,CM,Black,40.00,10.00,0.00,10.00,Unpaid,${usDate(scene.today)},`,
        '',
      ].join('\r\n'),
    );
    // The day of a removal is the studio's day of its moment (the removal stamps the wall clock).
    const caraRemoved = (await ok(s.a.get(`${C}/deposits?clSchID=${scene.jazz}`))).items[2].removedOn;
    const all = await ok(s.a.get(`${C}/deposits/export`));
    const lines = all.csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe(
      `Ben Brown,Brown,Ocean Waltz,Jazz 1,ST-100,Sparkle Tutu,CM,Pink,60.00,15.00,5.00,10.00,Part paid,${usDate(scene.today)},`,
    );
    expect(lines[3]).toBe(
      `Cara Clark,Clark,Ocean Waltz,Jazz 1,ST-100,Sparkle Tutu,CS,Pink,80.00,20.00,0.00,20.00,Unpaid,${usDate(scene.today)},${usDate(caraRemoved)}`,
    );
  });
});

describe('the balances list', () => {
  it('lists the balances an order posted, the open ones unless asked for all, partly paid, with the order', async () => {
    expect(await ok(s.a.get(`${C}/balances`))).toMatchObject({
      items: [],
      total: 0,
      options: { numbers: [] },
    });

    const order = randomUUID();
    await ok(
      s.a.post(`${C}/v2/order/${order}`, {
        costumeCompanyID: scene.company,
        items: [scene.a.ava, scene.a.ben, scene.a.dana].map((id) => ({
          costumeAssignedID: id,
          price_buy: 40,
        })),
      }),
    );
    await ok(s.a.put(`${C}/v2/order/${order}/complete`));
    const { ava, ben } = scene.families;
    await pay(ava.familyId, 60, 'Costume balance');
    await pay(ben.familyId, 20, 'Costume balance');
    // Ben's costume taken from him once ordered: its balance stays on the bill, and on the list.
    await ok(s.a.delete(`${C}/assign/${scene.a.ben}`));

    const open = await ok(s.a.get(`${C}/balances`));
    expect(dancers(open)).toEqual(['Ben Brown', 'Dana =Diaz']);
    expect(open.totals).toEqual({ count: 2, charged: 75, paid: 20, open: 55 });
    expect(open.items[0]).toEqual({
      costumeAssignedID: scene.a.ben,
      studentID: ben.studentId,
      dancer: 'Ben Brown',
      coAcctMemID: ben.familyId,
      family: 'Brown',
      dncNumID: scene.waltz,
      danceNumber: 'Ocean Waltz',
      clSchID: scene.jazz,
      className: 'Jazz 1',
      costumeID: scene.tutu,
      styleNumber: 'ST-100',
      styleName: 'Sparkle Tutu',
      size: 'CM',
      color: 'Pink',
      price: 60,
      removedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      charged: 45,
      paid: 20,
      open: 25,
      status: 'part',
      deposit: 15,
      orderID: order,
      orderName: 'Curtain Call Costumes — order 1',
      orderedOn: scene.today,
    });

    const all = await ok(s.a.get(`${C}/balances?open=0`));
    expect(dancers(all)).toEqual(['Ava Adams', 'Ben Brown', 'Dana =Diaz']);
    expect(all.items[0]).toMatchObject({ charged: 60, paid: 60, open: 0, status: 'paid', deposit: 20 });
    expect(all.totals).toEqual({ count: 3, charged: 135, paid: 80, open: 55 });
    expect(all.options.classes).toEqual([
      { clSchID: scene.jazz, name: 'Jazz 1' },
      { clSchID: scene.tap, name: 'Tap 1' },
    ]);

    expect(dancers(await ok(s.a.get(`${C}/balances?open=false&clSchID=${scene.jazz}`)))).toEqual([
      'Ava Adams',
      'Ben Brown',
    ]);
    expect(dancers(await ok(s.a.get(`${C}/balances?dncNumID=${scene.tapAttack}`)))).toEqual(['Dana =Diaz']);
    expect(await ok(s.a.get(`${C}/balances?open=1&pageSize=1&page=2`))).toMatchObject({
      total: 2,
      totals: { count: 2, open: 55 },
      items: [{ dancer: 'Dana =Diaz' }],
    });
    expect((await s.a.get(`${C}/balances?open=maybe`)).status).toBe(400);

    const benRemoved = open.items[0].removedOn as string;
    const file = await ok(s.a.get(`${C}/balances/export?open=0&clSchID=${scene.jazz}`));
    expect(file.filename).toBe(`pirouette-costume-balances-${scene.today}.csv`);
    const day = usDate(scene.today);
    expect(file.csv).toBe(
      [
        'Dancer,Family,Dance number,Class,Style number,Style,Size,Colour,Price,Deposit,Balance,Paid,Open,Status,Order,Ordered on,Removed on',
        `Ava Adams,Adams,Ocean Waltz,Jazz 1,ST-100,Sparkle Tutu,CS,Pink,80.00,20.00,60.00,60.00,0.00,Paid,Curtain Call Costumes — order 1,${day},`,
        `Ben Brown,Brown,Ocean Waltz,Jazz 1,ST-100,Sparkle Tutu,CM,Pink,60.00,15.00,45.00,20.00,25.00,Part paid,Curtain Call Costumes — order 1,${day},${usDate(benRemoved)}`,
        '',
      ].join('\r\n'),
    );
    // The export's default is the list's: the balances owed.
    const owed = await ok(s.a.get(`${C}/balances/export`));
    expect(
      owed.csv
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l: string) => l.split(',')[0]),
    ).toEqual(['Ben Brown', 'Dana =Diaz']);
  });
});

describe("the studio's walls", () => {
  it("studio B's owner sees none of A's rows, even naming A's number or class; a parent may not call them", async () => {
    for (const url of [
      `${C}/deposits`,
      `${C}/deposits?dncNumID=${scene.waltz}`,
      `${C}/deposits?clSchID=${scene.jazz}`,
      `${C}/balances?open=0`,
      `${C}/balances?open=0&clSchID=${scene.jazz}`,
    ]) {
      expect(await ok(s.b.get(url)), url).toMatchObject({
        items: [],
        total: 0,
        totals: { count: 0, charged: 0 },
        options: { numbers: [], classes: [] },
      });
    }
    for (const url of [`${C}/deposits/export?dncNumID=${scene.waltz}`, `${C}/balances/export?open=0`]) {
      expect((await ok(s.b.get(url))).csv.trimEnd().split('\r\n'), url).toHaveLength(1);
    }
    const fam = await familyOf(t, s.companyA, 'lists-parent@example.com', [{ firstName: 'Zoe' }]);
    for (const url of [`${C}/deposits`, `${C}/deposits/export`, `${C}/balances`, `${C}/balances/export`]) {
      expect((await fam.parent.get(url)).status, url).toBe(403);
    }
  });
});

describe('round trips', () => {
  it('costs the same round trips to the database for more rows, in the lists and their files', async () => {
    const urls = [
      `${C}/deposits`,
      `${C}/deposits/export`,
      `${C}/balances?open=0`,
      `${C}/balances/export?open=0`,
    ];
    const count = async () => {
      const counts: number[] = [];
      for (const url of urls) counts.push((await countQueries(t, () => s.a.get(url))).count);
      return counts;
    };
    // A first request, so that both counts find the session looked up alike.
    await ok(s.a.get(urls[0]!));
    const few = await count();
    const before = (await ok(s.a.get(`${C}/deposits`))).total as number;
    const shorts = (await ok(s.a.get(`${C}/size-color/${scene.shorts}`)))[0].priceID as string;
    const more: string[] = [];
    for (const name of ['Fay Foster', 'Gus Green', 'Hal Hughes']) {
      const d = await dancer(scene.setting, scene.tap, name);
      more.push(
        (
          await ok(
            s.a.post(`${C}/style/assign`, {
              dncNumActID: await activityIn(scene.tapAttack, d.studentId),
              priceID: shorts,
            }),
          )
        ).id,
      );
    }
    const order = randomUUID();
    await ok(
      s.a.post(`${C}/v2/order/${order}`, {
        costumeCompanyID: scene.company,
        items: more.map((id) => ({ costumeAssignedID: id, price_buy: 22 })),
      }),
    );
    await ok(s.a.put(`${C}/v2/order/${order}/complete`));
    expect((await ok(s.a.get(`${C}/deposits`))).total).toBe(before + 3);
    expect(await count()).toEqual(few);
    // The page with its totals and the filters' choices; the file: the studio's day and the rows (and at
    // most the session's lookup).
    for (const n of few) expect(n).toBeLessThanOrEqual(3);
  });
});

describe('the studio’s costume charges, by index (issue 39 point 3)', () => {
  it('finds them by the studio-and-category index, never among every studio’s charges', async () => {
    for (const kind of ['deposit', 'balance'] as const) {
      const statement = listPageStatement(kind, s.companyA, {}, { limit: 25, offset: 0 });
      expect(await planWithoutSeqScans(t.database.db, statement), kind).toContain(
        'ledger_charges_category_idx',
      );
    }
  });

  it('finds each charge’s costume by its primary key, never every costume for each charge', async () => {
    for (const kind of ['deposit', 'balance'] as const) {
      const statement = listPageStatement(kind, s.companyA, {}, { limit: 25, offset: 0 });
      const plan = await planWithoutSeqScans(t.database.db, statement);
      expect(plan, kind).toMatch(/Index Scan using costume_assignments_pkey on costume_assignments a\b/);
      // Joined by the key made from each assignment's id, the plan read every costume with its activity
      // and number for each charge (8,500 buffers for 35 deposits at the bench's 1 ×).
      expect(plan, kind).not.toMatch(/idempotency_key = \('costume-/);
    }
  });
});
