import {
  autopayTermsVersion,
  bpsText,
  centsText,
  isSurchargeable,
  SURCHARGE_TEXT,
  type SurchargeMethod,
  type SurchargeOffer,
  surchargeOf,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import { type Book, type LedgerCtx, postCharge, studioMoneySettings } from '../ledger';

/**
 * Fair card fees (issue 37 item 3, decision 069): the studio's surcharge on credit cards, computed by the
 * domain's rule (`surchargeOf`) from the method charged and the studio's setting; compared at checkout
 * with what the parent was shown; booked, when the sale succeeds, as the studio's own charge
 * (`card_surcharge`, revenue `revenue:card_surcharge`) on the same bill, paid by the same payment.
 */

/** A method on file as the surcharge reads it: a card (with its type) or a bank account. */
type MethodRow = { kind: string; cardType: string | null };

const methodOf = (row: MethodRow | null | undefined): SurchargeMethod | null =>
  row ? { kind: row.kind === 'bank' ? 'bank' : 'card', cardType: row.cardType } : null;

/** The studio's surcharge rate in basis points (0: off). */
export async function surchargeBps(db: Db, companyId: string): Promise<number> {
  return (await studioMoneySettings(db, companyId)).cardSurcharge.bps;
}

/** The surcharge on a payment of `amount` cents by a method on file, at the studio's rate now. */
export async function surchargeFor(
  db: Db,
  companyId: string,
  amount: number,
  method: MethodRow | null | undefined,
): Promise<number> {
  const m = methodOf(method);
  // Only a credit card is surcharged: the studio's setting is read only for one.
  if (!isSurchargeable(m)) return 0;
  return surchargeOf(amount, await surchargeBps(db, companyId), m);
}

/** What the checkout shows before the parent pays: the rate, and whether the card on file is credit. */
export async function surchargeOfferFor(
  db: Db,
  companyId: string,
  card: MethodRow | null,
): Promise<SurchargeOffer> {
  return {
    bps: await surchargeBps(db, companyId),
    onFileCredit: card?.kind === 'card' && card.cardType === 'CREDIT',
  };
}

/**
 * The checkout's surcharge for the method charged, compared with the one the screen showed (`shown`, in
 * cents; none: $0). When they differ the checkout is refused (409, nothing charged) with the new figure,
 * so the parent never pays a surcharge they were not shown.
 */
export async function checkoutSurcharge(
  tx: Db,
  companyId: string,
  amount: number,
  method: MethodRow,
  shown: number | undefined,
): Promise<number> {
  const bps = await surchargeBps(tx, companyId);
  const surcharge = surchargeOf(amount, bps, methodOf(method));
  if (surcharge === (shown ?? 0)) return surcharge;
  if (surcharge > 0)
    throw conflict(
      SURCHARGE_TEXT.changed(centsText(surcharge), centsText(amount + surcharge), bpsText(bps)),
      'surcharge_changed',
    );
  throw conflict(SURCHARGE_TEXT.dropped(centsText(amount)), 'surcharge_dropped');
}

/**
 * The surcharge of an automatic charge of `amount` cents by the family's method on file: only at the rate
 * the family's consent names (its version, `autopayTermsVersion`), never one it did not agree to.
 */
export async function autopaySurcharge(
  tx: Db,
  companyId: string,
  method: MethodRow,
  amount: number,
  consentVersion: string | null,
): Promise<number> {
  const bps = await surchargeBps(tx, companyId);
  if (consentVersion !== autopayTermsVersion(bps)) return 0;
  return surchargeFor(tx, companyId, amount, method);
}

/**
 * Books a succeeded sale's surcharge as the studio's charge on the sale's bill (key `surcharge:<attempt>`,
 * so once whoever settles the sale), explained by its rate and card: "2.9 % on Visa •••• 4242 (credit)".
 * Answers the charge's id, for the payment to pay it with the items; null when there is none.
 */
export async function postSurcharge(
  ctx: LedgerCtx,
  book: Book,
  attempt: { id: string; surcharge: number; amount: number; invoiceId: string | null },
  card: string,
): Promise<string | null> {
  if (attempt.surcharge <= 0) return null;
  const bps = await surchargeBps(ctx.tx, ctx.companyId);
  const base = attempt.amount - attempt.surcharge;
  // The rate now gives the same figure (the usual case): said; else (the rate changed since) the card only.
  const label =
    surchargeOf(base, bps, { kind: 'card', cardType: 'CREDIT' }) === attempt.surcharge
      ? SURCHARGE_TEXT.line(bpsText(bps), card)
      : `Card surcharge on ${card} (credit)`;
  const invoiceId = book.invoices.some((i) => i.id === attempt.invoiceId) ? attempt.invoiceId : null;
  return postCharge(ctx, book, {
    category: 'card_surcharge',
    item: 'Card surcharge',
    amount: attempt.surcharge,
    dueDate: ctx.today,
    lines: [{ label, amount: attempt.surcharge }],
    key: `surcharge:${attempt.id}`,
    reason: 'Card surcharge',
    invoiceId,
  });
}
