import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import type { FinixTransport } from './finix/transport';
import { syncPayouts } from './payouts';
import { allPayouts, approveMerchant, saleAt, sandboxAt, syncAt, timeZoneOf } from './payouts.fixture';
import { ProviderError } from './provider';

/**
 * Payouts under faults (issue 34 item 2, decision 051): the processor's answer lost mid-way, the
 * database refusing a write mid-payout, and the same studio synced by several runners at once. Each
 * payout is booked whole or not at all, and once.
 */

const { t, s } = useTwoStudios();
beforeAll(async () => {
  await approveMerchant(t, s.companyA);
  // Monday's and Tuesday's sales: paid out Tuesday and Wednesday.
  await saleAt(t, '2026-11-30T15:00:00Z', 'MUsandbox', 10_000);
  await saleAt(t, '2026-12-01T15:00:00Z', 'MUsandbox', 20_000);
  await saleAt(t, '2026-12-02T15:00:00Z', 'MUsandbox', 30_000);
});

type Rows = { rows: Record<string, unknown>[] };

/** Nothing half-booked: every payout has its journal transaction and items, and no journal line is alone. */
async function expectWhole() {
  const found = (await t.database.db.execute(
    sql`select
          (select count(*)::int from books_transactions where kind = 'payout') as journal,
          (select count(*)::int from processor_payouts) as payouts,
          (select count(*)::int from processor_payouts p where not exists
            (select 1 from processor_payout_items i where i.payout_id = p.id)) as empty,
          (select count(*)::int from books_transactions b where b.kind = 'payout' and not exists
            (select 1 from processor_payouts p where p.tx_id = b.id)) as alone`,
  )) as unknown as Rows;
  const row = found.rows[0] as { journal: number; payouts: number; empty: number; alone: number };
  expect(row.journal).toBe(row.payouts);
  expect(row.empty + row.alone).toBe(0);
  for (const p of await allPayouts(t)) expect(p.itemSum).toBe(p.gross);
  return row.payouts;
}

const AT = '2026-12-02T17:00:00Z';

describe('payouts under faults (decision 051)', () => {
  it('an answer lost mid-way: what was booked stays whole, the rest is booked by the next run', async () => {
    let calls = 0;
    // The fourth call (the second settlement’s funding transfers) gets no answer.
    const flaky =
      (inner: FinixTransport): FinixTransport =>
      async (req) => {
        calls += 1;
        if (calls === 4) throw new ProviderError('unavailable', 'The call timed out.');
        return inner(req);
      };
    const studio = { companyId: s.companyA, timeZone: await timeZoneOf(t, s.companyA) };
    const failing = syncPayouts(
      { db: t.database.db, provider: sandboxAt(t, AT, 'MUsandbox', flaky) },
      studio,
    );
    await expect(failing).rejects.toThrow('The call timed out.');
    expect(await expectWhole()).toBe(1);
    expect((await syncAt(t, s.companyA, AT)).booked).toHaveLength(1);
    expect(await expectWhole()).toBe(2);
  });

  it('the database refusing a payout’s item: none of that payout is kept', async () => {
    await t.database.db.execute(sql`
      create function refuse_payout_item() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_payout_item before insert on processor_payout_items
        for each row execute function refuse_payout_item();`);
    const at = '2026-12-03T17:00:00Z';
    await expect(syncAt(t, s.companyA, at)).rejects.toThrow();
    expect(await expectWhole()).toBe(2);
    await t.database.db.execute(sql`drop trigger refuse_payout_item on processor_payout_items`);
    expect((await syncAt(t, s.companyA, at)).booked).toHaveLength(1);
    expect(await expectWhole()).toBe(3);
  });

  it('several runners at once book each settlement once', async () => {
    await saleAt(t, '2026-12-03T15:00:00Z', 'MUsandbox', 40_000);
    const at = '2026-12-04T17:00:00Z';
    const runs = await Promise.all([1, 2, 3].map(() => syncAt(t, s.companyA, at)));
    expect(runs.flatMap((r) => r.booked)).toHaveLength(1);
    expect(await expectWhole()).toBe(4);
    expect((await allPayouts(t)).map((p) => p.gross)).toEqual([10_000, 20_000, 30_000, 40_000]);
  });
});
