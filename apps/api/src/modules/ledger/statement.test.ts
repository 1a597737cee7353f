import type { Statement } from '@pirouette/domain';
import { and, eq, lte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/flows';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts } from '../../db/schema/families';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { registerInJazz, runBillingUntil } from './ledger.fixture';
import { statementMessages } from './statement';

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
let family: Awaited<ReturnType<typeof register>>['fam'];
/** Studio A's and B's owners, and the family's parent, signed in again after the clock moved on. */
let a: Caller;
let b: Caller;
let parent: Caller;

/** Sessions end while the test's clock moves weeks on: sign in again on the day. */
const signedIn = async (email: string, password?: string) =>
  caller(t, (await signIn(t, email, password)).token);

const runUntil = (until: string) => runBillingUntil(t, until);

const register = (email: string) => registerInJazz(t, s, setting, email);

const statementUrl = (familyId: string, from: string, to: string) =>
  `/api/mystudio/account/${familyId}/statement?from=${from}&to=${to}`;

/** The receivable (what the family owes) summed straight from the entries up to a day, or before one. */
async function receivableSum(familyId: string, day: string, before = false) {
  const [row] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .where(
      and(
        eq(ledgerEntries.companyId, s.companyA),
        eq(ledgerEntries.familyId, familyId),
        eq(ledgerEntries.account, 'receivable'),
        before
          ? sql`${ledgerTransactions.effectiveDate} < ${day}`
          : lte(ledgerTransactions.effectiveDate, day),
      ),
    );
  return row!.sum;
}

/** The credit held on a day, straight from the entries. */
async function creditOn(familyId: string, day: string) {
  const [row] = await t.database.db
    .select({ sum: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .where(
      and(
        eq(ledgerEntries.familyId, familyId),
        eq(ledgerEntries.account, 'credit'),
        lte(ledgerTransactions.effectiveDate, day),
      ),
    );
  return row!.sum;
}

/** How many of the family's ledger transactions in the range moved its balance or its credit, in SQL. */
async function movingCount(familyId: string, from: string, to: string) {
  const sumOf = (account: string) =>
    sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account}), 0)`;
  const rows = await t.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.txId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.familyId, familyId),
        sql`${ledgerTransactions.effectiveDate} between ${from} and ${to}`,
      ),
    )
    .groupBy(ledgerTransactions.id)
    .having(sql`${sumOf('receivable')} <> 0 or ${sumOf('credit')} <> 0`);
  return rows.length;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The statement's own arithmetic: each line's balance is the one before plus its charge less its payment. */
function expectRunning(st: Statement) {
  let balance = cents(st.opening);
  for (const line of st.lines) {
    expect(line.charge === 0 || line.payment === 0, JSON.stringify(line)).toBe(true);
    balance += cents(line.charge) - cents(line.payment);
    expect(cents(line.balance)).toBe(balance);
    expect(line.date >= st.from && line.date <= st.to).toBe(true);
  }
  expect(cents(st.closing)).toBe(balance);
  const dates = st.lines.map((l) => l.date);
  expect([...dates].sort()).toEqual(dates);
}

beforeAll(async () => {
  setting = await registrationStudio(s);
  const { fam } = await register('statement1@example.com');
  family = fam;
  await t.database.db
    .update(familyAccounts)
    .set({ address: '12 Rosewood Lane', city: 'Montclair', state: 'NJ', zipcode: '07042' })
    .where(eq(familyAccounts.id, fam.id));
  // Paid at the desk today: the fee and part of the first tuition payment.
  const current = await ok(s.a.get(`/api/transactions/current/${fam.id}/parent`));
  await ok(
    s.a.post(`/api/transactions/payments/${fam.id}/${current.id}`, {
      payments: [{ type: 'cash', total: 50 }],
    }),
  );
  // December and January are charged on their days; unpaid, each gets its late fee.
  await runUntil('2027-01-20');
  // On Jan 21 the family pays by check more than it owes; the rest is kept as credit.
  t.clock.advanceMinutes(61 * 24 * 60);
  a = await signedIn('owner@studio-a.example');
  const book = await readBook(t.database.db, s.companyA, fam.id);
  const bill = await ok(a.get(`/api/transactions/current/${fam.id}/parent`));
  await ok(
    a.post(`/api/transactions/payments/${fam.id}/${bill.id}`, {
      payments: [{ type: 'check', total: book.balance / 100 + 25, reference: '1042' }],
    }),
  );
  // A late fee waived after it was paid: its money goes to the credit.
  const late = book.charges.find((c) => c.category === 'late_fee')!;
  const res = await a.delete(`/api/transactions/item/${late.invoiceId}/${late.id}?reason=First%20time`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body[1].msg).toBe('Late fee waived.');
  // A costume charged on Feb 3, paid from the credit at once as far as it goes.
  t.clock.advanceMinutes(13 * 24 * 60);
  a = await signedIn('owner@studio-a.example');
  b = await signedIn('owner@studio-b.example');
  parent = await signedIn('statement1@example.com', 'Parent123');
  await ok(
    a.post(`/api/transactions/item/${fam.id}`, {
      item: { typeID: 'costume', item: 'Recital costume', amount: 60, quantity: 1, total: 60 },
    }),
  );
});

describe('statements', () => {
  it('adds up: opening before the first day, each line that moved the balance, closing = the entries up to the last day', async () => {
    const ranges: [string, string][] = [
      ['2026-11-01', '2027-02-28'],
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
      ['2026-11-22', '2026-11-30'],
      ['2027-01-21', '2027-01-21'],
    ];
    for (const [from, to] of ranges) {
      const st: Statement = await ok(a.get(statementUrl(family.id, from, to)));
      expect(cents(st.opening), `opening ${from}`).toBe(await receivableSum(family.id, from, true));
      expect(cents(st.closing), `closing ${to}`).toBe(await receivableSum(family.id, to));
      expect(cents(st.credit), `credit ${to}`).toBe(await creditOn(family.id, to));
      expect(st.lines, `lines ${from}–${to}`).toHaveLength(await movingCount(family.id, from, to));
      expectRunning(st);
    }
    // The whole history closes on the family's balance, and an empty week is opening = closing.
    const all: Statement = await ok(a.get(statementUrl(family.id, '2026-01-01', '2027-12-31')));
    const book = await readBook(t.database.db, s.companyA, family.id);
    expect(cents(all.closing)).toBe(book.balance);
    expect(cents(all.credit)).toBe(book.credit);
    expect(all.opening).toBe(0);
    const quiet: Statement = await ok(a.get(statementUrl(family.id, '2026-11-23', '2026-11-29')));
    expect(quiet.lines).toEqual([]);
    expect(quiet.closing).toBe(quiet.opening);
  });

  it('explains each line: the charge’s working, what a payment paid, a waived fee, and who it is for', async () => {
    const st: Statement = await ok(a.get(statementUrl(family.id, '2026-11-01', '2027-02-28')));
    expect(st.family).toBe('Parent');
    expect(st.address).toEqual(['12 Rosewood Lane', 'Montclair, NJ 07042']);
    expect(st.studio.name).toBeTruthy();
    expect(st.studio.address.length).toBeGreaterThan(0);
    expect(st.studio.email).toContain('@');

    const fee = st.lines.find((l) => l.description.startsWith('Registration fee'))!;
    expect(fee.charge).toBe(35);
    expect(fee.detail).toEqual([
      'Once per family per year term, with the first registration (Nov 21, 2026): $35.00.',
    ]);

    const cash = st.lines.find((l) => l.description === 'Cash payment')!;
    expect(cash.payment).toBe(50);
    expect(cash.date).toBe('2026-11-21');
    expect(cash.detail).toContain(`Paid ${fee.description}: $35.00.`);
    expect(cash.detail.some((d) => /^Paid .*tuition.*: \$15\.00\.$/.test(d))).toBe(true);

    const tuition = st.lines.filter((l) => l.description.includes('tuition'));
    expect(tuition.length).toBeGreaterThanOrEqual(3);
    for (const l of tuition) expect(l.detail.length).toBeGreaterThan(0);
    for (const l of st.lines) for (const d of l.detail) expect(d).toMatch(/[.!?]$/);

    const check = st.lines.find((l) => l.description === 'Check payment (1042)')!;
    expect(check.date).toBe('2027-01-21');
    // What it paid, oldest charge first (by due date), then what it left as credit.
    expect(check.detail.map((d) => d.replace(/^Paid (.*): \$.*$/, '$1'))).toEqual([
      expect.stringMatching(/tuition.*December 2026$/),
      expect.stringMatching(/^Late fee: .*December 2026$/),
      expect.stringMatching(/tuition.*January 2027$/),
      expect.stringMatching(/^Late fee: .*January 2027$/),
      '$25.00 kept as credit for the next charges.',
    ]);
  });

  it('shows what moved only the credit (a paid fee waived), and the credit used for a later charge', async () => {
    const st: Statement = await ok(a.get(statementUrl(family.id, '2027-01-21', '2027-02-28')));
    // The waived late fee was paid: the balance did not move, its $20.00 went to the credit.
    const waived = st.lines.find((l) => l.description.startsWith('Waived: Late fee'))!;
    expect([waived.charge, waived.payment]).toEqual([0, 0]);
    expect(waived.detail).toEqual(['Late fee waived: First time.', '$20.00 added to your credit.']);
    const costume = st.lines.find((l) => l.description === 'Recital costume')!;
    expect(costume.charge).toBe(60);
    // $25 left over from the check and the $20 of the fee pay the costume at once; $15 is left to pay.
    const applied = st.lines.find((l) => l.description === 'Credit applied')!;
    expect(applied.payment).toBe(45);
    expect(applied.detail).toEqual(['Paid Recital costume: $45.00.']);
    expect(st.closing).toBe(15);
    expect(st.credit).toBe(0);
  });

  it('is the parent’s own family, the same figures; never another family or studio', async () => {
    const owner: Statement = await ok(a.get(statementUrl(family.id, '2026-11-01', '2027-02-28')));
    const own: Statement = await ok(parent.get('/api/parents/statement?from=2026-11-01&to=2027-02-28'));
    expect(own).toEqual(owner);

    // Another family's parent reads their own statement, and cannot use the owner's call.
    const other = await familyOf(t, s.companyA, 'statement2@example.com', [{ firstName: 'Lia' }]);
    const theirs: Statement = await ok(
      other.parent.get('/api/parents/statement?from=2026-11-01&to=2027-02-28'),
    );
    expect(theirs.coAcctMemID).toBe(other.id);
    expect(theirs.lines).toEqual([]);
    expect(theirs.closing).toBe(0);
    expect((await other.parent.get(statementUrl(family.id, '2026-11-01', '2027-02-28'))).status).toBe(403);

    // Studio B's owner: the family is not theirs.
    const foreign = await b.get(statementUrl(family.id, '2026-11-01', '2027-02-28'));
    expect(foreign.status).toBe(404);
    expect(foreign.body[0]).toBe(false);
    // An owner is not a parent.
    expect((await a.get('/api/parents/statement?from=2026-11-01&to=2027-02-28')).status).toBe(403);
  });

  it('refuses a range that ends before it starts, or spans more than 3 years', async () => {
    const backwards = await a.get(statementUrl(family.id, '2027-01-02', '2027-01-01'));
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual([false, statementMessages.backwards]);
    const long = await parent.get('/api/parents/statement?from=2024-01-01&to=2027-01-02');
    expect(long.status).toBe(400);
    expect(long.body).toEqual([false, statementMessages.tooLong]);
    // Exactly three years is allowed; a day that does not exist is refused.
    expect((await a.get(statementUrl(family.id, '2024-01-01', '2027-01-01'))).status).toBe(200);
    expect((await a.get(statementUrl(family.id, '2026-02-30', '2027-01-01'))).status).toBe(400);
    expect((await a.get(`/api/mystudio/account/${family.id}/statement?from=2026-01-01`)).status).toBe(400);
  });
});
