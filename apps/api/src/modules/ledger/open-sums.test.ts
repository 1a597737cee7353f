import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { compactDaySums } from '../../db/journal-sums';
import { ledgerBreaches, rows } from './ledger-model.fixture';
import { openByDueDate, takingsByMethod } from './reports.queries';

/**
 * What is open on the studio's charges, kept by the ledger's triggers (decision 103): each statement that
 * inserts charges, allocations or reversals recounts the charges it touched against their last count.
 * The product writes a charge before its allocations and reversal, in statements of their own or in one
 * statement of several tables (a data-modifying WITH); the kept sums must come out as paid.ts's rule
 * reads them in every order, and the minute's look must compact them without changing a sum.
 *
 * These rows are written by hand, without entries, to reach the orders the product's own operations do
 * not take: so only the kept sums' checks of ledgerBreaches are asked here. The ledger's property tests
 * (ledger-model.test.ts) hold every check, these included, over the product's own operations.
 */

const { t, s } = useTwoStudios();
const FAMILY = '00000000-0000-4000-8000-0000000000a1';
const DUE = '2026-11-15';
let n = 0;
/** The studio a test writes in: each test's expectations are of its studio's sums alone. */
let studio = '';

/** The kept open sums' breaches (decision 103), the other checks left out. */
const openBreaches = async (db: Db) => (await ledgerBreaches(db)).filter((b) => b.includes('decision 103'));

/** A statement that inserts a transaction of the family (a charge, a payment or a reversal of `reverses`). */
const txRow = (id: string, kind: string, reverses: string | null = null) =>
  sql`insert into ledger_transactions (id, company_id, family_id, kind, effective_date, idempotency_key,
      reverses_id, reason, created_by_name)
    values (${id}, ${studio}, ${FAMILY}, ${kind}, ${DUE}, ${`open-sums:${++n}`}, ${reverses},
      'Open sums test', 'Test')`;

const chargeRow = (txId: string, invoiceId: string, total: number, dueDate = DUE) =>
  sql`insert into ledger_charges (tx_id, company_id, family_id, invoice_id, category, type_id, item, amount,
      quantity, total, due_date, lines)
    values (${txId}, ${studio}, ${FAMILY}, ${invoiceId}, 'costume', 'costume', 'Tutu', ${total}, 1, ${total},
      ${dueDate}, '[]'::jsonb)`;

const paymentRow = (txId: string, total: number) =>
  sql`insert into ledger_payments (tx_id, company_id, family_id, method, total, received_on)
    values (${txId}, ${studio}, ${FAMILY}, 'cash', ${total}, ${DUE})`;

const allocationRow = (txId: string, charge: string, payment: string, amount: number) =>
  sql`insert into ledger_allocations (tx_id, company_id, family_id, charge_tx_id, payment_tx_id, amount)
    values (${txId}, ${studio}, ${FAMILY}, ${charge}, ${payment}, ${amount})`;

/** A bill of the family's, which its charges join. */
async function invoice(db: Db): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`insert into ledger_invoices (id, company_id, family_id, number, opened_on)
    values (${id}, ${studio}, ${FAMILY}, ${++n}, ${DUE})`);
  return id;
}

/** What the kept sums age for the studio, and the charges they count. */
async function kept(db: Db) {
  const [counted] = await rows<{ charges: number }>(
    db,
    sql`select coalesce(sum(charges), 0)::int as charges from ledger_open_sums where company_id = ${studio}`,
  );
  return { open: await openByDueDate(db, studio), charges: counted!.charges };
}

describe("the studio's kept open sums (decision 103)", () => {
  it('count a charge, its payments and its removal in separate statements', async () => {
    studio = s.companyA;
    const db = t.database.db;
    const bill = await invoice(db);
    const [charge, payment, more, removal] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.transaction(async (tx) => {
      await tx.execute(txRow(charge, 'charge'));
      await tx.execute(chargeRow(charge, bill, 5_000));
    });
    expect(await kept(db)).toEqual({ open: [{ due_date: DUE, open: 5_000 }], charges: 1 });
    await db.transaction(async (tx) => {
      await tx.execute(txRow(payment, 'payment'));
      await tx.execute(paymentRow(payment, 3_000));
      await tx.execute(allocationRow(payment, charge, payment, 3_000));
    });
    expect(await kept(db)).toEqual({ open: [{ due_date: DUE, open: 2_000 }], charges: 1 });
    // A bounced check's allocation taken back reopens what it paid.
    await db.transaction(async (tx) => {
      await tx.execute(txRow(more, 'payment'));
      await tx.execute(allocationRow(more, charge, payment, -1_000));
    });
    expect(await kept(db)).toEqual({ open: [{ due_date: DUE, open: 3_000 }], charges: 1 });
    await db.execute(txRow(removal, 'charge', charge));
    expect(await kept(db)).toEqual({ open: [], charges: 0 });
    expect(await openBreaches(db)).toEqual([]);
  });

  it('count a charge paid or removed by the statement that inserts it, or whose row follows them', async () => {
    studio = s.companyB;
    const db = t.database.db;
    const bill = await invoice(db);
    const ids = Array.from({ length: 8 }, () => randomUUID());
    const [paidAtOnce, removedAtOnce, paidFirst, removedFirst, payment, removal, removal2, pay2] = ids;
    await db.transaction(async (tx) => {
      await tx.execute(txRow(payment!, 'payment'));
      await tx.execute(paymentRow(payment!, 9_000));
      // One statement: the charge, its row and an allocation of 1,500 of its 4,000.
      await tx.execute(sql`with c as (${txRow(paidAtOnce!, 'charge')} returning id),
        r as (${chargeRow(paidAtOnce!, bill, 4_000)} returning tx_id)
        ${allocationRow(payment!, paidAtOnce!, payment!, 1_500)}`);
      // One statement: a charge, its row, an allocation and its removal.
      await tx.execute(sql`with c as (${txRow(removedAtOnce!, 'charge')} returning id),
        r as (${chargeRow(removedAtOnce!, bill, 2_500, '2026-10-01')} returning tx_id),
        x as (${txRow(removal!, 'charge', removedAtOnce!)} returning id)
        ${allocationRow(payment!, removedAtOnce!, payment!, 500)}`);
      // The allocation before the charge's row: the row counts it.
      await tx.execute(txRow(paidFirst!, 'charge'));
      await tx.execute(txRow(pay2!, 'payment'));
      await tx.execute(allocationRow(pay2!, paidFirst!, payment!, 700));
      await tx.execute(chargeRow(paidFirst!, bill, 1_000, '2026-12-01'));
      // The removal before the charge's row: nothing open.
      await tx.execute(txRow(removedFirst!, 'charge'));
      await tx.execute(txRow(removal2!, 'charge', removedFirst!));
      await tx.execute(chargeRow(removedFirst!, bill, 800, '2026-09-01'));
    });
    expect(await kept(db)).toEqual({
      open: [
        { due_date: DUE, open: 2_500 },
        { due_date: '2026-12-01', open: 300 },
      ],
      charges: 2,
    });
    expect(await openBreaches(db)).toEqual([]);
  });

  it('are compacted by the look into a row a due date, those with nothing open gone, the sums unchanged', async () => {
    studio = s.companyA; // the first test's charges there left nothing open
    const db = t.database.db;
    const bill = await invoice(db);
    const charges = Array.from({ length: 6 }, () => randomUUID());
    for (const [i, charge] of charges.entries()) {
      await db.transaction(async (tx) => {
        await tx.execute(txRow(charge, 'charge'));
        await tx.execute(chargeRow(charge, bill, 1_000 * (i + 1), i % 2 ? DUE : '2026-12-15'));
      });
    }
    // Every charge due on the 15th of December removed, in turns with the look.
    await Promise.all([
      ...charges.filter((_, i) => i % 2 === 0).map((c) => db.execute(txRow(randomUUID(), 'charge', c))),
      compactDaySums(db),
    ]);
    const before = await kept(db);
    expect(before).toEqual({ open: [{ due_date: DUE, open: 2_000 + 4_000 + 6_000 }], charges: 3 });
    await Promise.all([compactDaySums(db), compactDaySums(db)]);
    expect(await kept(db)).toEqual(before);
    const left = await rows<{ due_date: string; compacted: boolean }>(
      db,
      sql`select due_date::text, compacted from ledger_open_sums where company_id = ${studio}`,
    );
    expect(left).toEqual([{ due_date: DUE, compacted: true }]);
    expect(await openBreaches(db)).toEqual([]);
  });
});

describe("the studio's kept takings (migration 0047)", () => {
  it('count payments when written, take a reversed one off, in any statement, and keep their sums through the look', async () => {
    studio = s.companyB;
    const db = t.database.db;
    const takingsBreaches = async () =>
      (await ledgerBreaches(db)).filter((b) => b.includes('migration 0047'));
    // The studio's cash taken before the test (the seed's, and earlier tests'), and what is added to it.
    const cash = async () =>
      (await takingsByMethod(db, studio, DUE, '2026-11-01')).find((r) => r.method === 'cash');
    const base = (await cash()) ?? { today_total: 0, today_count: 0, month_total: 0, month_count: 0 };
    const takings = async () => {
      const now = (await cash())!;
      return {
        today: [now.today_total - base.today_total, now.today_count - base.today_count],
        month: [now.month_total - base.month_total, now.month_count - base.month_count],
      };
    };
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    // A payment in statements of its own, and two in one statement of several tables.
    await db.transaction(async (tx) => {
      await tx.execute(txRow(first, 'payment'));
      await tx.execute(paymentRow(first, 1_500));
    });
    await db.execute(sql`with a as (${txRow(second, 'payment')}), b as (${txRow(third, 'payment')}),
      c as (${paymentRow(second, 2_500)}) ${paymentRow(third, 4_000)}`);
    expect(await takings()).toEqual({ today: [8_000, 3], month: [8_000, 3] });
    // The second taken back (a bounced check): no longer a taking.
    await Promise.all([db.execute(txRow(randomUUID(), 'payment', second)), compactDaySums(db)]);
    const after = { today: [5_500, 2], month: [5_500, 2] };
    expect(await takings()).toEqual(after);
    expect(await takingsBreaches()).toEqual([]);
    await Promise.all([compactDaySums(db), compactDaySums(db)]);
    expect(await takings()).toEqual(after);
    const left = await rows<{ compacted: boolean }>(
      db,
      sql`select compacted from ledger_takings where company_id = ${studio} and day = ${DUE} and method = 'cash'`,
    );
    expect(left).toEqual([{ compacted: true }]);
    expect(await takingsBreaches()).toEqual([]);
  });
});
