import { BOOKS_TEXT, type GeneralLedger, REVENUE_TEXT, type TrialBalance } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import type { Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { ledgerPayments, ledgerPeriods } from '../../db/schema/ledger';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { post } from '../ledger/post';
import { moveTo, payAtDesk, registeredFamilies, runBillingUntil } from '../ledger/reports.fixture';
import { bookAccountOf } from './accounts';
import { parseCsv } from './csv.fixture';
import { postBooks } from './post';

/**
 * The accountant's reports (issue 34 item 4) on studio A's books: two families registered on Nov 21 and
 * billed to Dec 5, Adams paying by check and Clark in cash, a cash refund to Clark, and the studio
 * journal's deposit of the cash and checks on Dec 3. Every figure is checked against sums taken straight
 * from the tables (each family ledger account mapped to its book account), not from the reports' code.
 */

const { t, s } = useTwoStudios();
const TODAY = '2026-12-05';
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-30', '2026-12-01', '2026-12-03', '2026-12-05'];
let owner: Caller;
let ownerB: Caller;
let parent: Caller;
let fams: Awaited<ReturnType<typeof registeredFamilies>>;

const TB = '/api/mystudio/reports/trial-balance';
const GL = '/api/mystudio/reports/general-ledger';
const cents = (dollars: number) => Math.round(dollars * 100);

beforeAll(async () => {
  const setting = await registrationStudio(s);
  fams = await registeredFamilies(t, s, setting, [{ name: 'Adams' }, { name: 'Clark' }]);
  const [adams, clark] = fams;
  await payAtDesk(s.a, clark!.id, 200);
  await payAtDesk(s.a, adams!.id, 20, 'check');
  ({ a: owner, b: ownerB, parent } = await moveTo(t, TODAY));
  await runBillingUntil(t, TODAY);
  const [cash] = await t.database.db
    .select({ id: ledgerPayments.txId })
    .from(ledgerPayments)
    .where(and(eq(ledgerPayments.companyId, s.companyA), eq(ledgerPayments.familyId, clark!.id)));
  await ok(
    owner.post(`/api/transactions/refund/${clark!.id}`, {
      paymentID: cash!.id,
      total: 5,
      to: 'cash',
      reason: 'Paid "too much", at the desk',
    }),
  );
  await t.database.db.transaction((tx) =>
    postBooks(tx, {
      companyId: s.companyA,
      kind: 'deposit',
      effectiveDate: '2026-12-03',
      key: 'deposit:1',
      reason: 'Deposit #1',
      by: { system: 'Test' },
      entries: [
        { account: 'bank', amount: 9000 },
        { account: 'undeposited_funds', amount: -9000 },
      ],
    }),
  );
});

/** Each book account's balance at the end of `day`, summed straight from both journals' tables. */
async function expectedBalances(day: string, companyId = s.companyA): Promise<Map<string, number>> {
  const ledger = await t.database.db.execute(sql`
    select e.account, sum(e.amount)::int as total from ledger_entries e
    join ledger_transactions t on t.id = e.tx_id
    where e.company_id = ${companyId} and t.effective_date <= ${day}::date group by e.account`);
  const books = await t.database.db.execute(sql`
    select e.account, sum(e.amount)::int as total from books_entries e
    join books_transactions t on t.id = e.tx_id
    where e.company_id = ${companyId} and t.effective_date <= ${day}::date group by e.account`);
  const out = new Map<string, number>();
  for (const r of (ledger as unknown as { rows: { account: string; total: number }[] }).rows) {
    const code = bookAccountOf(r.account);
    out.set(code, (out.get(code) ?? 0) + r.total);
  }
  for (const r of (books as unknown as { rows: { account: string; total: number }[] }).rows)
    out.set(r.account, (out.get(r.account) ?? 0) + r.total);
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

describe('GET api/mystudio/reports/trial-balance', () => {
  it("answers each account's balance on every day, debits equal to credits, as the tables sum them", async () => {
    for (const day of DAYS) {
      const tb: TrialBalance = await ok(owner.get(`${TB}?date=${day}`));
      expect(tb.date).toBe(day);
      expect(tb.totals.debit, day).toBeCloseTo(tb.totals.credit, 2);
      const expected = await expectedBalances(day);
      const got = new Map(tb.accounts.map((a) => [a.code, cents(a.debit) - cents(a.credit)]));
      expect(got, day).toEqual(expected);
      for (const a of tb.accounts) expect(a.debit === 0 || a.credit === 0, a.code).toBe(true);
    }
    const end: TrialBalance = await ok(owner.get(`${TB}?date=${TODAY}`));
    const codes = end.accounts.map((a) => a.code);
    // Families owe, cash and checks waited in undeposited funds, the deposit reached the bank, revenue.
    expect(codes).toEqual(
      expect.arrayContaining(['bank', 'undeposited_funds', 'receivable', 'revenue:tuition']),
    );
    expect(end.accounts.find((a) => a.code === 'bank')).toMatchObject({
      number: '1000',
      debit: 90,
      credit: 0,
    });
    expect(end.totals.debit).toBeGreaterThan(0);
    expect(end.studio).not.toBe('');
  });

  it('a day before anything was posted has no accounts and totals of zero', async () => {
    const tb: TrialBalance = await ok(owner.get(`${TB}?date=2020-01-01`));
    expect(tb.accounts).toEqual([]);
    expect(tb.totals).toEqual({ debit: 0, credit: 0 });
  });

  it('refuses a day that is not one with a sentence', async () => {
    for (const bad of ['2026-02-30', '30/11/2026', 'yesterday', '']) {
      const res = await owner.get(`${TB}?date=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toEqual([false, BOOKS_TEXT.badDate]);
    }
  });

  it("a closed month's figures stay the same when a correction is posted after it is closed", async () => {
    const before: TrialBalance = await ok(owner.get(`${TB}?date=2026-11-30`));
    await t.database.db
      .insert(ledgerPeriods)
      .values({ companyId: s.companyA, closedThrough: '2026-11-30' })
      .onConflictDoUpdate({ target: ledgerPeriods.companyId, set: { closedThrough: '2026-11-30' } });
    // A late correction dated in November is dated the first open day (decision 050).
    await t.database.db.transaction((tx) =>
      post(tx, {
        companyId: s.companyA,
        familyId: fams[0]!.id,
        invoiceId: null,
        kind: 'reversal',
        effectiveDate: '2026-11-25',
        key: 'test:late-correction',
        reason: 'A correction',
        by: { system: 'Test' },
        entries: [
          { account: 'receivable', amount: -500 },
          { account: 'revenue:tuition', amount: 500 },
        ],
      }),
    );
    const after: TrialBalance = await ok(owner.get(`${TB}?date=2026-11-30`));
    expect(after).toEqual({ ...before, closedThrough: '2026-11-30' });
    const december: TrialBalance = await ok(owner.get(`${TB}?date=2026-12-01`));
    expect(december.totals.debit).toBeCloseTo(december.totals.credit, 2);
    await t.database.db.delete(ledgerPeriods).where(eq(ledgerPeriods.companyId, s.companyA));
  });

  it('downloads as CSV: text/csv, a name with the studio and the day, the lines and the totals', async () => {
    const res = await owner.get(`${TB}/csv?date=${TODAY}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z0-9.-]+-trial-balance-2026-12-05\.csv"$/,
    );
    const text = String(res.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['Account number', 'Account', 'Type', 'Debit', 'Credit']);
    const tb: TrialBalance = await ok(owner.get(`${TB}?date=${TODAY}`));
    expect(rows.length).toBe(tb.accounts.length + 2);
    const total = rows[rows.length - 1]!;
    expect(total.slice(1, 2)).toEqual(['Total']);
    expect(total[3]).toBe(total[4]);
    expect(total[3]).toBe(tb.totals.debit.toFixed(2));
    for (const row of rows.slice(1)) {
      for (const money of row.slice(3)) expect(money).toMatch(/^(\d+\.\d{2})?$/);
    }
  });
});

describe('GET api/mystudio/reports/general-ledger', () => {
  const period = 'from=2026-11-01&to=2026-12-31';

  it('gives the opening balance, each line with its running balance, and the closing one', async () => {
    for (const account of ['undeposited_funds', 'receivable', 'bank', 'revenue:tuition', 'refunds']) {
      const gl: GeneralLedger = await ok(owner.get(`${GL}?account=${account}&${period}&pageSize=500`));
      const opening = (await expectedBalances('2026-10-31')).get(account) ?? 0;
      const closing = (await expectedBalances('2026-12-31')).get(account) ?? 0;
      expect(cents(gl.opening), account).toBe(opening);
      expect(cents(gl.closing), account).toBe(closing);
      expect(gl.next).toBeNull();
      expect(gl.lines.length).toBe(gl.total);
      let balance = opening;
      for (const line of gl.lines) {
        balance += cents(line.debit) - cents(line.credit);
        expect(cents(line.balance), `${account} ${line.date}`).toBe(balance);
      }
      expect(balance, account).toBe(closing);
    }
    const cash: GeneralLedger = await ok(owner.get(`${GL}?account=undeposited_funds&${period}`));
    expect(cash.account).toMatchObject({ code: 'undeposited_funds', number: '1010' });
    // The families' payments name their family; the journal's deposit has none and comes last on its day.
    expect(cash.lines.map((l) => l.family)).toEqual(expect.arrayContaining(['Adams', 'Clark', '']));
    expect(cash.lines.find((l) => l.description === 'Deposit #1')).toMatchObject({ credit: 90, family: '' });
    expect(cash.lines.some((l) => l.description.includes('Paid "too much", at the desk'))).toBe(true);
  });

  it('answers a period without lines by its balances alone', async () => {
    for (const account of ['receivable', 'bank']) {
      const gl: GeneralLedger = await ok(
        owner.get(`${GL}?account=${account}&from=2027-03-01&to=2027-03-31&pageSize=50`),
      );
      const balance = (await expectedBalances('2027-03-31')).get(account) ?? 0;
      expect(cents(gl.opening), account).toBe(balance);
      expect(cents(gl.closing), account).toBe(balance);
      expect(gl).toMatchObject({ lines: [], total: 0, next: null });
    }
    expect((await expectedBalances('2027-03-31')).get('receivable')).not.toBe(0);
  });

  it('pages after a place: the pages make the whole, with the same running balances', async () => {
    const whole: GeneralLedger = await ok(owner.get(`${GL}?account=receivable&${period}&pageSize=500`));
    expect(whole.lines.length).toBeGreaterThan(3);
    for (const size of [1, 2, 3]) {
      const lines: GeneralLedger['lines'] = [];
      let after: string | null = null;
      do {
        const q: string = after ? `&after=${encodeURIComponent(after)}` : '';
        const page: GeneralLedger = await ok(
          owner.get(`${GL}?account=receivable&${period}&pageSize=${size}${q}`),
        );
        expect(page.lines.length).toBeLessThanOrEqual(size);
        lines.push(...page.lines);
        after = page.next;
      } while (after);
      expect(lines, `pages of ${size}`).toEqual(whole.lines);
    }
    // Across the two journals too: the deposit's page follows the payments' of its day.
    const cashWhole: GeneralLedger = await ok(
      owner.get(`${GL}?account=undeposited_funds&${period}&pageSize=500`),
    );
    const paged: GeneralLedger['lines'] = [];
    let after: string | null = null;
    do {
      const q: string = after ? `&after=${encodeURIComponent(after)}` : '';
      const page: GeneralLedger = await ok(
        owner.get(`${GL}?account=undeposited_funds&${period}&pageSize=1${q}`),
      );
      paged.push(...page.lines);
      after = page.next;
    } while (after);
    expect(paged).toEqual(cashWhole.lines);
  });

  it('refuses a bad account, period or page with a sentence', async () => {
    const cases: [string, string][] = [
      [`${GL}?account=revenue:nothing&${period}`, BOOKS_TEXT.badAccount],
      [`${GL}?account=Bank!&${period}`, BOOKS_TEXT.badAccount],
      [`${GL}?account=bank&from=2026-12-31&to=2026-11-01`, BOOKS_TEXT.backwards],
      [`${GL}?account=bank&from=2026-11-31&to=2026-12-01`, BOOKS_TEXT.badDate],
      [`${GL}?account=bank&${period}&after=nowhere`, BOOKS_TEXT.badCursor],
    ];
    for (const [url, sentence] of cases) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual([false, sentence]);
    }
  });

  it('downloads as CSV with the opening and closing balances', async () => {
    const res = await owner.get(`${GL}/csv?account=undeposited_funds&${period}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /filename="[a-z0-9.-]+-general-ledger-undeposited-funds-2026-11-01-to-2026-12-31\.csv"/,
    );
    const rows = parseCsv(String(res.body).slice(1));
    const gl: GeneralLedger = await ok(owner.get(`${GL}?account=undeposited_funds&${period}&pageSize=500`));
    expect(rows[0]).toEqual(['Date', 'Description', 'Family', 'Debit', 'Credit', 'Balance']);
    expect(rows[1]).toEqual(['2026-11-01', 'Opening balance', '', '', '', gl.opening.toFixed(2)]);
    expect(rows.at(-1)).toEqual(['2026-12-31', 'Closing balance', '', '', '', gl.closing.toFixed(2)]);
    expect(rows.length).toBe(gl.lines.length + 3);
    // A description with a quote and a comma comes back whole.
    expect(rows.some((r) => r[1]!.includes('Paid "too much", at the desk'))).toBe(true);
  });
});

describe('GET api/mystudio/reports/journal/csv', () => {
  const JOURNAL = '/api/mystudio/reports/journal/csv?from=2026-11-01&to=2026-12-31';

  it("writes QuickBooks Online's journal entry import: its columns, MM/DD/YYYY, one line per account a day, each entry balanced", async () => {
    const res = await owner.get(`${JOURNAL}&format=quickbooks`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/-journal-quickbooks-2026-11-01-to-2026-12-31\.csv"$/);
    const text = String(res.body);
    expect(text.startsWith('\uFEFF')).toBe(false);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'Journal No',
      'Journal Date',
      'Account Name',
      'Debits',
      'Credits',
      'Description',
      'Name',
    ]);
    expect(rows.length).toBeGreaterThan(0);
    const entries = new Map<string, string[][]>();
    for (const row of rows) {
      expect(row).toHaveLength(7);
      const [no, date, account, debit, credit, , name] = row as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      expect(date).toMatch(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/);
      expect(account).not.toBe('');
      // A positive amount in one column, the other blank.
      expect([debit, credit].filter((x) => x !== '')).toHaveLength(1);
      expect(debit + credit).toMatch(/^\d+\.\d{2}$/);
      expect(Number(debit + credit)).toBeGreaterThan(0);
      if (account === 'Accounts receivable (families)') expect(name).toBe('Pirouette families');
      entries.set(no, [...(entries.get(no) ?? []), row]);
    }
    for (const [no, lines] of entries) {
      expect(new Set(lines.map((l) => l[1])).size, no).toBe(1);
      expect(new Set(lines.map((l) => l[2])).size, `${no}: one line per account`).toBe(lines.length);
      const debits = lines.reduce((sum, l) => sum + cents(Number(l[3] || 0)), 0);
      const credits = lines.reduce((sum, l) => sum + cents(Number(l[4] || 0)), 0);
      expect(debits, no).toBe(credits);
    }
    // The day's entry of the deposit: 90.00 to the bank from undeposited funds (and that day's payments).
    const deposit = entries.get('PIR-20261203')!;
    expect(deposit.find((l) => l[2] === 'Bank')).toEqual(expect.arrayContaining(['90.00', '']));
  });

  it("writes Xero's manual journal import: its columns, DD/MM/YYYY, account numbers, a signed amount, each journal balanced", async () => {
    const res = await owner.get(`${JOURNAL}&format=xero`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(String(res.body));
    expect(header).toEqual([
      '*Narration',
      '*Date',
      'Description',
      '*AccountCode',
      '*TaxRate',
      '*Amount',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
    ]);
    expect(rows.length).toBeLessThanOrEqual(300);
    const journals = new Map<string, number>();
    for (const row of rows) {
      expect(row).toHaveLength(10);
      const [narration, date, , code, rate, amount] = row as [string, string, string, string, string, string];
      expect(narration).not.toBe('');
      expect(date).toMatch(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/);
      expect(code).toMatch(/^\d{4}$/);
      expect(rate).toBe('Tax Exempt');
      expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      const key = `${narration}|${date}`;
      journals.set(key, (journals.get(key) ?? 0) + cents(Number(amount)));
    }
    for (const [key, sum] of journals) expect(sum, key).toBe(0);
    expect(rows.some((r) => r[1] === '03/12/2026' && r[3] === '1000' && r[5] === '90.00')).toBe(true);
  });

  it('the journal and the trial balance agree: the days summed are the balances', async () => {
    const [, ...rows] = parseCsv(
      String(
        (await owner.get('/api/mystudio/reports/journal/csv?from=2000-01-01&to=2026-12-05&format=xero')).body,
      ),
    );
    const byCode = new Map<string, number>();
    for (const r of rows) byCode.set(r[3]!, (byCode.get(r[3]!) ?? 0) + cents(Number(r[5])));
    const tb: TrialBalance = await ok(owner.get(`${TB}?date=2026-12-05`));
    for (const a of tb.accounts) expect(byCode.get(a.number), a.code).toBe(cents(a.debit) - cents(a.credit));
  });

  it('refuses a format it does not know and a period that ends before it starts', async () => {
    const unknown = await owner.get(
      '/api/mystudio/reports/journal/csv?from=2026-11-01&to=2026-12-31&format=sage',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual([false, 'Choose the file for QuickBooks Online or for Xero.']);
    const backwards = await owner.get(
      '/api/mystudio/reports/journal/csv?from=2026-12-31&to=2026-11-01&format=xero',
    );
    expect(backwards.body).toEqual([false, BOOKS_TEXT.backwards]);
  });
});

describe('the revenue report over any period, and the statement as CSV', () => {
  it("keeps the overview's last 12 months, and answers any other period month by month", async () => {
    const plain = await ok(owner.get('/api/transactions/overview'));
    const same = await ok(owner.get('/api/transactions/overview?from=2026-01-01&to=2026-12-31'));
    expect(same).toEqual(plain);
    expect(new Set(plain.revenue.map((r: { month: string }) => r.month)).size).toBe(12);
    const two = await ok(owner.get('/api/transactions/overview?from=2026-11-15&to=2026-12-31'));
    expect([...new Set(two.revenue.map((r: { month: string }) => r.month))]).toEqual(['2026-11', '2026-12']);
    const sum = (xs: { total: number }[]) => xs.reduce((a, r) => a + cents(r.total), 0);
    expect(sum(two.revenue)).toBe(sum(plain.revenue));
    const decemberOnly = await ok(owner.get('/api/transactions/overview?from=2026-12-01&to=2026-12-31'));
    const december = sum(plain.revenue.filter((r: { month: string }) => r.month === '2026-12'));
    expect(sum(decemberOnly.revenue)).toBe(december);
    for (const [url, sentence] of [
      ['/api/transactions/overview?from=2026-12-31&to=2026-01-01', REVENUE_TEXT.backwards],
      ['/api/transactions/overview?from=2000-01-01&to=2026-12-31', REVENUE_TEXT.tooLong],
      ['/api/transactions/overview?from=2026-13-01', REVENUE_TEXT.badDate],
    ] as const) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual([false, sentence]);
    }
  });

  it('downloads the revenue as CSV: a line per month, a column per kind, the totals', async () => {
    const res = await owner.get('/api/transactions/revenue/csv?from=2026-11-01&to=2026-12-31');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/-revenue-2026-11-01-to-2026-12-31\.csv"$/);
    const rows = parseCsv(String(res.body).slice(1));
    expect(rows[0]![0]).toBe('Month');
    expect(rows[0]!.at(-1)).toBe('Total');
    expect(rows.map((r) => r[0])).toEqual(['Month', '2026-11', '2026-12', 'Total']);
    const overview = await ok(owner.get('/api/transactions/overview?from=2026-11-01&to=2026-12-31'));
    const total = overview.revenue.reduce((a: number, r: { total: number }) => a + cents(r.total), 0);
    expect(cents(Number(rows.at(-1)!.at(-1)))).toBe(total);
  });

  it("downloads a family's statement as CSV, the same figures as the statement", async () => {
    const clark = fams[1]!;
    const url = `/api/mystudio/account/${clark.id}/statement`;
    const statement = await ok(owner.get(`${url}?from=2026-11-01&to=2026-12-31`));
    const res = await owner.get(`${url}/csv?from=2026-11-01&to=2026-12-31`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/-statement-clark-2026-11-01-to-2026-12-31\.csv"$/);
    const rows = parseCsv(String(res.body).slice(1));
    expect(rows[0]).toEqual(['Date', 'Description', 'Details', 'Charge', 'Payment', 'Balance']);
    expect(rows[1]![5]).toBe(statement.opening.toFixed(2));
    expect(rows.length).toBe(statement.lines.length + 4);
    expect(rows.at(-2)![5]).toBe(statement.closing.toFixed(2));
    const other = await ownerB.get(`${url}/csv?from=2026-11-01&to=2026-12-31`);
    expect(other.status).toBe(404);
  });
});

describe('GET api/mystudio/reports/accounts', () => {
  it("lists the chart: the fixed accounts and the revenue accounts in use, in the chart's order", async () => {
    const { items } = await ok(owner.get('/api/mystudio/reports/accounts'));
    const codes = items.map((a: { code: string }) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['bank', 'receivable', 'card_clearing', 'revenue:tuition']));
    const numbers = items.map((a: { number: string }) => a.number);
    expect(numbers).toEqual([...numbers].sort());
  });
});

describe('statements', () => {
  it('are as few whatever the books hold, the page or the studio', async () => {
    const counted = async (who: Caller, url: string) => {
      await who.get(url); // the session read once, kept
      const { count, result } = await countQueries(t, () => who.get(url));
      expect(result.status, url).toBe(200);
      return count;
    };
    // Both journals' sums, the studio's name, the closed day.
    const tb = await counted(owner, `${TB}?date=${TODAY}`);
    expect(tb).toBeLessThanOrEqual(4);
    expect(await counted(ownerB, `${TB}?date=${TODAY}`)).toBe(tb);
    expect(await counted(owner, `${TB}/csv?date=2020-01-01`)).toBe(tb);
    // One statement per journal, whatever the page.
    const gl = await counted(owner, `${GL}?account=receivable&from=2026-11-01&to=2026-12-31&pageSize=1`);
    expect(gl).toBeLessThanOrEqual(2);
    expect(await counted(owner, `${GL}?account=receivable&from=2026-01-01&to=2026-12-31&pageSize=500`)).toBe(
      gl,
    );
    const journal = await counted(
      owner,
      '/api/mystudio/reports/journal/csv?from=2026-11-01&to=2026-12-31&format=xero',
    );
    expect(journal).toBeLessThanOrEqual(3);
  });
});

describe('another studio and a parent', () => {
  it("studio B's owner sees none of A's entries; a parent is refused", async () => {
    const tb: TrialBalance = await ok(ownerB.get(`${TB}?date=${TODAY}`));
    const expectedB = await expectedBalances(TODAY, s.companyB);
    expect(new Map(tb.accounts.map((a) => [a.code, cents(a.debit) - cents(a.credit)]))).toEqual(expectedB);
    expect(tb.accounts.find((a) => a.code === 'bank')).toBeUndefined();
    const gl: GeneralLedger = await ok(
      ownerB.get(`${GL}?account=undeposited_funds&from=2026-01-01&to=2026-12-31`),
    );
    expect(gl.lines.map((l) => l.family)).not.toContain('Adams');
    expect(gl.lines.map((l) => l.description)).not.toContain('Deposit #1');
    const journal = await ownerB.get(
      '/api/mystudio/reports/journal/csv?from=2026-11-01&to=2026-12-31&format=xero',
    );
    expect(String(journal.body)).not.toContain('90.00');
    for (const url of [
      `${TB}?date=${TODAY}`,
      `${TB}/csv?date=${TODAY}`,
      `${GL}?account=bank&from=2026-11-01&to=2026-12-01`,
    ]) {
      expect((await parent.get(url)).status, url).toBe(403);
      expect((await s.anonymous.get(url)).status, url).toBe(401);
    }
  });
});
