import {
  type Actor,
  type authorizeInput,
  type CardPaymentAnswer,
  cardLabel,
  cardMessages,
  centsText,
  declineSentence,
  ledgerMessages,
  messages,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ledgerInvoices } from '../../db/schema/ledger';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors';
import { ownFamily } from '../families/family-scope';
import { readBook } from '../ledger/book';
import { lockBook } from '../ledger/operations';
import { presentTransaction } from '../ledger/presenters';
import {
  type Attempt,
  attemptByRequest,
  createSaleAttempt,
  NO_RECORD,
  type PaymentsDeps,
  runSale,
  type Settled,
} from './attempts';
import { liveCard } from './cards.service';

/**
 * The parent's checkout (001 §7 `finix/customer/transaction/authorize/{transID}/payment`, decision 028):
 * the server works out what is paid (the picked open items, or the family's balance) under the family's
 * lock, compares it with what the checkout showed, writes the attempt, and only then calls the processor.
 * The card payment is in the ledger when the answer is SUCCEEDED; a decline changes nothing in the books.
 */

export type CheckoutDeps = PaymentsDeps & { actor: Actor };

export async function authorize(
  deps: CheckoutDeps,
  transID: string,
  body: z.output<typeof authorizeInput>,
): Promise<CardPaymentAnswer> {
  const { db, actor, clock } = deps;
  const familyId = ownFamily(actor);
  const [invoice] = await db
    .select({ id: ledgerInvoices.id, familyId: ledgerInvoices.familyId })
    .from(ledgerInvoices)
    .where(and(eq(ledgerInvoices.companyId, actor.companyId), eq(ledgerInvoices.id, transID)));
  if (!invoice || invoice.familyId !== familyId) throw notFound(ledgerMessages.transactionNotFound);
  const card = await liveCard(db, actor.companyId, familyId);
  if (!card || card.provider !== deps.provider.name) throw unprocessable(cardMessages.noCard);

  const requestKey = body.requestId ? `checkout:${body.requestId}` : null;
  const { attempt, replay } = await db.transaction(async (tx) => {
    const book = await lockBook(tx, actor.companyId, familyId);
    if (!book) throw new AppError('not_found', messages.accountNotFound);
    // The same checkout again (a double click, a retry): its attempt, never a second charge.
    const earlier = requestKey ? await attemptByRequest(tx, actor.companyId, requestKey) : null;
    if (earlier) return { attempt: earlier, replay: true };
    const amount = body.items.length > 0 ? pickedAmount(book, invoice.id, body.items) : book.balance;
    if (amount <= 0) throw unprocessable(ledgerMessages.noBalance);
    if (amount !== body.balance) throw conflict(ledgerMessages.balanceChanged(centsText(amount)));
    return createSaleAttempt(tx, clock, {
      companyId: actor.companyId,
      familyId,
      origin: 'checkout',
      requestKey,
      invoiceId: invoice.id,
      picked: body.items,
      amount,
      card: { id: card.id, instrumentId: card.instrumentId, provider: card.provider },
      by: { userId: actor.userId },
    });
  });

  const settled: Settled = replay ? asSettled(attempt) : await runSale(deps, attempt);
  if (settled.state === 'failed') {
    // A checkout sent again after the reconciler found no charge: nothing was charged, not a decline.
    if (settled.code === NO_RECORD) throw unprocessable(settled.message ?? cardMessages.processorDown);
    throw new AppError('payment_required', declineSentence(settled.code));
  }
  const book = await readBook(db, actor.companyId, familyId);
  const label = cardLabel(card);
  return {
    msg:
      settled.state === 'succeeded'
        ? cardMessages.paid(centsText(attempt.amount))
        : settled.state === 'pending' || replay
          ? cardMessages.pending
          : cardMessages.unknown,
    state: settled.state,
    amount: attempt.amount / 100,
    card: label,
    transaction: book.invoices.some((i) => i.id === invoice.id)
      ? presentTransaction(book, invoice.id, familyId)
      : null,
  };
}

/** What the picked items of the bill leave to pay; refused when one is not an open item of it. */
function pickedAmount(
  book: Awaited<ReturnType<typeof readBook>>,
  invoiceId: string,
  picked: string[],
): number {
  let amount = 0;
  for (const id of new Set(picked)) {
    const c = book.charges.find((x) => x.id === id && x.invoiceId === invoiceId);
    if (!c) throw unprocessable(ledgerMessages.notOnTransaction);
    amount += c.open;
  }
  return amount;
}

/** A replayed request is answered from its attempt as it stands; it never calls the processor again. */
function asSettled(attempt: Attempt): Settled {
  switch (attempt.state) {
    case 'succeeded':
      return { state: 'succeeded', attempt, paymentId: attempt.ledgerTxId! };
    case 'failed':
      return { state: 'failed', attempt, code: attempt.failureCode, message: attempt.failureMessage };
    case 'pending':
      return { state: 'pending', attempt };
    default:
      return { state: 'unknown', attempt };
  }
}
