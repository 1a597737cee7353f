import { addDays, COSTUME_TEXT, scheduleMessages } from '@pirouette/domain';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { costumeAssignments, costumeReferences, costumeSizeChart } from '../../db/schema/costumes';
import { ledgerCharges, ledgerTransactions } from '../../db/schema/ledger';
import { classes, danceNumbers } from '../../db/schema/schedule';
import { countClassRegistrations } from '../../kernel/counting-registrations';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { addNumber, createClass, enrol, freeSlot } from '../schedule/schedule.fixture';

/**
 * Costumes through their calls (issue 18, decision 029): companies with size charts, styles on a dance
 * number with their size-colour prices, dancers' measurements and suggested sizes, assignments with
 * their deposits on the family's bill (once, whatever is sent twice), the spec's refusal to take an
 * assigned costume off a number, removals before and after the refundable date, and the studio's walls.
 */

const C = '/api/mystudio/costumes';
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** A child's chart (inches): CS, CM, CL by girth, chest and hips. */
const CHART = [
  { size: 'CS', girthMin: 40, girthMax: 43.9, chestMin: 20, chestMax: 21.9, hipsMin: 21, hipsMax: 22.9 },
  { size: 'CM', girthMin: 44, girthMax: 47.9, chestMin: 22, chestMax: 23.9, hipsMin: 23, hipsMax: 24.9 },
  { size: 'CL', girthMin: 48, girthMax: 51.9, chestMin: 24, chestMax: 25.9, hipsMin: 25, hipsMax: 26.9 },
];

async function companyWithChart(name = 'Curtain Call Costumes') {
  const { id } = await ok(s.a.post(`${C}/company`, { name, email: 'orders@curtaincall.example' }));
  await ok(s.a.put(`${C}/company/size-chart/${id}`, { chart: CHART }));
  return id as string;
}

/** Emma of a new family in Jazz 1, a new dance number of Jazz 1 with a costume style of three sizes. */
async function dancerWithCostume(email: string) {
  const { fam, today } = await registerInJazz(t, s, setting, email);
  const number = await addNumber(setting.st, setting.classes.tuesday, { name: `Number ${email}` });
  const company = await companyWithChart();
  const style = await ok(
    s.a.post(`${C}/v2/style`, {
      costCoID: company,
      styleNumber: `ST-${email}`,
      styleName: 'Sparkle Tutu',
      dncNumID: number.id,
      colors: ['Pink'],
      sizeColors: ['CS', 'CM', 'CL'].map((size) => ({ size, color: 'Pink', price_buy: 45, price_sell: 80 })),
    }),
  );
  const list = await ok(s.a.get(`${C}/v2/assigned/${number.id}`));
  const dancer = list.dancers.find((d: { studentID: string }) => d.studentID === fam.students[0]);
  return {
    fam,
    today,
    number: number.id,
    company,
    style: style.id as string,
    entries: style.sizeColors as { priceID: string; size: string }[],
    activity: dancer.dncNumActID as string,
  };
}

const balanceOf = async (familyId: string) =>
  (await ok(s.a.get(`/api/mystudio/account/${familyId}/money`))).balance as number;

const depositCharges = (familyId: string) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.familyId, familyId),
        like(ledgerTransactions.idempotencyKey, 'costume-deposit:%'),
      ),
    );

async function setDeposit(percent: number, refundableUntil: string | null) {
  await ok(s.a.put(`${C}/settings`, { depositKind: 'percent', depositPercent: percent, refundableUntil }));
}

describe('costume companies and size charts', () => {
  it('a company with its chart; a chart with a reversed range or a size twice is refused with a sentence, nothing changed', async () => {
    const id = await companyWithChart('Revolution Dancewear');
    expect(await ok(s.a.get(`${C}/company/size-chart/${id}`))).toMatchObject({
      name: 'Revolution Dancewear',
      chart: CHART,
    });
    const list = await ok(s.a.get(`${C}/company`));
    expect(list.find((c: { id: string }) => c.id === id)).toMatchObject({
      sizes: ['CS', 'CM', 'CL'],
      styles: 0,
    });

    const reversed = await s.a.put(`${C}/company/size-chart/${id}`, {
      chart: [{ size: 'XS', girthMin: 50, girthMax: 40 }],
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual([false, COSTUME_TEXT.rangeReversed('XS', 'girth')]);
    const twice = await s.a.put(`${C}/company/size-chart/${id}`, { chart: [{ size: 'CS' }, { size: 'cs' }] });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual([false, COSTUME_TEXT.sizeTwice('cs')]);
    const rows = await t.database.db
      .select()
      .from(costumeSizeChart)
      .where(eq(costumeSizeChart.costumeCompanyId, id));
    expect(rows.map((r) => r.size)).toEqual(['CS', 'CM', 'CL']);

    await ok(s.a.put(`${C}/company/${id}`, { name: 'Revolution', phone: '5551234567' }));
    await ok(s.a.delete(`${C}/company/${id}`));
    expect((await s.a.get(`${C}/company/size-chart/${id}`)).status).toBe(404);
  });
});

describe('styles on a dance number', () => {
  it('a style with its size-colour entries; the same style number reused; a company with a style in use is kept', async () => {
    const { number, company, style, entries } = await dancerWithCostume('styles@example.com');
    expect(entries.map((e) => e.size)).toEqual(['CS', 'CM', 'CL']);
    const styles = await ok(s.a.get(`${C}/style/${number}`));
    expect(styles).toHaveLength(1);
    expect(styles[0]).toMatchObject({
      id: style,
      costCoID: company,
      styleName: 'Sparkle Tutu',
      sizeGroups: ['CS', 'CM', 'CL'],
      colors: ['Pink'],
    });
    expect(styles[0].sizeColors).toHaveLength(3);
    expect(await ok(s.a.get(`${C}/size-color/${style}`))).toHaveLength(3);

    // The spec's POST style: the company's style of that number again, on a second number.
    const other = await addNumber(setting.st, setting.classes.tuesday, { name: 'Second number' });
    const again = await ok(
      s.a.post(`${C}/style`, {
        costCoID: company,
        styleNumber: 'st-styles@example.com',
        styleName: 'Sparkle Tutu',
        dncNumID: other.id,
        company: 'Curtain Call Costumes',
      }),
    );
    expect(again.id).toBe(style);
    expect(await ok(s.a.get(`${C}/style/${other.id}`))).toHaveLength(1);
    // The list counts the company's styles (one style, on two numbers).
    const listed = await ok(s.a.get(`${C}/company`));
    expect(listed.find((c: { id: string }) => c.id === company).styles).toBe(1);

    const kept = await s.a.delete(`${C}/company/${company}`);
    expect(kept.status).toBe(422);
    expect(kept.body).toEqual([false, COSTUME_TEXT.companyHasStyles(1)]);
  });
  it('bad input is refused with a sentence and changes nothing', async () => {
    const { number, company, activity } = await dancerWithCostume('bad@example.com');
    const before = await ok(s.a.get(`${C}/style/${number}`));
    const bad = await s.a.post(`${C}/v2/style`, {
      costCoID: company,
      styleNumber: 'NEW-1',
      styleName: 'Jazz Hands',
      dncNumID: number,
      sizeColors: [
        { size: 'CS', color: 'Red', price_buy: 20, price_sell: 40 },
        { size: 'CM', color: 'Red', price_buy: 20, price_sell: -1 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body[1]).toMatch(/^[A-Z].*\.$/);
    expect(await ok(s.a.get(`${C}/style/${number}`))).toEqual(before);

    // A style of another number is not this dancer's to wear.
    const other = await addNumber(setting.st, setting.classes.tuesday, { name: 'Elsewhere' });
    const elsewhere = await ok(
      s.a.post(`${C}/v2/style`, {
        costCoID: company,
        styleNumber: 'ELSE-1',
        styleName: 'Elsewhere Dress',
        dncNumID: other.id,
        sizeColors: [{ size: 'CS', color: '', price_buy: 20, price_sell: 40 }],
      }),
    );
    const refused = await s.a.post(`${C}/style/assign`, {
      dncNumActID: activity,
      priceID: elsewhere.sizeColors[0].priceID,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual([false, COSTUME_TEXT.notOnNumber]);
    const rows = await t.database.db
      .select()
      .from(costumeAssignments)
      .where(eq(costumeAssignments.activityId, activity));
    expect(rows).toEqual([]);
  });
});

describe('assignments and deposits', () => {
  it('assigns, suggests sizes, posts the deposit once, and refuses to take an assigned costume off the number', async () => {
    const { fam, today, number, style, activity } = await dancerWithCostume('assign@example.com');
    await setDeposit(50, addDays(today, 30));
    await ok(s.a.post(`${C}/measurements/${fam.students[0]}`, { girth: 45.5, chest: 22.5, hips: 23 }));
    const before = await balanceOf(fam.id);

    const body = {
      dncNumActID: activity,
      costumeID: style,
      size: 'CM',
      color: 'Pink',
      price_buy: 45,
      price_sell: 80,
    };
    const first = await ok(s.a.post(`${C}/style/size-price-assign`, body));
    expect(first).toMatchObject({ sizeColorID: first.priceID, msg: COSTUME_TEXT.assigned });
    // Sent twice (a double click, a retry): the same assignment, the deposit charged once.
    const second = await ok(s.a.post(`${C}/style/size-price-assign`, body));
    expect(second.assignID).toBe(first.assignID);
    expect(await balanceOf(fam.id)).toBe(before + 40);
    expect(await depositCharges(fam.id)).toHaveLength(1);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(JSON.stringify(money)).not.toContain('undefined');

    // The same style in another size is refused until the first is taken off.
    const cl = await s.a.post(`${C}/style/size-price-assign`, { ...body, size: 'CL' });
    expect(cl.status).toBe(409);
    expect(cl.body).toEqual([false, COSTUME_TEXT.alreadyAssigned('CM', 'Pink')]);

    const list = await ok(s.a.get(`${C}/v2/assigned/${number}`));
    const dancer = list.dancers.find((d: { dncNumActID: string }) => d.dncNumActID === activity);
    expect(dancer).toMatchObject({
      studentID: fam.students[0],
      familyID: fam.id,
      sell_price: 80,
      total_buy: 45,
      deposit: 40,
      depositPaid: 0,
      measurements: { girth: 45.5, chest: 22.5, hips: 23, takenOn: today },
      suggestions: [{ costumeID: style, sizes: ['CM'], fit: 'fits', stale: false }],
    });
    expect(dancer.costumes).toEqual([
      expect.objectContaining({
        id: first.assignID,
        costumeID: style,
        size: 'CM',
        color: 'Pink',
        price: 80,
        price_buy: 45,
        deposit: 40,
        depositPosted: true,
      }),
    ]);

    // The spec's refusal, word for word; the style stays on the number.
    const refused = await s.a.delete(`${C}/reference/${style}/${number}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual([false, "Unable to remove costume while it's assigned to a student."]);
    const refs = await t.database.db
      .select()
      .from(costumeReferences)
      .where(eq(costumeReferences.styleId, style));
    expect(refs).toHaveLength(1);

    // Before the refundable date the deposit comes off the bill; then the style can leave the number.
    const removed = await ok(s.a.delete(`${C}/assign/${first.assignID}`));
    expect(removed).toEqual({ msg: COSTUME_TEXT.depositRemoved, depositRemoved: true });
    expect(await balanceOf(fam.id)).toBe(before);
    expect((await s.a.delete(`${C}/assign/${first.assignID}`)).status).toBe(404);
    await ok(s.a.delete(`${C}/reference/${style}/${number}`));
    expect(await ok(s.a.get(`${C}/style/${number}`))).toEqual([]);
  });

  it('on or after the refundable date the deposit stays, and the answer says so', async () => {
    const { fam, today, number, activity, entries } = await dancerWithCostume('late@example.com');
    await setDeposit(25, today);
    const before = await balanceOf(fam.id);
    const cs = entries.find((e) => e.size === 'CS')!;
    // Two at once (two tabs): one assignment, one deposit.
    const assign = () =>
      ok(s.a.post(`${C}/style/assign`, { dncNumActID: activity, priceID: cs.priceID, price: 60 }));
    const [{ id }, other] = await Promise.all([assign(), assign()]);
    expect(other.id).toBe(id);
    expect(await balanceOf(fam.id)).toBe(before + 15);
    const [charge] = await depositCharges(fam.id);
    expect(charge).toBeDefined();

    // Paid at the desk: the assigned list shows the deposit paid.
    const [row] = await t.database.db.select().from(ledgerCharges).where(eq(ledgerCharges.txId, charge!.id));
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${row!.invoiceId}`, {
        payments: [{ type: 'cash', total: 15, reference: 'desk', items: [charge!.id] }],
      }),
    );
    const list = await ok(s.a.get(`${C}/v2/assigned/${number}`));
    const dancer = list.dancers.find((d: { dncNumActID: string }) => d.dncNumActID === activity);
    expect(dancer).toMatchObject({ deposit: 15, depositPaid: 15, costumes: [{ id, depositPaid: 15 }] });

    const removed = await ok(s.a.delete(`${C}/assign/${id}`));
    expect(removed.depositRemoved).toBe(false);
    expect(removed.msg).toContain(COSTUME_TEXT.depositKept(today));
    // The deposit stays charged (and paid): the balance is what it was before the costume.
    expect(await balanceOf(fam.id)).toBe(before);
    const standing = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reversesId, charge!.id));
    expect(standing).toEqual([]);
    const [gone] = await t.database.db.select().from(costumeAssignments).where(eq(costumeAssignments.id, id));
    expect(gone!.removedAt).not.toBeNull();
  });

  it('measurements: newest first, stale after 90 days; nothing to suggest without them', async () => {
    const { fam, today, number, style } = await dancerWithCostume('measure@example.com');
    const none = await ok(s.a.get(`${C}/v2/assigned/${number}`));
    const mine = (l: { dancers: { studentID: string }[] }) =>
      l.dancers.find((d) => d.studentID === fam.students[0]);
    expect(mine(none)).toMatchObject({
      measurements: null,
      suggestions: [{ costumeID: style, sizes: [], fit: 'none', stale: true }],
    });
    await ok(
      s.a.post(`${C}/measurements/${fam.students[0]}`, { takenOn: addDays(today, -120), girth: 43.5 }),
    );
    const old = await ok(s.a.get(`${C}/v2/assigned/${number}`));
    expect(mine(old)).toMatchObject({ suggestions: [{ sizes: ['CS'], fit: 'fits', stale: true }] });
    await ok(s.a.post(`${C}/measurements/${fam.students[0]}`, { girth: 46, chest: 24.5, height: 52.5 }));
    const history = await ok(s.a.get(`${C}/measurements/${fam.students[0]}`));
    expect(history.latest).toMatchObject({ girth: 46, chest: 24.5, height: 52.5, takenOn: today });
    expect(history.history).toHaveLength(2);
    const now = await ok(s.a.get(`${C}/v2/assigned/${number}`));
    expect(mine(now)).toMatchObject({ suggestions: [{ sizes: ['CM', 'CL'], fit: 'between', stale: false }] });

    const empty = await s.a.post(`${C}/measurements/${fam.students[0]}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual([false, COSTUME_TEXT.measurementsEmpty]);
  });
});

describe('the assigned list', () => {
  it('costs the same round trips to the database for more dancers, costumes and measurements', async () => {
    const first = await dancerWithCostume('count1@example.com');
    await setDeposit(10, null);
    const url = `${C}/v2/assigned/${first.number}`;
    const dancing = async () =>
      (await ok(s.a.get(url))).dancers as { dncNumActID: string; costumes: unknown[] }[];
    const assignAll = async () => {
      for (const d of await dancing()) {
        if (d.costumes.length > 0) continue;
        await ok(
          s.a.post(`${C}/style/assign`, { dncNumActID: d.dncNumActID, priceID: first.entries[1]!.priceID }),
        );
      }
    };
    await assignAll();
    const few = await countQueries(t, () => s.a.get(url));
    const fewDancers = (await dancing()).length;
    for (const email of ['count2@example.com', 'count3@example.com', 'count4@example.com']) {
      const { fam } = await registerInJazz(t, s, setting, email);
      await ok(s.a.post(`${C}/measurements/${fam.students[0]}`, { girth: 45, chest: 23 }));
    }
    await assignAll();
    const more = await countQueries(t, () => s.a.get(url));
    expect((await dancing()).length).toBe(fewDancers + 3);
    expect(more.count).toBe(few.count);
  });
});

describe("the studio's walls", () => {
  it("studio B's owner finds none of studio A's costumes; a parent may not call them", async () => {
    const { fam, number, company, style, activity, entries } = await dancerWithCostume('walls@example.com');
    const { id } = await ok(
      s.a.post(`${C}/style/assign`, { dncNumActID: activity, priceID: entries[0]!.priceID }),
    );
    for (const res of [
      s.b.get(`${C}/company/size-chart/${company}`),
      s.b.put(`${C}/company/size-chart/${company}`, { chart: [] }),
      s.b.delete(`${C}/company/${company}`),
      s.b.get(`${C}/style/${number}`),
      s.b.get(`${C}/size-color/${style}`),
      s.b.get(`${C}/v2/assigned/${number}`),
      s.b.post(`${C}/style/assign`, { dncNumActID: activity, priceID: entries[0]!.priceID }),
      s.b.delete(`${C}/assign/${id}`),
      s.b.delete(`${C}/reference/${style}/${number}`),
      s.b.get(`${C}/measurements/${fam.students[0]}`),
    ]) {
      expect((await res).status).toBe(404);
    }
    expect(await ok(s.b.get(`${C}/company`))).toEqual([]);
    expect((await fam.parent.get(`${C}/company`)).status).toBe(403);
    expect((await fam.parent.get(`${C}/v2/assigned/${number}`)).status).toBe(403);
    // Nothing of A's changed by B's attempts.
    const [row] = await t.database.db.select().from(costumeAssignments).where(eq(costumeAssignments.id, id));
    expect(row!.removedAt).toBeNull();
    expect(await ok(s.a.get(`${C}/company/size-chart/${company}`))).toMatchObject({ chart: CHART });
  });
});

describe("the schedule's deletes keep costumes and billed registrations", () => {
  const numberUrl = async (classId: string, numberId: string) =>
    `/api/mystudio/schedule/class/danceNumber/${classId}/${numberId}/${Math.max(
      1,
      await countClassRegistrations(t.database.db, s.companyA, classId, 'counting'),
    )}`;
  const classUrl = async (classId: string) => {
    const [row] = await t.database.db.select().from(classes).where(eq(classes.id, classId));
    return `/api/mystudio/schedule/class/${classId}/room/${row!.roomId}`;
  };

  it('a dance number with a costume on a dancer, or a deposit kept, stays; taken off in time, it goes', async () => {
    await setDeposit(25, null);
    const d = await dancerWithCostume('keep-number@example.com');
    const { id } = await ok(
      s.a.post(`${C}/style/assign`, { dncNumActID: d.activity, priceID: d.entries[0]!.priceID }),
    );
    const held = await s.a.delete(await numberUrl(setting.classes.tuesday, d.number));
    expect(held.status).toBe(422);
    expect(held.body).toEqual([false, scheduleMessages.numberHasCostumes]);
    // The class is billed (Emma's registration is on her family's plan), and holds the costume too.
    const cls = await s.a.delete(await classUrl(setting.classes.tuesday));
    expect(cls.status).toBe(422);
    expect(cls.body).toEqual([false, scheduleMessages.classBilled]);
    expect(
      await t.database.db.select().from(costumeAssignments).where(eq(costumeAssignments.id, id)),
    ).toHaveLength(1);

    // Taken off before the refundable date: the deposit comes off the bill, and the number may go.
    await ok(s.a.delete(`${C}/assign/${id}`));
    await ok(s.a.delete(await numberUrl(setting.classes.tuesday, d.number)));
    const [number] = await t.database.db.select().from(danceNumbers).where(eq(danceNumbers.id, d.number));
    expect(number).toBeUndefined();
  });

  it('a costume taken off after the refundable date keeps its deposit on the bill, and so its number', async () => {
    const d = await dancerWithCostume('keep-deposit@example.com');
    await setDeposit(25, d.today);
    const { id } = await ok(
      s.a.post(`${C}/style/assign`, { dncNumActID: d.activity, priceID: d.entries[1]!.priceID }),
    );
    await ok(s.a.delete(`${C}/assign/${id}`));
    const held = await s.a.delete(await numberUrl(setting.classes.tuesday, d.number));
    expect(held.status).toBe(422);
    expect(held.body).toEqual([false, scheduleMessages.numberHasCostumes]);
    await setDeposit(25, null);
  });

  it('a class whose number holds a costume stays even unbilled', async () => {
    const classId = await createClass(setting.st, freeSlot());
    const { studentId } = await enrol(t, setting.st, classId, { firstName: 'Lola' });
    const number = await addNumber(setting.st, classId, { name: 'Lola’s number' });
    const company = await companyWithChart('Unbilled Costumes');
    const style = await ok(
      s.a.post(`${C}/v2/style`, {
        costCoID: company,
        styleNumber: 'UB-1',
        styleName: 'Plain Leotard',
        dncNumID: number.id,
        sizeColors: [{ size: 'CM', color: 'Black', price_buy: 10, price_sell: 20 }],
      }),
    );
    const activity = number.dncNumAct.find((a) => a.clsRegID)!.dncNumActID;
    await ok(s.a.post(`${C}/style/assign`, { dncNumActID: activity, priceID: style.sizeColors[0].priceID }));
    const held = await s.a.delete(await classUrl(classId));
    expect(held.status, JSON.stringify({ studentId })).toBe(422);
    expect(held.body).toEqual([false, scheduleMessages.classHasCostumes]);
  });
});
