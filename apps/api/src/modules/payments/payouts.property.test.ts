import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addItem } from '../../../test/fuzz/ledger-scene';
import { useTwoStudios } from '../../../test/studios-base';
import { runDue } from '../../jobs/runner';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { paymentJobHandlers } from './job-handlers';
import { checkout, saveTestCard } from './payments.fixture';
import { approveMerchant, fixedClock, sandboxAt, syncAt } from './payouts.fixture';
import { paymentsFor } from './providers';

/**
 * Invariant 11 (billing.md; issue 34 item 2, decision 051) over random histories: card payments on
 * random days, refunds of some of them to the card, payouts read at random times. At every step card
 * clearing's balance is exactly the card payments (less refunds) not yet paid out, every paid-out
 * transfer is matched to one of them, and once every day is paid out clearing is empty.
 */

/**
 * The processor's clock, moved by the histories (the app's own stays, so sessions do not expire): the
 * product's card calls reach the sandbox at this time.
 */
let processorNow = Date.parse('2026-11-21T15:00:00Z');
const processorClock = { now: () => new Date(processorNow) };
const { t, s } = useTwoStudios(
  {},
  { payments: (database) => paymentsFor({ db: database.db, clock: processorClock, env: {} }) },
);
let family: Awaited<ReturnType<typeof registerInJazz>>['fam'];

beforeAll(async () => {
  const setting = await registrationStudio(s);
  await approveMerchant(t, s.companyA);
  ({ fam: family } = await registerInJazz(t, s, setting, 'property-payouts@example.com'));
  await saveTestCard(t, family.parent);
  const money = await ok(s.a.get(`/api/mystudio/account/${family.id}/money`));
  await ok(checkout(family.parent, money.current.id, money.balance));
});

type Step =
  | { kind: 'pay'; dollars: number }
  | { kind: 'refund'; share: number }
  | { kind: 'wait'; hours: number }
  | { kind: 'payouts' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('pay' as const), dollars: fc.integer({ min: 1, max: 400 }) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 80 }) }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: 'payouts' as const }), weight: 2 },
);

/** What was paid by card and can still be refunded to it: the payment and its item. */
const paid: { payment: string; item: string; left: number }[] = [];
/** What the histories did, so the test shows they did something. */
const seen = { refunds: 0, payouts: 0 };

async function apply(st: Step) {
  const now = processorClock.now().toISOString();
  if (st.kind === 'wait') processorNow += st.hours * 3_600_000;
  if (st.kind === 'payouts') seen.payouts += (await syncAt(t, s.companyA, now)).booked.length;
  if (st.kind === 'pay') {
    const { bill, item } = await addItem(s.a, family.id, st.dollars);
    const answer = await ok(checkout(family.parent, bill, st.dollars, { items: [item] }));
    const payments = answer.transaction.payments as { id: string; type: string }[];
    paid.push({
      payment: payments.filter((p) => p.type === 'CARD').at(-1)!.id,
      item,
      left: st.dollars * 100,
    });
  }
  if (st.kind === 'refund' && paid.length > 0) {
    const target = paid.find((p) => p.left > 0);
    if (!target) return;
    const cents = Math.max(1, Math.floor(target.left * st.share));
    const res = await s.a.post(`/api/transactions/refund/${family.id}`, {
      paymentID: target.payment,
      itemID: target.item,
      total: cents / 100,
      to: 'card',
      reason: 'Property test',
    });
    if (res.status === 200) {
      target.left -= cents;
      seen.refunds += 1;
    }
    // The processor confirms the refund; the reconciler books it.
    const later = fixedClock(new Date(processorNow + 3 * 60_000).toISOString());
    const run = { db: t.database.db, clock: later, handlers: paymentJobHandlers(sandboxAt(t, later)) };
    while ((await runDue(run)).length > 0);
  }
}

async function expectExplained() {
  const clearing = await ok(s.a.get('/api/mystudio/payouts/clearing?pageSize=100'));
  expect(clearing.unmatched).toEqual({ count: 0, sum: 0 });
  expect(clearing.balance).toBe(clearing.unpaid.sum);
  expect(clearing.explained).toBe(true);
  return clearing;
}

describe('card clearing is the payments not yet paid out (invariant 11)', () => {
  it('after every step of random histories, and empty once every day is paid out', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const st of steps) {
          await apply(st);
          await expectExplained();
        }
        // A week on, every day is settled and paid out.
        processorNow += 7 * 86_400_000;
        await syncAt(t, s.companyA, processorClock.now().toISOString());
        const settled = await expectExplained();
        expect(settled).toMatchObject({ balance: 0, unpaid: { count: 0, sum: 0 } });
      }),
      { numRuns: 8, endOnFailure: true },
    );
    expect(paid.length).toBeGreaterThan(0);
    expect(seen.refunds + seen.payouts).toBeGreaterThan(0);
  }, 600_000);
});
