import { DEPOSIT_TEXT, monthClosedMessage } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addItem, LEDGER } from '../../../test/fuzz/ledger-scene';
import { type Caller, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz, runBillingUntil } from '../ledger/ledger.fixture';
import { keepSessionsAlive, rows, setClockDay } from '../ledger/ledger-model.fixture';

/**
 * Bank deposits and closed months through the API (issue 34 items 3 and 5, decision 050): a deposit
 * moves cash and checks to the bank as one line; the same payment is never in two deposits (also at
 * once); a check returned after its deposit comes back out of the bank; another studio sees and takes
 * nothing; closing a month refuses a desk payment dated in it with the sentence, and its figures stay.
 */

const { t, s } = useTwoStudios();
let family: string;
let a: Caller;
let b: Caller;

/** Something to pay (a costume), then the owner's desk payment of it: the answer. */
async function payment(type: 'cash' | 'check', dollars: number, reference: string, receivedOn?: string) {
  const item = await addItem(a, family, dollars);
  return a.post(LEDGER.payments(family, item.bill), {
    payments: [
      { type, total: dollars, reference, items: [item.item], ...(receivedOn ? { receivedOn } : {}) },
    ],
  });
}

/** The owner records a desk payment on the family's bill; the payment's id. */
async function pay(type: 'cash' | 'check', dollars: number, reference = '', receivedOn?: string) {
  const res = await payment(type, dollars, reference, receivedOn);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const paid = (
    res.body[1].payments as { id: string; payProc_TransferID: string; payment_type?: string }[]
  ).at(-1)!;
  return paid.id;
}

/** Each book account's total, the family ledger's accounts mapped as the books do, plus the studio journal. */
async function bookTotals(companyId: string, upTo = '9999-12-31') {
  const found = await rows<{ account: string; total: number }>(
    t.database.db,
    sql`select account, sum(amount)::int as total from (
        select case when e.account in ('cash', 'check', 'terminal') then 'undeposited_funds' else e.account end as account, e.amount
          from ledger_entries e join ledger_transactions x on x.id = e.tx_id
          where e.company_id = ${companyId} and x.effective_date <= ${upTo}
        union all
        select e.account, e.amount from books_entries e join books_transactions x on x.id = e.tx_id
          where e.company_id = ${companyId} and x.effective_date <= ${upTo}
      ) all_lines group by account order by account`,
  );
  return Object.fromEntries(found.map((r) => [r.account, r.total]));
}

beforeAll(async () => {
  const setting = await registrationStudio(s);
  const { fam } = await registerInJazz(t, s, setting, 'deposits@family.example');
  family = fam.id;
  // The account opens on the test clock's day (Nov 21), as the studio sees it: the database stamps it
  // with the real time, and a payment dated Dec 1 would be "before the account was opened" once the
  // real day is past it.
  await t.database.db.execute(
    sql`update family_accounts set created_at = ${t.clock.now().toISOString()} where id = ${family}`,
  );
  a = s.a;
  b = s.b;
});

describe('deposits', () => {
  let check1: string;
  let check2: string;
  let cash: string;

  it('lists the cash and checks waiting, and a deposit moves the picked ones to the bank as one line', async () => {
    check1 = await pay('check', 40, '1001');
    check2 = await pay('check', 15, '1002');
    cash = await pay('cash', 10);
    const waiting = await ok(a.get('/api/mystudio/books/undeposited'));
    expect(waiting.total).toBe(3);
    expect(waiting.sums).toEqual({ cash: 1000, check: 5500, terminal: 0, all: 6500 });
    const before = await bookTotals(s.companyA);
    expect(before.undeposited_funds).toBe(6500);

    const made = await ok(a.post('/api/mystudio/books/deposits', { payments: [check1, cash] }));
    expect(made).toMatchObject({ number: 1, total: 5000 });
    const after = await bookTotals(s.companyA);
    expect(after.undeposited_funds).toBe(1500);
    expect(after.bank).toBe(5000);
    const lines = await rows(
      t.database.db,
      sql`select idempotency_key, kind from books_transactions where company_id = ${s.companyA}`,
    );
    expect(lines).toEqual([{ idempotency_key: 'deposit:1', kind: 'deposit' }]);
    const left = await ok(a.get('/api/mystudio/books/undeposited'));
    expect(left.items.map((p: { paymentID: string }) => p.paymentID)).toEqual([check2]);
  });

  it('refuses a payment already deposited with a sentence, changing nothing', async () => {
    const before = await bookTotals(s.companyA);
    const res = await a.post('/api/mystudio/books/deposits', { payments: [check1, check2] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual([false, DEPOSIT_TEXT.notWaiting]);
    expect(await bookTotals(s.companyA)).toEqual(before);
  });

  it('prints the slip: the studio, the day, each check with its number, family and amount, the cash, the total', async () => {
    const list = await ok(a.get('/api/mystudio/books/deposits'));
    expect(list.total).toBe(1);
    const slip = await ok(a.get(`/api/mystudio/books/deposits/${list.items[0].id}`));
    expect(slip).toMatchObject({
      number: 1,
      checks: [{ number: '1001', amount: 4000 }],
      cash: { count: 1, total: 1000 },
      checksTotal: 4000,
      total: 5000,
    });
    expect(slip.checks[0].family).not.toBe('');
    expect(slip.studio.name).not.toBe('');
  });

  it('deposits everything received up to a day, and the same payment deposited twice at once goes in one deposit', async () => {
    const other = await pay('check', 7, '1003');
    const [first, second] = await Promise.all([
      a.post('/api/mystudio/books/deposits', { payments: [other] }),
      a.post('/api/mystudio/books/deposits', { payments: [other] }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const all = await ok(a.post('/api/mystudio/books/deposits', { upTo: '2030-01-01' }));
    expect(all.total).toBe(1500);
    const items = await rows(
      t.database.db,
      sql`select payment_tx_id, count(*)::int as n from bank_deposit_items where company_id = ${s.companyA} group by 1 having count(*) > 1`,
    );
    expect(items).toEqual([]);
    const totals = await bookTotals(s.companyA);
    expect(totals.undeposited_funds).toBe(0);
    expect(totals.bank).toBe(7200);
    const nothing = await a.post('/api/mystudio/books/deposits', { upTo: '2030-01-01' });
    expect(nothing.status).toBe(422);
  });

  it('a deposited check returned unpaid comes back out of the bank: undeposited funds never go below zero', async () => {
    const res = await a.post(LEDGER.returned(family, check1), { reason: 'Insufficient funds' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const totals = await bookTotals(s.companyA);
    expect(totals.undeposited_funds).toBe(0);
    expect(totals.bank).toBe(7200 - 4000);
    const back = await rows(
      t.database.db,
      sql`select kind, reason from books_transactions where company_id = ${s.companyA} and kind = 'returned_deposit'`,
    );
    expect(back).toHaveLength(1);
    expect(String(back[0]!.reason)).toMatch(/^Deposit #1: Check 1001/);
    const list = await ok(a.get('/api/mystudio/books/deposits'));
    expect(list.items.find((d: { number: number }) => d.number === 1).returned).toBe(1);
  });

  it("another studio's owner sees none of it, and takes none of it", async () => {
    expect((await ok(b.get('/api/mystudio/books/undeposited'))).total).toBe(0);
    expect((await ok(b.get('/api/mystudio/books/deposits'))).total).toBe(0);
    const list = await ok(a.get('/api/mystudio/books/deposits'));
    expect((await b.get(`/api/mystudio/books/deposits/${list.items[0].id}`)).status).toBe(404);
    expect((await a.get(`/api/mystudio/books/deposits/${UNKNOWN_ID}`)).status).toBe(404);
    const fresh = await pay('check', 9, '1004');
    const taken = await b.post('/api/mystudio/books/deposits', { payments: [fresh] });
    expect(taken.status).toBe(404);
    const byB = await b.post('/api/mystudio/books/deposits', { upTo: '2030-01-01' });
    expect(byB.status).toBe(422);
    expect(
      await rows(t.database.db, sql`select 1 from bank_deposits where company_id = ${s.companyB}`),
    ).toEqual([]);
  });
});

describe('closing a month', () => {
  let novemberBefore: Record<string, number>;

  it('refuses a month not yet ended in the studio', async () => {
    const res = await a.post('/api/mystudio/books/closing/close', { month: '2026-11' });
    expect(res.status).toBe(422);
    expect(res.body[1]).toMatch(/November 2026 has not ended yet/);
  });

  it('closes an ended month, logged; closing it again is a conflict', async () => {
    setClockDay(t, '2026-12-03');
    await keepSessionsAlive(t);
    novemberBefore = await bookTotals(s.companyA, '2026-11-30');
    const state = await ok(a.get('/api/mystudio/books/closing'));
    expect(state).toMatchObject({ closedThrough: null, closable: '2026-11' });
    const closed = await ok(a.post('/api/mystudio/books/closing/close', { month: '2026-11' }));
    expect(closed.closedThrough).toBe('2026-11-30');
    const again = await a.post('/api/mystudio/books/closing/close', { month: '2026-11' });
    expect(again.status).toBe(409);
    const after = await ok(a.get('/api/mystudio/books/closing'));
    expect(after).toMatchObject({
      closedThrough: '2026-11-30',
      closable: null,
      reopenable: '2026-11',
      total: 1,
    });
    expect(after.acts[0]).toMatchObject({ act: 'close', month: '2026-11', closedThrough: '2026-11-30' });
  });

  it('refuses a desk payment dated in the closed month with the sentence, and the month stays as it was', async () => {
    const res = await payment('check', 20, '2001', '2026-11-28');
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.headers['x-error-reason']).toBe('month_closed');
    expect(res.body).toEqual([false, monthClosedMessage('2026-11-28', '2026-11-30')]);
    // Dated in the open month it goes through.
    await pay('check', 20, '2002', '2026-12-01');
    expect(await bookTotals(s.companyA, '2026-11-30')).toEqual(novemberBefore);
  });

  it('a deposit dated in the closed month is refused too', async () => {
    const res = await a.post('/api/mystudio/books/deposits', {
      upTo: '2026-12-03',
      depositedOn: '2026-11-30',
    });
    expect(res.status).toBe(409);
    expect(res.headers['x-error-reason']).toBe('month_closed');
  });

  it('a billing day of the closed month run late posts in the open month and names the month it corrects', async () => {
    await runBillingUntil(t, '2026-12-03');
    const late = await rows(
      t.database.db,
      sql`select effective_date::text as day, reason from ledger_transactions
        where company_id = ${s.companyA} and reason like '%(corrects November 2026, closed)%'`,
    );
    for (const row of late) expect(row.day).toBe('2026-12-01');
    expect(await bookTotals(s.companyA, '2026-11-30')).toEqual(novemberBefore);
  });

  it('the database refuses what gets past the check (SQLSTATE PR001)', async () => {
    await expect(
      t.database.db.execute(sql`insert into books_transactions (company_id, kind, effective_date, idempotency_key, reason, created_by_name)
        values (${s.companyA}, 'adjustment', '2026-11-15', 'test:late', 'late', 'Test')`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'PR001' }) });
  });

  it('reopening needs a reason, is logged, and an open month cannot be reopened', async () => {
    const bare = await a.post('/api/mystudio/books/closing/reopen', { month: '2026-11', reason: '  ' });
    expect(bare.status).toBe(422);
    const open = await a.post('/api/mystudio/books/closing/reopen', { month: '2026-12', reason: 'typo' });
    expect(open.status).toBe(409);
    const done = await ok(
      a.post('/api/mystudio/books/closing/reopen', {
        month: '2026-11',
        reason: 'A check of Nov 28 was missed',
      }),
    );
    expect(done.closedThrough).toBe('2026-10-31');
    const state = await ok(a.get('/api/mystudio/books/closing'));
    expect(state.acts[0]).toMatchObject({ act: 'reopen', reason: 'A check of Nov 28 was missed' });
    expect(state.total).toBe(2);
    // Studio B's books are its own.
    expect(await ok(b.get('/api/mystudio/books/closing'))).toMatchObject({ closedThrough: null, total: 0 });
  });
});
