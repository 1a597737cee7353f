/**
 * The ledger's guards under fault injection (issue 16 point 8): what the database itself refuses (a
 * ledger row changed or deleted, a table emptied, a transaction whose entries do not sum to zero), a
 * failure in the middle of a payment or a billing day (made by a trigger this file adds and removes),
 * and requests that race: two payments of one family at once, and one request sent twice at once.
 * Every check of the books is SQL of its own (ledger-model.fixture.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import {
  billingDaysUntil,
  cents,
  dollars,
  type Family,
  familyState,
  ledgerBreaches,
  ledgerSnapshot,
  newFamily,
  register,
  rows,
  rowsAdded,
  rowsChanged,
  setUpWorld,
  startRun,
  type World,
} from './ledger-model.fixture';

const { t, s } = useTwoStudios();
let world: World;
const db = (): Db => t.database.db;

beforeAll(async () => {
  world = await setUpWorld(t, s);
  await startRun(world);
});

/** A family registered in a class: its registration fee and first payment charged. */
async function registeredFamily(): Promise<Family> {
  const family = await newFamily(world);
  await register(family, family.students[0]!, world.classes[0]!);
  return family;
}

async function currentBill(family: Family): Promise<string> {
  const res = await s.a.get(`/api/transactions/current/${family.id}/parent`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1].id;
}

const pay = (family: Family, bill: string, total: number, extra: Record<string, unknown> = {}) =>
  s.a.post(`/api/transactions/payments/${family.id}/${bill}`, {
    payments: [{ type: 'cash', total: dollars(total) }],
    ...extra,
  });

/** The database's error of a statement (PGlite and node-postgres put it in different places). */
async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  return 'not refused';
}

const LEDGER_TABLES = [
  ['ledger_invoices', 'id'],
  ['ledger_transactions', 'id'],
  ['ledger_entries', 'id'],
  ['ledger_charges', 'tx_id'],
  ['ledger_payments', 'tx_id'],
  ['ledger_allocations', 'id'],
  ['ledger_refunds', 'tx_id'],
] as const;

describe('the database refuses to change the ledger', () => {
  beforeAll(async () => {
    // A row in every ledger table: charges, a payment (allocated, part of it credit) and a refund.
    const family = await registeredFamily();
    const bill = await currentBill(family);
    const state = await familyState(db(), world.companyId, family.id);
    const paid = await pay(family, bill, state.balance + 1000);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [payment] = (await familyState(db(), world.companyId, family.id)).payments;
    const refunded = await s.a.post(`/api/transactions/refund/${family.id}`, {
      paymentID: payment!.id,
      total: 5,
      to: 'cash',
      reason: 'Overpaid',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  });

  it.each(LEDGER_TABLES)('UPDATE and DELETE of %s', async (table, id) => {
    const before = await ledgerSnapshot(db());
    const [row] = await rows<{ id: string }>(
      db(),
      sql`select ${sql.identifier(id)}::text as id from ${sql.identifier(table)} limit 1`,
    );
    expect(row, `a row of ${table}`).toBeDefined();
    const where = sql`${sql.identifier(id)} = ${row!.id}`;
    expect(
      await refusal(() =>
        db().execute(
          sql`update ${sql.identifier(table)} set ${sql.identifier(id)} = ${sql.identifier(id)} where ${where}`,
        ),
      ),
    ).toMatch(/the ledger is never changed: UPDATE/);
    expect(
      await refusal(() => db().execute(sql`delete from ${sql.identifier(table)} where ${where}`)),
    ).toMatch(/the ledger is never changed: DELETE/);
    // Every row of it, at once.
    expect(await refusal(() => db().execute(sql`delete from ${sql.identifier(table)}`))).toMatch(
      /the ledger is never changed: DELETE/,
    );
    expect(rowsChanged(before, await ledgerSnapshot(db()))).toEqual([]);
  });

  it('refuses TRUNCATE of the entries, and of whatever cascades to them', async () => {
    const before = await ledgerSnapshot(db());
    for (const statement of [
      sql`truncate ledger_entries`,
      sql`truncate ledger_transactions cascade`,
      sql`truncate ledger_invoices cascade`,
    ]) {
      expect(await refusal(() => db().execute(statement))).toMatch(/the ledger is never changed: TRUNCATE/);
    }
    expect(rowsChanged(before, await ledgerSnapshot(db()))).toEqual([]);
  });

  // Found by this file (fixed in 06f0c95): the TRUNCATE trigger was on ledger_entries only, and the
  // tables no foreign key references (charges, payments, allocations, refunds) could be emptied.
  it.each(['ledger_charges', 'ledger_payments', 'ledger_allocations', 'ledger_refunds'])(
    'refuses TRUNCATE of %s',
    async (table) => {
      // Inside a transaction that is rolled back either way, so the test's books stay whole.
      const outcome = await refusal(() =>
        db().transaction(async (tx) => {
          await tx.execute(sql`truncate ${sql.identifier(table)}`);
          throw new Error('emptied: rolled back');
        }),
      );
      expect(outcome).toMatch(/the ledger is never changed: TRUNCATE/);
    },
  );

  it('refuses a transaction whose entries do not sum to zero: the commit fails, nothing stays', async () => {
    const before = await ledgerSnapshot(db());
    const [family] = await rows<{ id: string }>(
      db(),
      sql`select id from family_accounts where company_id = ${world.companyId} limit 1`,
    );
    const txId = randomUUID();
    const outcome = await refusal(() =>
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_transactions (id, company_id, family_id, kind, effective_date, idempotency_key, reason, created_by_name)
          values (${txId}, ${world.companyId}, ${family!.id}, 'charge', '2026-11-21', ${`guard:${txId}`}, 'Unbalanced', 'Test')`);
        await tx.execute(sql`insert into ledger_entries (tx_id, company_id, family_id, account, amount) values
          (${txId}, ${world.companyId}, ${family!.id}, 'receivable', 1000),
          (${txId}, ${world.companyId}, ${family!.id}, 'revenue:other', -999)`);
      }),
    );
    expect(outcome).toMatch(/does not balance: its entries sum to 1 cents/);
    const after = await ledgerSnapshot(db());
    expect(rowsAdded(before, after)).toEqual([]);
    expect(await rows(db(), sql`select id from ledger_transactions where id = ${txId}`)).toEqual([]);
  });

  it('refuses an entry added later to a balanced transaction', async () => {
    const [tx] = await rows<{ tx_id: string; family_id: string }>(
      db(),
      sql`select tx_id, family_id from ledger_entries limit 1`,
    );
    const before = await ledgerSnapshot(db());
    expect(
      await refusal(() =>
        db().execute(sql`insert into ledger_entries (tx_id, company_id, family_id, account, amount)
          values (${tx!.tx_id}, ${world.companyId}, ${tx!.family_id}, 'cash', 500)`),
      ),
    ).toMatch(/does not balance: its entries sum to 500 cents/);
    expect(rowsAdded(before, await ledgerSnapshot(db()))).toEqual([]);
  });

  it('refuses an entry, an allocation or a charge of zero, and a payment or refund of nothing', async () => {
    const [tx] = await rows<{ tx_id: string; family_id: string }>(
      db(),
      sql`select tx_id, family_id from ledger_entries limit 1`,
    );
    expect(
      await refusal(() =>
        db().execute(sql`insert into ledger_entries (tx_id, company_id, family_id, account, amount)
          values (${tx!.tx_id}, ${world.companyId}, ${tx!.family_id}, 'cash', 0)`),
      ),
    ).toMatch(/ledger_entries_amount_check/);
    expect(
      await refusal(() =>
        db().execute(sql`insert into ledger_payments (tx_id, company_id, family_id, method, total, received_on)
          values (${tx!.tx_id}, ${world.companyId}, ${tx!.family_id}, 'cash', 0, '2026-11-21')`),
      ),
    ).toMatch(/ledger_payments_total_check/);
  });
});

describe('a failure in the middle of a write leaves nothing half-posted', () => {
  /** A trigger that makes the next insert into `table` fail, for the time of `work`. */
  async function failing<T>(table: string, when: string, work: () => Promise<T>): Promise<T> {
    await db().execute(
      sql.raw(`create or replace function ledger_guard_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure on %', tg_table_name; end $$`),
    );
    await db().execute(
      sql.raw(
        `create trigger ledger_guard_fail before insert on ${table} for each row when (${when}) execute function ledger_guard_fail()`,
      ),
    );
    try {
      return await work();
    } finally {
      await db().execute(sql.raw(`drop trigger ledger_guard_fail on ${table}`));
    }
  }

  it.each([
    ['the receipt mail', 'mail_outbox', 'true'],
    ['the allocations', 'ledger_allocations', 'true'],
    ['the payment row', 'ledger_payments', "new.method = 'cash'"],
  ])(
    'a payment whose %s fail: no payment, entry or allocation stays; sent again, it is recorded once',
    async (_, table, when) => {
      const family = await registeredFamily();
      const bill = await currentBill(family);
      const before = await familyState(db(), world.companyId, family.id);
      const snap = await ledgerSnapshot(db());
      const requestId = randomUUID();
      const failed = await failing(table, when, () => pay(family, bill, 2000, { requestId }));
      expect(failed.status).toBe(500);
      expect(failed.body[0]).toBe(false);
      expect(rowsAdded(snap, await ledgerSnapshot(db()))).toEqual([]);
      expect((await familyState(db(), world.companyId, family.id)).counts).toBe(before.counts);

      const again = await pay(family, bill, 2000, { requestId });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const after = await familyState(db(), world.companyId, family.id);
      expect(after.payments).toHaveLength(1);
      expect(after.balance).toBe(before.balance - 2000);
      expect(await ledgerBreaches(db())).toEqual([]);
    },
  );

  it('a billing day whose credit cannot be applied posts nothing for the family that day; run again, it posts it once', async () => {
    // A family with credit: its next charge (Dec 1) is paid from it as it is posted, in one transaction.
    const family = await registeredFamily();
    const bill = await currentBill(family);
    const start = await familyState(db(), world.companyId, family.id);
    expect((await pay(family, bill, start.balance + 10_000)).status).toBe(200);
    const before = await familyState(db(), world.companyId, family.id);
    expect(before.credit).toBe(10_000);
    await failing('ledger_allocations', 'true', async () => {
      await expect(billingDaysUntil(world, '2026-12-02')).rejects.toThrow(/injected failure/);
    });
    // Not the charge without its credit applied: nothing at all.
    expect((await familyState(db(), world.companyId, family.id)).counts).toBe(before.counts);
    expect(await ledgerBreaches(db())).toEqual([]);
    // The failed day is retried a minute after the end of the last day run: the charge and its payment
    // from credit posted, once.
    await billingDaysUntil(world, '2026-12-03');
    const after = await familyState(db(), world.companyId, family.id);
    const december = after.charges.filter((c) => c.category === 'tuition' && c.dueDate === '2026-12-01');
    expect(december).toHaveLength(1);
    expect(december[0]!.paid).toBe(Math.min(10_000, december[0]!.total));
    expect(after.credit).toBe(Math.max(0, 10_000 - december[0]!.total));
    expect(await ledgerBreaches(db())).toEqual([]);
  });
});

describe('requests that race', () => {
  it('two payments of one family at once are both recorded, no charge paid twice', async () => {
    const family = await registeredFamily();
    const bill = await currentBill(family);
    const before = await familyState(db(), world.companyId, family.id);
    const [a, b] = [Math.floor(before.balance * 0.6), Math.floor(before.balance * 0.7)];
    const answers = await Promise.all([pay(family, bill, a), pay(family, bill, b)]);
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await familyState(db(), world.companyId, family.id);
    expect(after.payments.filter((p) => p.method === 'cash')).toHaveLength(2);
    // Together more than was owed: everything paid, the rest held as credit.
    expect({ balance: after.balance, credit: after.credit }).toEqual({
      balance: 0,
      credit: a + b - before.balance,
    });
    for (const c of after.charges) expect(c.paid).toBeLessThanOrEqual(c.total);
    expect(await ledgerBreaches(db())).toEqual([]);
  });

  it('many payments of one family at once: each recorded once, allocations consistent', async () => {
    const family = await registeredFamily();
    const bill = await currentBill(family);
    const before = await familyState(db(), world.companyId, family.id);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(family, bill, 1000 + i)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await familyState(db(), world.companyId, family.id);
    const received = answers.length * 1000 + 15;
    expect(after.balance - after.credit).toBe(before.balance - before.credit - received);
    expect(await ledgerBreaches(db())).toEqual([]);
  });

  it('one payment sent twice at once with one requestId is recorded once', async () => {
    const family = await registeredFamily();
    const bill = await currentBill(family);
    const before = await familyState(db(), world.companyId, family.id);
    const requestId = randomUUID();
    const answers = await Promise.all([
      pay(family, bill, 1500, { requestId }),
      pay(family, bill, 1500, { requestId }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await familyState(db(), world.companyId, family.id);
    expect(after.payments).toHaveLength(1);
    expect(after.balance).toBe(before.balance - 1500);
    expect(cents(answers[0]!.body[1].balance)).toBe(cents(answers[1]!.body[1].balance));
    expect(await ledgerBreaches(db())).toEqual([]);
  });

  it('one item added twice at once with one requestId is charged once', async () => {
    const family = await registeredFamily();
    const before = await familyState(db(), world.companyId, family.id);
    const body = {
      item: { typeID: 'costume', item: 'Recital costume', amount: 45, quantity: 1, total: 45 },
      requestId: randomUUID(),
    };
    const answers = await Promise.all([
      s.a.post(`/api/transactions/item/${family.id}`, body),
      s.a.post(`/api/transactions/item/${family.id}`, body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await familyState(db(), world.companyId, family.id);
    expect(after.charges.length).toBe(before.charges.length + 1);
    expect(after.balance).toBe(before.balance + 4500);
    expect(await ledgerBreaches(db())).toEqual([]);
  });

  it('one refund sent twice at once with one requestId gives the money back once', async () => {
    const family = await registeredFamily();
    const bill = await currentBill(family);
    // The whole balance: only money paid on a settled item is refunded (decision 037).
    const owed = (await familyState(db(), world.companyId, family.id)).balance;
    expect((await pay(family, bill, owed)).status).toBe(200);
    const [payment] = (await familyState(db(), world.companyId, family.id)).payments;
    const [chargeId] = [...payment!.perCharge.keys()];
    const body = {
      paymentID: payment!.id,
      itemID: chargeId,
      total: 10,
      to: 'cash',
      reason: 'Class cancelled',
      requestId: randomUUID(),
    };
    const answers = await Promise.all([
      s.a.post(`/api/transactions/refund/${family.id}`, body),
      s.a.post(`/api/transactions/refund/${family.id}`, body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await familyState(db(), world.companyId, family.id);
    expect(after.payments[0]!.refunded).toBe(1000);
    expect(await ledgerBreaches(db())).toEqual([]);
  });

  it('a payment while the billing days run: both land, each charge posted once, the books balance', async () => {
    const family = await registeredFamily();
    const bill = await currentBill(family);
    const before = await familyState(db(), world.companyId, family.id);
    // The next month's payment and the late fees fall due on these days, as the payment is recorded.
    await Promise.all([billingDaysUntil(world, '2027-01-05'), pay(family, bill, 1000)]);
    const after = await familyState(db(), world.companyId, family.id);
    const posted = after.charges.filter((c) => !before.charges.some((b) => b.id === c.id));
    expect(posted.length).toBeGreaterThan(0);
    expect(after.balance - after.credit).toBe(
      before.balance - before.credit + posted.reduce((s, c) => s + c.total, 0) - 1000,
    );
    expect(after.payments.filter((p) => p.method === 'cash')).toHaveLength(1);
    expect(await ledgerBreaches(db())).toEqual([]);
  });
});
