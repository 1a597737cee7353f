import { randomUUID } from 'node:crypto';
import { chargeOpen, chargePaid, chargeStanding, type FamilyCostumesAnswer } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { ledgerCharges, ledgerTransactions } from '../../db/schema/ledger';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger';
import { registerInJazz } from '../ledger/ledger.fixture';
import { payAtDesk } from '../ledger/reports.fixture';
import { addNumber } from '../schedule/schedule.fixture';

/**
 * A family's costumes through their two calls (issue 18 point 5, decision 030): the owner's of a family
 * and the parent's own — a deposit partly paid, a costume ordered (its balance posted) and received, a
 * costume taken off after the refundable date kept with its deposit, one taken off before it gone; the
 * walls between families and studios; a fixed number of round trips.
 */

const C = '/api/mystudio/costumes';
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

const settings = (refundableUntil: string | null) =>
  ok(s.a.put(`${C}/settings`, { depositKind: 'percent', depositPercent: 25, refundableUntil }));

/** A dance number of Jazz 1 with a new company's style in CS and CM, pink, at `price` (bought at $45). */
async function numberWithStyle(name: string, company: string, styleNumber: string, price: number) {
  const number = await addNumber(setting.st, setting.classes.tuesday, { name });
  const { id: companyId } = await ok(s.a.post(`${C}/company`, { name: company }));
  const style = await ok(
    s.a.post(`${C}/v2/style`, {
      costCoID: companyId,
      styleNumber,
      styleName: `${name} dress`,
      dncNumID: number.id,
      colors: ['Pink'],
      sizeColors: ['CS', 'CM'].map((size) => ({ size, color: 'Pink', price_buy: 45, price_sell: price })),
    }),
  );
  const entries = style.sizeColors as { priceID: string; size: string }[];
  return {
    number: number.id as string,
    company: companyId as string,
    style: style.id as string,
    cs: entries.find((e) => e.size === 'CS')!.priceID,
    cm: entries.find((e) => e.size === 'CM')!.priceID,
  };
}

/** The costume `priceID` assigned to the family's Emma in the number; answers the assignment's id. */
async function assign(number: string, studentId: string, priceID: string): Promise<string> {
  const list = await ok(s.a.get(`${C}/v2/assigned/${number}`));
  const dancer = list.dancers.find((d: { studentID: string }) => d.studentID === studentId);
  return (await ok(s.a.post(`${C}/style/assign`, { dncNumActID: dancer.dncNumActID, priceID }))).id;
}

/** The deposit charge of an assignment and its bill. */
async function depositCharge(assignmentId: string) {
  const [row] = await t.database.db
    .select({ id: ledgerTransactions.id, invoiceId: ledgerCharges.invoiceId })
    .from(ledgerTransactions)
    .innerJoin(ledgerCharges, eq(ledgerCharges.txId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, s.companyA),
        eq(ledgerTransactions.idempotencyKey, `costume-deposit:${assignmentId}`),
      ),
    );
  return row!;
}

/** Places an order of the company with these costumes. */
async function order(company: string, assignments: string[]) {
  const orderId = randomUUID();
  await ok(
    s.a.post(`${C}/v2/order/${orderId}`, {
      costumeCompanyID: company,
      items: assignments.map((costumeAssignedID) => ({ costumeAssignedID, price_buy: 45 })),
    }),
  );
  return ok(s.a.put(`${C}/v2/order/${orderId}/complete`));
}

describe("a family's costumes", () => {
  it('per dancer: a deposit partly paid, ordered and arrived, one removed after the refundable date kept, one removed before gone; the parent sees the same', async () => {
    await settings(null);
    const { fam, today } = await registerInJazz(t, s, setting, 'family-costumes@example.com');
    const other = (await registerInJazz(t, s, setting, 'other-costumes@example.com')).fam;
    const finale = await numberWithStyle('Finale', 'Curtain Call Costumes', 'CC-1', 80);
    const opening = await numberWithStyle('Opening', 'Weissman', 'W-7', 60);
    const emma = fam.students[0]!;

    const tutu = await assign(finale.number, emma, finale.cs);
    const otherTutu = await assign(finale.number, other.students[0]!, finale.cm);
    // $5 of the $20 deposit paid at the desk.
    const deposit = await depositCharge(tutu);
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${deposit.invoiceId}`, {
        payments: [{ type: 'cash', total: 5, reference: 'desk', items: [deposit.id] }],
      }),
    );
    // Ordered (its $60 balance posted) and arrived.
    const placed = await order(finale.company, [tutu, otherTutu]);
    await ok(s.a.put(`${C}/v2/order/${placed.orderID}/shipment`, { receivedOn: today, items: [tutu] }));

    // Taken off before the refundable date: its deposit comes off, and it leaves the list.
    const gone = await assign(opening.number, emma, opening.cm);
    await ok(s.a.delete(`${C}/assign/${gone}`));
    // Taken off on the refundable date: its $15 deposit stays, and so does the costume in the list.
    const kept = await assign(opening.number, emma, opening.cs);
    await settings(today);
    await ok(s.a.delete(`${C}/assign/${kept}`));
    await settings(null);

    const answer: FamilyCostumesAnswer = await ok(s.a.get(`/api/mystudio/account/${fam.id}/costumes`));
    expect(answer.coAcctMemID).toBe(fam.id);
    expect(answer.dancers).toHaveLength(1);
    expect(answer.dancers[0]!.studentID).toBe(emma);
    expect(answer.dancers[0]!.studentName).toMatch(/^Emma/);
    expect(answer.dancers[0]!.costumes).toEqual([
      {
        id: tutu,
        dncNumID: finale.number,
        danceNumber: 'Finale',
        costumeID: finale.style,
        styleNumber: 'CC-1',
        styleName: 'Finale dress',
        company: 'Curtain Call Costumes',
        size: 'CS',
        color: 'Pink',
        price: 80,
        deposit: 20,
        depositPaid: 5,
        balance: 60,
        balancePaid: 0,
        later: 0,
        ordered: { orderID: placed.orderID, name: placed.name, orderedOn: today },
        receivedOn: today,
        removed: false,
      },
      {
        id: kept,
        dncNumID: opening.number,
        danceNumber: 'Opening',
        costumeID: opening.style,
        styleNumber: 'W-7',
        styleName: 'Opening dress',
        company: 'Weissman',
        size: 'CS',
        color: 'Pink',
        price: 60,
        deposit: 15,
        depositPaid: 0,
        balance: 0,
        balancePaid: 0,
        later: 0,
        ordered: null,
        receivedOn: null,
        removed: true,
      },
    ]);
    expect(answer.totals).toEqual({
      costumes: 1,
      price: 80,
      deposit: 35,
      depositPaid: 5,
      balance: 60,
      balancePaid: 0,
      open: 90,
      later: 0,
    });

    // The parent sees their own family's costumes, the same.
    expect(await ok(fam.parent.get('/api/parents/costumes'))).toEqual(answer);

    // The other family: a costume ordered and not arrived, its deposit unpaid.
    const theirs: FamilyCostumesAnswer = await ok(other.parent.get('/api/parents/costumes'));
    expect(theirs.dancers.flatMap((d) => d.costumes)).toMatchObject([
      {
        id: otherTutu,
        size: 'CM',
        deposit: 20,
        depositPaid: 0,
        balance: 60,
        receivedOn: null,
        removed: false,
      },
    ]);
    expect(JSON.stringify(theirs)).not.toContain(tutu);
  });

  it('a costume not ordered yet: the rest of its price is still to come; a family without costumes has none', async () => {
    await settings(null);
    const { fam } = await registerInJazz(t, s, setting, 'later-costumes@example.com');
    const empty: FamilyCostumesAnswer = await ok(s.a.get(`/api/mystudio/account/${fam.id}/costumes`));
    expect(empty.dancers).toEqual([]);
    expect(empty.totals).toMatchObject({ costumes: 0, price: 0, open: 0, later: 0 });

    const recital = await numberWithStyle('Recital', 'Revolution Dancewear', 'R-3', 70);
    await assign(recital.number, fam.students[0]!, recital.cm);
    const answer: FamilyCostumesAnswer = await ok(s.a.get(`/api/mystudio/account/${fam.id}/costumes`));
    expect(answer.dancers[0]!.costumes).toMatchObject([
      { price: 70, deposit: 17.5, depositPaid: 0, balance: 0, later: 52.5, ordered: null, receivedOn: null },
    ]);
    expect(answer.totals).toMatchObject({ costumes: 1, price: 70, open: 17.5, later: 52.5 });
  });

  it("another family's parent and another studio's owner are refused; nothing of the family shows", async () => {
    await settings(null);
    const { fam } = await registerInJazz(t, s, setting, 'walls-costumes@example.com');
    const other = (await registerInJazz(t, s, setting, 'walls-other@example.com')).fam;
    const number = await numberWithStyle('Walls', 'Walls Costumes', 'WL-1', 50);
    const id = await assign(number.number, fam.students[0]!, number.cs);

    const url = `/api/mystudio/account/${fam.id}/costumes`;
    const b = await s.b.get(url);
    expect(b.status).toBe(404);
    expect(b.body).toEqual([false, 'This account could not be found.']);
    expect((await other.parent.get(url)).status).toBe(403);
    expect((await fam.parent.get(url)).status).toBe(403);
    expect((await s.a.get('/api/parents/costumes')).status).toBe(403);
    expect((await s.a.get(`/api/mystudio/account/${randomUUID()}/costumes`)).status).toBe(404);
    expect((await s.a.get('/api/mystudio/account/not-an-id/costumes')).status).toBe(400);
    const theirs = await other.parent.get('/api/parents/costumes');
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(id);
    expect(JSON.stringify(theirs.body)).not.toContain(fam.id);
  });

  it('costs the same round trips to the database for more costumes, dance numbers, orders and shipments', async () => {
    await settings(null);
    const { fam, today } = await registerInJazz(t, s, setting, 'count-costumes@example.com');
    const first = await numberWithStyle('Count one', 'Count Costumes', 'CT-1', 40);
    await assign(first.number, fam.students[0]!, first.cs);
    const url = `/api/mystudio/account/${fam.id}/costumes`;
    const few = await countQueries(t, () => s.a.get(url));
    const fewParent = await countQueries(t, () => fam.parent.get('/api/parents/costumes'));

    for (const name of ['Count two', 'Count three']) {
      const more = await numberWithStyle(name, `${name} Costumes`, name, 55);
      const id = await assign(more.number, fam.students[0]!, more.cm);
      const placed = await order(more.company, [id]);
      await ok(s.a.put(`${C}/v2/order/${placed.orderID}/shipment`, { receivedOn: today, items: [id] }));
    }
    const more = await countQueries(t, () => s.a.get(url));
    expect(((await ok(s.a.get(url))) as FamilyCostumesAnswer).dancers[0]!.costumes).toHaveLength(3);
    // The family, its costumes with their orders and shipments, their charges.
    expect(few.count).toBe(3);
    expect(more.count).toBe(few.count);
    expect((await countQueries(t, () => fam.parent.get('/api/parents/costumes'))).count).toBe(
      fewParent.count,
    );
  });
});

describe('what is paid of a deposit (issue 31 item 5, decision 039)', () => {
  it("the family's costumes, the deposits list and the number's assigned costumes answer the ledger's rule: a deposit taken off after it was paid, one paid by credit, one part paid", async () => {
    await settings(null);
    const { fam } = await registerInJazz(t, s, setting, 'costume-rule@example.com');
    const waltz = await numberWithStyle('Waltz', 'Rule Costumes', 'RC-1', 80);
    const polka = await numberWithStyle('Polka', 'Rule Costumes Two', 'RC-2', 80);
    const mazurka = await numberWithStyle('Mazurka', 'Rule Costumes Three', 'RC-3', 80);
    const emma = fam.students[0]!;
    const cash = (charge: { id: string; invoiceId: string }, total: number) =>
      ok(
        s.a.post(`/api/transactions/payments/${fam.id}/${charge.invoiceId}`, {
          payments: [{ type: 'cash', total, reference: 'desk', items: [charge.id] }],
        }),
      );

    // Waltz CS: its $20 deposit paid at the desk, then taken off the bill (the costume stays assigned).
    const removed = await assign(waltz.number, emma, waltz.cs);
    const removedCharge = await depositCharge(removed);
    await cash(removedCharge, 20);
    await ok(s.a.delete(`/api/transactions/item/${removedCharge.invoiceId}/${removedCharge.id}`));
    // The family pays all it owes and $20 more: credit, which pays Mazurka CS's deposit as it posts.
    const owed = (await readBook(t.database.db, s.companyA, fam.id)).balance;
    await payAtDesk(s.a, fam.id, owed / 100 + 20);
    const byCredit = await assign(mazurka.number, emma, mazurka.cs);
    // Polka CS: $5 of its $20 deposit paid at the desk.
    const part = await assign(polka.number, emma, polka.cs);
    await cash(await depositCharge(part), 5);

    const book = await readBook(t.database.db, s.companyA, fam.id);
    const rule = async (assignmentId: string) => {
      const charge = await depositCharge(assignmentId);
      const c = book.charges.find((x) => x.id === charge.id)!;
      const input = { total: c.total, removed: c.removed !== null, paid: c.paid };
      return { charged: chargeStanding(input), paid: chargePaid(input), open: chargeOpen(input) };
    };
    const want = new Map([
      [removed, await rule(removed)],
      [byCredit, await rule(byCredit)],
      [part, await rule(part)],
    ]);
    // The three cases are there.
    expect([...want.values()]).toEqual([
      { charged: 0, paid: 0, open: 0 },
      { charged: 2000, paid: 2000, open: 0 },
      { charged: 2000, paid: 500, open: 1500 },
    ]);
    expect(book.payments.some((p) => p.method === 'credit' && p.applied === 2000)).toBe(true);

    const cents = (dollars: number) => Math.round(dollars * 100);
    // The family's costumes (the owner's and the parent's).
    const answer: FamilyCostumesAnswer = await ok(s.a.get(`/api/mystudio/account/${fam.id}/costumes`));
    const costumes = answer.dancers.flatMap((d) => d.costumes);
    for (const [id, w] of want) {
      const shown = costumes.find((c) => c.id === id)!;
      expect({ charged: cents(shown.deposit), paid: cents(shown.depositPaid) }, id).toEqual({
        charged: w.charged,
        paid: w.paid,
      });
    }
    expect(await ok(fam.parent.get('/api/parents/costumes'))).toEqual(answer);

    // The deposits list: the standing deposits only, with what is paid and open of each.
    const list = await ok(s.a.get(`${C}/deposits?pageSize=100`));
    type Row = { costumeAssignedID: string; charged: number; paid: number; open: number };
    const rowOf = (id: string) => (list.items as Row[]).find((r) => r.costumeAssignedID === id);
    expect(rowOf(removed)).toBeUndefined();
    for (const id of [byCredit, part]) {
      const r = rowOf(id)!;
      expect({ charged: cents(r.charged), paid: cents(r.paid), open: cents(r.open) }, id).toEqual(
        want.get(id),
      );
    }

    // The numbers' assigned costumes.
    for (const [number, ids] of [
      [waltz.number, [removed]],
      [mazurka.number, [byCredit]],
      [polka.number, [part]],
    ] as const) {
      const assigned = await ok(s.a.get(`${C}/v2/assigned/${number}`));
      const shown = (
        assigned.dancers as { costumes: { id: string; deposit: number; depositPaid: number }[] }[]
      ).flatMap((d) => d.costumes);
      for (const id of ids) {
        const c = shown.find((x) => x.id === id)!;
        expect({ charged: cents(c.deposit), paid: cents(c.depositPaid) }, id).toEqual({
          charged: want.get(id)!.charged,
          paid: want.get(id)!.paid,
        });
      }
    }
  });
});
