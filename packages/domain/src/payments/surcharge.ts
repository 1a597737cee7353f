import { z } from 'zod';
import { centsText } from '../money';

/**
 * Fair card fees (issue 37 item 3, decision 069): a studio may add a surcharge to a payment made by a
 * **credit** card, never by a debit or prepaid card, a card whose kind is not known, or a bank account.
 * On a payment of `amount` cents it is the studio's rate of it, rounded half up to the cent, and never
 * more than what the card costs the studio for that amount (its percentage plus its fixed fee); the rate
 * is at most 3 % (the card networks' cap). Off (0) unless the studio sets a rate.
 */

/** The card networks' cap on a surcharge: 3 %, in basis points. */
export const SURCHARGE_MAX_BPS = 300;

/**
 * What a card sale costs the studio: the processor's card pricing, a percentage of the sale plus a fixed
 * fee. The sandbox's fee profile (`engine-settlements.ts`): 2.9 % + 30¢. A live studio's is its
 * merchant's fee profile at the processor (Finix's `fee_profiles`: `basis_points`, `fixed_fee`).
 */
export const CARD_COST = { bps: 290, fixedCents: 30 } as const;
export type CardCost = { bps: number; fixedCents: number };

/**
 * The highest rate a studio may set: 3 %. What a payment is surcharged never passes what that card sale
 * costs the studio (`surchargeOf` caps each one), so a rate above the cost's percentage only binds on
 * payments past the point where the fixed fee no longer covers the difference.
 */
export const surchargeCeilingBps = () => SURCHARGE_MAX_BPS;

/** How a payment is made, as far as a surcharge is concerned. */
export type SurchargeMethod = {
  kind: 'card' | 'bank';
  /** The processor's word for a card: CREDIT, DEBIT, PREPAID, UNKNOWN (null: not read). */
  cardType: string | null;
};

/** Only a credit card is ever surcharged. */
export const isSurchargeable = (method: SurchargeMethod | null | undefined): boolean =>
  method?.kind === 'card' && method.cardType === 'CREDIT';

/** `amount × bps ÷ 10 000` in whole cents, a half cent rounded up (integers only: no float drift). */
export const rateOf = (amount: number, bps: number): number => Math.floor((amount * bps + 5_000) / 10_000);

/** What a card sale of `amount` cents costs the studio. */
export const cardCostOf = (amount: number, cost: CardCost = CARD_COST): number =>
  amount > 0 ? rateOf(amount, cost.bps) + cost.fixedCents : 0;

/**
 * The surcharge on a payment of `amount` cents by `method` at the studio's rate `bps`: 0 unless a rate is
 * set and the method is a credit card; else the rate of the amount, at most what the card costs. A rate
 * past the ceiling (never stored: the setting refuses it) counts as the ceiling.
 */
export function surchargeOf(
  amount: number,
  bps: number,
  method: SurchargeMethod | null | undefined,
  cost: CardCost = CARD_COST,
): number {
  if (!Number.isInteger(amount) || amount <= 0 || !(bps > 0) || !isSurchargeable(method)) return 0;
  const rate = Math.min(Math.floor(bps), SURCHARGE_MAX_BPS);
  return Math.min(rateOf(amount, rate), cardCostOf(amount, cost));
}

/** A rate in plain words: "3 %", "2.9 %", "2.75 %". */
export const bpsText = (bps: number): string => `${Number((bps / 100).toFixed(2))} %`;

/** The surcharge's sentences: the checkout's, the setting's, the receipt's line. */
export const SURCHARGE_TEXT = {
  /** The server's surcharge is not the one the checkout showed (a typed card is credit, the rate changed). */
  changed: (surcharge: string, total: string, rate: string) =>
    `A card surcharge of ${surcharge} (${rate}) applies to this credit card: ${total} in all. Nothing was charged.`,
  /** The checkout showed a surcharge the server does not take (a debit card, the surcharge turned off). */
  dropped: (total: string) =>
    `No card surcharge applies to this card: the total is ${total}. Nothing was charged.`,
  tooHigh: 'A card surcharge can be at most 3 %.',
  notWhole: 'Enter the surcharge as a percentage with at most two decimals, such as 2.5.',
  /** The charge's explanation: "3 % on Visa •••• 4242 (credit)". */
  line: (rate: string, card: string) => `${rate} on ${card} (credit)`,
  /** The auto-pay authorization's clause, when the studio sets a rate. */
  autopayClause: (rate: string) =>
    `A credit card is charged a card surcharge of ${rate} of each payment (at most what cards cost the studio); a debit card or a bank account is never surcharged.`,
} as const;

/**
 * The auto-pay authorization's words (`autopayTermsText`) with the surcharge's clause when the studio
 * sets a rate, so a family consents to it knowingly; unchanged when it takes none.
 */
export const withSurchargeClause = (terms: string, bps: number): string =>
  bps > 0 ? `${terms} ${SURCHARGE_TEXT.autopayClause(bpsText(bps))}` : terms;

/** The rules stated beside the setting, one a line. */
export const SURCHARGE_RULES = [
  'Credit cards only: never debit or prepaid cards, never bank debit. Bank debit is always free.',
  'At most 3 % of the payment, and at most what cards cost you.',
  'Parents see it before they pay, and it is itemised on the receipt and in your books as your income.',
  'Some states restrict or forbid card surcharges: check the rules of yours before you turn it on.',
] as const;

/** The studio's card surcharge setting: its rate in basis points (0: off, the default). */
export const cardSurchargeSetting = z
  .object({
    bps: z
      .number({ error: SURCHARGE_TEXT.notWhole })
      .int(SURCHARGE_TEXT.notWhole)
      .min(0, SURCHARGE_TEXT.notWhole)
      .superRefine((bps, ctx) => {
        if (bps > SURCHARGE_MAX_BPS) ctx.addIssue({ code: 'custom', message: SURCHARGE_TEXT.tooHigh });
      }),
  })
  .default({ bps: 0 });
export type CardSurchargeSetting = z.output<typeof cardSurchargeSetting>;

/** What the checkout shows of the surcharge: the studio's rate and whether the card on file is credit. */
export const surchargeOffer = z.object({
  /** The studio's rate in basis points; 0 when it takes none. */
  bps: z.number().int(),
  /** The card on file is a credit card (so it is surcharged when a rate is set). */
  onFileCredit: z.boolean(),
});
export type SurchargeOffer = z.infer<typeof surchargeOffer>;

/** The checkout's figures for a payment of `amount` cents: surcharge and total, in cents. */
export function checkoutFigures(amount: number, bps: number, credit: boolean) {
  const surcharge = surchargeOf(amount, bps, { kind: 'card', cardType: credit ? 'CREDIT' : null });
  return { surcharge, total: amount + surcharge, rate: bpsText(bps), text: centsText(surcharge) };
}
