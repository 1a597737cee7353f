import { addDays } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addItem, LEDGER } from '../../../test/fuzz/ledger-scene';
import { useTwoStudios } from '../../../test/studios-base';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz, runBillingUntil } from '../ledger/ledger.fixture';
import { keepSessionsAlive, rows, setClockDay } from '../ledger/ledger-model.fixture';

/**
 * "The closed month's reports never change again" (issue 34 item 5, decision 050), as a property: the
 * studio closes November, then random operations run through the API and the jobs (desk payments, some
 * dated in November; checks returned, November's and deposited ones among them; refunds; items removed
 * and late fees waived; deposits; billing days caught up late, November's among them). After every
 * step, every account's total as of every day of the closed month (the family ledger's entries and the
 * studio journal's, by effective date, read straight from the tables) is what it was at the close, and
 * every transaction balances.
 */

const RUNS = Number(process.env.CLOSED_MONTH_RUNS ?? 6);
const STEPS = Number(process.env.CLOSED_MONTH_STEPS ?? 8);

const { t, s } = useTwoStudios();
const families: string[] = [];
const checks: string[] = [];
const cashPayments: string[] = [];
let day = '2026-12-03';

/** Every account's total by day up to the closed month's end: the same rows, the same figures as of any of its days. */
const closedFigures = () =>
  rows(
    t.database.db,
    sql`select src, account, day, sum(amount)::int as total from (
        select 'ledger' as src, e.account, x.effective_date::text as day, e.amount
          from ledger_entries e join ledger_transactions x on x.id = e.tx_id
          where e.company_id = ${s.companyA} and x.effective_date <= '2026-11-30'
        union all
        select 'books', e.account, x.effective_date::text, e.amount
          from books_entries e join books_transactions x on x.id = e.tx_id
          where e.company_id = ${s.companyA} and x.effective_date <= '2026-11-30'
      ) lines group by 1, 2, 3 order by 1, 2, 3`,
  );

const unbalanced = () =>
  rows(
    t.database.db,
    sql`select tx_id from ledger_entries group by tx_id having sum(amount) <> 0
      union all select tx_id from books_entries group by tx_id having sum(amount) <> 0`,
  );

/** What the family owes: the sum of its receivable entries, which the desk's payment needs above 0. */
const owed = async (family: string) =>
  (
    await rows<{ owed: number }>(
      t.database.db,
      sql`select coalesce(sum(amount), 0)::int as owed from ledger_entries
        where company_id = ${s.companyA} and family_id = ${family} and account = 'receivable'`,
    )
  )[0]!.owed;

/**
 * A desk payment of a costume added first, dated `receivedOn`; its id when recorded, else null: refused
 * in the closed month, and when the family's credit (a paid item removed earlier) already paid the costume.
 */
async function deskPayment(family: string, method: 'cash' | 'check', dollars: number, receivedOn?: string) {
  const item = await addItem(s.a, family, dollars);
  const nothingOwed = (await owed(family)) <= 0;
  const res = await s.a.post(LEDGER.payments(family, item.bill), {
    payments: [
      {
        type: method,
        total: dollars,
        reference: method === 'check' ? `${3000 + checks.length}` : '',
        items: [item.item],
        ...(receivedOn ? { receivedOn } : {}),
      },
    ],
  });
  if (receivedOn && receivedOn <= '2026-11-30') {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.headers['x-error-reason']).toBe('month_closed');
    return null;
  }
  if (nothingOwed) {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    return null;
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = (res.body[1].payments as { id: string }[]).at(-1)!.id;
  (method === 'check' ? checks : cashPayments).push(id);
  return id;
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

type Op =
  | { kind: 'pay'; family: number; method: 'cash' | 'check'; dollars: number; inClosed: boolean }
  | { kind: 'bounce'; n: number }
  | { kind: 'refund'; n: number; dollars: number }
  | { kind: 'remove'; family: number; n: number }
  | { kind: 'deposit' }
  | { kind: 'days'; n: number };

async function run(op: Op) {
  const family = 'family' in op ? families[op.family % families.length]! : '';
  switch (op.kind) {
    case 'pay':
      await deskPayment(family, op.method, op.dollars, op.inClosed ? '2026-11-27' : day);
      return;
    case 'bounce': {
      const id = pick(checks, op.n);
      if (!id) return;
      const owner = (
        await rows<{ family_id: string }>(
          t.database.db,
          sql`select family_id from ledger_payments where tx_id = ${id}`,
        )
      )[0]!;
      const res = await s.a.post(LEDGER.returned(owner.family_id, id), { reason: 'Returned' });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'refund': {
      const id = pick(cashPayments, op.n);
      if (!id) return;
      const owner = (
        await rows<{ family_id: string }>(
          t.database.db,
          sql`select family_id from ledger_payments where tx_id = ${id}`,
        )
      )[0]!;
      const res = await s.a.post(LEDGER.refund(owner.family_id), {
        paymentID: id,
        total: op.dollars,
        to: 'cash',
        reason: 'Refund',
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'remove': {
      // An item of the family (a late fee is waived, another removed), November's among them.
      const bill = await ok(s.a.get(LEDGER.current(family)));
      const item = pick(bill.items as { id: string }[], op.n);
      if (!item) return;
      const res = await s.a.delete(`/api/transactions/item/${bill.id}/${item.id}?reason=Waived`);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      return;
    }
    case 'deposit': {
      const res = await s.a.post('/api/mystudio/books/deposits', { upTo: day });
      expect([200, 422]).toContain(res.status);
      return;
    }
    case 'days':
      // The billing days caught up late, as `npm run jobs -- --until` runs them (November's first).
      day = addDays(day, op.n);
      setClockDay(t, day);
      await keepSessionsAlive(t);
      await runBillingUntil(t, day);
  }
}

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    family: fc.nat(9),
    method: fc.constantFrom('cash' as const, 'check' as const),
    dollars: fc.integer({ min: 1, max: 300 }),
    inClosed: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('bounce' as const), n: fc.nat(50) }),
  fc.record({
    kind: fc.constant('refund' as const),
    n: fc.nat(50),
    dollars: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), family: fc.nat(9), n: fc.nat(9) }),
  fc.record({ kind: fc.constant('deposit' as const) }),
  fc.record({ kind: fc.constant('days' as const), n: fc.integer({ min: 1, max: 12 }) }),
);

beforeAll(async () => {
  // November: three families register and are billed, pay by cash and check, some of it deposited. The
  // last billing days of November are left to run late, after the close.
  const setting = await registrationStudio(s);
  for (const n of [1, 2, 3])
    families.push((await registerInJazz(t, s, setting, `closed-${n}@family.example`)).fam.id);
  await runBillingUntil(t, '2026-11-24');
  for (const [i, family] of families.entries()) {
    await deskPayment(family, 'check', 40 + i);
    await deskPayment(family, 'cash', 15 + i);
  }
  await ok(s.a.post('/api/mystudio/books/deposits', { payments: [checks[0], cashPayments[0]] }));
  setClockDay(t, day);
  await keepSessionsAlive(t);
  await ok(s.a.post('/api/mystudio/books/closing/close', { month: '2026-11' }));
}, 120_000);

describe('a closed month', () => {
  it("keeps every account's figures as of each of its days, whatever runs after the close", async () => {
    const atClose = await closedFigures();
    expect(atClose.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: STEPS }), async (ops) => {
        for (const o of ops) {
          await run(o);
          expect(await closedFigures(), JSON.stringify(o)).toEqual(atClose);
          expect(await unbalanced()).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
    // The late billing days of November were posted, in December, naming the month they correct.
    const late = await rows(
      t.database.db,
      sql`select effective_date::text as day from ledger_transactions
        where company_id = ${s.companyA} and reason like '%(corrects November 2026, closed)%'`,
    );
    for (const r of late) expect(r.day).toBe('2026-12-01');
  }, 600_000);
});
