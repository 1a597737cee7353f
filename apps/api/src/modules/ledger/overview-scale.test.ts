import { randomUUID } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { genericPlan, planWithoutSeqScans } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { compactDaySums } from '../../db/journal-sums';
import { familyAccounts } from '../../db/schema/families';
import { ledgerStudioBalances } from '../../db/schema/ledger';
import { post } from './post';
import {
  openByDueDate,
  openByFamilyPage,
  revenueByMonth,
  studioBalances,
  takingsByMethod,
  topOwing,
} from './reports.queries';

/**
 * Decision 088 (issue 39 point 3): the money overview's statements read the studio's own rows by its
 * indexes, never every studio's: the takings by its kept takings (migration 0047), the revenue by the
 * studio's kept day sums (decision 102), the aging by its kept open sums (decision 103). Each
 * statement is captured as the overview builds it and its plan read without seq scans (a test's tables
 * are tiny), so that the plan shows which indexes it goes by.
 */

const { t, s } = useTwoStudios();

/** The statement `read` sends, as it sends it. */
async function captured(read: (db: Db) => Promise<unknown>): Promise<SQL> {
  const sent: SQL[] = [];
  const execute = async (q: SQL) => {
    sent.push(q);
    return { rows: [] };
  };
  const fake = { execute } as unknown as Db;
  await read(fake);
  return sent[0]!;
}

const planOf = (statement: SQL) => planWithoutSeqScans(t.database.db, statement);

describe("the money overview reads the studio's own rows (decision 088)", () => {
  it("reads the month's takings from the studio's kept takings, not its payments (migration 0047)", async () => {
    const takings = await planOf(
      await captured((db) => takingsByMethod(db, s.companyA, '2026-11-21', '2026-11-01')),
    );
    expect(takings).toContain('ledger_takings_day_idx');
    expect(takings).not.toMatch(/ledger_payments|ledger_transactions/);
  });

  it("ages what is open from the studio's kept open sums, not its charges (decision 103)", async () => {
    const open = await planOf(await captured((db) => openByDueDate(db, s.companyA)));
    expect(open).toContain('ledger_open_sums_due_idx');
    expect(open).not.toContain('ledger_charges');
  });

  it("reads the revenue from the studio's day sums, not its entries (decision 102)", async () => {
    const revenue = await planOf(
      await captured((db) => revenueByMonth(db, s.companyA, '2025-12-01', '2026-11-30')),
    );
    expect(revenue).toContain('ledger_day_sums_account_day_idx');
    expect(revenue).not.toContain('ledger_entries');
  });

  it("finds each owing family by its id in the plan kept for any studio, not among the studio's families (decision 108)", async () => {
    const statements = {
      overview: await captured((db) => topOwing(db, s.companyA, 10)),
      aging: await captured((db) => openByFamilyPage(db, { companyId: s.companyA, limit: 20, offset: 0 })),
    };
    for (const [name, statement] of Object.entries(statements)) {
      const plan = await genericPlan(t.database.db, statement);
      expect(plan, name).toContain('ledger_family_balances_owing_idx');
      expect(plan, name).toContain('family_accounts_pkey');
      expect(plan, name).not.toMatch(/family_accounts_name|Hash Join|Sort Key: b\.receivable/);
    }
  });

  it('names the families owing most from their kept balances: ties at the last place in, deleted families out', async () => {
    const db = t.database.db;
    // 14 families of studio B (two of them owing nothing), and one deleted since that owes the most.
    const owed = [900, 800, 800, 700, 600, 500, 500, 400, 300, 300, 300, 300, 0, -200];
    const names = [
      'Young',
      'adams',
      'Baker',
      'Clark',
      'Diaz',
      'Evans',
      'evans',
      'Ford',
      'Gray',
      'Hill',
      'hill',
      'Ito',
      'Jones',
      'King',
    ];
    const rows = await db
      .insert(familyAccounts)
      .values(names.map((lastName) => ({ companyId: s.companyB, lastName })))
      .returning({ id: familyAccounts.id, name: familyAccounts.lastName });
    const gone = randomUUID();
    let n = 0;
    for (const [familyId, cents] of [
      ...rows.map((r, i) => [r.id, owed[i]!] as const),
      [gone, 5_000] as const,
    ]) {
      if (cents === 0) continue;
      await db.transaction((tx) =>
        post(tx, {
          companyId: s.companyB,
          familyId,
          invoiceId: null,
          kind: 'charge',
          effectiveDate: '2026-11-02',
          key: `owing:${++n}`,
          reason: 'Owing test',
          by: { system: 'Test' },
          entries:
            cents > 0
              ? [
                  { account: 'receivable', amount: cents },
                  { account: 'revenue:tuition', amount: -cents },
                ]
              : [
                  { account: 'credit', amount: cents },
                  { account: 'revenue:tuition', amount: -cents },
                ],
        }),
      );
    }
    const expected = () =>
      rows
        .map((r, i) => ({ family_id: r.id, family: r.name, balance: owed[i]! }))
        .filter((f) => f.balance > 0)
        .sort(
          (a, b) =>
            b.balance - a.balance ||
            (a.family.toLowerCase() < b.family.toLowerCase()
              ? -1
              : a.family.toLowerCase() > b.family.toLowerCase()
                ? 1
                : 0) ||
            (a.family_id < b.family_id ? -1 : 1),
        );
    const check = async () => {
      for (const limit of [1, 2, 3, 9, 10, 12, 20]) {
        const top = (await topOwing(db, s.companyB, limit)).map(({ oldest_due, ...f }) => f);
        expect(top, `top ${limit}`).toEqual(expected().slice(0, limit));
      }
    };
    await check();
    // A family renamed after its postings takes its new place among those owing as much (decision 103).
    const baker = rows[2]!;
    baker.name = 'Abbott';
    await db.update(familyAccounts).set({ lastName: baker.name }).where(eq(familyAccounts.id, baker.id));
    await check();
    expect((await topOwing(db, s.companyB, 3)).map((f) => f.family)).toEqual(['Young', 'Abbott', 'adams']);
    const plan = await planOf(await captured((d) => topOwing(d, s.companyB, 10)));
    expect(plan).toContain('ledger_family_balances_owing_idx');
    expect(plan).toContain('ledger_open_charges_family_idx');
    const figures = {
      receivable: owed.filter((c) => c > 0).reduce((a, c) => a + c, 0) + 5_000,
      // The studio's figures count a deleted family's books too (they outlive it); the list names only the living.
      families_owing: 13,
      credit: 200,
    };
    expect(await studioBalances(db, s.companyB)).toEqual(figures);
    // The studio's kept balances (decision 103), a row a posting, compacted into one: the figures unchanged.
    const keptRows = async () =>
      (await db.select().from(ledgerStudioBalances).where(eq(ledgerStudioBalances.companyId, s.companyB)))
        .length;
    expect(await keptRows()).toBeGreaterThan(1);
    await compactDaySums(db);
    expect(await keptRows()).toBe(1);
    expect(await studioBalances(db, s.companyB)).toEqual(figures);
  });
});
