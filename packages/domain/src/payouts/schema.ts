import { z } from 'zod';

/**
 * The processor's payouts as the owner reads them (issue 34, decision 051). Amounts are integer cents:
 * a payout's gross is what it contains (sales less refunds and disputes), its fees the processor's, its
 * net what reached the bank.
 */

const cents = z.number().int();

export const payoutPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});

export const payoutSummary = z.object({
  id: z.string(),
  /** The day the money reached the bank (the bank statement's date). */
  paidOn: z.string(),
  /** "Card payout Dec 2, 2026": the line the owner matches to the bank statement. */
  description: z.string(),
  settlementId: z.string(),
  fundingTransferId: z.string().nullable(),
  gross: cents,
  fees: cents,
  net: cents,
  /** How many payments, refunds and disputes it contains. */
  count: z.number().int(),
});
export type PayoutSummary = z.infer<typeof payoutSummary>;

export const payoutList = z.object({
  payouts: z.array(payoutSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PayoutList = z.infer<typeof payoutList>;

export const payoutItem = z.object({
  transferId: z.string(),
  kind: z.enum(['sale', 'refund', 'dispute', 'other']),
  /** Signed: a payment positive, a refund or a dispute's debit negative. */
  amount: cents,
  fee: cents,
  familyId: z.string().nullable(),
  familyName: z.string().nullable(),
  /** The family ledger's transaction it was; null when none of the books matches it. */
  paymentId: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItem>;

export const payoutDetail = payoutSummary.extend({ items: z.array(payoutItem) });
export type PayoutDetail = z.infer<typeof payoutDetail>;

export const clearingPayment = z.object({
  paymentId: z.string(),
  familyId: z.string(),
  familyName: z.string(),
  date: z.string(),
  description: z.string(),
  /** A card payment positive, a refund to the card or a dispute's debit negative. */
  amount: cents,
});
export type ClearingPayment = z.infer<typeof clearingPayment>;

export const cardClearing = z.object({
  /** Card clearing's balance in the books: card money received and not paid out yet. */
  balance: cents,
  /** The card payments not yet paid out, newest first (one page of them), their number and sum. */
  unpaid: z.object({ count: z.number().int(), sum: cents, payments: z.array(clearingPayment) }),
  /** Paid out by the processor without a card payment of the books to match. */
  unmatched: z.object({ count: z.number().int(), sum: cents }),
  /** Whether the payments not paid out make up the balance (they always should). */
  explained: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CardClearing = z.infer<typeof cardClearing>;
