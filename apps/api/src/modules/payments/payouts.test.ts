import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { studioMerchants } from '../../db/schema/payments';
import { runDue } from '../../jobs/runner';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { paymentJobHandlers } from './job-handlers';
import { checkout, saveTestCard } from './payments.fixture';
import { allPayouts, approveMerchant, fixedClock, saleAt, sandboxAt, syncAt } from './payouts.fixture';

/**
 * Issue 34 item 2 (decision 051): the studio's settlements, read from its own merchant, booked once as
 * payouts: card clearing to bank less the processor's fees, each payout with the payments it contains,
 * and card clearing explained by the payments not paid out yet. The sandbox settles a day's sales when
 * the day is over and pays them out the next business day (the test's clock starts on Saturday, Nov 21).
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
  await approveMerchant(t, s.companyA);
});

const clearingOf = (owner = s.a) => ok(owner.get('/api/mystudio/payouts/clearing'));

/** A family of studio A that paid its $50.00 by card on Saturday, Nov 21. */
async function paidByCard(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  await saveTestCard(t, fam.parent);
  const paid = await ok(checkout(fam.parent, money.current.id, money.balance));
  const items = paid.transaction.items as { id: string; category: string }[];
  return {
    fam,
    payment: paid.transaction.payments.find((p: { type: string }) => p.type === 'CARD').id as string,
    fee: items.find((i) => i.category === 'registration_fee')!.id,
  };
}

describe('payouts booked from the settlements (issue 34 item 2)', () => {
  it('a card payment is paid out the next business day, less its fee, booked once', async () => {
    const { fam } = await paidByCard('payout-one@example.com');

    // Before the day is over, nothing is settled: the payment waits in card clearing.
    expect(await syncAt(t, s.companyA, '2026-11-21T23:00:00Z')).toEqual({
      skipped: null,
      booked: [],
      waiting: [],
    });
    const before = await clearingOf();
    expect(before).toMatchObject({ balance: 5000, unpaid: { count: 1, sum: 5000 }, explained: true });
    expect(before.unpaid.payments[0]).toMatchObject({ familyId: fam.id, amount: 5000, date: '2026-11-21' });

    // Sunday: settled, awaiting Monday's payout.
    const sunday = await syncAt(t, s.companyA, '2026-11-22T12:00:00Z');
    expect(sunday.booked).toEqual([]);
    expect(sunday.waiting).toHaveLength(1);

    // Monday: paid out and booked: $50.00 less 2.9 % + 30¢ ($1.75).
    const monday = await syncAt(t, s.companyA, '2026-11-23T17:00:00Z');
    expect(monday.booked).toEqual(sunday.waiting);
    const list = await ok(s.a.get('/api/mystudio/payouts'));
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.payouts[0]).toMatchObject({
      paidOn: '2026-11-23',
      description: 'Card payout Nov 23, 2026',
      gross: 5000,
      fees: 175,
      net: 4825,
      count: 1,
    });
    const detail = await ok(s.a.get(`/api/mystudio/payouts/${list.payouts[0].id}`));
    expect(detail.items).toEqual([
      expect.objectContaining({ kind: 'sale', amount: 5000, fee: 175, familyId: fam.id }),
    ]);
    expect(detail.items[0].paymentId).toEqual(expect.any(String));
    expect(await clearingOf()).toMatchObject({ balance: 0, unpaid: { count: 0, sum: 0 }, explained: true });

    // Run again (the next day's job, a retry): nothing is booked twice.
    expect((await syncAt(t, s.companyA, '2026-11-24T17:00:00Z')).booked).toEqual([]);
    expect(await allPayouts(t)).toHaveLength(1);
  });

  it('a refund to the card comes off a later payout; clearing is always the payments not paid out', async () => {
    const { fam, payment, fee } = await paidByCard('payout-refund@example.com');
    await syncAt(t, s.companyA, '2026-11-23T17:00:00Z');
    await ok(
      s.a.post(`/api/transactions/refund/${fam.id}`, {
        reason: 'Class cancelled',
        paymentID: payment,
        itemID: fee,
        total: 35,
        to: 'card',
      }),
    );
    // The processor confirms the refund; the reconciler books it.
    const later = fixedClock('2026-11-21T15:05:00Z');
    const run = { db: t.database.db, clock: later, handlers: paymentJobHandlers(sandboxAt(t, later)) };
    while ((await runDue(run)).length > 0);
    expect(await clearingOf()).toMatchObject({ balance: -3500, unpaid: { sum: -3500 }, explained: true });

    // The refund came after Saturday was settled: it is settled on its own, taken from the bank.
    const booked = await syncAt(t, s.companyA, '2026-11-24T17:00:00Z');
    expect(booked.booked).toHaveLength(1);
    const list = await ok(s.a.get('/api/mystudio/payouts'));
    const refunded = list.payouts.find((p: { gross: number }) => p.gross < 0);
    expect(refunded).toMatchObject({ gross: -3500, fees: 0, net: -3500, count: 1 });
    const detail = await ok(s.a.get(`/api/mystudio/payouts/${refunded.id}`));
    expect(detail.items).toEqual([
      expect.objectContaining({ kind: 'refund', amount: -3500, familyId: fam.id }),
    ]);
    expect(await clearingOf()).toMatchObject({ balance: 0, unpaid: { count: 0 }, explained: true });
  });

  it('another studio sees none of them, and cannot read one', async () => {
    const [mine] = (await ok(s.a.get('/api/mystudio/payouts'))).payouts;
    expect(await ok(s.b.get('/api/mystudio/payouts'))).toMatchObject({ total: 0, payouts: [] });
    const other = await s.b.get(`/api/mystudio/payouts/${mine.id}`);
    expect(other.status).toBe(404);
    expect(await clearingOf(s.b)).toMatchObject({ balance: 0, unpaid: { count: 0 }, explained: true });
  });

  it('a studio without an approved merchant reads nothing', async () => {
    // The fixture onboards both studios (decision 049): studio B's account is taken away here.
    await t.database.db.delete(studioMerchants).where(eq(studioMerchants.companyId, s.companyB));
    expect(await syncAt(t, s.companyB, '2026-11-24T17:00:00Z')).toEqual({
      skipped: 'no merchant',
      booked: [],
      waiting: [],
    });
  });

  it('two studios with their own merchants: payouts never mix, synced at once and twice', async () => {
    await approveMerchant(t, s.companyB, 'MUstudioB');
    await saleAt(t, '2026-11-25T15:00:00Z', 'MUstudioB', 12_300);
    await saleAt(t, '2026-11-25T16:00:00Z', 'MUstudioB', 4_500);
    await saleAt(t, '2026-11-25T17:00:00Z', 'MUsandbox', 7_700);
    const before = await allPayouts(t);
    const at = '2026-11-26T17:00:00Z';
    const runs = await Promise.all([
      syncAt(t, s.companyA, at),
      syncAt(t, s.companyB, at, 'MUstudioB'),
      syncAt(t, s.companyA, at),
      syncAt(t, s.companyB, at, 'MUstudioB'),
    ]);
    expect(runs.every((r) => r.skipped === null)).toBe(true);
    const after = await allPayouts(t);
    expect(after.length - before.length).toBe(2);
    for (const p of after) {
      expect(p.merchantId).toBe(p.companyId === s.companyB ? 'MUstudioB' : 'MUsandbox');
      expect(p.itemSum).toBe(p.gross);
      expect(p.itemFees).toBe(p.fees);
      expect(p.strayItems + p.strayEntries).toBe(0);
      expect(p.txId).not.toBeNull();
    }
    const b = await ok(s.b.get('/api/mystudio/payouts'));
    expect(b.payouts).toEqual([
      expect.objectContaining({ gross: 16_800, fees: 387 + 161, net: 16_800 - 548, count: 2 }),
    ]);
    // B's sales are no family payment of B's books: paid out, not matched, and said so.
    expect(await clearingOf(s.b)).toMatchObject({
      balance: -16_800,
      unmatched: { count: 2, sum: 16_800 },
      explained: true,
    });
  });
});
