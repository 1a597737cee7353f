import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gate, ON_POSTGRES } from '../../../test/interleaved';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { compactDaySums } from '../../db/journal-sums';
import { ledgerBreaches, rows } from '../ledger/ledger-model.fixture';
import { post } from '../ledger/post';
import { postBooks } from './post';

/**
 * The journals' kept day sums (decision 102): each posting adds its studio's, account's and day's sum by
 * the journal's own trigger; the minute's look compacts a day's rows into one, alone or while postings
 * and another process's look run beside it, and no sum changes (ledgerBreaches compares every kept day
 * with its entries, for both journals).
 */

const { t, s } = useTwoStudios();
const FAMILY = '00000000-0000-4000-8000-00000000000d';
let n = 0;

/** A charge of the family ledger and a deposit of the studio journal on `day`, each its own transaction. */
async function postBoth(db: Db, companyId: string, day: string, cents: number) {
  await db.transaction(async (tx) => {
    await post(tx, {
      companyId,
      familyId: FAMILY,
      invoiceId: null,
      kind: 'charge',
      effectiveDate: day,
      key: `day-sums:${++n}`,
      reason: 'Day sums test',
      by: { system: 'Test' },
      entries: [
        { account: 'cash', amount: cents },
        { account: 'revenue:tuition', amount: -cents },
      ],
    });
  });
  await db.transaction(async (tx) => {
    await postBooks(tx, {
      companyId,
      kind: 'adjustment',
      effectiveDate: day,
      key: `day-sums:${++n}`,
      reason: 'Day sums test',
      by: { system: 'Test' },
      entries: [
        { account: 'bank', amount: cents },
        { account: 'undeposited_funds', amount: -cents },
      ],
    });
  });
}

/** How many rows each journal keeps, and how many of them no look has compacted yet. */
const counts = async () =>
  (
    await rows<{ rows: number; fresh: number; groups: number }>(
      t.database.db,
      sql`select count(*)::int as rows, (count(*) filter (where not compacted))::int as fresh,
          (select count(*)::int from (select distinct company_id, account, day from ledger_day_sums) g) as groups
        from ledger_day_sums`,
    )
  )[0]!;

describe("the journals' day sums", () => {
  it('are added by each posting and compacted by the look into one row a day and account, the sums unchanged', async () => {
    const db = t.database.db;
    for (const [i, day] of ['2026-11-02', '2026-11-02', '2026-11-03', '2026-11-02'].entries())
      await postBoth(db, s.companyA, day, 1_000 * (i + 1));
    await postBoth(db, s.companyB, '2026-11-02', 500);
    const before = await counts();
    expect(before.fresh).toBeGreaterThan(before.groups);
    expect(await ledgerBreaches(db)).toEqual([]);

    expect(await compactDaySums(db)).toBeGreaterThan(0);
    const after = await counts();
    expect(after).toEqual({ rows: before.groups, fresh: 0, groups: before.groups });
    expect(await ledgerBreaches(db)).toEqual([]);
    const [cash] = await rows<{ amount: number; entries: number }>(
      db,
      sql`select amount::int, entries from ledger_day_sums
        where company_id = ${s.companyA} and account = 'cash' and day = '2026-11-02'`,
    );
    expect(cash).toEqual({ amount: 1_000 + 2_000 + 4_000, entries: 3 });
    // A second look finds nothing to do.
    expect(await compactDaySums(db)).toBe(0);
  });

  it('keep their sums when postings and two looks run at once', async () => {
    const db = t.database.db;
    const days = ['2026-11-04', '2026-11-05', '2026-11-04', '2026-11-06', '2026-11-04', '2026-11-05'];
    await Promise.all([
      ...days.map((day, i) => postBoth(db, i % 2 ? s.companyA : s.companyB, day, 700 + i)),
      compactDaySums(db),
      compactDaySums(db),
    ]);
    expect(await ledgerBreaches(db)).toEqual([]);
    await Promise.all([compactDaySums(db), compactDaySums(db)]);
    expect(await ledgerBreaches(db)).toEqual([]);
    expect((await counts()).fresh).toBe(0);
  });

  it.runIf(ON_POSTGRES)(
    'are compacted by one process at a time: a look finding another under way stops',
    async () => {
      const db = t.database.db;
      await postBoth(db, s.companyA, '2026-11-09', 900);
      const { opened: held, open: hold } = gate();
      const { opened: done, open: finish } = gate();
      // Another process's batch, under way: it holds the compaction's lock.
      const other = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${0xc0a7ac7})`);
        hold();
        await done;
      });
      await held;
      try {
        expect(await compactDaySums(db)).toBe(0);
        expect((await counts()).fresh).toBeGreaterThan(0);
      } finally {
        finish();
      }
      await other;
      expect(await compactDaySums(db)).toBeGreaterThan(0);
      expect((await counts()).fresh).toBe(0);
      expect(await ledgerBreaches(db)).toEqual([]);
    },
  );
});
