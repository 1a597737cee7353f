import { returnGroup } from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/studios';
import { paymentAttempts, paymentCards, paymentReturns } from '../../db/schema/payments';
import { enqueueJob } from '../../jobs/define';
import { lockBook, postCharge, recordPayment, reversePayment } from '../ledger';
import { paymentJobs } from './jobs';
import { saveTestCard } from './payments.fixture';

/**
 * The state decision 067 leaves when a bank debit is returned, made by hand (067's code is built beside
 * this): a family's bank account on file, a bank debit booked, and its return: the payment reversed, the
 * returned-payment fee posted, the `payment_returns` row and its follow-up job, in one transaction. The
 * account's instrument at the sandbox is a card's (the sandbox's bank accounts are 067's), so a debit
 * presented again goes through the sandbox as a sale.
 */

export const RETURN_FEE = 3500;

/** The parent saves a card and it becomes a checking account on file, its debit authorization given. */
export async function bankOnFile(t: TestApp, parent: Caller) {
  const saved = await saveTestCard(t, parent);
  const [row] = await t.database.db
    .select()
    .from(paymentCards)
    .where(sql`${paymentCards.removedAt} is null and ${paymentCards.last4} = ${saved.card.last4}`)
    .orderBy(sql`${paymentCards.addedAt} desc`)
    .limit(1);
  const [bank] = await t.database.db
    .update(paymentCards)
    .set({
      kind: 'bank',
      brand: 'Chase Bank',
      last4: '6789',
      expMonth: null,
      expYear: null,
      cardType: null,
      accountType: 'CHECKING',
      mandateText: 'I authorize the studio to debit my account.',
      mandateVersion: 'test-1',
      mandateAt: new Date('2026-11-01T12:00:00Z'),
    })
    .where(eq(paymentCards.id, row!.id))
    .returning();
  return bank!;
}

type Method = typeof paymentCards.$inferSelect;
type Attempt = typeof paymentAttempts.$inferSelect;

/** A bank debit of the family's account made on `at`, and booked as a payment in the ledger. */
export async function bookedDebit(
  t: TestApp,
  m: Method,
  a: { amount: number; at: Date; today: string; merchantId?: string },
): Promise<Attempt> {
  return t.database.db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        companyId: m.companyId,
        familyId: m.familyId,
        provider: m.provider,
        kind: 'sale',
        origin: 'checkout',
        amount: a.amount,
        cardId: m.id,
        instrumentId: m.instrumentId,
        method: 'bank',
        merchantId: a.merchantId ?? 'MUtest',
        state: 'succeeded',
        transferId: `TRdebit${Math.random().toString(36).slice(2)}`,
        createdByName: 'Test',
        createdAt: a.at,
      })
      .returning();
    const book = await lockBook(tx, m.companyId, m.familyId);
    const paymentId = await recordPayment(ctxOf(tx, m, a.today), book!, {
      method: 'card',
      total: a.amount,
      reference: 'Chase Bank •••• 6789',
      receivedOn: a.today,
      invoiceId: null,
      key: `card:${attempt!.id}`,
      reason: 'Bank payment',
    });
    const [booked] = await tx
      .update(paymentAttempts)
      .set({ ledgerTxId: paymentId })
      .where(eq(paymentAttempts.id, attempt!.id))
      .returning();
    return booked!;
  });
}

const ctxOf = (tx: Parameters<typeof lockBook>[0], m: Method, today: string) => ({
  tx,
  companyId: m.companyId,
  familyId: m.familyId,
  today,
  by: { system: 'Bank payment' },
});

/**
 * The debit returned with Nacha's `code` on `returnedOn`, as 067 books it in one transaction: its
 * payment reversed, the fee posted once, the return's row and its follow-up job. Answers the return's id.
 */
export async function returnedDebit(
  t: TestApp,
  attempt: Attempt,
  a: { code: string; returnedOn: string; fee?: number },
): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    const book = await lockBook(tx, attempt.companyId, attempt.familyId);
    const ctx = {
      tx,
      companyId: attempt.companyId,
      familyId: attempt.familyId,
      today: a.returnedOn,
      by: { system: 'Bank payment returned' },
    };
    const reversalTxId = await reversePayment(ctx, book!, attempt.ledgerTxId!, {
      kind: 'bounce',
      reason: `Bank payment returned (${a.code})`,
    });
    const fee = a.fee ?? RETURN_FEE;
    const feeTxId = await postCharge(ctx, book!, {
      category: 'returned_check',
      item: 'Returned payment fee',
      amount: fee,
      dueDate: a.returnedOn,
      lines: [{ label: 'A bank payment came back unpaid', amount: fee }],
      key: `bank-return-fee:${attempt.id}`,
      reason: `Bank payment returned (${a.code})`,
    });
    const [ret] = await tx
      .insert(paymentReturns)
      .values({
        companyId: attempt.companyId,
        familyId: attempt.familyId,
        attemptId: attempt.id,
        transferId: attempt.transferId ?? 'TRreturn',
        code: a.code,
        group: returnGroup(a.code),
        amount: attempt.amount,
        returnedOn: a.returnedOn,
        reversalTxId,
        feeTxId,
      })
      .returning();
    await enqueueJob(tx, paymentJobs.returnFollowUp, {
      key: ret!.id,
      companyId: attempt.companyId,
      // Due now by the test's clock (067 queues it for at once).
      runAt: t.clock.now(),
      payload: { returnId: ret!.id },
    });
    return ret!.id;
  });
}
