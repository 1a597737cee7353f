import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planWithoutSeqScans } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { openByDueDate, revenueByMonth, takingsByMethod } from './reports.queries';

/**
 * Decision 088 (issue 39 point 3): the money overview's statements read the studio's own rows by its
 * indexes, never every studio's: "taken back?" among the studio's reversals
 * (ledger_transactions_studio_reversals_idx), the revenue by the studio's kept day sums (decision 102). Each
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
  it("looks for a payment's or a charge's reversal among the studio's reversals", async () => {
    const takings = await planOf(
      await captured((db) => takingsByMethod(db, s.companyA, '2026-11-21', '2026-11-01')),
    );
    expect(takings).toContain('ledger_transactions_studio_reversals_idx');
    expect(takings).toContain('ledger_payments_date_idx');
    const open = await planOf(await captured((db) => openByDueDate(db, s.companyA)));
    expect(open).toContain('ledger_transactions_studio_reversals_idx');
  });

  it("reads the revenue from the studio's day sums, not its entries (decision 102)", async () => {
    const revenue = await planOf(
      await captured((db) => revenueByMonth(db, s.companyA, '2025-12-01', '2026-11-30')),
    );
    expect(revenue).toContain('ledger_day_sums_account_day_idx');
    expect(revenue).not.toContain('ledger_entries');
  });
});
