import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { runDue } from '../../jobs/runner';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import type { FinixTransport } from './finix/transport';
import { paymentJobHandlers } from './job-handlers';
import { checkout, saveTestCard } from './payments.fixture';
import { approveMerchant, fixedClock, sandboxAt, syncAt } from './payouts.fixture';
import { ProviderError } from './provider';
import { createSandboxProvider, SANDBOX_TOKEN_PATH } from './providers';

/**
 * A card payment the books record after its payout (decision 051): the sale's answer was lost, so the
 * payout is booked with a transfer no payment matches; once the reconciler books the payment, the next
 * run matches it, and card clearing is again only the payments not paid out.
 */

let loseNextSale = false;
/** The answer to the next sale (POST /transfers) is lost after the processor made it. */
const losing =
  (inner: FinixTransport): FinixTransport =>
  async (req) => {
    const answer = await inner(req);
    if (loseNextSale && req.method === 'POST' && req.path === '/transfers') {
      loseNextSale = false;
      throw new ProviderError('unavailable', 'The connection was reset.');
    }
    return answer;
  };

const { t, s } = useTwoStudios(
  {},
  {
    payments: (database, clock) => {
      const sandbox = createSandboxProvider({
        db: database.db,
        clock,
        tokenUrl: SANDBOX_TOKEN_PATH,
        wrap: losing,
      });
      return { provider: sandbox, sandbox: sandbox.engine };
    },
  },
);

beforeAll(async () => {
  await approveMerchant(t, s.companyA);
});

const clearingOf = () => ok(s.a.get('/api/mystudio/payouts/clearing'));

describe('a payment booked after its payout (decision 051)', () => {
  it('is matched by the next run, and clearing is explained all along', async () => {
    const setting = await registrationStudio(s);
    const { fam } = await registerInJazz(t, s, setting, 'late-payout@example.com');
    await saveTestCard(t, fam.parent);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    loseNextSale = true;
    await checkout(fam.parent, money.current.id, money.balance);

    // Monday: the sale is paid out, but the books have no payment for it yet.
    expect((await syncAt(t, s.companyA, '2026-11-23T17:00:00Z')).booked).toHaveLength(1);
    expect(await clearingOf()).toMatchObject({
      balance: -5000,
      unpaid: { count: 0, sum: 0 },
      unmatched: { count: 1, sum: 5000 },
      explained: true,
    });

    // The reconciler finds the sale and books the payment.
    const later = fixedClock('2026-11-21T15:05:00Z');
    const run = { db: t.database.db, clock: later, handlers: paymentJobHandlers(sandboxAt(t, later)) };
    while ((await runDue(run)).length > 0);
    expect(await clearingOf()).toMatchObject({
      balance: 0,
      unpaid: { count: 1, sum: 5000 },
      unmatched: { count: 1, sum: 5000 },
      explained: true,
    });

    // The next run matches the paid-out sale to it.
    expect((await syncAt(t, s.companyA, '2026-11-24T17:00:00Z')).booked).toEqual([]);
    expect(await clearingOf()).toMatchObject({
      balance: 0,
      unpaid: { count: 0, sum: 0 },
      unmatched: { count: 0, sum: 0 },
      explained: true,
    });
    const [payout] = (await ok(s.a.get('/api/mystudio/payouts'))).payouts;
    const detail = await ok(s.a.get(`/api/mystudio/payouts/${payout.id}`));
    expect(detail.items).toEqual([expect.objectContaining({ kind: 'sale', familyId: fam.id })]);
  });
});
