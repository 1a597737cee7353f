import { ledgerRefunds } from '../../../db/schema/ledger';
import type { Book } from '../book';
import { ACCOUNTS, post } from '../post';
import { checkRefund, type RefundAsk, type RefundUnderWay, unallocatedRefunded } from '../refundable';
import { applyCredit } from './apply-credit';
import type { LedgerCtx } from './context';

export type RefundArgs = RefundAsk & {
  reason: string;
  key: string;
  /**
   * The payment's card refunds under way, counted against what is left of it (checkRefund); or
   * 'confirmed': the processor has sent this card refund back already, so it is booked whatever the
   * books now hold (the limit, checked when it was written, keeps a double out; decision 037).
   */
  against: readonly RefundUnderWay[] | 'confirmed';
};

/**
 * Gives money back from a payment, within checkRefund's limit (refundable.ts). For an item it paid (a
 * settled one): the charge stays paid (the refund is against revenue), the money goes out or to credit.
 * Without an item: the payment's money held as credit goes back out.
 */
export async function refund(ctx: LedgerCtx, book: Book, r: RefundArgs): Promise<string | null> {
  const p = r.against === 'confirmed' ? confirmedPayment(book, r) : checkRefund(book, r, r.against);
  const out = { account: r.to === 'credit' ? ACCOUNTS.credit : ACCOUNTS.method(r.to), amount: -r.total };
  // Without an item, the money leaves the family's credit; what a confirmed card refund takes beyond
  // the credit held (the books gave some of it back another way before the fix of decision 037) is
  // given against revenue, so the credit never goes below zero.
  const fromCredit = r.chargeId
    ? 0
    : Math.max(0, Math.min(r.total, book.credit, p.total - p.applied - unallocatedRefunded(book, p.id)));
  const entries = [
    { account: ACCOUNTS.refunds, amount: r.total - fromCredit },
    { account: ACCOUNTS.credit, amount: fromCredit },
    out,
  ].filter((e) => e.amount !== 0);
  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: p.invoiceId,
    kind: 'refund',
    effectiveDate: ctx.today,
    key: r.key,
    reason: r.reason,
    by: ctx.by,
    entries,
  });
  if (!id) return null;
  await ctx.tx.insert(ledgerRefunds).values({
    txId: id,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    paymentTxId: p.id,
    chargeTxId: r.chargeId,
    destination: r.to,
    total: r.total,
  });
  book.refunds.push({ id, paymentId: p.id, chargeId: r.chargeId, total: r.total, to: r.to, on: ctx.today });
  p.refunded += r.total;
  book.credit -= fromCredit;
  if (r.chargeId) {
    const c = book.charges.find((x) => x.id === r.chargeId);
    if (c) c.refunded += r.total;
    if (r.to === 'credit') {
      book.credit += r.total;
      await applyCredit(ctx, book);
    }
  }
  return id;
}

/** The payment a confirmed card refund comes from: there is one, or the books are broken. */
export function confirmedPayment(book: Book, r: RefundArgs) {
  const p = book.payments.find((x) => x.id === r.paymentId && x.method !== 'credit');
  if (!p) throw new Error(`ledger: a confirmed refund of ${r.paymentId}, which is no payment of the family`);
  return p;
}
