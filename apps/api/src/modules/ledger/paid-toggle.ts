import { type Actor, can, dueStandingOf, isDueItemPaid, ledgerMessages as text } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { billFamily, type DueItem, familyDueItems, postDueItem } from './billing';
import { type Book, readBook } from './book';
import { studioToday } from './ledger.service';
import { type LedgerCtx, lockBook } from './operations/context';
import { recordPayment } from './operations/record-payment';
import { reversePayment } from './operations/reverse-payment';
import { paymentDueItem } from './reports.queries';

/**
 * The plan payments list's paid toggle (001 §4 "A payment's isPayed flag toggles via a status
 * update"). The flag is never stored: it is what the ledger says of the payment's due item, so marking
 * a payment paid records a payment for what is open on it (cash, "Marked paid"), and marking it unpaid
 * reverses the payments the toggle recorded. Both run in one transaction with the family locked.
 */

export type PaidToggleDeps = { db: Db; actor: Actor; clock: Clock };

/** Where the toggle's payments are known by their keys: `paid-toggle:<due key>:<n>`. */
const togglePrefix = (dueKey: string) => `paid-toggle:${dueKey}:`;

export const paidToggleMessages = {
  nothingToReverse: 'Marked unpaid: nothing had been recorded as paid on it.',
} as const;

/** A due item is settled when it is a credit (or nothing), or billed with nothing left to pay. */
export function isSettled(book: Book, item: Pick<DueItem, 'dueKey' | 'val'>): boolean {
  const charges = book.charges.filter((c) => c.dueKey === item.dueKey);
  return isDueItemPaid(
    item.val,
    dueStandingOf(charges.map((c) => ({ total: c.total, removed: c.removed !== null, paid: c.paid }))),
  );
}

/** GET mystudio/account/payments/{id}/{status}: `id` a plan payment of any revision; 1 paid, 0 unpaid. */
export async function setPaid(
  deps: PaidToggleDeps,
  paymentId: string,
  status: number,
): Promise<{ msg: string }> {
  const { db, actor, clock } = deps;
  if (!can(actor, 'studio:manage')) throw forbidden();
  const companyId = actor.companyId;
  const target = await paymentDueItem(db, companyId, paymentId);
  if (!target) throw notFound(text.paymentNotFound);
  const today = await studioToday(db, companyId, clock);
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, companyId, target.family_id);
    if (!book) throw notFound(text.paymentNotFound);
    const ctx: LedgerCtx = { tx, companyId, familyId: target.family_id, today, by: { userId: actor.userId } };
    return status === 1 ? markPaid(ctx, book, target.due_key) : markUnpaid(ctx, book, target.due_key);
  });
}

async function markPaid(ctx: LedgerCtx, before: Book, dueKey: string): Promise<{ msg: string }> {
  const item = (await familyDueItems(ctx.tx, ctx.companyId, ctx.familyId)).find((i) => i.dueKey === dueKey);
  // A payment of an earlier revision whose item is no longer in the plan.
  if (!item) throw notFound(text.paymentNotFound);
  if (isSettled(before, item)) return { msg: text.paidToggledOn };

  // What is due by today first, as the billing day would post it; then this item, if it is due later.
  await billFamily(ctx);
  const book = await readBook(ctx.tx, ctx.companyId, ctx.familyId);
  await postDueItem(ctx, book, item);

  const open = book.charges.filter((c) => c.dueKey === dueKey && c.open > 0);
  const total = open.reduce((s, c) => s + c.open, 0);
  // The family's credit may have paid it as it was charged.
  if (total === 0) return { msg: text.paidToggledOn };
  const n = book.payments.filter((p) => p.key.startsWith(togglePrefix(dueKey))).length + 1;
  await recordPayment(ctx, book, {
    method: 'cash',
    total,
    reference: 'Marked paid',
    picked: open.map((c) => c.id),
    receivedOn: ctx.today,
    invoiceId: open[0]!.invoiceId,
    key: `${togglePrefix(dueKey)}${n}`,
    reason: 'Marked paid on the plan payments list',
  });
  return { msg: text.paidToggledOn };
}

async function markUnpaid(ctx: LedgerCtx, book: Book, dueKey: string): Promise<{ msg: string }> {
  const prefix = togglePrefix(dueKey);
  const toggles = book.payments.filter((p) => p.key.startsWith(prefix) && !p.returned);
  const charges = new Set(book.charges.filter((c) => c.dueKey === dueKey).map((c) => c.id));
  const paidBy = new Map<string, number>();
  for (const a of book.allocations) {
    if (charges.has(a.chargeId)) paidBy.set(a.paymentId, (paidBy.get(a.paymentId) ?? 0) + a.amount);
  }
  // Money of a card, a desk payment or credit goes back through a refund, never by the toggle.
  const byOthers = [...paidBy].some(([id, amount]) => amount > 0 && !toggles.some((p) => p.id === id));
  if (byOthers) throw unprocessable(text.paidByOtherMeans);
  if (toggles.length === 0) return { msg: paidToggleMessages.nothingToReverse };
  for (const p of toggles) {
    await reversePayment(ctx, book, p.id, {
      kind: 'reversal',
      reason: 'Marked unpaid on the plan payments list',
    });
  }
  return { msg: text.paidToggledOff };
}
