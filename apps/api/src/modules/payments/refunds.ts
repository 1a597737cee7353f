import { type Actor, can, type FamilyMoney, messages, type refundInput } from '@pirouette/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { paymentAttempts, paymentDisputes } from '../../db/schema/payments';
import { AppError, conflict, forbidden, unprocessable } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import {
  checkRefund,
  familyMoney,
  findPosted,
  lockBook,
  posterName,
  type RefundUnderWay,
  readBook,
  refund,
  refundPayment,
  studioToday,
} from '../ledger';
import { type Attempt, moveForward, type PaymentsDeps } from './attempts';
import { paymentJobs } from './jobs';
import { ProviderError, type Transfer } from './provider';

/**
 * Refunds of card payments through the processor (issue 17 point 6, decision 028). The owner's refund of
 * a card payment back to the card is an attempt of kind `refund`, written before the processor is called
 * and limited, under the family's lock, to what the sale captured less its refunds already made or under
 * way; the ledger records it only when the processor confirms the reversal (at once, or later by the
 * reconciler). A disputed payment is not refunded. Any other refund (to credit, cash, check; of a desk
 * payment) is the ledger's own.
 */

export const refundMessages = {
  sent: 'Refund sent to the card: it shows on the books once the card processor confirms it.',
  done: 'Refund recorded: the money is on its way back to the card.',
  disputed: 'This payment is disputed: it cannot be refunded while the dispute is open.',
  refused: (why: string) => `The card processor refused the refund: ${why}`,
  notACardPayment: 'Only a card payment goes back to the card: choose cash, check or credit.',
} as const;

export type RefundDeps = PaymentsDeps & { actor: Actor };

/** POST transactions/refund/{coAcctMemID}: a card payment back to its card, or the ledger's refund. */
export async function refundByOwner(
  deps: RefundDeps,
  familyId: string,
  body: z.output<typeof refundInput>,
): Promise<FamilyMoney & { msg: string }> {
  const { db, actor } = deps;
  if (!can(actor, 'studio:manage')) throw forbidden();
  const sale = await saleOfPayment(db, actor.companyId, familyId, body.paymentID);
  if (body.to !== 'card' || !sale) {
    if (body.to === 'card' && !sale && (await isCardPayment(db, actor.companyId, familyId, body.paymentID)))
      throw unprocessable(refundMessages.notACardPayment);
    return refundPayment(deps, familyId, body, (tx, paymentId) =>
      refundsUnderWay(tx, actor.companyId, paymentId),
    );
  }
  const attempt = await writeRefund(deps, familyId, sale, body);
  const settled = attempt.state === 'created' ? await runRefund(deps, attempt, sale) : attempt;
  if (settled.state === 'failed') {
    throw unprocessable(refundMessages.refused(settled.failureMessage ?? 'no reason given.'));
  }
  return {
    ...(await familyMoney(deps, familyId)),
    msg: settled.state === 'succeeded' ? refundMessages.done : refundMessages.sent,
  };
}

/** The card sale that recorded a ledger payment (succeeded, with its transfer), if it was one. */
async function saleOfPayment(db: Db, companyId: string, familyId: string, paymentId: string) {
  const [sale] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.companyId, companyId),
        eq(paymentAttempts.familyId, familyId),
        eq(paymentAttempts.kind, 'sale'),
        eq(paymentAttempts.state, 'succeeded'),
        eq(paymentAttempts.ledgerTxId, paymentId),
      ),
    );
  return sale?.transferId ? sale : null;
}

/** A refund attempt the processor has not confirmed or refused: written, unknown, or pending. */
const UNDER_WAY = ['created', 'unknown', 'pending'] as const;

/**
 * The card refunds under way of a payment on the books (by the ledger's id of it), each with its item:
 * read under the family's lock by every refund of the payment (decision 037). None for a desk payment.
 */
export async function refundsUnderWay(
  db: Db,
  companyId: string,
  paymentId: string,
): Promise<RefundUnderWay[]> {
  const sale = alias(paymentAttempts, 'sale');
  return db
    .select({ chargeId: paymentAttempts.chargeId, total: paymentAttempts.amount })
    .from(paymentAttempts)
    .innerJoin(sale, eq(sale.id, paymentAttempts.parentId))
    .where(
      and(
        eq(sale.companyId, companyId),
        eq(sale.kind, 'sale'),
        eq(sale.ledgerTxId, paymentId),
        eq(paymentAttempts.kind, 'refund'),
        inArray(paymentAttempts.state, UNDER_WAY),
      ),
    );
}

async function isCardPayment(db: Db, companyId: string, familyId: string, paymentId: string) {
  const book = await readBook(db, companyId, familyId);
  return book.payments.some((p) => p.id === paymentId && p.method === 'card');
}

/** Writes the refund's attempt under the family's lock, within what is left to refund; or finds its request's. */
async function writeRefund(
  deps: RefundDeps,
  familyId: string,
  sale: Attempt,
  body: z.output<typeof refundInput>,
): Promise<Attempt> {
  const { db, actor, clock } = deps;
  const requestKey = body.requestId ? `refund:${body.requestId}` : null;
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, actor.companyId, familyId);
    if (!book) throw new AppError('not_found', messages.accountNotFound);
    if (requestKey) {
      const [earlier] = await tx
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.companyId, actor.companyId),
            eq(paymentAttempts.kind, 'refund'),
            eq(paymentAttempts.requestKey, requestKey),
          ),
        );
      if (earlier) return earlier;
    }
    const disputed = await tx
      .select({ id: paymentDisputes.id })
      .from(paymentDisputes)
      .where(and(eq(paymentDisputes.attemptId, sale.id), ne(paymentDisputes.state, 'WON')));
    if (disputed.length > 0) throw conflict(refundMessages.disputed);
    // The one limit of every refund of the payment, whatever its destination: what it paid, less its
    // refunds booked and its card refunds under way (decision 037).
    if (!sale.ledgerTxId) throw new Error(`payments: sale ${sale.id} has no payment on the books`);
    checkRefund(
      book,
      { paymentId: sale.ledgerTxId, chargeId: body.itemID ?? null, total: body.total, to: 'card' },
      await refundsUnderWay(tx, actor.companyId, sale.ledgerTxId),
    );
    const [row] = await tx
      .insert(paymentAttempts)
      .values({
        companyId: actor.companyId,
        familyId,
        provider: sale.provider,
        kind: 'refund',
        origin: 'refund',
        requestKey,
        invoiceId: sale.invoiceId,
        amount: body.total,
        cardId: sale.cardId,
        instrumentId: sale.instrumentId,
        // A refund comes out of the merchant its sale went to (decision 049).
        merchantId: sale.merchantId,
        parentId: sale.id,
        chargeId: body.itemID ?? null,
        note: body.reason,
        createdBy: actor.userId,
        createdByName: posterName({ userId: actor.userId }),
        createdAt: clock.now(),
      })
      .returning();
    await enqueueJob(tx, paymentJobs.reconcile, {
      key: row!.id,
      companyId: actor.companyId,
      runAt: new Date(clock.now().getTime() + 2 * 60_000),
      payload: { attemptId: row!.id },
    });
    return row!;
  });
}

/** Calls the processor for a written refund and books what it answers. */
async function runRefund(deps: PaymentsDeps, attempt: Attempt, sale: Attempt): Promise<Attempt> {
  let transfer: Transfer;
  try {
    transfer = await deps.provider.refund({
      transferId: sale.transferId!,
      amount: attempt.amount,
      idempotencyId: attempt.id,
      tags: { attempt: attempt.id, family: attempt.familyId, studio: attempt.companyId },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'unavailable' || error.kind === 'conflict')
      return moveForward(deps.db, attempt.id, { state: 'unknown' });
    return moveForward(deps.db, attempt.id, {
      state: 'failed',
      failureCode: error.code,
      failureMessage: error.message,
    });
  }
  return settleRefund(deps, attempt.id, transfer);
}

/**
 * Books a refund's reversal once the processor says SUCCEEDED: the ledger's refund of the card payment
 * (to the card), keyed by the attempt, in one transaction with the attempt's row and the family's books.
 */
export async function settleRefund(
  deps: PaymentsDeps,
  attemptId: string,
  transfer: Transfer,
): Promise<Attempt> {
  const { db, clock } = deps;
  const [first] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (!first) throw new Error(`payments: no attempt ${attemptId}`);
  const today = await studioToday(db, first.companyId, clock);
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId))
      .for('update');
    if (!attempt || attempt.state === 'succeeded' || attempt.state === 'failed') return attempt!;
    if (transfer.state === 'PENDING') {
      const [row] = await tx
        .update(paymentAttempts)
        .set({ state: 'pending', transferId: transfer.id, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, attempt.id))
        .returning();
      return row!;
    }
    if (transfer.state !== 'SUCCEEDED') {
      const [row] = await tx
        .update(paymentAttempts)
        .set({
          state: 'failed',
          transferId: transfer.id,
          failureCode: transfer.failureCode,
          failureMessage: transfer.failureMessage ?? 'The card processor did not complete the refund.',
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, attempt.id))
        .returning();
      return row!;
    }
    const [sale] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.parentId!));
    const key = `card-refund:${attempt.id}`;
    let refundId = await findPosted(tx, attempt.companyId, key);
    if (!refundId) {
      const book = await lockBook(tx, attempt.companyId, attempt.familyId);
      if (!book || !sale?.ledgerTxId)
        throw new Error(`payments: refund ${attempt.id} has no payment to refund`);
      refundId = await refund(
        {
          tx,
          companyId: attempt.companyId,
          familyId: attempt.familyId,
          today,
          by: attempt.createdBy ? { userId: attempt.createdBy } : { system: attempt.createdByName },
        },
        book,
        {
          paymentId: sale.ledgerTxId,
          chargeId: attempt.chargeId,
          total: attempt.amount,
          to: 'card',
          reason: attempt.note || 'Refund to the card',
          key,
          // The processor sent it back: booked, never refused (the limit was checked when it was written).
          against: 'confirmed',
        },
      );
    }
    const [row] = await tx
      .update(paymentAttempts)
      .set({ state: 'succeeded', transferId: transfer.id, ledgerTxId: refundId, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attempt.id))
      .returning();
    return row!;
  });
}
