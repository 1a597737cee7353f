import { allocate, type PaymentType, ledgerMessages as text } from '@pirouette/domain';
import { ledgerPayments } from '../../../db/schema/ledger';
import { unprocessable } from '../../../http/errors';
import { type Book, openCharges } from '../book';
import type { OnClosedMonth } from '../periods';
import { ACCOUNTS, bookPosterName, post } from '../post';
import { applyCredit } from './apply-credit';
import { writeAllocations } from './book-writes';
import type { LedgerCtx } from './context';

export type PaymentArgs = {
  method: Exclude<PaymentType, 'credit'>;
  total: number;
  reference: string;
  /** Charges to pay; the oldest open ones first when none. */
  picked?: string[];
  receivedOn: string;
  invoiceId: string | null;
  key: string;
  reason: string;
  /** A person's entry is refused in a closed month; the product's own is dated in the open one (decision 050). */
  onClosedMonth?: OnClosedMonth;
};

/**
 * Records money received: it pays the picked charges or the oldest open ones; what is left over
 * becomes the family's credit. Returns the payment's id, or null when its key was recorded already.
 */
export async function recordPayment(ctx: LedgerCtx, book: Book, p: PaymentArgs): Promise<string | null> {
  if (!Number.isInteger(p.total) || p.total <= 0) throw unprocessable(text.zeroPayment);
  const { allocations, rest } = allocate(openCharges(book), p.total, p.picked);
  const applied = p.total - rest;
  const id = await post(
    ctx.tx,
    {
      companyId: ctx.companyId,
      familyId: ctx.familyId,
      invoiceId: p.invoiceId,
      kind: 'payment',
      effectiveDate: ctx.today,
      key: p.key,
      reason: p.reason,
      by: ctx.by,
      onClosedMonth: p.onClosedMonth,
      entries: [
        { account: ACCOUNTS.method(p.method), amount: p.total },
        { account: ACCOUNTS.receivable, amount: -applied },
        { account: ACCOUNTS.credit, amount: -rest },
      ],
    },
    ctx.writes,
  );
  if (!id) return null;
  const row = {
    txId: id,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: p.invoiceId,
    method: p.method,
    reference: p.reference,
    total: p.total,
    receivedOn: p.receivedOn,
  };
  if (ctx.writes) ctx.writes.payments.push(row);
  else await ctx.tx.insert(ledgerPayments).values(row);
  book.payments.push({
    id,
    invoiceId: p.invoiceId,
    method: p.method,
    reference: p.reference,
    total: p.total,
    receivedOn: p.receivedOn,
    key: p.key,
    reason: p.reason,
    by: bookPosterName(ctx.by),
    seq: book.payments.length,
    returned: null,
    applied: 0,
    refunded: 0,
    ...(p.method === 'bank' ? { pending: true, cleared: false } : {}),
  });
  await writeAllocations(ctx, book, id, id, allocations);
  book.balance -= applied;
  book.credit += rest;
  // Money picked for some items and left over pays nothing else until the owner says: it stays credit.
  if (!p.picked || p.picked.length === 0) await applyCredit(ctx, book);
  return id;
}
