import {
  type Actor,
  type authorizeInput,
  bankMessages,
  type CardLimits,
  type CardPaymentAnswer,
  cardLabel,
  cardMessages,
  centsText,
  declineSentence,
  ledgerMessages,
  messages,
} from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentCards } from '../../db/schema/payments';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors';
import { ownFamily } from '../../kernel/family-scope';
import { findInvoice, lockBook, presentTransaction, readBook } from '../ledger';
import {
  type Attempt,
  attemptByRequest,
  createSaleAttempt,
  NO_RECORD,
  type PaymentsDeps,
  runSale,
  type Settled,
} from './attempts';
import { checkoutPlaces } from './card-limits';
import { liveMethod } from './cards.service';
import { merchantOrRefuse } from './merchant';
import { checkoutSurcharge } from './surcharge';
import { insertTypedCard, typedInstrument } from './typed-card';

/**
 * The parent's checkout (001 §7 `finix/customer/transaction/authorize/{transID}/payment`, decision 028):
 * the server works out what is paid (the picked open items, or the family's balance) under the family's
 * lock, compares it with what the checkout showed, writes the attempt, and only then calls the processor.
 * The card payment is in the ledger when the answer is SUCCEEDED; a decline changes nothing in the books.
 * The card is the card on file, or another typed at checkout for this sale (typed-card.ts); the
 * family's and the studio's card limits are taken before the processor is called (card-limits.ts).
 */

export type CheckoutDeps = PaymentsDeps & { actor: Actor; limits?: CardLimits };

type AuthorizeBody = z.output<typeof authorizeInput>;

export async function authorize(
  deps: CheckoutDeps,
  transID: string,
  body: AuthorizeBody,
): Promise<CardPaymentAnswer> {
  const { db, actor } = deps;
  const familyId = ownFamily(actor);
  const invoice = await findInvoice(db, actor.companyId, transID);
  if (!invoice || invoice.familyId !== familyId) throw notFound(ledgerMessages.transactionNotFound);
  // Only into the studio's own approved merchant (decision 049): without one, refused in plain words.
  await merchantOrRefuse(deps, actor.companyId);
  const requestKey = body.requestId ? `checkout:${body.requestId}` : null;
  // The same checkout again (a double click, a retry): its attempt, never a second charge, never counted.
  const earlier = requestKey ? await attemptByRequest(db, actor.companyId, requestKey) : null;
  if (earlier) return answer(deps, invoice.id, asSettled(earlier), true);
  // The method on file: a card, or a bank account debited at no fee (decision 067).
  const onFile = body.token === undefined ? await liveMethod(db, actor.companyId, familyId) : null;
  if (body.token === undefined && (!onFile || onFile.provider !== deps.provider.name))
    throw unprocessable(cardMessages.noCard, 'no_card');
  // A method that can no longer be charged (a hard decline, an account closed or a debit not authorized,
  // decision 066) is never charged again: the parent is asked for another.
  if (onFile?.unusableAt) throw unprocessable(cardMessages.methodUnusable, 'no_card');

  // Under the family's and the studio's limits before the processor hears of anything (issue 31 item 3).
  const typedToSave = body.token !== undefined && body.saveCard;
  const places = await checkoutPlaces(deps, actor.companyId, familyId, { addsCard: typedToSave });
  let written: { attempt: Attempt; replay: boolean };
  try {
    const typed = body.token !== undefined ? await typedInstrument(deps, familyId, body.token) : null;
    written = await db.transaction(async (tx) => {
      const book = await lockBook(tx, actor.companyId, familyId);
      if (!book) throw new AppError('not_found', messages.accountNotFound);
      const again = requestKey ? await attemptByRequest(tx, actor.companyId, requestKey) : null;
      if (again) return { attempt: again, replay: true };
      const amount = body.items.length > 0 ? pickedAmount(book, invoice.id, body.items) : book.balance;
      if (amount <= 0) throw unprocessable(ledgerMessages.noBalance);
      if (amount !== body.balance) throw conflict(ledgerMessages.balanceChanged(centsText(amount)));
      // A typed card pays this sale only; it is on file only once paid, and only when asked (item 2).
      const card = typed ? await insertTypedCard(tx, deps, familyId, typed) : onFile!;
      // A credit card's surcharge, as the parent was shown it, or refused (409) and nothing charged.
      const surcharge = await checkoutSurcharge(tx, actor.companyId, amount, card, body.surcharge);
      return createSaleAttempt(tx, deps.clock, {
        companyId: actor.companyId,
        familyId,
        origin: 'checkout',
        requestKey,
        invoiceId: invoice.id,
        picked: body.items,
        amount: amount + surcharge,
        surcharge,
        card: { id: card.id, instrumentId: card.instrumentId, provider: card.provider, kind: card.kind },
        cardUse: typed ? (body.saveCard ? 'save' : 'once') : 'on_file',
        by: { userId: actor.userId },
        requestLookedUp: true,
      });
    });
  } catch (error) {
    await places.release();
    throw error;
  }
  const { attempt, replay } = written;
  const settled: Settled = replay ? asSettled(attempt) : await runSale(deps, attempt);
  // Only a decline keeps its place under the limits of declines.
  if (replay || settled.state !== 'failed') await places.release();
  return answer(deps, invoice.id, settled, replay);
}

/** The checkout's answer from its attempt's outcome: paid, on its way, or refused in plain words. */
async function answer(
  deps: CheckoutDeps,
  invoiceId: string,
  settled: Settled,
  replay: boolean,
): Promise<CardPaymentAnswer> {
  const { attempt } = settled;
  if (settled.state === 'failed') {
    // A checkout sent again after the reconciler found no charge: nothing was charged, not a decline.
    if (settled.code === NO_RECORD) throw unprocessable(settled.message ?? cardMessages.processorDown);
    throw new AppError('payment_required', declineSentence(settled.code));
  }
  // The books as the sale's booking left them, under the family's lock; read again only when not booked now.
  const book =
    (settled.state === 'succeeded' ? settled.book : undefined) ??
    (await readBook(deps.db, attempt.companyId, attempt.familyId));
  const [card] = attempt.cardId
    ? await deps.db.select().from(paymentCards).where(eq(paymentCards.id, attempt.cardId))
    : [];
  return {
    msg:
      settled.state === 'succeeded'
        ? cardMessages.paid(centsText(attempt.amount))
        : attempt.method === 'bank' && settled.state === 'pending'
          ? bankMessages.pending(centsText(attempt.amount))
          : settled.state === 'pending' || replay
            ? cardMessages.pending
            : cardMessages.unknown,
    state: settled.state,
    amount: attempt.amount / 100,
    card: card ? cardLabel(card) : 'Card',
    saved: settled.state === 'succeeded' && attempt.cardUse === 'save',
    transaction: book.invoices.some((i) => i.id === invoiceId)
      ? presentTransaction(book, invoiceId, attempt.familyId)
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
