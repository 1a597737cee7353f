import { randomUUID } from 'node:crypto';
import { ledgerMessages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { paymentAttempts } from '../../db/schema/payments';
import { runDue } from '../../jobs/runner';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger/book';
import { registerInJazz } from '../ledger/ledger.fixture';
import { paymentJobHandlers } from './job-handlers';
import { checkout, processorReversals, saveTestCard } from './payments.fixture';
import { paymentsFor } from './providers';
import { refundMessages, settleRefund } from './refunds';

/**
 * Issue 31 item 1 (decision 037): every refund of a card payment, to cash, credit or back to the card,
 * counts against one limit, read under the family's lock with the card refunds under way; so the same
 * money never goes back twice, whatever the order or the timing. A card refund the processor confirms is
 * always booked.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** A family that paid its $50.00 by card: the $35.00 fee and November's $15.00. */
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

const refund = (familyId: string, body: Record<string, unknown>) =>
  s.a.post(`/api/transactions/refund/${familyId}`, { reason: 'Class cancelled', ...body });

/** A provider of the same sandbox whose clock is three minutes on: the reversals have settled. */
const later = () => {
  const clock = { now: () => new Date(t.clock.now().getTime() + 3 * 60_000) };
  return { db: t.database.db, clock, provider: paymentsFor({ db: t.database.db, clock, env: {} }).provider };
};

/** Every reconcile job due three minutes on, batch after batch. */
async function reconcile() {
  const deps = later();
  const run = { db: deps.db, clock: deps.clock, handlers: paymentJobHandlers(deps.provider) };
  while ((await runDue(run)).length > 0);
}

async function refundAttempts(familyId: string) {
  return t.database.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.familyId, familyId), eq(paymentAttempts.kind, 'refund')));
}

/** The books and the processor agree: what went back is booked once, nothing is left under way. */
async function expectGivenBackOnce(familyId: string, payment: string, total: number) {
  await reconcile();
  const book = await readBook(t.database.db, s.companyA, familyId);
  expect(book.payments.find((p) => p.id === payment)!.refunded).toBe(total);
  const attempts = await refundAttempts(familyId);
  expect(attempts.every((a) => a.state === 'succeeded' || a.state === 'failed')).toBe(true);
  const reversed = (await processorReversals(t, familyId)).filter((r) => r.state === 'SUCCEEDED');
  const bookedToCard = book.refunds.filter((r) => r.to === 'card').reduce((n, r) => n + r.total, 0);
  expect(reversed.reduce((n, r) => n + r.amount, 0)).toBe(bookedToCard);
}

describe('a card payment given back twice (issue 31 item 1)', () => {
  it('to cash, then to the card: the card refund is refused, nothing is sent to the processor', async () => {
    const { fam, payment, fee } = await paidByCard('twice-cash-first@example.com');
    const cash = await ok(refund(fam.id, { paymentID: payment, itemID: fee, total: 35, to: 'cash' }));
    expect(cash.msg).toBe(ledgerMessages.refunded);
    const card = await refund(fam.id, { paymentID: payment, itemID: fee, total: 35, to: 'card' });
    expect(card.status).toBe(422);
    expect(card.body).toEqual([false, ledgerMessages.refundItemTooLarge('$0.00')]);
    expect(await processorReversals(t, fam.id)).toEqual([]);
    expect(await refundAttempts(fam.id)).toEqual([]);
    await expectGivenBackOnce(fam.id, payment, 3500);
  });

  it('to the card, then to cash while the processor has not confirmed: the cash refund is refused', async () => {
    const { fam, payment, fee } = await paidByCard('twice-card-first@example.com');
    const card = await ok(refund(fam.id, { paymentID: payment, itemID: fee, total: 35, to: 'card' }));
    expect(card.msg).toBe(refundMessages.sent);
    for (const to of ['cash', 'credit', 'check']) {
      const again = await refund(fam.id, { paymentID: payment, itemID: fee, total: 35, to, reference: '' });
      expect(again.status).toBe(422);
      expect(again.body).toEqual([false, ledgerMessages.refundItemTooLarge('$0.00')]);
    }
    // The whole payment: what is left of it counts the refund under way.
    const all = await refund(fam.id, { paymentID: payment, total: 50, to: 'cash' });
    expect(all.status).toBe(422);
    await expectGivenBackOnce(fam.id, payment, 3500);
  });

  it.each([
    ['cash', 'card'],
    ['card', 'cash'],
  ])('to %s and to %s at once: one goes through, the other is refused', async (first, second) => {
    const { fam, payment, fee } = await paidByCard(`twice-at-once-${first}@example.com`);
    const answers = await Promise.all(
      [first, second].map((to) =>
        refund(fam.id, { paymentID: payment, itemID: fee, total: 35, to, requestId: randomUUID() }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    await expectGivenBackOnce(fam.id, payment, 3500);
  });

  it('a card refund the processor confirms is booked even when the books already gave the money back', async () => {
    // The state the issue found (written before the limit was one): a cash refund booked, and a card
    // refund of the same money sent. The processor sent it back: the books say so, the attempt settles.
    const { fam, payment, fee } = await paidByCard('orphan@example.com');
    await ok(refund(fam.id, { paymentID: payment, itemID: fee, total: 35, to: 'cash' }));
    const [sale] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.ledgerTxId, payment), eq(paymentAttempts.kind, 'sale')));
    const [orphan] = await t.database.db
      .insert(paymentAttempts)
      .values({
        companyId: s.companyA,
        familyId: fam.id,
        provider: sale!.provider,
        kind: 'refund',
        origin: 'refund',
        invoiceId: sale!.invoiceId,
        amount: 3500,
        cardId: sale!.cardId,
        instrumentId: sale!.instrumentId,
        parentId: sale!.id,
        chargeId: fee,
        note: 'Class cancelled',
        createdByName: 'Ana Lopez',
        createdAt: t.clock.now(),
      })
      .returning();
    const deps = later();
    const transfer = await deps.provider.refund({
      transferId: sale!.transferId!,
      amount: 3500,
      idempotencyId: orphan!.id,
      tags: { attempt: orphan!.id, family: fam.id, studio: s.companyA },
    });
    const settled = await settleRefund(deps, orphan!.id, await deps.provider.getTransfer(transfer.id));
    expect(settled.state).toBe('succeeded');
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.refunds.map((r) => [r.total, r.to])).toEqual([
      [3500, 'cash'],
      [3500, 'card'],
    ]);
    expect(book.credit).toBe(0);
    // Settled again (the reconciler, a webhook delivered twice): nothing more.
    await settleRefund(deps, orphan!.id, await deps.provider.getTransfer(transfer.id));
    expect((await readBook(t.database.db, s.companyA, fam.id)).refunds).toHaveLength(2);
  });
});
