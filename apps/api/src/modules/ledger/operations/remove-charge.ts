import { ledgerMessages as text } from '@pirouette/domain';
import { ledgerAllocations } from '../../../db/schema/ledger';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import type { Book } from '../book';
import { ACCOUNTS, post } from '../post';
import { applyCredit, settleDueItem } from './apply-credit';
import type { LedgerCtx } from './context';
import { standingOf } from './standing';

/**
 * Removes a charge: a reversing entry. What was paid of it goes to the family's credit (and from there
 * to its other open charges). A credit (negative item) cannot be removed.
 */
export async function removeCharge(
  ctx: LedgerCtx,
  book: Book,
  chargeId: string,
  reason: string,
): Promise<string | null> {
  const c = book.charges.find((x) => x.id === chargeId);
  if (!c) throw notFound(text.itemNotFound);
  if (c.removed) throw conflict(text.alreadyRemoved);
  if (c.total < 0) throw unprocessable(text.creditItemKept);
  if (c.refunded > 0) throw unprocessable('Part of this item was refunded: it stays on the books.');
  // A drop's adjustment already gave back what it took off: a removal that leaves the due item below
  // zero would give it a second time (decision 027).
  if (c.dueKey && standingOf(book, c.dueKey) - c.total < 0) throw unprocessable(text.alreadyBroughtDown);
  // The payments whose money it held, each given back to credit.
  const byPayment = new Map<string, number>();
  for (const a of book.allocations) {
    if (a.chargeId === chargeId) byPayment.set(a.paymentId, (byPayment.get(a.paymentId) ?? 0) + a.amount);
  }
  const paid = c.paid;
  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: c.invoiceId,
    kind: 'reversal',
    effectiveDate: ctx.today,
    key: `remove:${chargeId}`,
    reversesId: chargeId,
    reason,
    by: ctx.by,
    entries: [
      { account: ACCOUNTS.chargeSide(c.category), amount: c.total },
      { account: ACCOUNTS.receivable, amount: -(c.total - paid) },
      { account: ACCOUNTS.credit, amount: -paid },
    ],
  });
  if (!id) return null;
  const released = [...byPayment].filter(([, amount]) => amount !== 0);
  if (released.length > 0) {
    await ctx.tx.insert(ledgerAllocations).values(
      released.map(([paymentId, amount]) => ({
        txId: id,
        companyId: ctx.companyId,
        familyId: ctx.familyId,
        chargeTxId: chargeId,
        paymentTxId: paymentId,
        amount: -amount,
      })),
    );
    for (const [paymentId, amount] of released) {
      const p = book.payments.find((x) => x.id === paymentId);
      if (p) p.applied -= amount;
      book.allocations.push({ chargeId, paymentId, amount: -amount, txId: id, seq: book.allocations.length });
    }
  }
  book.balance -= c.total - paid;
  book.credit += paid;
  c.removed = { id, on: ctx.today, reason };
  c.paid = 0;
  c.open = 0;
  // What it held may have been the part of its due item a drop had credited: its other charges then ask
  // for less than is open on them, and the money released pays them first.
  if (c.dueKey) await settleDueItem(ctx, book, c.dueKey);
  await applyCredit(ctx, book);
  return id;
}
