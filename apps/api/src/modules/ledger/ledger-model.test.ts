/**
 * The books balance (issue 16 point 8): a model-based test of the family ledger. Each run is a new
 * family of studio A and a random sequence of what happens to a family's money, each through the real
 * routes and jobs: a dancer registered in a class (the parent's wizard), a class dropped, billing days,
 * a day 15+ days after a due date (late fees), payments at the desk (cash or check, the oldest first or
 * picked items, exact, partial or over), credit used, refunds (to cash or to credit, within the limits
 * and beyond them, which must be refused and change nothing), items added and removed, a check
 * returned, a late fee waived, and requests sent twice with one requestId.
 *
 * After every step, with SQL of its own (ledger-model.fixture.ts, which reads the tables, not the ledger
 * module's code):
 * - every ledger row written before is still there, unchanged;
 * - the whole ledger keeps its invariants (each transaction sums to zero, one charge per due item and
 *   revision, one late fee per due item, refunds and allocations within their limits, credit ≥ 0, a
 *   family's balance = what is open on its charges: ledgerBreaches);
 * - the family's balance (its receivable entries) = the money panel's `balance` = the parent's = the
 *   current transaction's balance plus what is open on older bills (= the account list's, once it
 *   answers a number); its credit = the panel's = the credit list's;
 * - what billing charged = what the family's plan and fee say was due by that day; a billing day run a
 *   second time posts nothing; no due item stands below zero or is open beyond what it asks;
 * - the step's effect on the balance and the credit is the one the rules give (own arithmetic from the
 *   books as they stood before the step), and a money model of the test's own (what the family owes
 *   less its credit, from what was charged, paid, refunded and reversed) agrees.
 *
 * Environment:
 * - LEDGER_MODEL_RUNS: how many runs (default 15, each a new family: about a minute on PGlite);
 *   `LEDGER_MODEL_RUNS=300` for a long run;
 * - LEDGER_MODEL_COMMANDS: the most steps of a run after its first registration (default 20);
 * - LEDGER_MODEL_SEED: replays a failing run with the seed fast-check printed.
 * Every run starts on 2026-11-21 (the test clock moves forward with the billing days, and back for
 * the next run); the runs share one database, each with its own family.
 */
import { addDays, compareDates, type DateOnly } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import {
  billed,
  billingBreaches,
  billingDayAgain,
  billingDaysUntil,
  cents,
  clockDay,
  dollars,
  dueItemBreaches,
  type Family,
  type FamilyState,
  familyState,
  type LedgerSnapshot,
  lateFeesMissing,
  ledgerBreaches,
  ledgerSnapshot,
  newFamily,
  nextLateFeeDay,
  planItems,
  register,
  rows,
  rowsAdded,
  rowsChanged,
  type StateCharge,
  type StatePayment,
  setUpWorld,
  startRun,
  type World,
} from './ledger-model.fixture';
import { postOpeningBalances } from './operations/opening-balance';

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 15);
const COMMANDS = Number(process.env.LEDGER_MODEL_COMMANDS ?? 20);
const SEED = process.env.LEDGER_MODEL_SEED ? Number(process.env.LEDGER_MODEL_SEED) : undefined;
/** The runs stay well inside studio A's term (2026-09-01 to 2027-06-30). */
const LAST_DAY = '2027-05-15';

const { t, s } = useTwoStudios();
let world: World;

beforeAll(async () => {
  world = await setUpWorld(t, s);
});
afterAll(() => {
  const done = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ×${n}`);
  console.info(
    `ledger model: ${timing.steps} steps, ${(timing.checks / 1000).toFixed(1)} s of checks (${[...timing.parts].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')})\n  ${done.join(', ')}`,
  );
});

// ——— The model ———

type Model = {
  today: DateOnly;
  /** The family's books as the last step left them (read with SQL). */
  state: FamilyState;
  registered: { student: number; cls: number; id: string; dropped: boolean }[];
  /** The test's own money model: what the family owes less the credit it holds, in cents. */
  net: number;
};
type Real = {
  world: World;
  family: Family;
  snap: LedgerSnapshot;
  log: string[];
  /**
   * Breaches of the whole ledger there were when the run started (none, unless an earlier run failed):
   * the runs fast-check replays to shrink a failure start beside the failed family, and must not fail
   * on it again.
   */
  known: Set<string>;
};

type Answer = { status: number; body: [boolean, unknown] };
const owner = () => world.s.a;

/** The effect every charge posting has: the family's credit pays what is open, as far as it goes. */
const autoApply = (balance: number, credit: number) => {
  const used = Math.min(balance, credit);
  return { balance: balance - used, credit: credit - used };
};

/** A sentence for a failure: the step and the books before and after. */
const context = (r: Real, step: string, extra: unknown = '') =>
  `${step}\nrun so far: ${r.log.join(' → ')}\n${typeof extra === 'string' ? extra : JSON.stringify(extra)}`;

/** The bill a payment goes to: the latest with something open, else the latest (null before any). */
function currentBill(state: FamilyState): { id: string; number: number } | null {
  const open = [...state.invoices]
    .reverse()
    .find((i) => state.charges.some((c) => c.invoiceId === i.id && c.open > 0));
  return open ?? state.invoices.at(-1) ?? null;
}

/** The test's own reading of "oldest first": by due date, then as posted (the books' order). */
function oldestFirst(charges: readonly StateCharge[]): StateCharge[] {
  const order = new Map(charges.map((c, i) => [c.id, i]));
  return [...charges].sort(
    (a, b) => compareDates(a.dueDate, b.dueDate) || order.get(a.id)! - order.get(b.id)!,
  );
}

/** Greedy allocation of `amount` over `charges` (already in order): what each gets. */
function fill(charges: readonly StateCharge[], amount: number): Map<string, number> {
  const out = new Map<string, number>();
  let rest = amount;
  for (const c of charges) {
    if (rest === 0) break;
    if (c.open <= 0) continue;
    const take = Math.min(rest, c.open);
    out.set(c.id, take);
    rest -= take;
  }
  return out;
}

/** New charges of a step. */
const newCharges = (before: FamilyState, after: FamilyState) =>
  after.charges.filter((c) => !before.charges.some((b) => b.id === c.id));
const newPayments = (before: FamilyState, after: FamilyState) =>
  after.payments.filter((p) => !before.payments.some((b) => b.id === p.id));

/** Balance and credit after charges were posted (each posting lets the credit pay what is open). */
function afterCharges(pre: { balance: number; credit: number }, posted: readonly StateCharge[]) {
  if (posted.length === 0) return { balance: pre.balance, credit: pre.credit };
  const positive = posted.filter((c) => c.total > 0).reduce((s, c) => s + c.total, 0);
  const negative = posted.filter((c) => c.total < 0).reduce((s, c) => s - c.total, 0);
  return autoApply(pre.balance + positive, pre.credit + negative);
}

// ——— The checks after every step ———

/** What the runs did, for the summary: each command's name, how often, how often refused; and time. */
const tally = new Map<string, number>();
const timing = { checks: 0, steps: 0, parts: new Map<string, number>() };
async function timed<T>(part: string, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  try {
    return await work();
  } finally {
    timing.parts.set(part, (timing.parts.get(part) ?? 0) + performance.now() - began);
  }
}
/** Whether the account list answered a number for the family's balance (null until issue 16 lands there). */
let accountListAnswers = false;
const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);

async function checkStep(m: Model, r: Real, step: string, expected?: { balance: number; credit: number }) {
  const began = performance.now();
  count(step.replace(/[:( ].*$/, ''));
  try {
    await checkStepTimed(m, r, step, expected);
  } finally {
    timing.checks += performance.now() - began;
    timing.steps += 1;
  }
}

async function checkStepTimed(
  m: Model,
  r: Real,
  step: string,
  expected?: { balance: number; credit: number },
) {
  const db = r.world.t.database.db;
  const { companyId } = r.world;
  const state = await timed('state', () => familyState(db, companyId, r.family.id));
  const snap = await timed('snapshot', () => ledgerSnapshot(db));
  expect(rowsChanged(r.snap, snap), context(r, `${step}: earlier ledger rows changed`)).toEqual([]);
  r.snap = snap;
  expect(
    (await timed('breaches', () => ledgerBreaches(db))).filter((b) => !r.known.has(b)),
    context(r, `${step}: the ledger's invariants`),
  ).toEqual([]);
  expect(
    await dueItemBreaches(db, r.family.id),
    context(r, `${step}: due items below zero or open beyond what they ask`),
  ).toEqual([]);

  if (expected) {
    expect(
      { balance: state.balance, credit: state.credit },
      context(r, `${step}: balance and credit as the rules give them`, {
        before: m.state.balance,
        beforeCredit: m.state.credit,
      }),
    ).toEqual(expected);
  }
  expect(
    state.balance - state.credit,
    context(r, `${step}: the test's own money model (owed less credit)`),
  ).toBe(m.net);

  // Billing charged what the plan and the fee say was due by today.
  expect(
    await timed('billing', () => billingBreaches(db, companyId, r.family.id, m.today)),
    context(r, `${step}: what billing charged by ${m.today} against the plan`),
  ).toEqual([]);

  // Every screen shows the same balance: the owner's money panel and the parent's current transaction
  // at every step; the parent's money card, the credit list and the transaction list every third step
  // (they share the panel's reading; this keeps the default run short).
  const apiBegan = performance.now();
  const full = timing.steps % 3 === 0;
  const money = await timed('api money', () => owner().get(`/api/mystudio/account/${r.family.id}/money`));
  expect(money.status, JSON.stringify(money.body)).toBe(200);
  const panel = money.body[1];
  const current = (await timed('api current', () => r.family.parent.get('/api/transactions/current')))
    .body[1];
  const bill = currentBill(state);
  const openOn = (pick: (number: number) => boolean) =>
    state.charges.filter((c) => pick(c.invoiceNumber)).reduce((s, c) => s + c.open, 0);
  const overdue = state.charges.filter((c) => c.dueDate < m.today).reduce((s, c) => s + c.open, 0);
  const screens: Record<string, unknown> = {
    panel: { balance: cents(panel.balance), credit: cents(panel.credit), overdue: cents(panel.overdue) },
    current: current && { id: current.id, balance: cents(current.balance) },
    panelCurrent: panel.current && { id: panel.current.id, balance: cents(panel.current.balance) },
  };
  const books: Record<string, unknown> = {
    panel: { balance: state.balance, credit: state.credit, overdue },
    current: bill && { id: bill.id, balance: openOn((n) => n === bill.number) },
    panelCurrent: bill && { id: bill.id, balance: openOn((n) => n === bill.number) },
  };
  if (full) {
    const parent = (await timed('api parent money', () => r.family.parent.get('/api/parents/money'))).body[1];
    const credits = (
      await timed('api credit', () => owner().get(`/api/transactions/${r.family.id}/credit/list`))
    ).body[1];
    const list = (
      await timed('api list', () => owner().get(`/api/transactions/list/${r.family.id}/parent?pageSize=100`))
    ).body[1];
    screens.parent = { balance: cents(parent.balance), credit: cents(parent.credit) };
    books.parent = { balance: state.balance, credit: state.credit };
    screens.creditList = {
      total: cents(credits.total),
      remaining: credits.credits.reduce((s: number, c: { remaining: number }) => s + cents(c.remaining), 0),
    };
    books.creditList = { total: state.credit, remaining: state.credit };
    screens.bills = list.total;
    books.bills = state.invoices.length;

    // The statement up to today closes on the balance and holds the credit.
    const statement = (
      await timed('api statement', () =>
        owner().get(`/api/mystudio/account/${r.family.id}/statement?from=2026-01-01&to=${m.today}`),
      )
    ).body[1];
    screens.statement = { closing: cents(statement.closing), credit: cents(statement.credit) };
    books.statement = { closing: state.balance, credit: state.credit };

    // The plan payments list: what was charged for each of the family's plan payments, and isPayed.
    const items = await planItems(db, companyId, r.family.id);
    const listed = (
      await timed('api plan payments', () =>
        owner().get(`/api/mystudio/account/payments?family=${r.family.id}&pageSize=100`),
      )
    ).body[1];
    screens.planPayments = Object.fromEntries(
      (listed.items as { id: string; charged: number; isPayed: number }[]).map((p) => [
        p.id,
        { charged: cents(p.charged), isPayed: p.isPayed },
      ]),
    );
    books.planPayments = Object.fromEntries(
      items.map((i) => [
        i.id,
        { charged: i.charged, isPayed: i.val <= 0 || (billed(i) && i.open === 0) ? 1 : 0 },
      ]),
    );

    // The studio's overview: what its families owe and the credit it holds, the debts by age.
    const overview = (await timed('api overview', () => owner().get('/api/transactions/overview'))).body[1];
    const [studio] = await rows(
      db,
      sql`select coalesce(sum(receivable), 0)::int as receivable, coalesce(sum(credit), 0)::int as credit,
            (count(*) filter (where receivable > 0))::int as owing
          from (select family_id,
                  coalesce(sum(amount) filter (where account = 'receivable'), 0) as receivable,
                  coalesce(-sum(amount) filter (where account = 'credit'), 0) as credit
                from ledger_entries where company_id = ${companyId} group by family_id) f`,
    );
    screens.overview = {
      receivable: cents(overview.receivable),
      creditHeld: cents(overview.creditHeld),
      familiesOwing: overview.familiesOwing,
      aged: overview.aging.reduce((s: number, a: { total: number }) => s + cents(a.total), 0),
    };
    books.overview = {
      receivable: Number(studio!.receivable),
      creditHeld: Number(studio!.credit),
      familiesOwing: Number(studio!.owing),
      aged: Number(studio!.receivable),
    };
  }
  // The panel's history (newest first) adds up to the balance and the credit, when it holds all of it.
  if (!panel.historyTruncated) {
    const history = panel.history as { balance: number; credit: number; balanceAfter: number }[];
    screens.history = {
      balance: history.reduce((s, h) => s + cents(h.balance), 0),
      credit: history.reduce((s, h) => s + cents(h.credit), 0),
      after: history.length ? cents(history[0]!.balanceAfter) : 0,
    };
    books.history = { balance: state.balance, credit: state.credit, after: state.balance };
  }
  expect(screens, context(r, `${step}: the screens against the books`)).toEqual(books);
  if (bill) {
    // The balance is the current transaction's plus what is open on older ones; newer ones owe nothing.
    expect(
      cents(current.balance) + openOn((n) => n < bill.number),
      context(r, `${step}: current transaction + older bills`),
    ).toBe(state.balance);
    expect(
      openOn((n) => n > bill.number),
      context(r, `${step}: bills after the current one`),
    ).toBe(0);
  }

  // The account list's balance: the spec's account list shows what each family owes. Compared while
  // it answers a number; while it answers null (issue 16 has not reached the list yet) the comparison
  // is skipped, and the list asked only every third step.
  if (full || accountListAnswers) {
    const accounts = await timed('api accounts', () =>
      owner().get(`/api/mystudio/account/list/active?q=${r.family.name}&pageSize=5`),
    );
    const row = accounts.body[1]?.items?.find((i: { id: string }) => i.id === r.family.id);
    accountListAnswers = typeof row?.balance === 'number';
    if (accountListAnswers) {
      expect(cents(row.balance), context(r, `${step}: the account list's balance`)).toBe(state.balance);
    }
  }

  timing.parts.set('api', (timing.parts.get('api') ?? 0) + performance.now() - apiBegan);
  m.state = state;
}

/** A refused request: a 4xx pair with a sentence, and not one ledger row more. */
async function expectRefused(r: Real, res: Answer, step: string, statuses: number[] = [409, 422]) {
  count(`${step.replace(/[:( ].*$/, '')} refused`);
  expect(statuses, context(r, `${step}: refused`, res.body)).toContain(res.status);
  expect(res.body[0], context(r, step, res.body)).toBe(false);
  expect(typeof res.body[1], context(r, step, res.body)).toBe('string');
  const snap = await ledgerSnapshot(r.world.t.database.db);
  expect(rowsAdded(r.snap, snap), context(r, `${step}: a refused request wrote to the ledger`)).toEqual([]);
}

/** A request sent again with its requestId is answered as the first was (the caller checks it recorded nothing). */
function sentAgain(r: Real, step: string, again: Answer) {
  expect(
    again.status,
    context(r, `${step}: the same requestId again is answered as the first`, again.body),
  ).toBe(200);
}

function expectOk(r: Real, res: Answer, step: string) {
  expect(res.status, context(r, `${step}: answered`, res.body)).toBe(200);
  expect(res.body[0], context(r, step, res.body)).toBe(true);
}

// ——— The commands ———

type Cmd = fc.AsyncCommand<Model, Real>;

/** Checks the charges a registration, a drop or a billing day posted: tuition, fees and late fees only. */
function checkBilled(r: Real, step: string, posted: StateCharge[], lateFee: number) {
  for (const c of posted) {
    expect(
      ['tuition', 'registration_fee', 'late_fee'],
      context(r, `${step}: what billing posts`, c),
    ).toContain(c.category);
    if (c.category === 'late_fee') expect(c.total, context(r, `${step}: a late fee`, c)).toBe(lateFee);
  }
}

class Register implements Cmd {
  constructor(
    readonly student: number,
    readonly cls: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.today <= LAST_DAY && !m.registered.some((x) => x.student === this.student && x.cls === this.cls);
  }
  async run(m: Model, r: Real) {
    const step = this.toString();
    r.log.push(step);
    const pre = m.state;
    const id = await register(r.family, r.family.students[this.student]!, r.world.classes[this.cls]!);
    m.registered.push({ student: this.student, cls: this.cls, id, dropped: false });
    await this.settle(m, r, pre, step);
  }
  async settle(m: Model, r: Real, pre: FamilyState, step: string) {
    const after = await familyState(r.world.t.database.db, r.world.companyId, r.family.id);
    const posted = newCharges(pre, after);
    checkBilled(r, step, posted, r.world.money.lateFee);
    expect(
      newPayments(pre, after).filter((p) => p.method !== 'credit'),
      context(r, step),
    ).toEqual([]);
    m.net += posted.reduce((s, c) => s + c.total, 0);
    await checkStep(m, r, step, afterCharges(pre, posted));
  }
  toString() {
    return `register(dancer ${this.student}, class ${this.cls})`;
  }
}

class Drop implements Cmd {
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>) {
    return m.today <= LAST_DAY && m.registered.some((x) => !x.dropped);
  }
  async run(m: Model, r: Real) {
    const live = m.registered.filter((x) => !x.dropped);
    const reg = live[this.pick % live.length]!;
    const step = `${this}: dancer ${reg.student}, class ${reg.cls}`;
    r.log.push(step);
    const pre = m.state;
    const res = (await r.family.parent.put(`/api/parents/registration/drop/${reg.id}`, {})) as Answer;
    expectOk(r, res, step);
    reg.dropped = true;
    await new Register(reg.student, reg.cls).settle(m, r, pre, step);
  }
  toString() {
    return `drop(#${this.pick})`;
  }
}

class BillingDays implements Cmd {
  /** `days` after today, or (lateFee) the day the oldest open tuition charge's late fee falls due. */
  constructor(
    readonly days: number,
    readonly lateFee: boolean,
  ) {}
  target(m: Readonly<Model>): DateOnly {
    const feeDay = this.lateFee ? nextLateFeeDay(m.state, world.money.afterDays) : null;
    return feeDay && feeDay > m.today ? feeDay : addDays(m.today, this.days);
  }
  check(m: Readonly<Model>) {
    return this.target(m) <= LAST_DAY;
  }
  async run(m: Model, r: Real) {
    const day = this.target(m);
    const step = `${this} to ${day}`;
    r.log.push(step);
    const pre = m.state;
    const db = r.world.t.database.db;
    await billingDaysUntil(r.world, day);
    m.today = day;
    const after = await familyState(db, r.world.companyId, r.family.id);
    const posted = newCharges(pre, after);
    checkBilled(r, step, posted, r.world.money.lateFee);
    // Each late fee is for a due item open past its grace days; none is missing.
    expect(
      lateFeesMissing(after, day, r.world.money.afterDays),
      context(r, `${step}: late fees due`),
    ).toEqual([]);
    m.net += posted.reduce((s, c) => s + c.total, 0);
    await checkStep(m, r, step, afterCharges(pre, posted));
    // The same day run again posts nothing. (Run once more first: the families of earlier runs, whose
    // days this run's chain did not cover, are billed by it; this run's family must not be.)
    await billingDayAgain(r.world, day);
    const once = await ledgerSnapshot(db);
    const mine = await familyState(db, r.world.companyId, r.family.id);
    expect(mine.counts, context(r, `${step}: the day's job left something to post`)).toBe(m.state.counts);
    await billingDayAgain(r.world, day);
    const twice = await ledgerSnapshot(db);
    expect(rowsAdded(once, twice), context(r, `${step}: the billing day run twice`)).toEqual([]);
    r.snap = twice;
  }
  toString() {
    return this.lateFee ? 'lateFeeDay' : `billingDays(+${this.days})`;
  }
}

type AmountKind = 'exact' | 'partial' | 'over';
const amountOf = (kind: AmountKind, base: number, frac: number, extra: number) =>
  Math.max(1, kind === 'exact' ? base : kind === 'partial' ? Math.floor(base * frac) : base + extra);

/** Items of the current bill to pick: a few of its live ones, chosen by `seed`. */
function picksOf(state: FamilyState, billId: string, seed: number): StateCharge[] {
  const items = state.charges.filter((c) => c.invoiceId === billId && !c.removed && c.total > 0);
  const chosen = items.filter((_, i) => ((seed >> i) & 1) === 1);
  return chosen.length > 0 ? chosen : items.slice(0, 1);
}

class Pay implements Cmd {
  constructor(
    readonly method: 'cash' | 'check',
    readonly kind: AmountKind,
    readonly pick: boolean,
    readonly seed: number,
    readonly frac: number,
    readonly extra: number,
    readonly twice: boolean,
  ) {}
  check(m: Readonly<Model>) {
    return m.state.invoices.length > 0;
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const bill = currentBill(pre)!;
    const picked = this.pick ? picksOf(pre, bill.id, this.seed) : [];
    const base = this.pick ? picked.reduce((s, c) => s + c.open, 0) : pre.balance;
    const amount = amountOf(this.kind, base, this.frac, this.extra);
    const step = `${this}: ${amount}¢ of ${base}¢${picked.length ? ` on ${picked.length} picked` : ''}${this.twice ? ', sent twice' : ''}`;
    r.log.push(step);
    const body = {
      payments: [
        {
          type: this.method,
          total: dollars(amount),
          reference: this.method === 'check' ? `#${1000 + (this.seed % 9000)}` : '',
          ...(picked.length ? { items: picked.map((c) => c.id) } : {}),
        },
      ],
      ...(this.twice ? { requestId: crypto.randomUUID() } : {}),
    };
    const url = `/api/transactions/payments/${r.family.id}/${bill.id}`;
    const res = (await owner().post(url, body)) as Answer;
    const liveOnBill = pre.charges.some((c) => c.invoiceId === bill.id && !c.removed);
    if (pre.balance <= 0 || !liveOnBill) {
      await expectRefused(r, res, step, [422]);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    expectOk(r, res, step);
    m.net -= amount;
    let expected: { balance: number; credit: number };
    const after = await familyState(r.world.t.database.db, r.world.companyId, r.family.id);
    const made = newPayments(pre, after).filter((p) => p.method !== 'credit');
    expect(made.length, context(r, `${step}: one payment recorded`)).toBe(1);
    if (picked.length) {
      // The picked items, oldest first; the rest stays credit, paying nothing else.
      const want = fill(oldestFirst(picked), amount);
      expect(Object.fromEntries(made[0]!.perCharge), context(r, `${step}: what it paid`)).toEqual(
        Object.fromEntries(want),
      );
      const applied = [...want.values()].reduce((s, v) => s + v, 0);
      expected = { balance: pre.balance - applied, credit: pre.credit + amount - applied };
    } else {
      const want = fill(oldestFirst(pre.charges.filter((c) => c.open > 0)), amount);
      expect(
        Object.fromEntries(made[0]!.perCharge),
        context(r, `${step}: what it paid, oldest first`),
      ).toEqual(Object.fromEntries(want));
      const applied = Math.min(amount, pre.balance);
      expected = autoApply(pre.balance - applied, pre.credit + amount - applied);
    }
    await checkStep(m, r, step, expected);
    if (this.twice) {
      const again = (await owner().post(url, body)) as Answer;
      const snap = await ledgerSnapshot(r.world.t.database.db);
      expect(
        rowsAdded(r.snap, snap),
        context(r, `${step}: the same requestId again recorded it again`),
      ).toEqual([]);
      sentAgain(r, step, again);
      await checkStep(m, r, `${step} (again)`, expected);
    }
  }
  toString() {
    return `pay(${this.method}, ${this.kind}${this.pick ? ', picked' : ''})`;
  }
}

class PayWithCredit implements Cmd {
  constructor(
    readonly kind: AmountKind,
    readonly pick: boolean,
    readonly seed: number,
    readonly frac: number,
    readonly extra: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.state.credit > 0 && m.state.invoices.length > 0;
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const bill = currentBill(pre)!;
    const picked = this.pick ? picksOf(pre, bill.id, this.seed) : [];
    const open = this.pick ? picked.reduce((s, c) => s + c.open, 0) : pre.balance;
    const amount = amountOf(this.kind, Math.min(pre.credit, open), this.frac, this.extra);
    const step = `${this}: ${amount}¢ of ${pre.credit}¢ credit for ${open}¢ open`;
    r.log.push(step);
    const res = (await owner().post(`/api/transactions/payments/${r.family.id}/${bill.id}`, {
      payments: [
        {
          type: 'credit',
          total: dollars(amount),
          ...(picked.length ? { items: picked.map((c) => c.id) } : {}),
        },
      ],
    })) as Answer;
    const liveOnBill = pre.charges.some((c) => c.invoiceId === bill.id && !c.removed);
    const used = Math.min(amount, open);
    if (pre.balance <= 0 || !liveOnBill || amount > pre.credit || used === 0) {
      await expectRefused(r, res, step, [422]);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    expectOk(r, res, step);
    await checkStep(m, r, step, { balance: pre.balance - used, credit: pre.credit - used });
  }
  toString() {
    return `payWithCredit(${this.kind}${this.pick ? ', picked' : ''})`;
  }
}

/** What may be refunded of a payment, as the rules say: of an item, or of its money held as credit. */
function refundLimit(pre: FamilyState, p: StatePayment, chargeId: string | null): number {
  const ofPayment = p.total - p.refunded;
  if (chargeId) {
    // Only money paid on a settled item goes back: an item still open is waived, never refunded
    // (issue 31 item 7, decision 037).
    if ((pre.charges.find((c) => c.id === chargeId)?.open ?? 0) > 0) return 0;
    const paid = p.perCharge.get(chargeId) ?? 0;
    const refunded = p.refundedPerCharge.get(chargeId) ?? 0;
    return Math.max(0, Math.min(ofPayment, paid - refunded));
  }
  return Math.max(0, Math.min(ofPayment, pre.credit, p.total - p.applied - p.creditRefunded));
}

class Refund implements Cmd {
  constructor(
    readonly pick: number,
    readonly ofItem: boolean,
    readonly to: 'cash' | 'credit',
    readonly beyond: boolean,
    readonly frac: number,
    readonly extra: number,
    readonly twice: boolean,
    /** An amount of nothing or less than nothing, which must be refused. */
    readonly bad = false,
  ) {}
  check(m: Readonly<Model>) {
    return m.state.payments.some((p) => p.method !== 'credit');
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const received = pre.payments.filter((p) => p.method !== 'credit');
    const p = received[this.pick % received.length]!;
    if (this.bad) return this.badAmount(m, r, p);
    const items = [...p.perCharge].filter(([, v]) => v > 0).map(([id]) => id);
    const chargeId = this.ofItem && items.length > 0 ? items[this.pick % items.length]! : null;
    const limit = refundLimit(pre, p, chargeId);
    const beyond = this.beyond || limit === 0;
    const amount = beyond ? limit + this.extra : 1 + Math.floor(this.frac * (limit - 1));
    const step = `${this}: ${amount}¢ (limit ${limit}¢) of a ${p.method} payment of ${p.total}¢${chargeId ? ' for an item' : ''}${p.returned ? ' (returned)' : ''}`;
    r.log.push(step);
    const body = {
      paymentID: p.id,
      ...(chargeId ? { itemID: chargeId } : {}),
      total: dollars(amount),
      to: this.to,
      reason: 'Class cancelled',
      ...(this.twice ? { requestId: crypto.randomUUID() } : {}),
    };
    const res = (await owner().post(`/api/transactions/refund/${r.family.id}`, body)) as Answer;
    if (p.returned || beyond || (!chargeId && this.to === 'credit')) {
      await expectRefused(r, res, step);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    expectOk(r, res, step);
    let expected = { balance: pre.balance, credit: pre.credit };
    if (chargeId && this.to === 'credit') {
      m.net -= amount;
      expected = autoApply(pre.balance, pre.credit + amount);
    } else if (!chargeId) {
      m.net += amount;
      expected = { balance: pre.balance, credit: pre.credit - amount };
    }
    await checkStep(m, r, step, expected);
    if (this.twice) {
      const again = (await owner().post(`/api/transactions/refund/${r.family.id}`, body)) as Answer;
      const snap = await ledgerSnapshot(r.world.t.database.db);
      expect(rowsAdded(r.snap, snap), context(r, `${step}: the same requestId again refunded again`)).toEqual(
        [],
      );
      sentAgain(r, step, again);
      await checkStep(m, r, `${step} (again)`, expected);
    }
  }
  async badAmount(m: Model, r: Real, p: StatePayment) {
    const pre = m.state;
    const items = [...p.perCharge].filter(([, v]) => v > 0).map(([id]) => id);
    const chargeId = this.ofItem && items.length > 0 ? items[this.pick % items.length]! : null;
    const amount = this.extra % 2 === 0 ? 0 : -(this.extra % 500) - 1;
    const step = `${this}: ${amount}¢ of a ${p.method} payment of ${p.total}¢${chargeId ? ' for an item' : ''}`;
    r.log.push(step);
    const res = (await owner().post(`/api/transactions/refund/${r.family.id}`, {
      paymentID: p.id,
      ...(chargeId ? { itemID: chargeId } : {}),
      total: dollars(amount),
      to: this.to,
      reason: 'Class cancelled',
    })) as Answer;
    await expectRefused(r, res, step, [400, 422]);
    await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
  }
  toString() {
    if (this.bad) return `refund(${this.ofItem ? 'item' : 'credit'}, nothing or less)`;
    return `refund(${this.ofItem ? 'item' : 'credit'} → ${this.to}${this.beyond ? ', beyond' : ''}${this.twice ? ', twice' : ''})`;
  }
}

class AddItem implements Cmd {
  constructor(
    readonly amount: number,
    readonly quantity: number,
    readonly credit: boolean,
    readonly twice: boolean,
  ) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const amount = this.credit ? -this.amount : this.amount;
    const total = amount * this.quantity;
    const step = `${this}`;
    r.log.push(step);
    const body = {
      item: {
        typeID: this.credit ? 'other' : 'costume',
        item: this.credit ? 'Discount granted' : 'Recital costume',
        amount: dollars(amount),
        quantity: this.quantity,
        total: dollars(total),
      },
      ...(this.twice ? { requestId: crypto.randomUUID() } : {}),
    };
    const res = (await owner().post(`/api/transactions/item/${r.family.id}`, body)) as Answer;
    expectOk(r, res, step);
    const after = await familyState(r.world.t.database.db, r.world.companyId, r.family.id);
    const posted = newCharges(pre, after);
    expect(
      posted.map((c) => [c.category, c.total]),
      context(r, `${step}: the item posted`),
    ).toEqual([[this.credit ? 'other' : 'costume', total]]);
    m.net += total;
    const expected = afterCharges(pre, posted);
    await checkStep(m, r, step, expected);
    if (this.twice) {
      const again = (await owner().post(`/api/transactions/item/${r.family.id}`, body)) as Answer;
      const snap = await ledgerSnapshot(r.world.t.database.db);
      expect(rowsAdded(r.snap, snap), context(r, `${step}: the same requestId again`, again.body)).toEqual(
        [],
      );
      sentAgain(r, step, again);
      await checkStep(m, r, `${step} (again)`, expected);
    }
  }
  toString() {
    return `addItem(${this.credit ? '-' : ''}${this.amount}¢ × ${this.quantity}${this.twice ? ', twice' : ''})`;
  }
}

/**
 * An opening balance brought by an import (decision 056), on a family that has books: owed (a charge
 * paid like any) or a credit (paying open charges like any), under a source of its own; `twice` imports
 * it again, which posts nothing. A family starts here once: while it has an opening balance not removed,
 * another one, from any source, is refused and changes nothing.
 */
class OpeningBalance implements Cmd {
  constructor(
    readonly amount: number,
    readonly credit: boolean,
    readonly twice: boolean,
  ) {}
  check() {
    return true;
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const amount = this.credit ? -this.amount : this.amount;
    const step = `${this}`;
    r.log.push(step);
    const db = r.world.t.database.db;
    const importIt = (source: string) =>
      db.transaction((tx) =>
        postOpeningBalances(tx, {
          companyId: r.world.companyId,
          actorUserId: owner().userId,
          source,
          sourceName: 'Jackrabbit',
          balances: [{ familyId: r.family.id, amount, asOf: m.today, file: 'b.csv', row: 2 }],
        }),
      );
    const source = `model-${crypto.randomUUID()}`;
    if (pre.charges.some((c) => c.category === 'opening_balance' && !c.removed)) {
      await expect(importIt(source), context(r, `${step}: a second opening balance`)).rejects.toMatchObject({
        code: 'unprocessable',
      });
      const snap = await ledgerSnapshot(db);
      expect(rowsAdded(r.snap, snap), context(r, `${step}: refused`)).toEqual([]);
      await checkStep(m, r, `${step} (refused)`, { balance: pre.balance, credit: pre.credit });
      return;
    }
    await importIt(source);
    const after = await familyState(db, r.world.companyId, r.family.id);
    const posted = newCharges(pre, after);
    expect(
      posted.map((c) => [c.category, c.total]),
      context(r, `${step}: the opening balance posted`),
    ).toEqual([['opening_balance', amount]]);
    m.net += amount;
    const expected = afterCharges(pre, posted);
    await checkStep(m, r, step, expected);
    if (this.twice) {
      await importIt(source);
      const snap = await ledgerSnapshot(db);
      expect(rowsAdded(r.snap, snap), context(r, `${step}: imported again`)).toEqual([]);
      await checkStep(m, r, `${step} (again)`, expected);
    }
  }
  toString() {
    return `openingBalance(${this.credit ? '-' : ''}${this.amount}¢${this.twice ? ', twice' : ''})`;
  }
}

class RemoveItem implements Cmd {
  constructor(
    readonly pick: number,
    readonly lateFeeOnly: boolean,
  ) {}
  candidates(m: Readonly<Model>) {
    return m.state.charges.filter((c) => !this.lateFeeOnly || (c.category === 'late_fee' && !c.removed));
  }
  check(m: Readonly<Model>) {
    return this.candidates(m).length > 0;
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const all = this.candidates(m);
    const c = all[this.pick % all.length]!;
    const step = `${this}: ${c.category} ${c.total}¢ (paid ${c.paid}¢${c.removed ? ', removed' : ''}${c.refunded ? ', refunded' : ''})`;
    r.log.push(step);
    const res = (await owner().delete(`/api/transactions/item/${c.invoiceId}/${c.id}?reason=Test`)) as Answer;
    // A charge a drop already brought down stays: removing it would leave its due item below zero.
    const stands = (key: string) =>
      pre.charges.filter((x) => x.dueKey === key && !x.removed).reduce((s, x) => s + x.total, 0);
    const broughtDown = c.dueKey !== null && stands(c.dueKey) - c.total < 0;
    if (c.removed || c.total < 0 || c.refunded > 0 || broughtDown) {
      await expectRefused(r, res, step);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    expectOk(r, res, step);
    m.net -= c.total;
    await checkStep(m, r, step, autoApply(pre.balance - c.open, pre.credit + c.paid));
  }
  toString() {
    return this.lateFeeOnly ? `waiveLateFee(#${this.pick})` : `removeItem(#${this.pick})`;
  }
}

class ReturnCheck implements Cmd {
  constructor(readonly pick: number) {}
  check(m: Readonly<Model>) {
    return m.state.payments.some((p) => p.method !== 'credit');
  }
  async run(m: Model, r: Real) {
    const pre = m.state;
    const received = pre.payments.filter((p) => p.method !== 'credit');
    const checks = received.filter((p) => p.method === 'check');
    // Mostly a check; now and then a cash payment, which cannot bounce.
    const p =
      checks.length > 0 && this.pick % 5 !== 0
        ? checks[this.pick % checks.length]!
        : received[this.pick % received.length]!;
    const step = `${this}: ${p.method} ${p.total}¢ (applied ${p.applied}¢${p.returned ? ', returned' : ''}${p.refunded ? ', refunded' : ''})`;
    r.log.push(step);
    const res = (await owner().post(`/api/transactions/payments/${r.family.id}/${p.id}/returned`, {
      reason: 'Insufficient funds',
    })) as Answer;
    if (p.method !== 'check' || p.returned || p.refunded > 0) {
      await expectRefused(r, res, step);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    expectOk(r, res, step);
    const after = await familyState(r.world.t.database.db, r.world.companyId, r.family.id);
    const posted = newCharges(pre, after);
    expect(
      posted.map((c) => [c.category, c.total]),
      context(r, `${step}: the fee`),
    ).toEqual([['returned_check', r.world.money.bounceFee]]);
    // What it paid is open again; what it left as credit leaves the credit (and where that credit was
    // used already, those uses are undone).
    const applied = [...p.perCharge.values()].filter((v) => v > 0).reduce((s, v) => s + v, 0);
    const unallocated = p.total - applied;
    const fromCredit = Math.min(unallocated, pre.credit);
    const undone = unallocated - fromCredit;
    m.net += p.total + r.world.money.bounceFee;
    await checkStep(
      m,
      r,
      step,
      autoApply(pre.balance + applied + undone + r.world.money.bounceFee, pre.credit - fromCredit),
    );
  }
  toString() {
    return `returnCheck(#${this.pick})`;
  }
}

/**
 * The plan payments list's paid toggle: a plan payment marked paid (its charge posted if it is due
 * later, and a cash payment "Marked paid" for what is open on it), or marked unpaid (the toggle's
 * payments reversed; refused when other money paid it).
 */
class MarkPaid implements Cmd {
  constructor(
    readonly pick: number,
    readonly paid: boolean,
  ) {}
  check(m: Readonly<Model>) {
    return m.registered.length > 0;
  }
  async run(m: Model, r: Real) {
    const db = r.world.t.database.db;
    const pre = m.state;
    const items = await planItems(db, r.world.companyId, r.family.id);
    const item = items[this.pick % Math.max(1, items.length)];
    if (!item) {
      r.log.push(`${this}: no plan payment`);
      return;
    }
    const step = `${this}: ${item.val}¢ due ${item.dateDue} (${item.charged}¢ charged, ${item.open}¢ open)`;
    r.log.push(step);
    const res = (await owner().get(
      `/api/mystudio/account/payments/${item.id}/${this.paid ? 1 : 0}`,
    )) as Answer;
    if (this.paid && item.val <= 0) {
      // An amount of zero or less owes nothing: it is paid already (001 §3 isPayed), and the toggle
      // changes nothing. What was charged for it before a drop stays until billing gives it back on its
      // day. Found by the runs as `markPaid(#9, paid), drop(#0), markPaid(#19, paid)`: the model
      // expected the drop's difference posted ahead.
      expectOk(r, res, step);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    if (this.paid) {
      expectOk(r, res, step);
      const after = await familyState(db, r.world.companyId, r.family.id);
      const posted = newCharges(pre, after);
      checkBilled(r, step, posted, r.world.money.lateFee);
      const toggles = newPayments(pre, after).filter((p) => p.method !== 'credit');
      expect(toggles.length, context(r, `${step}: one payment at most`)).toBeLessThanOrEqual(1);
      const received = toggles.reduce((s, p) => s + p.total, 0);
      const now = (await planItems(db, r.world.companyId, r.family.id)).find(
        (i) => i.dueKey === item.dueKey,
      )!;
      expect(
        { billed: billed(now), open: now.open },
        context(r, `${step}: the payment is charged and paid`),
      ).toEqual({ billed: true, open: 0 });
      m.net += posted.reduce((s, c) => s + c.total, 0) - received;
      const charged = afterCharges(pre, posted);
      await checkStep(m, r, step, { balance: charged.balance - received, credit: charged.credit });
      return;
    }
    const charges = new Set(pre.charges.filter((c) => c.dueKey === item.dueKey).map((c) => c.id));
    const paidOf = (p: StatePayment) =>
      [...p.perCharge].filter(([id]) => charges.has(id)).reduce((s, [, v]) => s + v, 0);
    const toggles = pre.payments.filter(
      (p) => p.key.startsWith(`paid-toggle:${item.dueKey}:`) && !p.returned,
    );
    const byOthers = pre.payments.some((p) => paidOf(p) > 0 && !toggles.includes(p));
    // A payment of which some was refunded cannot be taken back (reversePayment): the refund gave that
    // part back already. Found by the runs as `markPaid(#14, paid), refund(item → cash), markPaid(#14,
    // unpaid)`: the model expected the toggle taken back.
    const refunded = toggles.some((p) => p.refunded > 0);
    if (byOthers || refunded) {
      await expectRefused(r, res, step, [422]);
      await checkStep(m, r, step, { balance: pre.balance, credit: pre.credit });
      return;
    }
    expectOk(r, res, step);
    let { balance, credit } = pre;
    let reopened = 0;
    for (const p of toggles) {
      // Each reversed as a returned check is, without the fee.
      const applied = [...p.perCharge.values()].filter((v) => v > 0).reduce((s, v) => s + v, 0);
      const fromCredit = Math.min(p.total - applied, credit);
      balance += applied + (p.total - applied - fromCredit);
      credit -= fromCredit;
      reopened += applied;
      m.net += p.total;
    }
    // What the plan payment is then open for beyond what it still asks (a dropped class's asks nothing)
    // is paid from the credit held (reversePayment; the rest with credit moved from other charges, which
    // leaves the balance and the credit as they are). Found by the runs as `markPaid(#13, paid),
    // drop(#0), billingDays(+7), lateFeeDay, markPaid(#3, unpaid)`: the drop's credit had paid the
    // registration fee, and with the toggle taken back the dropped class's charge is paid by the credit
    // left and by the fee's, so the fee is owed again; the model expected the dropped class owed beside
    // the credit. Pinned below ("a plan payment marked paid, its class dropped, then marked unpaid").
    // A plan payment that still asks its amount stays owed beside any credit (`markPaid(#15, paid),
    // pay(cash, over), markPaid(#15, unpaid)`).
    const beyond = item.open + reopened - Math.max(0, item.standing);
    const fromHeld = Math.min(Math.max(0, beyond), credit);
    await checkStep(m, r, step, { balance: balance - fromHeld, credit: credit - fromHeld });
  }
  toString() {
    return `markPaid(#${this.pick}, ${this.paid ? 'paid' : 'unpaid'})`;
  }
}

/** True one time in four: a request sent twice with one requestId. */
const sometimes = fc.integer({ min: 0, max: 3 }).map((n) => n === 0);

const pay = fc
  .record({
    method: fc.constantFrom('cash' as const, 'check' as const),
    kind: fc.constantFrom<AmountKind>('exact', 'partial', 'over'),
    pick: fc.boolean(),
    seed: fc.nat(1023),
    frac: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    extra: fc.integer({ min: 1, max: 5000 }),
    twice: sometimes,
  })
  .map((p) => new Pay(p.method, p.kind, p.pick, p.seed, p.frac, p.extra, p.twice));
const refund = fc
  .record({
    pick: fc.nat(50),
    ofItem: fc.boolean(),
    to: fc.constantFrom('cash' as const, 'credit' as const),
    beyond: fc.boolean(),
    frac: fc.double({ min: 0, max: 1, noNaN: true }),
    extra: fc.integer({ min: 1, max: 3000 }),
    twice: sometimes,
    bad: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  })
  .map((p) => new Refund(p.pick, p.ofItem, p.to, p.beyond, p.frac, p.extra, p.twice, p.bad));

/** The commands; payments and refunds listed twice, to come twice as often as the rest. */
const commands = [
  pay,
  pay,
  refund,
  refund,
  fc
    .tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 2 }))
    .map(([d, c]) => new Register(d, c)),
  fc.nat(20).map((n) => new Drop(n)),
  fc.integer({ min: 1, max: 20 }).map((d) => new BillingDays(d, false)),
  fc.integer({ min: 1, max: 3 }).map((d) => new BillingDays(d, true)),
  fc
    .record({
      kind: fc.constantFrom<AmountKind>('exact', 'partial', 'over'),
      pick: fc.boolean(),
      seed: fc.nat(1023),
      frac: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      extra: fc.integer({ min: 1, max: 5000 }),
    })
    .map((p) => new PayWithCredit(p.kind, p.pick, p.seed, p.frac, p.extra)),
  fc
    .record({
      amount: fc.integer({ min: 1, max: 15_000 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      credit: fc.boolean(),
      twice: sometimes,
    })
    .map((p) => new AddItem(p.amount, p.quantity, p.credit, p.twice)),
  fc
    .record({ amount: fc.integer({ min: 1, max: 15_000 }), credit: fc.boolean(), twice: sometimes })
    .map((p) => new OpeningBalance(p.amount, p.credit, p.twice)),
  fc.nat(50).map((n) => new RemoveItem(n, false)),
  fc.nat(50).map((n) => new RemoveItem(n, true)),
  fc.nat(50).map((n) => new ReturnCheck(n)),
  fc.tuple(fc.nat(20), fc.boolean()).map(([n, paid]) => new MarkPaid(n, paid)),
];

async function setup(): Promise<{ model: Model; real: Real }> {
  await startRun(world);
  const family = await newFamily(world);
  const db = world.t.database.db;
  // Every run starts with its first dancer in the first class: the fee and the first payment charged.
  const first = await register(family, family.students[0]!, world.classes[0]!);
  const state = await familyState(db, world.companyId, family.id);
  const model: Model = {
    today: clockDay(world.t),
    state,
    registered: [{ student: 0, cls: 0, id: first, dropped: false }],
    net: state.balance - state.credit,
  };
  const real: Real = {
    world,
    family,
    snap: await ledgerSnapshot(db),
    log: ['register(dancer 0, class 0)'],
    known: new Set(await ledgerBreaches(db)),
  };
  await checkStep(model, real, 'register(dancer 0, class 0), to start');
  return { model, real };
}

describe('the books balance, whatever happens to a family’s money', () => {
  it(
    `keeps every invariant over ${RUNS} random sequences of up to ${COMMANDS} steps`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: COMMANDS, size: 'max' }), (cmds) =>
          fc.asyncModelRun(setup, cmds),
        ),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false },
      );
    },
    Math.max(120_000, RUNS * COMMANDS * 2_000),
  );
});

/**
 * What the runs found, each shrunk to its smallest sequence and written out plainly. A bug the runs
 * find is written here first as `it.fails` (the suite stays green and says so), and becomes a plain
 * `it` once fixed. The first four were fixed in 06f0c95, the drop's credit paying another item in
 * cada4c5, the last two (a removal and a bounce after a drop) with decision 027's point 12 (a removal
 * and a drop never both give the money back; a due item is never open beyond what it asks).
 */
describe('bugs the runs found, smallest examples', () => {
  const post = (url: string, body: unknown) =>
    owner().post(url, body as Record<string, unknown>) as Promise<Answer>;

  async function freshFamily() {
    await startRun(world);
    return newFamily(world);
  }

  // Found by the runs as `addItem(-1¢ × 1, twice)`. The item's key was posted already, so postCharge
  // posts nothing, but it first opens a new bill when the family's latest one is settled (a credit
  // item settles its bill at once): the retry leaves an empty bill #2 in the ledger for good, and is
  // answered with it instead of the item's bill #1. (operations.ts postCharge: invoiceFor before
  // post; ledger.service.ts addItem: the answer's bill falls back to the current one.)
  it('an item sent twice with one requestId is answered with its own bill, and opens no other', async () => {
    const family = await freshFamily();
    const body = {
      item: { typeID: 'other', item: 'Discount granted', amount: -0.01, quantity: 1, total: -0.01 },
      requestId: crypto.randomUUID(),
    };
    const first = await post(`/api/transactions/item/${family.id}`, body);
    const again = await post(`/api/transactions/item/${family.id}`, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    const bills = await familyState(t.database.db, world.companyId, family.id);
    expect(bills.invoices).toHaveLength(1);
    expect((again.body[1] as { id: string }).id).toBe((first.body[1] as { id: string }).id);
  });

  // Found by the runs as `pay(cash, exact), sent twice`. The retry is checked against the books as the
  // first left them (nothing owed now) before its key is looked at, so it is refused with 'The payment
  // amount must be greater than "0".' although the payment it repeats was recorded: a client retrying
  // after a timeout tells the owner the payment failed. (ledger.service.ts recordPayments: the balance
  // check before the key; the refund's limit check the same way, refund() in operations.ts.)
  it('a payment sent again with its requestId, after it paid everything, is answered as the first', async () => {
    const family = await freshFamily();
    await register(family, family.students[0]!, world.classes[0]!);
    const state = await familyState(t.database.db, world.companyId, family.id);
    const bill = state.invoices[0]!.id;
    const body = {
      payments: [{ type: 'cash', total: dollars(state.balance) }],
      requestId: crypto.randomUUID(),
    };
    const first = await post(`/api/transactions/payments/${family.id}/${bill}`, body);
    const again = await post(`/api/transactions/payments/${family.id}/${bill}`, body);
    expect(first.status).toBe(200);
    expect((await familyState(t.database.db, world.companyId, family.id)).payments).toHaveLength(1);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('a refund sent again with its requestId, after it gave back all it could, is answered as the first', async () => {
    const family = await freshFamily();
    await register(family, family.students[0]!, world.classes[0]!);
    const state = await familyState(t.database.db, world.companyId, family.id);
    await post(`/api/transactions/payments/${family.id}/${state.invoices[0]!.id}`, {
      payments: [{ type: 'cash', total: dollars(state.balance) }],
    });
    const [payment] = (await familyState(t.database.db, world.companyId, family.id)).payments;
    const [itemID, paid] = [...payment!.perCharge][0]!;
    const body = {
      paymentID: payment!.id,
      itemID,
      total: dollars(paid),
      to: 'cash',
      reason: 'Class cancelled',
      requestId: crypto.randomUUID(),
    };
    const first = await post(`/api/transactions/refund/${family.id}`, body);
    const again = await post(`/api/transactions/refund/${family.id}`, body);
    expect(first.status).toBe(200);
    expect((await familyState(t.database.db, world.companyId, family.id)).payments[0]!.refunded).toBe(paid);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  // Found by the runs as `refund(item, nothing or less)`. refundInput takes any dollars (negative
  // too), refund() checks only the upper limits, and the row then breaks ledger_refunds_total_check:
  // a 500 'Something went wrong' instead of a sentence (nothing is written: the transaction rolls
  // back). A refund of 0 posts a ledger transaction without entries before failing the same way.
  it.each([0, -0.05])('a refund of %d dollars is refused with a sentence, nothing written', async (total) => {
    const family = await freshFamily();
    await register(family, family.students[0]!, world.classes[0]!);
    const state = await familyState(t.database.db, world.companyId, family.id);
    await post(`/api/transactions/payments/${family.id}/${state.invoices[0]!.id}`, {
      payments: [{ type: 'cash', total: 20 }],
    });
    const [payment] = (await familyState(t.database.db, world.companyId, family.id)).payments;
    const [itemID] = [...payment!.perCharge.keys()];
    const snap = await ledgerSnapshot(t.database.db);
    const res = await post(`/api/transactions/refund/${family.id}`, {
      paymentID: payment!.id,
      itemID,
      total,
      to: 'cash',
      reason: 'Class cancelled',
    });
    expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
    expect(res.body[0]).toBe(false);
    expect(rowsAdded(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
  });
  // Found by the runs as `drop(#0), markPaid(#2, paid)` (the plan payment list's $0.00 payment "paid",
  // its charge $32.50 open). A family registers and drops its only class the same day: the drop posts
  // the due item's adjustment (−$32.50) as credit, and the credit pays the family's oldest charge, the
  // registration fee posted first, instead of the due item's own +$32.50 charge. The due item nets to
  // $0.00 (the plan says $0.00, the payments list says paid) but its charge shows $32.50 open, so on
  // the 15th day the billing day charges a $20 late fee for a class the family dropped (it owes the
  // fee only, which carries none). The paid toggle of a due item a drop brought down pays its first
  // charge in full the same way (more than the plan payment's amount). A negative adjustment of a due
  // item should first take back what its own charges ask for (postCharge / applyCredit in
  // operations.ts); late fees and the toggle read a due item's open as at most what it nets to.
  it('a class dropped the day it was registered leaves its due item nothing open, and no late fee', async () => {
    const family = await freshFamily();
    const id = await register(family, family.students[0]!, world.classes[0]!);
    const drop = await family.parent.put(`/api/parents/registration/drop/${id}`, {});
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    expect(await dueItemBreaches(t.database.db, family.id)).toEqual([]);
    await billingDaysUntil(world, '2026-12-07');
    const state = await familyState(t.database.db, world.companyId, family.id);
    expect(state.charges.filter((c) => c.category === 'late_fee')).toEqual([]);
    expect(state.balance).toBe(world.money.registrationFee);
  });
  // Found probing the inputs' edges beside the runs. addItemInput and deskPayment take any dollars
  // (dollarsSchema has no upper bound, where centsSchema stops at MAX_AMOUNT_CENTS, $100,000): an item or
  // a payment of $30,000,000 (3·10⁹ cents, beyond the integer columns' 2³¹) fails in the database, a 500
  // 'Something went wrong' instead of a sentence (nothing is written: the transaction rolls back). Ten
  // payments of $20,000,000 in one request (each fits) overflow the same way once summed.
  it.each([
    [
      'an item',
      (f: Family) => [
        `/api/transactions/item/${f.id}`,
        {
          item: { typeID: 'costume', item: 'Gold tutu', amount: 30_000_000, quantity: 1, total: 30_000_000 },
        },
      ],
    ],
    [
      'a payment',
      (f: Family, bill: string) => [
        `/api/transactions/payments/${f.id}/${bill}`,
        { payments: [{ type: 'cash', total: 30_000_000 }] },
      ],
    ],
    [
      'ten payments',
      (f: Family, bill: string) => [
        `/api/transactions/payments/${f.id}/${bill}`,
        { payments: Array.from({ length: 10 }, () => ({ type: 'cash', total: 20_000_000 })) },
      ],
    ],
  ] as const)(
    '%s beyond what the ledger holds is refused with a sentence, nothing written',
    async (_, request) => {
      const family = await freshFamily();
      await register(family, family.students[0]!, world.classes[0]!);
      const bill = (await familyState(t.database.db, world.companyId, family.id)).invoices[0]!.id;
      const [url, body] = request(family, bill) as unknown as readonly [string, unknown];
      const snap = await ledgerSnapshot(t.database.db);
      const res = await post(url, body);
      expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
      expect(res.body[0]).toBe(false);
      expect(rowsAdded(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
    },
  );
  // Found by the runs after cada4c5 (register, drop, register the other dancer, drop, remove an item):
  // a class registered and dropped the same day leaves a +$32.50 charge paid by its own −$32.50
  // adjustment. The owner then removes that charge from the bill: the removal gives what was paid of it
  // back to the family's credit, though what paid it was the drop's own adjustment, so the family is
  // given the $32.50 a second time (its credit pays the registration fee). The due item's charges now
  // net to −$32.50 where the plan says $0.00. Removing a charge its own due item's adjustment already
  // offset should change nothing (or be refused with a sentence); removeCharge in operations.ts.
  it('removing a charge its own drop already took back gives the family nothing more', async () => {
    const family = await freshFamily();
    const id = await register(family, family.students[0]!, world.classes[0]!);
    expect((await family.parent.put(`/api/parents/registration/drop/${id}`, {})).status).toBe(200);
    const before = await familyState(t.database.db, world.companyId, family.id);
    const tuition = before.charges.find((c) => c.category === 'tuition' && c.total > 0)!;
    const res = (await owner().delete(
      `/api/transactions/item/${tuition.invoiceId}/${tuition.id}?reason=Registered+by+mistake`,
    )) as Answer;
    const after = await familyState(t.database.db, world.companyId, family.id);
    expect([200, 409, 422]).toContain(res.status);
    expect(after.balance - after.credit).toBe(before.balance - before.credit);
  });
  // Found by the runs after cada4c5 (pay by check, drop, return the check). A check pays the fee and
  // part of the class's first payment ($15.00 of $32.50); the class is dropped the same day: its
  // −$32.50 adjustment pays the rest of that charge ($17.50) and $15.00 goes to credit. The check
  // bounces: what it paid is opened again, $15.00 on the class's charge though the class nets to
  // $0.00 (the drop's credit went to the returned-check fee), and on the 15th day a $20 late fee is
  // charged for the dropped class. The family owes the fee and the returned-check fee ($70.00), neither
  // of which carries a late fee. reversePayment (operations.ts) reopens each charge the payment paid,
  // whatever its due item's own adjustments took back.
  it('a check that paid part of a dropped class bounces: the class stays settled, no late fee', async () => {
    const family = await freshFamily();
    const id = await register(family, family.students[0]!, world.classes[0]!);
    const bill = (await familyState(t.database.db, world.companyId, family.id)).invoices[0]!.id;
    await post(`/api/transactions/payments/${family.id}/${bill}`, {
      payments: [{ type: 'check', total: 50, reference: '#1001' }],
    });
    expect((await family.parent.put(`/api/parents/registration/drop/${id}`, {})).status).toBe(200);
    const [check] = (await familyState(t.database.db, world.companyId, family.id)).payments;
    const returned = await post(`/api/transactions/payments/${family.id}/${check!.id}/returned`, {
      reason: 'Insufficient funds',
    });
    expect(returned.status).toBe(200);
    expect(await dueItemBreaches(t.database.db, family.id)).toEqual([]);
    await billingDaysUntil(world, '2026-12-07');
    const state = await familyState(t.database.db, world.companyId, family.id);
    expect(state.charges.filter((c) => c.category === 'late_fee')).toEqual([]);
    expect(state.balance).toBe(world.money.registrationFee + world.money.bounceFee);
  });
  // The same bounce when the drop's credit paid another item since (a costume): the credit is taken
  // back from the costume and pays the dropped class again, so the costume is what stays owed.
  it('a check bounces after the drop’s credit paid a costume: the costume is owed again, not the dropped class', async () => {
    const family = await freshFamily();
    const id = await register(family, family.students[0]!, world.classes[0]!);
    const bill = (await familyState(t.database.db, world.companyId, family.id)).invoices[0]!.id;
    const fee = world.money.registrationFee;
    await post(`/api/transactions/payments/${family.id}/${bill}`, {
      payments: [{ type: 'check', total: dollars(fee + 1500), reference: '#1002' }],
    });
    const costume = await post(`/api/transactions/item/${family.id}`, {
      item: { typeID: 'costume', item: 'Recital costume', amount: 40, quantity: 1, total: 40 },
    });
    expect(costume.status, JSON.stringify(costume.body)).toBe(200);
    expect((await family.parent.put(`/api/parents/registration/drop/${id}`, {})).status).toBe(200);
    const dropped = await familyState(t.database.db, world.companyId, family.id);
    expect(dropped.charges.find((c) => c.category === 'costume')!.paid).toBe(1500);

    const [check] = dropped.payments.filter((p) => p.method === 'check');
    const returned = await post(`/api/transactions/payments/${family.id}/${check!.id}/returned`, {
      reason: 'Insufficient funds',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await dueItemBreaches(t.database.db, family.id)).toEqual([]);
    expect(await ledgerBreaches(t.database.db)).toEqual([]);
    const state = await familyState(t.database.db, world.companyId, family.id);
    expect(state.charges.find((c) => c.category === 'costume')!.open).toBe(4000);
    expect(state.charges.filter((c) => c.category === 'tuition' && c.open > 0)).toEqual([]);
    expect({ balance: state.balance, credit: state.credit }).toEqual({
      balance: fee + 4000 + world.money.bounceFee,
      credit: 0,
    });
    await billingDaysUntil(world, '2026-12-07');
    const later = await familyState(t.database.db, world.companyId, family.id);
    expect(later.charges.filter((c) => c.category === 'late_fee')).toEqual([]);
  });
  // The same for the plan payments list's paid toggle, which is taken back as a returned check is
  // (without the fee). Found by the runs as `markPaid(#13, paid), drop(#0), billingDays(+7), lateFeeDay,
  // markPaid(#3, unpaid)` (their model, not the ledger, was wrong: it left the dropped class owed beside
  // the credit). A payment due later is marked paid; the class is dropped: its charges are taken back
  // and the marked payment's money becomes credit, which pays the registration fee. Taken back, the
  // toggle leaves no money behind that credit: the fee is what stays owed, the dropped class nothing.
  it('a plan payment marked paid, its class dropped, then marked unpaid: the fee is owed again, not the class', async () => {
    const family = await freshFamily();
    const id = await register(family, family.students[0]!, world.classes[0]!);
    const later = (await planItems(t.database.db, world.companyId, family.id)).find(
      (i) => i.val > 0 && i.charged === 0,
    )!;
    const marked = (await owner().get(`/api/mystudio/account/payments/${later.id}/1`)) as Answer;
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((await family.parent.put(`/api/parents/registration/drop/${id}`, {})).status).toBe(200);
    // The drop gives each charge back on its due item's day: the marked payment's on Dec 1.
    await billingDaysUntil(world, later.dateDue);
    const dropped = await familyState(t.database.db, world.companyId, family.id);
    expect(dropped.balance).toBe(0);
    expect(dropped.credit).toBeGreaterThan(0);

    const unmarked = (await owner().get(`/api/mystudio/account/payments/${later.id}/0`)) as Answer;
    expect(unmarked.status, JSON.stringify(unmarked.body)).toBe(200);
    expect(await dueItemBreaches(t.database.db, family.id)).toEqual([]);
    expect(await ledgerBreaches(t.database.db)).toEqual([]);
    const state = await familyState(t.database.db, world.companyId, family.id);
    expect(state.charges.filter((c) => c.category === 'tuition' && c.open > 0)).toEqual([]);
    expect(state.charges.find((c) => c.category === 'registration_fee')!.open).toBe(
      world.money.registrationFee,
    );
    expect({ balance: state.balance, credit: state.credit }).toEqual({
      balance: world.money.registrationFee,
      credit: 0,
    });
  });
  // Removal and drop the other way round: the owner removes (waives) the class's charge, then the
  // class is dropped. The drop's revision asks less than was charged, but billing gives back only what
  // still stands of the due item (nothing): the family is not given the money a second time, the plan
  // payment reads paid, and billing has nothing more to post for it on the days after.
  it('a class whose charge the owner removed, then dropped, gives nothing back a second time', async () => {
    const family = await freshFamily();
    const id = await register(family, family.students[0]!, world.classes[0]!);
    const before = await familyState(t.database.db, world.companyId, family.id);
    const tuition = before.charges.find((c) => c.category === 'tuition')!;
    const removed = (await owner().delete(
      `/api/transactions/item/${tuition.invoiceId}/${tuition.id}?reason=Scholarship`,
    )) as Answer;
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await family.parent.put(`/api/parents/registration/drop/${id}`, {})).status).toBe(200);
    await billingDaysUntil(world, '2026-12-07');
    const state = await familyState(t.database.db, world.companyId, family.id);
    expect(state.charges.filter((c) => c.total < 0)).toEqual([]);
    expect({ balance: state.balance, credit: state.credit }).toEqual({
      balance: world.money.registrationFee,
      credit: 0,
    });
    expect(await dueItemBreaches(t.database.db, family.id)).toEqual([]);
    expect(await billingBreaches(t.database.db, world.companyId, family.id, '2026-12-07')).toEqual([]);
    const [item] = await planItems(t.database.db, world.companyId, family.id);
    const listed = (await owner().get(`/api/mystudio/account/payments?family=${family.id}&pageSize=100`))
      .body[1] as { items: { id: string; isPayed: number }[] };
    expect(listed.items.find((p) => p.id === item!.id)?.isPayed).toBe(1);
  });
  // Found by a long run after point 12 (two classes on one due item, one dropped, then the owner removes
  // the item's first charge): the drop's credit had paid part of each charge, so the removal released
  // money that was the item's own, and it paid the family's oldest charge (here a costume) while the
  // item's other charge stayed open beyond what the item asked. What a removal releases now pays its
  // own due item first.
  it('removing a charge after a drop credited its due item leaves nothing of the item open', async () => {
    const family = await freshFamily();
    await register(family, family.students[0]!, world.classes[0]!);
    const fee = world.money.registrationFee;
    const bill = (await familyState(t.database.db, world.companyId, family.id)).invoices[0]!.id;
    await post(`/api/transactions/payments/${family.id}/${bill}`, {
      payments: [{ type: 'cash', total: dollars(fee + 1625) }],
    });
    await post(`/api/transactions/item/${family.id}`, {
      item: { typeID: 'costume', item: 'Recital costume', amount: 40, quantity: 1, total: 40 },
    });
    const second = await register(family, family.students[0]!, world.classes[1]!);
    expect((await family.parent.put(`/api/parents/registration/drop/${second}`, {})).status).toBe(200);
    const before = await familyState(t.database.db, world.companyId, family.id);
    const [first] = before.charges.filter((c) => c.category === 'tuition' && c.total > 0);
    const res = (await owner().delete(
      `/api/transactions/item/${first!.invoiceId}/${first!.id}?reason=Scholarship`,
    )) as Answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await dueItemBreaches(t.database.db, family.id)).toEqual([]);
    const after = await familyState(t.database.db, world.companyId, family.id);
    expect(after.balance - after.credit).toBe(before.balance - before.credit - first!.total);
  });
});
