import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { ledgerTransactions } from '../../db/schema/ledger';
import { paymentAttempts, paymentDisputes } from '../../db/schema/payments';
import { paymentJobs } from '../../jobs/payment-jobs';
import { runDue } from '../../jobs/runner';
import { familyOf, ok } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger/book';
import { dueItemBreaches, ledgerBreaches } from '../ledger/ledger-model.fixture';
import { applyDispute } from './disputes';
import { checkout, saveTestCard } from './payments.fixture';
import type { DisputeState } from './provider';
import { paymentsFor } from './providers';

/**
 * Disputes, as properties (issue 17 point 6, decision 028 point 11): whatever a family bought, however
 * it paid by card, whether part went back to the card first, and whichever way its dispute goes (open,
 * inquiry, won, lost, each state read once or twice, a dispute first seen decided): the books balance,
 * no due item is open beyond what it asks, the dispute's money is taken once and given back once, and the
 * family owes exactly what it owed plus what the processor kept.
 */

const { t, s } = useTwoStudios();
const provider = () => paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider;

/** Forward-only ways a dispute goes, as the processor would describe it at each event. */
const PATHS: DisputeState[][] = [
  ['PENDING'],
  ['INQUIRY', 'PENDING'],
  ['PENDING', 'WON'],
  ['PENDING', 'LOST'],
  ['INQUIRY', 'WON'],
  ['WON'],
  ['LOST'],
];

let n = 0;
const reconcile = async () => {
  const later = { now: () => new Date(t.clock.now().getTime() + 60 * 60_000) };
  while ((await runDue({ db: t.database.db, clock: later, handlers: paymentJobs(provider()) })).length > 0);
};

describe('a disputed card payment', () => {
  it('keeps the books whole whichever way its dispute goes', async () => {
    const counts = { runs: 0, opened: 0, won: 0, lost: 0, partRefunded: 0 };
    const scenario = fc.record({
      items: fc.array(fc.integer({ min: 500, max: 20_000 }), { minLength: 1, maxLength: 3 }),
      payPicked: fc.boolean(),
      refund: fc.option(fc.integer({ min: 1, max: 100 }), { freq: 2 }),
      path: fc.constantFrom(...PATHS),
      repeats: fc.array(fc.constantFrom(1, 2), { minLength: 2, maxLength: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        counts.runs += 1;
        const fam = await familyOf(t, s.companyA, `dispute-prop${++n}@example.com`, [{ firstName: 'Ada' }]);
        let bill = '';
        const itemIds: string[] = [];
        for (const [i, cents] of sc.items.entries()) {
          const added = await ok(
            s.a.post(`/api/transactions/item/${fam.id}`, {
              item: {
                typeID: 'costume',
                item: `Costume ${i + 1}`,
                amount: cents / 100,
                quantity: 1,
                total: cents / 100,
              },
            }),
          );
          bill = added.id;
          itemIds.push(added.items.find((x: { item: string }) => x.item === `Costume ${i + 1}`).id);
        }
        await saveTestCard(t, fam.parent);
        // The whole balance, or only the first item (the others stay open).
        const picked = sc.payPicked ? [itemIds[0]!] : [];
        const amount = sc.payPicked ? sc.items[0]! : sc.items.reduce((a, b) => a + b, 0);
        expect((await ok(checkout(fam.parent, bill, amount / 100, { items: picked }))).state).toBe(
          'succeeded',
        );
        const [sale] = await t.database.db
          .select()
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.familyId, fam.id), eq(paymentAttempts.kind, 'sale')));
        let refunded = 0;
        if (sc.refund !== null) {
          // Part of the first item goes back to the card, confirmed before the dispute.
          refunded = Math.max(1, Math.floor((sc.items[0]! * sc.refund) / 100));
          await ok(
            s.a.post(`/api/transactions/refund/${fam.id}`, {
              paymentID: sale!.ledgerTxId,
              itemID: itemIds[0],
              total: refunded / 100,
              to: 'card',
              reason: 'Smaller size',
            }),
          );
          await reconcile();
          counts.partRefunded += 1;
        }
        const before = await readBook(t.database.db, s.companyA, fam.id);
        const deps = { db: t.database.db, provider: provider(), clock: t.clock };
        const dispute = {
          id: `DP${randomUUID().replaceAll('-', '')}`,
          transferId: sale!.transferId!,
          amount,
          reason: '10.4',
          createdAt: t.clock.now().toISOString(),
          updatedAt: t.clock.now().toISOString(),
        };
        for (const [i, state] of sc.path.entries()) {
          for (let r = 0; r < (sc.repeats[i] ?? 1); r++) {
            await applyDispute(deps, sale!, { ...dispute, state });
            expect(await ledgerBreaches(t.database.db)).toEqual([]);
            expect(await dueItemBreaches(t.database.db, fam.id)).toEqual([]);
          }
        }
        const final = sc.path.at(-1)!;
        const after = await readBook(t.database.db, s.companyA, fam.id);
        const debitPosted = sc.path[0] !== 'WON';
        const kept = debitPosted && final !== 'WON' ? amount - refunded : 0;
        expect(after.balance, `balance after ${sc.path.join(' → ')}`).toBe(before.balance + kept);
        expect(after.credit).toBe(before.credit);
        const [row] = await t.database.db
          .select()
          .from(paymentDisputes)
          .where(eq(paymentDisputes.disputeId, dispute.id));
        expect(row!.state).toBe(final);
        // Taken once, given back at most once.
        const keyed = await t.database.db
          .select({ key: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind })
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.familyId, fam.id),
              like(ledgerTransactions.idempotencyKey, `%${dispute.id}%`),
            ),
          );
        expect(keyed.filter((k) => k.key!.startsWith('dispute-won:')).length).toBeLessThanOrEqual(1);
        const disputeTxs = await t.database.db
          .select({ kind: ledgerTransactions.kind })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.familyId, fam.id), eq(ledgerTransactions.kind, 'dispute')));
        expect(disputeTxs.length).toBe(debitPosted && refunded === 0 ? 1 : 0);
        if (final === 'WON') counts.won += 1;
        else if (final === 'LOST') counts.lost += 1;
        else counts.opened += 1;
      }),
      { numRuns: Number(process.env.DISPUTE_RUNS ?? 12) },
    );
    console.info(`disputes: ${JSON.stringify(counts)}`);
  }, 300_000);
});
