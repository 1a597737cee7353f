import { addDays, compareDates, type DateOnly, lateFeeDay, SCHEDULE_LIMITS } from '@pirouette/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { parentRegisters } from '../../../test/fuzz/registration-scene';
import type { Caller, Studios } from '../../../test/studios';
import type { Db } from '../../db/client';
import { describeRun, runJobsUntil } from '../../jobs/run-until';
import { announcer } from '../../jobs/runner';
import { quickFamilies } from '../class-registration/registration-families.fixture';
import { onAutopay } from '../payments';
import { createClass, setUpStudio } from '../schedule/schedule.fixture';
import { billingJobHandlers } from './job-handlers';
import { ledgerJobs } from './jobs';
import { chargesPaid } from './paid';

/**
 * What the model-based test of the ledger (ledger-model.test.ts) and its guards (ledger-guards.test.ts)
 * read of the books, straight from the tables with SQL of their own: nothing here imports the ledger
 * module, so a mistake in its reading of the rows cannot hide the same mistake in the checks.
 *
 * Cents everywhere; the API's dollars are turned into cents where they are compared.
 */

// biome-ignore lint/suspicious/noExplicitAny: rows of raw SQL
type SqlRow = Record<string, any>;

/** Rows of a raw statement, on PGlite and on PostgreSQL alike. */
export async function rows<T = SqlRow>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (c: number) => c / 100;

// ——— The setting ———

export type World = {
  t: TestApp;
  s: Studios;
  companyId: string;
  /** Three classes of studio A's term, open to every age, with room for every run's dancers. */
  classes: string[];
  money: { lateFee: number; afterDays: number; bounceFee: number; registrationFee: number };
};

/** The day every run starts on: the test clock's first instant (2026-11-21, 10:00 in New York). */
export const FIRST_DAY = '2026-11-21';
const HOUR_UTC = 'T15:00:00Z';

/** Studio A with three classes ($65 a month each, several days of the week) that never fill up. */
export async function setUpWorld(t: TestApp, s: Studios): Promise<World> {
  const st = await setUpStudio(s.a, s.termA);
  const classes: string[] = [];
  for (const [i, name] of ['Jazz M', 'Tap M', 'Ballet M'].entries()) {
    classes.push(
      await createClass(st, {
        name,
        day: i,
        timeStart: `1${i + 5}:00`,
        timeEnd: `1${i + 6}:00`,
        age_min: 0,
        age_max: 99,
        // Room for two dancers of each of 250 runs.
        nMax: SCHEDULE_LIMITS.students,
      }),
    );
  }
  const settings = await s.a.get('/api/mystudio/settings');
  if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
  const money = settings.body[1].money;
  await keepSessionsAlive(t);
  return {
    t,
    s,
    companyId: s.companyA,
    classes,
    money: {
      lateFee: money.lateFee.amount,
      afterDays: money.lateFee.afterDays,
      bounceFee: money.bouncedCheckFee.amount,
      registrationFee: money.registrationFee.amount,
    },
  };
}

/**
 * The runs move the clock over months and back: every session of the test's database is made to
 * outlive them (test setup, not the product's: a session otherwise lasts 12 hours).
 */
export async function keepSessionsAlive(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`update sessions set expires_at = '2031-01-01T00:00:00Z'`);
  t.database.changes.bump();
}

/** The studio's day the clock is on (the clock sits at 10:00 New York time). */
export const clockDay = (t: TestApp): DateOnly => t.clock.now().toISOString().slice(0, 10);

/** Moves the test clock to 10:00 New York time of `day`, forwards or back. */
export function setClockDay(t: TestApp, day: DateOnly): void {
  const target = Date.parse(`${day}${HOUR_UTC}`);
  t.clock.advanceMinutes((target - t.clock.now().getTime()) / 60_000);
}

/**
 * A run starts on the first day with no billing day queued or done: the studio's chain of billing
 * days starts again from the run's first registration (the families of earlier runs stay, and are
 * billed along as the days pass again).
 */
export async function startRun(world: World): Promise<void> {
  setClockDay(world.t, FIRST_DAY);
  await world.t.database.db.execute(
    sql`delete from jobs where kind = 'billing.day' and company_id = ${world.companyId}`,
  );
}

export type Family = { id: string; name: string; parent: Caller; students: string[] };

let families = 0;
/** A new family of studio A with a signed-in parent and two dancers. */
export async function newFamily(world: World): Promise<Family> {
  const name = `Ledger${++families}x${Date.now() % 100_000}`;
  const [f] = await quickFamilies(world.t, world.companyId, [
    { name, dancers: [{ firstName: 'Ava' }, { firstName: 'Noa' }] },
  ]);
  // The family's own address, so each payment queues its receipt, as for a family that signed up.
  await world.t.database.db.execute(
    sql`update family_accounts set email = ${`${name.toLowerCase()}@families.example`} where id = ${f!.id}`,
  );
  await keepSessionsAlive(world.t);
  return { id: f!.id, name, parent: f!.parent, students: f!.students };
}

/** The parent registers a dancer of the family in a class, through the wizard's own submission. */
export async function register(family: Family, studentId: string, classId: string): Promise<string> {
  const [id] = await parentRegisters(family.parent, [{ studentId, classId }]);
  return id!;
}

// ——— The books, read with SQL of their own ———

export type StateCharge = {
  id: string;
  invoiceId: string;
  invoiceNumber: number;
  category: string;
  total: number;
  dueDate: DateOnly;
  dueKey: string | null;
  revision: number | null;
  removed: boolean;
  /** Net allocations to it. */
  paid: number;
  open: number;
  refunded: number;
};

export type StatePayment = {
  id: string;
  invoiceId: string | null;
  method: string;
  total: number;
  reference: string;
  /** Its idempotency key: what posted it (`payment:<request>:<n>`, `paid-toggle:<due key>:<n>` …). */
  key: string;
  returned: boolean;
  /** Net allocations of its money. */
  applied: number;
  refunded: number;
  /** Refunded of it without an item (its money held as credit, given back). */
  creditRefunded: number;
  /** Net allocations per charge. */
  perCharge: Map<string, number>;
  /** Refunds per charge. */
  refundedPerCharge: Map<string, number>;
};

export type FamilyState = {
  charges: StateCharge[];
  payments: StatePayment[];
  invoices: { id: string; number: number }[];
  /** Sum of the receivable entries. */
  balance: number;
  /** Minus the sum of the credit entries. */
  credit: number;
  /** How many rows the family has in each ledger table. */
  counts: string;
};

export async function familyState(db: Db, companyId: string, familyId: string): Promise<FamilyState> {
  const charges = await rows(
    db,
    sql`select c.tx_id as id, c.invoice_id, i.number as invoice_number, c.category, c.total,
          c.due_date::text as due_date, c.due_key, c.revision,
          exists (select 1 from ledger_transactions r where r.reverses_id = c.tx_id) as removed,
          coalesce((select sum(a.amount) from ledger_allocations a where a.charge_tx_id = c.tx_id), 0)::int as paid,
          coalesce((select sum(f.total) from ledger_refunds f where f.charge_tx_id = c.tx_id), 0)::int as refunded
        from ledger_charges c
        join ledger_transactions t on t.id = c.tx_id
        join ledger_invoices i on i.id = c.invoice_id
        where c.company_id = ${companyId} and c.family_id = ${familyId}
        order by t.seq, c.tx_id`,
  );
  const payments = await rows(
    db,
    sql`select p.tx_id as id, p.invoice_id, p.method, p.total, p.reference, t.idempotency_key as key,
          exists (select 1 from ledger_transactions r where r.reverses_id = p.tx_id) as returned
        from ledger_payments p join ledger_transactions t on t.id = p.tx_id
        where p.company_id = ${companyId} and p.family_id = ${familyId}
        order by t.seq, p.tx_id`,
  );
  const allocations = await rows(
    db,
    sql`select payment_tx_id, charge_tx_id, sum(amount)::int as amount from ledger_allocations
        where company_id = ${companyId} and family_id = ${familyId}
        group by payment_tx_id, charge_tx_id`,
  );
  const refunds = await rows(
    db,
    sql`select payment_tx_id, charge_tx_id, sum(total)::int as total from ledger_refunds
        where company_id = ${companyId} and family_id = ${familyId}
        group by payment_tx_id, charge_tx_id`,
  );
  const invoices = await rows(
    db,
    sql`select id, number from ledger_invoices where company_id = ${companyId} and family_id = ${familyId}
        order by number`,
  );
  const [sums] = await rows(
    db,
    sql`select coalesce(sum(amount) filter (where account = 'receivable'), 0)::int as receivable,
          coalesce(-sum(amount) filter (where account = 'credit'), 0)::int as credit,
          count(*)::int as entries
        from ledger_entries where company_id = ${companyId} and family_id = ${familyId}`,
  );
  const state: FamilyState = {
    charges: charges.map((c) => ({
      id: c.id,
      invoiceId: c.invoice_id,
      invoiceNumber: Number(c.invoice_number),
      category: c.category,
      total: Number(c.total),
      dueDate: c.due_date,
      dueKey: c.due_key,
      revision: c.revision === null ? null : Number(c.revision),
      removed: Boolean(c.removed),
      paid: Number(c.paid),
      open: c.removed || Number(c.total) < 0 ? 0 : Number(c.total) - Number(c.paid),
      refunded: Number(c.refunded),
    })),
    payments: payments.map((p) => {
      const mine = allocations.filter((a) => a.payment_tx_id === p.id);
      const back = refunds.filter((f) => f.payment_tx_id === p.id);
      return {
        id: p.id,
        invoiceId: p.invoice_id,
        method: p.method,
        total: Number(p.total),
        reference: p.reference,
        key: p.key,
        returned: Boolean(p.returned),
        applied: mine.reduce((s, a) => s + Number(a.amount), 0),
        refunded: back.reduce((s, f) => s + Number(f.total), 0),
        creditRefunded: back.filter((f) => f.charge_tx_id === null).reduce((s, f) => s + Number(f.total), 0),
        perCharge: new Map(mine.map((a) => [a.charge_tx_id as string, Number(a.amount)])),
        refundedPerCharge: new Map(
          back.filter((f) => f.charge_tx_id !== null).map((f) => [f.charge_tx_id as string, Number(f.total)]),
        ),
      };
    }),
    invoices: invoices.map((i) => ({ id: i.id, number: Number(i.number) })),
    balance: Number(sums!.receivable),
    credit: Number(sums!.credit),
    counts: '',
  };
  state.counts = `${charges.length}c ${payments.length}p ${allocations.length}a ${refunds.length}r ${invoices.length}i ${sums!.entries}e`;
  return state;
}

// ——— The whole ledger, row by row ———

const LEDGER_TABLES = [
  ['ledger_invoices', 'id'],
  ['ledger_transactions', 'id'],
  ['ledger_entries', 'id'],
  ['ledger_charges', 'tx_id'],
  ['ledger_payments', 'tx_id'],
  ['ledger_allocations', 'id'],
  ['ledger_refunds', 'tx_id'],
] as const;

/** Every row of every ledger table, by table and id, as its whole content. */
export type LedgerSnapshot = Map<string, string>;

export async function ledgerSnapshot(db: Db): Promise<LedgerSnapshot> {
  const union = sql.join(
    LEDGER_TABLES.map(
      ([table, id]) =>
        sql`select ${`${table}:`} || ${sql.identifier(id)}::text as key, row_to_json(x)::text as body from ${sql.identifier(table)} x`,
    ),
    sql` union all `,
  );
  const found = await rows<{ key: string; body: string }>(db, union);
  return new Map(found.map((r) => [r.key, r.body]));
}

/** Rows of `before` gone or changed in `after` (every earlier row must stay, identical). */
export function rowsChanged(before: LedgerSnapshot, after: LedgerSnapshot): string[] {
  const out: string[] = [];
  for (const [key, body] of before) {
    const now = after.get(key);
    if (now === undefined) out.push(`${key} is gone (was ${body})`);
    else if (now !== body) out.push(`${key} changed: ${body} → ${now}`);
  }
  return out;
}

/** Rows of `after` that `before` did not have. */
export const rowsAdded = (before: LedgerSnapshot, after: LedgerSnapshot) =>
  [...after.keys()].filter((k) => !before.has(k));

/**
 * What must hold of the whole ledger, every studio and family, whatever happened: each check a
 * statement that finds the rows breaking it. Answers one sentence per breach.
 */
export async function ledgerBreaches(db: Db): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'a ledger transaction whose entries do not sum to zero',
      sql`select tx_id, sum(amount)::int as sum from ledger_entries group by tx_id having sum(amount) <> 0`,
    ],
    [
      'a ledger transaction without entries',
      sql`select t.id, t.kind, t.idempotency_key from ledger_transactions t
          where not exists (select 1 from ledger_entries e where e.tx_id = t.id)`,
    ],
    [
      'an entry of another studio or family than its transaction',
      sql`select e.id from ledger_entries e join ledger_transactions t on t.id = e.tx_id
          where e.company_id <> t.company_id or e.family_id <> t.family_id`,
    ],
    [
      'two charges for one due item and revision',
      sql`select company_id, due_key, revision, count(*)::int as n from ledger_charges
          where due_key is not null group by company_id, due_key, revision having count(*) > 1`,
    ],
    [
      'two late fees for one due item',
      sql`select company_id, due_key, count(*)::int as n from ledger_charges
          where category = 'late_fee' group by company_id, due_key having count(*) > 1`,
    ],
    [
      "a late fee not keyed '<due item>:late' of a tuition due item of its family",
      sql`select l.tx_id, l.due_key from ledger_charges l
          where l.category = 'late_fee' and (l.due_key is null or l.due_key not like '%:late' or not exists (
            select 1 from ledger_charges c where c.company_id = l.company_id and c.family_id = l.family_id
              and c.category = 'tuition' and c.due_key || ':late' = l.due_key))`,
    ],
    [
      'refunds of a payment beyond its total',
      sql`select p.tx_id, p.total, sum(f.total)::int as refunded from ledger_payments p
          join ledger_refunds f on f.payment_tx_id = p.tx_id
          group by p.tx_id, p.total having sum(f.total) > p.total`,
    ],
    [
      'refunds of a payment for an item beyond what the payment paid of it',
      sql`select f.payment_tx_id, f.charge_tx_id, sum(f.total)::int as refunded,
            coalesce((select sum(a.amount) from ledger_allocations a
              where a.payment_tx_id = f.payment_tx_id and a.charge_tx_id = f.charge_tx_id), 0)::int as paid
          from ledger_refunds f where f.charge_tx_id is not null
          group by f.payment_tx_id, f.charge_tx_id
          having sum(f.total) > coalesce((select sum(a.amount) from ledger_allocations a
              where a.payment_tx_id = f.payment_tx_id and a.charge_tx_id = f.charge_tx_id), 0)`,
    ],
    [
      'a refund of a payment that was returned, or from credit applied',
      sql`select f.tx_id from ledger_refunds f join ledger_payments p on p.tx_id = f.payment_tx_id
          where p.method = 'credit'`,
    ],
    [
      'allocations to a charge beyond its total, below zero, or left on a removed charge',
      sql`select c.tx_id, c.total, coalesce(sum(a.amount), 0)::int as paid,
            exists (select 1 from ledger_transactions r where r.reverses_id = c.tx_id) as removed
          from ledger_charges c left join ledger_allocations a on a.charge_tx_id = c.tx_id
          group by c.tx_id, c.total
          having coalesce(sum(a.amount), 0) > greatest(c.total, 0) or coalesce(sum(a.amount), 0) < 0
            or (exists (select 1 from ledger_transactions r where r.reverses_id = c.tx_id)
                and coalesce(sum(a.amount), 0) <> 0)`,
    ],
    [
      "allocations of a payment beyond its total or below zero (or a returned payment's left standing)",
      sql`select p.tx_id, p.total, coalesce(sum(a.amount), 0)::int as applied from ledger_payments p
          left join ledger_allocations a on a.payment_tx_id = p.tx_id
          group by p.tx_id, p.total
          having coalesce(sum(a.amount), 0) > p.total or coalesce(sum(a.amount), 0) < 0
            or (exists (select 1 from ledger_transactions r where r.reverses_id = p.tx_id)
                and coalesce(sum(a.amount), 0) <> 0)`,
    ],
    [
      "a payment's allocation to one charge below zero",
      sql`select payment_tx_id, charge_tx_id, sum(amount)::int as net from ledger_allocations
          group by payment_tx_id, charge_tx_id having sum(amount) < 0`,
    ],
    [
      'an allocation to a charge or from a payment of another family',
      sql`select a.id from ledger_allocations a
          join ledger_charges c on c.tx_id = a.charge_tx_id
          join ledger_payments p on p.tx_id = a.payment_tx_id
          where c.family_id <> a.family_id or p.family_id <> a.family_id or c.company_id <> a.company_id`,
    ],
    [
      "a family's credit below zero",
      sql`select company_id, family_id, -sum(amount)::int as credit from ledger_entries
          where account = 'credit' group by company_id, family_id having sum(amount) > 0`,
    ],
    [
      "a family's balance (its receivable entries) other than what is open on its charges",
      sql`with r as (
            select company_id, family_id, sum(amount)::int as receivable from ledger_entries
            where account = 'receivable' group by company_id, family_id
          ), o as (
            select c.company_id, c.family_id, sum(c.total - coalesce(
              (select sum(a.amount) from ledger_allocations a where a.charge_tx_id = c.tx_id), 0))::int as open
            from ledger_charges c
            where c.total > 0 and not exists (select 1 from ledger_transactions x where x.reverses_id = c.tx_id)
            group by c.company_id, c.family_id
          )
          select coalesce(r.family_id, o.family_id) as family_id, r.receivable, o.open
          from r full join o on o.company_id = r.company_id and o.family_id = r.family_id
          where coalesce(r.receivable, 0) <> coalesce(o.open, 0)`,
    ],
    ...(['ledger', 'books'] as const).map((journal): [string, SQL] => [
      `the ${journal} journal's kept day sums other than its entries' sums (decision 102)`,
      sql`with kept as (
            select company_id, account, day, sum(amount)::bigint as amount, sum(entries)::int as n
            from ${sql.raw(`${journal}_day_sums`)} group by company_id, account, day
          ), summed as (
            select e.company_id, e.account, t.effective_date as day, sum(e.amount)::bigint as amount,
              count(*)::int as n
            from ${sql.raw(`${journal}_entries`)} e join ${sql.raw(`${journal}_transactions`)} t on t.id = e.tx_id
            group by e.company_id, e.account, t.effective_date
          )
          select coalesce(k.account, s.account) as account, coalesce(k.day, s.day)::text as day,
            k.amount as kept, s.amount as summed
          from kept k full join summed s
            on s.company_id = k.company_id and s.account = k.account and s.day = k.day
          where k.amount is distinct from s.amount or k.n is distinct from s.n`,
    ]),
    [
      "a family's kept balances other than its entries' sums (decision 102)",
      sql`with summed as (
            select company_id, family_id,
              coalesce(sum(amount) filter (where account = 'receivable'), 0)::bigint as receivable,
              coalesce(-sum(amount) filter (where account = 'credit'), 0)::bigint as credit
            from ledger_entries where account in ('receivable', 'credit') group by company_id, family_id
          )
          select coalesce(k.family_id, s.family_id) as family_id, k.receivable as kept_receivable,
            s.receivable, k.credit as kept_credit, s.credit
          from ledger_family_balances k full join summed s
            on s.company_id = k.company_id and s.family_id = k.family_id
          where k.receivable is distinct from s.receivable or k.credit is distinct from s.credit`,
    ],
    [
      'a family that owes or holds credit, deleted (deleteAccount refuses it; the aging counts on it)',
      sql`select b.company_id, b.family_id, b.receivable, b.credit from ledger_family_balances b
          where (b.receivable <> 0 or b.credit <> 0)
            and not exists (select 1 from family_accounts fa where fa.id = b.family_id and fa.company_id = b.company_id)`,
    ],
    [
      "a studio's kept balances other than its families' (decision 103)",
      sql`with kept as (
            select company_id, sum(receivable)::bigint as receivable, sum(credit)::bigint as credit,
              sum(owing)::int as owing
            from ledger_studio_balances group by company_id
          ), families as (
            select company_id, sum(receivable)::bigint as receivable, sum(credit)::bigint as credit,
              (count(*) filter (where receivable > 0))::int as owing
            from ledger_family_balances group by company_id
          )
          select coalesce(k.company_id, f.company_id) as company_id, k.receivable as kept_receivable,
            f.receivable, k.credit as kept_credit, f.credit, k.owing as kept_owing, f.owing
          from kept k full join families f on f.company_id = k.company_id
          where k.receivable is distinct from f.receivable or k.credit is distinct from f.credit
            or k.owing is distinct from f.owing`,
    ],
    [
      "a family's kept name among the families owing other than its name (decision 103)",
      sql`select b.family_id, b.sort_name, fa.last_name from ledger_family_balances b
          join family_accounts fa on fa.id = b.family_id and fa.company_id = b.company_id
          where b.sort_name <> lower(fa.last_name)`,
    ],
    [
      "a charge's kept open amount other than what paid.ts's rule leaves open (decision 103)",
      sql`select coalesce(k.charge_tx_id, f.tx_id) as charge, k.open as kept, f.open
          from ledger_open_charges k
          full join (select * from (${chargesPaid(sql`true`)}) p where p.open > 0) f on f.tx_id = k.charge_tx_id
          where k.open is distinct from f.open`,
    ],
    [
      "the kept open sums by due date other than what paid.ts's rule leaves open (decision 103)",
      sql`with kept as (
            select company_id, category, due_date, sum(amount)::bigint as amount, sum(charges)::int as n
            from ledger_open_sums group by company_id, category, due_date
            having sum(amount) <> 0 or sum(charges) <> 0
          ), summed as (
            select c.company_id, f.category, f.due_date, sum(f.open)::bigint as amount, count(*)::int as n
            from (${chargesPaid(sql`true`)}) f join ledger_charges c on c.tx_id = f.tx_id
            where f.open > 0
            group by c.company_id, f.category, f.due_date
          )
          select coalesce(k.category, s.category) as category, coalesce(k.due_date, s.due_date)::text as due_date,
            k.amount as kept, s.amount as summed, k.n as kept_charges, s.n as charges
          from kept k full join summed s
            on s.company_id = k.company_id and s.category = k.category and s.due_date = k.due_date
          where k.amount is distinct from s.amount or k.n is distinct from s.n`,
    ],
    [
      'the kept takings by day and method other than the payments not reversed (migration 0047)',
      sql`with kept as (
            select company_id, day, method, sum(amount)::bigint as amount, sum(payments)::int as n
            from ledger_takings group by company_id, day, method
            having sum(amount) <> 0 or sum(payments) <> 0
          ), summed as (
            select p.company_id, p.received_on as day, p.method, sum(p.total)::bigint as amount, count(*)::int as n
            from ledger_payments p
            where not exists (select 1 from ledger_transactions r where r.reverses_id = p.tx_id)
            group by p.company_id, p.received_on, p.method
          )
          select coalesce(k.day, s.day)::text as day, coalesce(k.method, s.method) as method,
            k.amount as kept, s.amount as summed, k.n as kept_payments, s.n as payments
          from kept k full join summed s
            on s.company_id = k.company_id and s.day = k.day and s.method = k.method
          where k.amount is distinct from s.amount or k.n is distinct from s.n`,
    ],
    [
      'a reversal of a transaction of another family, or of a kind that is not reversed',
      sql`select r.id from ledger_transactions r join ledger_transactions t on t.id = r.reverses_id
          where t.family_id <> r.family_id or t.company_id <> r.company_id
            or t.kind not in ('charge', 'payment')`,
    ],
  ];
  // One round trip: each check's rows, labelled with its number.
  const union = sql.join(
    checks.map(
      ([, query], i) => sql`(select ${i}::int as n, row_to_json(x)::text as row from (${query}) x limit 5)`,
    ),
    sql` union all `,
  );
  const found = await rows<{ n: number; row: string }>(db, union);
  return checks.flatMap(([what], i) => {
    const mine = found.filter((f) => Number(f.n) === i).map((f) => f.row);
    return mine.length > 0 ? [`${what}: ${mine.join(', ')}`] : [];
  });
}

/**
 * Due items (a plan payment's charges, by due key) with more left to pay than they ask, or that the
 * owner removed some of and now ask less than nothing: what is open on a due item's charges never
 * exceeds what stands of them (removed ones left out), so a drop's negative adjustment takes back what
 * its own charge asks for and a bounced check does not reopen a dropped class; and a removal and a
 * drop do not both give the money back (decision 027). A negative adjustment's own item stands below
 * zero by right. Every studio and family, or one family.
 */
export async function dueItemBreaches(db: Db, familyId?: string): Promise<string[]> {
  const live = sql`not exists (select 1 from ledger_transactions r where r.reverses_id = c.tx_id)`;
  const open = sql`sum(case when c.total > 0 and ${live}
            then c.total - coalesce((select sum(a.amount) from ledger_allocations a where a.charge_tx_id = c.tx_id), 0)
            else 0 end)`;
  const nets = sql`coalesce(sum(c.total) filter (where ${live}), 0)`;
  const found = await rows(
    db,
    sql`select c.company_id, c.family_id, c.due_key, ${nets}::int as nets, ${open}::int as open
        from ledger_charges c where c.due_key is not null ${familyId ? sql`and c.family_id = ${familyId}` : sql``}
        group by c.company_id, c.family_id, c.due_key
        having (${nets} < 0 and ${nets} < sum(c.total)) or ${open} > greatest(0, ${nets})
        limit 5`,
  );
  return found.map(
    (r) => `family ${r.family_id}, due item ${r.due_key}: ${r.open} open of ${r.nets} it nets to`,
  );
}

/** A payment of the family's plan (its latest revision), with what the ledger charged for it. */
export type PlanItem = {
  id: string;
  dueKey: string;
  dateDue: DateOnly;
  val: number;
  /** Every charge posted under its due key, removed ones included. */
  charged: number;
  /** Those charges, removed ones left out. */
  standing: number;
  /** What is left to pay of those charges. */
  open: number;
};

/**
 * The family's plan payments in its latest revisions, each with its due key and what was charged for it,
 * read from the enrolment tables and the charges (the key is `<family term>:plan:<option>`, or
 * `<family term>:adj:<n>` for the n-th adjustment of the revision: decision 027).
 */
export async function planItems(db: Db, companyId: string, familyId: string): Promise<PlanItem[]> {
  const found = await rows(
    db,
    sql`with latest as (
          select distinct on (r.family_term_id) r.id, r.family_term_id from family_plan_revisions r
          join family_terms ft on ft.id = r.family_term_id
          where ft.company_id = ${companyId} and ft.family_id = ${familyId}
          order by r.family_term_id, r.revision desc
        ), items as (
          select p.id, p.date_due::text as date_due, p.val, p.sort_order,
            l.family_term_id::text || ':' || case when p.kind = 'plan' then 'plan:' || p.option_id::text
              else 'adj:' || (row_number() over (partition by p.revision_id, p.kind order by p.sort_order))::text
            end as due_key
          from family_plan_payments p join latest l on l.id = p.revision_id
        )
        select i.*,
          coalesce((select sum(c.total) from ledger_charges c
            where c.company_id = ${companyId} and c.due_key = i.due_key), 0)::int as charged,
          coalesce((select sum(c.total) from ledger_charges c
            where c.company_id = ${companyId} and c.due_key = i.due_key
              and not exists (select 1 from ledger_transactions r where r.reverses_id = c.tx_id)), 0)::int as standing,
          coalesce((select sum(c.total - coalesce((select sum(a.amount) from ledger_allocations a where a.charge_tx_id = c.tx_id), 0))
            from ledger_charges c where c.company_id = ${companyId} and c.due_key = i.due_key and c.total > 0
              and not exists (select 1 from ledger_transactions r where r.reverses_id = c.tx_id)), 0)::int as open
        from items i order by i.date_due, i.sort_order`,
  );
  return found.map((r) => ({
    id: r.id,
    dueKey: r.due_key,
    dateDue: r.date_due,
    val: Number(r.val),
    charged: Number(r.charged),
    standing: Number(r.standing),
    open: Number(r.open),
  }));
}

/**
 * Billed as the rules say: with nothing removed, charged exactly its amount (a negative adjustment
 * too); when the owner removed some of it, what stands is its amount less what was removed, never below
 * zero (a drop after a removal gives nothing more back: decision 027).
 */
export const billed = (i: Pick<PlanItem, 'val' | 'charged' | 'standing'>) => {
  const removed = i.charged - i.standing;
  return removed === 0 ? i.charged === i.val : i.standing === Math.max(0, i.val - removed);
};

/**
 * What billing should have charged by `day` and did not (or charged beyond): every plan payment due by
 * then billed (by difference across revisions; a removed charge still counts, the studio took it back),
 * and each registration fee due by then charged once. A payment due later may be charged already
 * (marked paid ahead on the plan payments list). Read from the enrolment tables.
 */
export async function billingBreaches(
  db: Db,
  companyId: string,
  familyId: string,
  day: DateOnly,
): Promise<string[]> {
  const items = await planItems(db, companyId, familyId);
  const out = items
    .filter((i) => compareDates(i.dateDue, day) <= 0 && !billed(i))
    .map(
      (i) =>
        `${i.dueKey} due ${i.dateDue}: ${i.val} in the plan, ${i.charged} charged, ${i.standing} standing`,
    );
  const [fees] = await rows(
    db,
    sql`select
          coalesce((select sum(f.amount) from registration_fees f join family_terms ft on ft.id = f.family_term_id
            where ft.company_id = ${companyId} and ft.family_id = ${familyId} and f.charged_on <= ${day}::date), 0)::int as due,
          coalesce((select sum(c.total) from ledger_charges c
            where c.company_id = ${companyId} and c.family_id = ${familyId} and c.category = 'registration_fee'), 0)::int as charged`,
  );
  if (Number(fees!.due) !== Number(fees!.charged))
    out.push(`registration fees: ${fees!.due} due by ${day}, ${fees!.charged} charged`);
  return out;
}

/**
 * The due items (tuition, by due key) still open and past the grace days on `day` that have no late
 * fee: each one the billing day of `day` should have charged.
 */
export function lateFeesMissing(state: FamilyState, day: DateOnly, afterDays: number): string[] {
  const byKey = new Map<string, StateCharge[]>();
  for (const c of state.charges) {
    // Its positive charges (a due item's negative adjustments are counted in what it nets to).
    if (c.category !== 'tuition' || !c.dueKey || c.removed || c.total <= 0) continue;
    byKey.set(c.dueKey, [...(byKey.get(c.dueKey) ?? []), c]);
  }
  const out: string[] = [];
  for (const [key, charges] of byKey) {
    // What is left of the due item: its positive charges' open, at most what all its charges net to
    // (removed ones included, as billing counts them).
    const nets = state.charges.filter((c) => c.dueKey === key).reduce((s, c) => s + c.total, 0);
    const open = Math.min(
      charges.reduce((s, c) => s + c.open, 0),
      Math.max(0, nets),
    );
    const due = charges.map((c) => c.dueDate).sort()[0]!;
    if (open <= 0 || compareDates(lateFeeDay(due, afterDays), day) > 0) continue;
    if (!state.charges.some((c) => c.dueKey === `${key}:late`)) out.push(`${key} (due ${due}, ${open} open)`);
  }
  return out;
}

/** The day a late fee of the oldest open tuition charge falls due (the grace days plus one), if any. */
export function nextLateFeeDay(state: FamilyState, afterDays: number): DateOnly | null {
  const due = state.charges
    .filter((c) => c.category === 'tuition' && c.open > 0)
    .map((c) => c.dueDate)
    .sort()[0];
  return due ? addDays(lateFeeDay(due, afterDays), 1) : null;
}

// ——— Billing days ———

/** The studio's billing days up to `day`, as `npm run jobs -- --until` runs them; the clock moves there. */
export async function billingDaysUntil(world: World, day: DateOnly): Promise<void> {
  setClockDay(world.t, day);
  const runs = await runJobsUntil({
    db: world.t.database.db,
    until: day,
    handlers: billingJobHandlers({ onAutopay }),
    leaseClock: world.t.clock,
    print: () => {},
  });
  const failed = runs.filter((r) => r.outcome !== 'done');
  if (failed.length > 0) throw new Error(`billing days: ${failed.map(describeRun).join('; ')}`);
}

/** The billing day of `day` run once more, by its own handler, as a second server (or a retry) would. */
export async function billingDayAgain(world: World, day: DateOnly): Promise<void> {
  const handlers = billingJobHandlers({ onAutopay });
  const handler = handlers[ledgerJobs.billingDay.kind]!;
  const quiet = { info() {}, warn() {}, error() {} };
  await handler.run({
    job: {
      id: '00000000-0000-4000-8000-000000000000',
      kind: ledgerJobs.billingDay.kind,
      key: `${world.companyId}:${day}`,
      companyId: world.companyId,
      studio: null,
      timeZone: 'America/New_York',
      payload: { day },
      runAt: new Date(`${day}T10:00:00Z`),
      attempts: 1,
      maxAttempts: 1,
    },
    db: world.t.database.db,
    clock: world.t.clock,
    logger: quiet,
    signal: new AbortController().signal,
    announce: announcer(handlers),
  });
}
