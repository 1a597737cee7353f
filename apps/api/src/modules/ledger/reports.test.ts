import {
  AGING_BUCKETS,
  type AgingBucket,
  type AgingByFamily,
  agingBucket,
  ledgerMessages,
  type MoneyOverview,
  type PlanPaymentRow,
} from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import type { Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyTerms } from '../../db/schema/enrolment';
import { ledgerCharges, ledgerEntries, ledgerPayments, ledgerTransactions } from '../../db/schema/ledger';
import { OWNER_REG, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { familyDueItems } from './billing';
import { readBook } from './book';
import { exportMessages } from './reports';
import { moveTo, payAtDesk, registeredFamilies, runBillingUntil } from './reports.fixture';

/**
 * The owner's money pages (issue 16 point 6) against sums taken straight from the ledger's tables and
 * from each family's books: three families registered on Nov 21 and billed to Dec 5 — Adams paid a
 * little by check and took a second class from Dec 2 (a revision with an adjustment), Baker pays by
 * the half year and paid nothing, Clark paid everything in cash.
 */

const { t, s } = useTwoStudios();
const TODAY = '2026-12-05';
const LIST = '/api/mystudio/account/payments';
let owner: Caller;
let ownerB: Caller;
let parent: Caller;
let fams: Awaited<ReturnType<typeof registeredFamilies>>;

beforeAll(async () => {
  const setting = await registrationStudio(s);
  fams = await registeredFamilies(t, s, setting, [
    { name: 'Adams' },
    { name: 'Baker', plan: 'other' },
    { name: 'Clark' },
  ]);
  const [adams, , clark] = fams;
  await payAtDesk(s.a, clark!.id, 50);
  await payAtDesk(s.a, adams!.id, 20, 'check');
  ({ a: owner, b: ownerB, parent } = await moveTo(t, TODAY));
  await runBillingUntil(t, TODAY);
  // From Dec 2, after December's payment was due: that payment stands and an adjustment says the change.
  await ok(
    owner.post(OWNER_REG, {
      regList: [{ stdID: adams!.students[0], clSchID: setting.classes.thursday, isNew: true, price: 45 }],
      aMemID: adams!.id,
      dateStart: '2026-12-02',
    }),
  );
  await payAtDesk(owner, clark!.id, 60);
});

const cents = (dollars: number) => Math.round(dollars * 100);
const sumOf = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);

async function wholeList(query = ''): Promise<PlanPaymentRow[]> {
  const rows: PlanPaymentRow[] = [];
  for (let page = 1; ; page++) {
    const data = await ok(owner.get(`${LIST}?pageSize=100&page=${page}${query}`));
    rows.push(...data.items);
    if (rows.length >= data.total) return rows;
  }
}

/**
 * What each plan payment should show, worked out from the billing's due items (in memory) and each
 * family's books, not from the list's SQL.
 */
async function expectedRows() {
  const db = t.database.db;
  const out = new Map<
    string,
    Pick<
      PlanPaymentRow,
      'coAcctMemID' | 'family' | 'name' | 'kind' | 'val' | 'charged' | 'paid' | 'isPayed' | 'state'
    >
  >();
  for (const fam of fams) {
    const book = await readBook(db, s.companyA, fam.id);
    for (const item of await familyDueItems(db, s.companyA, fam.id)) {
      const charges = book.charges.filter((c) => c.dueKey === item.dueKey);
      const charged = sumOf(charges, (c) => c.total);
      const open = sumOf(charges, (c) => c.open);
      const allocated = sumOf(
        charges.filter((c) => !c.removed),
        (c) => c.paid,
      );
      const paid = Math.max(0, Math.min(allocated, charged));
      const standing = sumOf(
        charges.filter((c) => !c.removed),
        (c) => c.total,
      );
      const billed = charged === item.val || (charged > item.val && standing === 0);
      const settled = item.val <= 0 || (billed && open === 0);
      const state = settled
        ? 'paid'
        : item.dateDue < TODAY
          ? 'overdue'
          : charged !== 0 || item.dateDue <= TODAY
            ? 'due'
            : 'upcoming';
      out.set(`${fam.id}:${item.name}`, {
        coAcctMemID: fam.id,
        family: fam.name,
        name: item.name,
        kind: item.kind,
        val: item.val / 100,
        charged: charged / 100,
        paid: paid / 100,
        isPayed: settled ? 1 : 0,
        state,
      });
    }
  }
  return out;
}

describe('GET api/mystudio/account/payments', () => {
  it("lists every plan payment of the term's latest revisions with the ledger's figures", async () => {
    const rows = await wholeList();
    const expected = await expectedRows();
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      expect(row, row.name).toMatchObject(expected.get(`${row.coAcctMemID}:${row.name}`)!);
    }
    // Adams's second class made revision 2, with an adjustment for December due on Dec 2.
    const adjustment = rows.find((r) => r.kind === 'adjustment')!;
    expect(adjustment).toMatchObject({ family: 'Adams', rev: 2, dateDueBy: '2026-12-02', state: 'overdue' });
    expect(rows.filter((r) => r.family === 'Adams').every((r) => r.rev === 2)).toBe(true);
    // Clark paid all that was charged; Baker nothing.
    expect(rows.filter((r) => r.family === 'Clark' && r.dateDueBy <= TODAY).every((r) => r.isPayed)).toBe(
      true,
    );
    expect(rows.some((r) => r.family === 'Baker' && r.state === 'overdue')).toBe(true);
    expect(rows.some((r) => r.state === 'upcoming')).toBe(true);

    // By due date, then family.
    const order = rows.map((r) => `${r.dateDueBy} ${r.family}`);
    expect(order).toEqual([...order].sort());

    // Charged in all: every tuition charge of the term's plans in the ledger.
    const terms = await t.database.db
      .select({ id: familyTerms.id })
      .from(familyTerms)
      .where(eq(familyTerms.companyId, s.companyA));
    const tuition = await t.database.db
      .select({ total: ledgerCharges.total })
      .from(ledgerCharges)
      .where(
        and(
          eq(ledgerCharges.companyId, s.companyA),
          eq(ledgerCharges.category, 'tuition'),
          inArray(
            ledgerCharges.familyTermId,
            terms.map((x) => x.id),
          ),
        ),
      );
    expect(sumOf(rows, (r) => cents(r.charged))).toBe(sumOf(tuition, (c) => c.total));

    const data = await ok(owner.get(`${LIST}?pageSize=5`));
    expect(data.term).toMatchObject({ id: s.termA.id });
    expect(data.total).toBe(rows.length);
    expect(data.sums).toEqual({
      val: sumOf(rows, (r) => cents(r.val)) / 100,
      paid: sumOf(rows, (r) => cents(r.paid)) / 100,
      overdue:
        sumOf(
          rows.filter((r) => r.state === 'overdue'),
          (r) => Math.max(0, cents(r.val) - cents(r.paid)),
        ) / 100,
    });
  });

  it('filters by month, overdue, unpaid and family, with the sums of the filter', async () => {
    const all = await wholeList();
    const cases: [string, (r: PlanPaymentRow) => boolean][] = [
      ['&filter=month', (r) => r.dateDueBy.startsWith('2026-12')],
      ['&filter=overdue', (r) => r.state === 'overdue'],
      ['&filter=unpaid', (r) => r.isPayed === 0],
      [`&family=${fams[1]!.id}`, (r) => r.coAcctMemID === fams[1]!.id],
      [`&filter=unpaid&family=${fams[0]!.id}`, (r) => r.isPayed === 0 && r.coAcctMemID === fams[0]!.id],
    ];
    for (const [query, keep] of cases) {
      const want = all.filter(keep);
      expect(want.length, query).toBeGreaterThan(0);
      const got = await wholeList(query);
      expect(
        got.map((r) => r.id),
        query,
      ).toEqual(want.map((r) => r.id));
      const first = await ok(owner.get(`${LIST}?pageSize=1${query}`));
      expect(first.total, query).toBe(want.length);
      expect(first.sums.val, query).toBe(sumOf(want, (r) => cents(r.val)) / 100);
      expect(first.sums.paid, query).toBe(sumOf(want, (r) => cents(r.paid)) / 100);
    }
    // Nothing is overdue that is paid or due later.
    const overdue = await wholeList('&filter=overdue');
    expect(overdue.every((r) => r.isPayed === 0 && r.dateDueBy < TODAY)).toBe(true);
  });

  it('pages on the server: the pages make the whole list; past the end, no rows but the same total', async () => {
    const all = await wholeList();
    const paged: PlanPaymentRow[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 4); page++) {
      const data = await ok(owner.get(`${LIST}?pageSize=4&page=${page}`));
      expect(data).toMatchObject({ page, pageSize: 4, total: all.length });
      paged.push(...data.items);
    }
    expect(paged.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const past = await ok(owner.get(`${LIST}?pageSize=4&page=99`));
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.length);
    expect(past.sums.val).toBe(sumOf(all, (r) => cents(r.val)) / 100);
    expect((await owner.get(`${LIST}?pageSize=1000`)).status).toBe(400);
    expect((await owner.get(`${LIST}?filter=later`)).status).toBe(400);
  });
});

/** The studio's entries with their transaction's kind and date, straight from the tables. */
async function entriesOfA() {
  return t.database.db
    .select({
      txId: ledgerEntries.txId,
      familyId: ledgerEntries.familyId,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
      date: ledgerTransactions.effectiveDate,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .where(eq(ledgerEntries.companyId, s.companyA));
}

describe('GET api/transactions/overview', () => {
  it("sums the studio's takings, receivables by age, revenue by month and the families owing most", async () => {
    const o: MoneyOverview = await ok(owner.get('/api/transactions/overview'));
    expect(o.today).toBe(TODAY);
    const db = t.database.db;

    // Takings: payments received, none taken back in this scene.
    const payments = await db
      .select({ method: ledgerPayments.method, total: ledgerPayments.total, on: ledgerPayments.receivedOn })
      .from(ledgerPayments)
      .where(eq(ledgerPayments.companyId, s.companyA));
    const takings = (keep: (on: string) => boolean) => {
      const by = new Map<string, { total: number; count: number }>();
      for (const p of payments.filter((x) => keep(x.on))) {
        const m = by.get(p.method) ?? { total: 0, count: 0 };
        by.set(p.method, { total: m.total + p.total, count: m.count + 1 });
      }
      return [...by].map(([method, m]) => ({ method, total: m.total / 100, count: m.count }));
    };
    expect(o.takings.today).toEqual(takings((on) => on === TODAY));
    expect(o.takings.today).toEqual([{ method: 'cash', total: 60, count: 1 }]);
    expect(sortByMethod(o.takings.month)).toEqual(sortByMethod(takings((on) => on.startsWith('2026-12'))));

    // Receivable, families owing and credit, from the entries.
    const entries = await entriesOfA();
    const receivable = entries.filter((e) => e.account === 'receivable');
    expect(cents(o.receivable)).toBe(sumOf(receivable, (e) => e.amount));
    const byFamily = new Map<string, number>();
    for (const e of receivable) byFamily.set(e.familyId, (byFamily.get(e.familyId) ?? 0) + e.amount);
    expect(o.familiesOwing).toBe([...byFamily.values()].filter((b) => b > 0).length);
    expect(o.familiesOwing).toBe(2);
    expect(cents(o.creditHeld)).toBe(
      0 -
        sumOf(
          entries.filter((e) => e.account === 'credit'),
          (e) => e.amount,
        ),
    );

    // Aging: every open charge of every family's books, by the domain's buckets; they add up to what is owed.
    const aging = new Map(AGING_BUCKETS.map((b) => [b, 0]));
    for (const fam of fams) {
      const book = await readBook(db, s.companyA, fam.id);
      for (const c of book.charges.filter((x) => x.open > 0)) {
        const bucket = agingBucket(c.dueDate, TODAY);
        aging.set(bucket, aging.get(bucket)! + c.open);
      }
    }
    expect(o.aging).toEqual(AGING_BUCKETS.map((bucket) => ({ bucket, total: aging.get(bucket)! / 100 })));
    expect(sumOf(o.aging, (a) => cents(a.total))).toBe(cents(o.receivable));

    // Revenue: minus the revenue accounts, by month of the posting; twelve months ending this one.
    const months = [...new Set(o.revenue.map((r) => r.month))];
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-01');
    expect(months.at(-1)).toBe('2026-12');
    for (const r of o.revenue) {
      const want =
        0 -
        sumOf(
          entries.filter((e) => e.account === `revenue:${r.category}` && e.date.startsWith(r.month)),
          (e) => e.amount,
        );
      expect(cents(r.total), `${r.month} ${r.category}`).toBe(want);
    }
    expect(sumOf(o.revenue, (r) => cents(r.total))).toBe(
      -sumOf(
        entries.filter((e) => e.account.startsWith('revenue:')),
        (e) => e.amount,
      ),
    );

    // The families owing most, most first, each with its books' balance and oldest open due date.
    expect(new Set(o.owing.map((f) => f.family))).toEqual(new Set(['Adams', 'Baker']));
    const balances = o.owing.map((f) => f.balance);
    expect(balances).toEqual([...balances].sort((x, y) => y - x));
    for (const f of o.owing) {
      const book = await readBook(db, s.companyA, f.coAcctMemID);
      expect(cents(f.balance)).toBe(book.balance);
      expect(f.oldestDue).toBe(
        book.charges
          .filter((c) => c.open > 0)
          .map((c) => c.dueDate)
          .sort()[0],
      );
    }
  });
});

const sortByMethod = <T extends { method: string }>(xs: T[]) =>
  [...xs].sort((a, b) => a.method.localeCompare(b.method));

/** The fields of a CSV text (RFC 4180: quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r') {
      // the \n that follows ends the row
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  return rows;
}

describe('GET api/transactions/export', () => {
  it("writes the ledger's entries between two days as CSV an accountant imports, formulas defused", async () => {
    // An item whose name a spreadsheet would run as a formula.
    await ok(
      owner.post(`/api/transactions/item/${fams[1]!.id}`, {
        item: { typeID: 'costume', item: '=HYPERLINK("http://x")', amount: 12.5, quantity: 2, total: 25 },
      }),
    );
    const { filename, csv } = await ok(owner.get('/api/transactions/export?from=2026-11-01&to=2026-12-31'));
    expect(filename).toBe('pirouette-ledger-2026-11-01-to-2026-12-31.csv');
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual([
      'Date',
      'Num',
      'Name',
      'Memo',
      'Account',
      'Debit',
      'Credit',
      'Type',
      'Method',
      'Reference',
      'Posted by',
    ]);
    const entries = (await entriesOfA()).filter((e) => e.date >= '2026-11-01' && e.date <= '2026-12-31');
    expect(lines).toHaveLength(entries.length);
    const col = (name: string) => header!.indexOf(name);
    const money = (line: string[], name: string) => cents(Number(line[col(name)] || 0));
    // Balanced, as the ledger is.
    expect(sumOf(lines, (l) => money(l, 'Debit'))).toBe(sumOf(lines, (l) => money(l, 'Credit')));
    expect(sumOf(lines, (l) => money(l, 'Debit'))).toBe(
      sumOf(
        entries.filter((e) => e.amount > 0),
        (e) => e.amount,
      ),
    );
    const net = (account: string) =>
      sumOf(
        lines.filter((l) => l[col('Account')] === account),
        (l) => money(l, 'Debit') - money(l, 'Credit'),
      );
    const ledgerNet = (account: string) =>
      sumOf(
        entries.filter((e) => e.account === account),
        (e) => e.amount,
      );
    expect(net('Accounts receivable')).toBe(ledgerNet('receivable'));
    expect(net('Tuition income')).toBe(ledgerNet('revenue:tuition'));
    expect(net('Registration fee income')).toBe(ledgerNet('revenue:registration_fee'));
    expect(net('Late fee income')).toBe(ledgerNet('revenue:late_fee'));
    expect(net('Undeposited funds: cash')).toBe(ledgerNet('cash'));
    expect(net('Undeposited funds: checks')).toBe(ledgerNet('check'));
    expect(net('Undeposited funds: cash')).toBe(11_000);

    // Each line names its transaction (8 characters of its id), its family and its date.
    const ids = new Set(entries.map((e) => e.txId.slice(0, 8)));
    expect(lines.every((l) => ids.has(l[col('Num')]!))).toBe(true);
    expect(lines.every((l) => /^\d\d\/\d\d\/2026$/.test(l[col('Date')]!))).toBe(true);
    expect(new Set(lines.map((l) => l[col('Name')]))).toEqual(new Set(['Adams', 'Baker', 'Clark']));
    const costume = lines.filter((l) => l[col('Account')] === 'Costume income');
    expect(costume).toHaveLength(1);
    expect(costume[0]![col('Memo')]).toMatch(/^'=HYPERLINK/);
    expect(costume[0]![col('Credit')]).toBe('25.00');
    const check = lines.find((l) => l[col('Method')] === 'Check')!;
    expect(check).toMatchObject({ [col('Type')]: 'Payment', [col('Account')]: expect.any(String) });

    // One day: only its entries.
    const day = await ok(owner.get(`/api/transactions/export?from=${TODAY}&to=${TODAY}`));
    const [, ...dayLines] = parseCsv(day.csv);
    expect(dayLines).toHaveLength(entries.filter((e) => e.date === TODAY).length);
    expect(dayLines.every((l) => l[0] === '12/05/2026')).toBe(true);
  });

  it('refuses a range that ends before it starts or spans more than 400 days', async () => {
    expect(await owner.get('/api/transactions/export?from=2026-12-02&to=2026-12-01')).toMatchObject({
      status: 400,
      body: [false, exportMessages.order],
    });
    // Nov 1, 2025 to Dec 5, 2026 is 400 days, both counted.
    expect(await owner.get('/api/transactions/export?from=2025-11-01&to=2026-12-06')).toMatchObject({
      status: 400,
      body: [false, exportMessages.tooLong],
    });
    expect((await owner.get('/api/transactions/export?from=2025-11-01&to=2026-12-05')).status).toBe(200);
    expect((await owner.get('/api/transactions/export?from=2026-13-01&to=2026-12-04')).status).toBe(400);
  });
});

describe('statements', () => {
  it('are as few whatever the page, the filter or the studio', async () => {
    const counted = async (who: Caller, url: string) => {
      await who.get(url); // the session read once, kept
      const { count, result } = await countQueries(t, () => who.get(url));
      expect(result.status, url).toBe(200);
      return count;
    };
    // The session, the studio's day, its term, the page with its totals.
    const list = await counted(owner, `${LIST}?pageSize=100`);
    expect(list).toBeLessThanOrEqual(4);
    for (const query of ['?pageSize=2&page=3', '?filter=overdue&pageSize=1', '?page=50']) {
      expect(await counted(owner, `${LIST}${query}`), query).toBe(list);
    }
    expect(await counted(ownerB, LIST)).toBe(list);
    // The studio's day and five sums.
    const overview = await counted(owner, '/api/transactions/overview');
    expect(overview).toBeLessThanOrEqual(7);
    expect(await counted(ownerB, '/api/transactions/overview')).toBe(overview);
    const csv = await counted(owner, '/api/transactions/export?from=2026-11-01&to=2026-12-31');
    expect(csv).toBeLessThanOrEqual(2);
    expect(await counted(owner, `/api/transactions/export?from=${TODAY}&to=${TODAY}`)).toBe(csv);
  });
});

/** Every family's open charges aged by the domain's rule, from its books: [family id, cents by age]. */
async function agedFromBooks(today: string) {
  const out = new Map<string, Map<AgingBucket, number>>();
  for (const fam of fams) {
    const book = await readBook(t.database.db, s.companyA, fam.id);
    const open = book.charges.filter((c) => c.open > 0);
    if (open.length === 0) continue;
    const aged = new Map(AGING_BUCKETS.map((b) => [b, 0]));
    for (const c of open)
      aged.set(agingBucket(c.dueDate, today), aged.get(agingBucket(c.dueDate, today))! + c.open);
    out.set(fam.id, aged);
  }
  return out;
}

describe('aging (issue 31 item 8)', () => {
  it('ages what is not yet due apart, for the studio and for each family, a page at a time, most owed first', async () => {
    // Billing days run ahead of the calendar (`npm run jobs -- --until`): January's and February's
    // payments are charged with their own due dates, after today.
    await runBillingUntil(t, '2027-02-05');
    const o: MoneyOverview = await ok(owner.get('/api/transactions/overview'));
    const want = await agedFromBooks(TODAY);
    const studio = AGING_BUCKETS.map((bucket) => ({
      bucket,
      total: sumOf([...want.values()], (m) => m.get(bucket)!) / 100,
    }));
    expect(o.aging).toEqual(studio);
    expect(o.aging[0]).toMatchObject({ bucket: 'not-due' });
    expect(o.aging[0]!.total).toBeGreaterThan(0);
    expect(sumOf(o.aging, (a) => cents(a.total))).toBe(cents(o.receivable));

    const rows: AgingByFamily['items'] = [];
    for (let page = 1; ; page++) {
      const data: AgingByFamily = await ok(owner.get(`/api/transactions/aging?pageSize=1&page=${page}`));
      expect(data).toMatchObject({ today: TODAY, total: want.size, page, pageSize: 1 });
      if (data.items.length === 0) break;
      rows.push(...data.items);
    }
    expect(rows.map((r) => r.coAcctMemID).sort()).toEqual([...want.keys()].sort());
    for (const r of rows) {
      const aged = want.get(r.coAcctMemID)!;
      expect(r.aging).toEqual(AGING_BUCKETS.map((bucket) => ({ bucket, total: aged.get(bucket)! / 100 })));
      expect(cents(r.total)).toBe(sumOf([...aged.values()], (v) => v));
    }
    expect(rows.map((r) => r.total)).toEqual(rows.map((r) => r.total).sort((a, b) => b - a));

    const one = rows[1]!;
    expect(await ok(owner.get(`/api/transactions/aging?family=${one.coAcctMemID}`))).toMatchObject({
      items: [one],
      total: 1,
    });
    expect(await ok(ownerB.get('/api/transactions/aging'))).toMatchObject({ items: [], total: 0 });
    expect(await ok(ownerB.get(`/api/transactions/aging?family=${one.coAcctMemID}`))).toMatchObject({
      items: [],
    });
    expect((await parent.get('/api/transactions/aging')).status).toBe(403);

    // As few statements whatever the page or the family.
    const counted = async (url: string) => {
      await owner.get(url);
      const { count, result } = await countQueries(t, () => owner.get(url));
      expect(result.status, url).toBe(200);
      return count;
    };
    const first = await counted('/api/transactions/aging');
    expect(first).toBeLessThanOrEqual(3);
    for (const q of ['?pageSize=1&page=2', '?page=40', `?family=${one.coAcctMemID}`]) {
      expect(await counted(`/api/transactions/aging${q}`), q).toBe(first);
    }
  });
});

describe('another studio and a parent', () => {
  it("another studio's owner sees none of it; a parent is refused", async () => {
    const list = await ok(ownerB.get(`${LIST}?pageSize=100`));
    expect(list).toMatchObject({ items: [], total: 0, sums: { val: 0, paid: 0, overdue: 0 } });
    expect(await ok(ownerB.get(`${LIST}?family=${fams[0]!.id}`))).toMatchObject({ items: [], total: 0 });
    const o: MoneyOverview = await ok(ownerB.get('/api/transactions/overview'));
    expect(o).toMatchObject({ receivable: 0, familiesOwing: 0, creditHeld: 0, owing: [] });
    expect(o.takings).toEqual({ today: [], month: [] });
    expect(o.revenue).toEqual([]);
    const csv = await ok(ownerB.get('/api/transactions/export?from=2026-11-01&to=2026-12-31'));
    expect(parseCsv(csv.csv)).toHaveLength(1);

    const someone = (await wholeList())[0]!;
    expect(await ownerB.get(`${LIST}/${someone.id}/1`)).toMatchObject({
      status: 404,
      body: [false, ledgerMessages.paymentNotFound],
    });
    for (const url of [
      LIST,
      `${LIST}/${someone.id}/1`,
      '/api/transactions/overview',
      '/api/transactions/export?from=2026-11-01&to=2026-12-31',
    ]) {
      expect((await parent.get(url)).status, url).toBe(403);
    }
  });
});
