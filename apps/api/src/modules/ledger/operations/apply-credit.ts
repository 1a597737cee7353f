import { randomUUID } from 'node:crypto';
import { allocate } from '@pirouette/domain';
import { ledgerPayments } from '../../../db/schema/ledger';
import { type Book, openCharges } from '../book';
import { ACCOUNTS, bookPosterName, post } from '../post';
import { writeAllocations } from './book-writes';
import type { LedgerCtx } from './context';
import { dueCharges, standingOf } from './standing';

/**
 * Uses the family's credit for its open charges (the picked ones, or the oldest first), at most `max`.
 * Shown as a payment of type CREDIT. Returns the amount used.
 */
export async function applyCredit(
  ctx: LedgerCtx,
  book: Book,
  opts: { picked?: string[]; max?: number; key?: string } = {},
): Promise<number> {
  const usable = Math.min(book.credit, opts.max ?? book.credit);
  if (usable <= 0) return 0;
  const { allocations, rest } = allocate(openCharges(book), usable, opts.picked);
  const used = usable - rest;
  if (used === 0) return 0;
  const invoiceId = book.charges.find((c) => c.id === allocations[0]!.chargeId)!.invoiceId;
  // Inside an operation with its own key, so unique by construction.
  const key = opts.key ?? `credit:${randomUUID()}`;
  const id = await post(
    ctx.tx,
    {
      companyId: ctx.companyId,
      familyId: ctx.familyId,
      invoiceId,
      kind: 'credit_applied',
      effectiveDate: ctx.today,
      key,
      reason: 'Credit applied',
      by: ctx.by,
      entries: [
        { account: ACCOUNTS.credit, amount: used },
        { account: ACCOUNTS.receivable, amount: -used },
      ],
    },
    ctx.writes,
  );
  if (!id) return 0;
  const row = {
    txId: id,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId,
    method: 'credit' as const,
    reference: '',
    total: used,
    receivedOn: ctx.today,
  };
  if (ctx.writes) ctx.writes.payments.push(row);
  else await ctx.tx.insert(ledgerPayments).values(row);
  book.payments.push({
    id,
    invoiceId,
    method: 'credit',
    reference: '',
    total: used,
    receivedOn: ctx.today,
    key,
    reason: 'Credit applied',
    by: bookPosterName(ctx.by),
    seq: book.payments.length,
    returned: null,
    applied: 0,
    refunded: 0,
  });
  await writeAllocations(ctx, book, id, id, allocations);
  book.credit -= used;
  book.balance -= used;
  return used;
}

/**
 * Pays from the family's credit what is open on a due item's charges beyond what the item asks
 * (standingOf), at most `max`: money a drop gave back to the item goes to the item first.
 */
export async function settleDueItem(ctx: LedgerCtx, book: Book, dueKey: string, max = book.credit) {
  const charges = dueCharges(book, dueKey);
  const excess = charges.reduce((s, c) => s + c.open, 0) - Math.max(0, standingOf(book, dueKey));
  const use = Math.min(excess, max);
  if (use <= 0) return;
  await applyCredit(ctx, book, { picked: charges.filter((c) => c.open > 0).map((c) => c.id), max: use });
}
