import { ledgerMessages as text } from '@pirouette/domain';
import { ledgerAllocations } from '../../../db/schema/ledger';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import type { Book, BookCharge, BookPayment } from '../book';
import { ACCOUNTS, post } from '../post';
import { settleDueItem } from './apply-credit';
import type { LedgerCtx } from './context';
import { dueCharges, standingOf } from './standing';

/**
 * Takes a payment back (a check returned unpaid, or a payment marked paid by mistake): the charges it
 * paid are open again; the part of it held as credit leaves the credit, and where that credit was
 * already used, those uses are undone too (newest first), so the credit never goes below zero.
 *
 * A due item is never left open beyond what it asks (standingOf): when the payment paid part of a class
 * whose drop then credited the rest, the drop's credit pays the class again, from the family's credit
 * if it still holds it, or else moved from where it was used since (decision 027). No late fee falls on
 * a dropped class because a check bounced.
 */
export async function reversePayment(
  ctx: LedgerCtx,
  book: Book,
  paymentId: string,
  opts: { kind: 'bounce' | 'reversal' | 'dispute'; reason: string },
): Promise<string | null> {
  const p = book.payments.find((x) => x.id === paymentId && x.method !== 'credit');
  if (!p) throw notFound(text.paymentNotFound);
  if (p.returned) throw conflict(text.alreadyReturned);
  if (p.refunded > 0)
    throw unprocessable('This payment was partly refunded: it can no longer be taken back.');
  // What it paid, per charge (net).
  const perCharge = new Map<string, number>();
  for (const a of book.allocations) {
    if (a.paymentId === p.id) perCharge.set(a.chargeId, (perCharge.get(a.chargeId) ?? 0) + a.amount);
  }
  const paidCharges = [...perCharge].filter(([, v]) => v > 0);
  const applied = paidCharges.reduce((s, [, v]) => s + v, 0);
  const unallocated = p.total - applied;
  const fromCredit = Math.min(unallocated, book.credit);

  // The allocations this reversal writes, worked out on a copy of what is open.
  const open = new Map(book.charges.map((c) => [c.id, c.open]));
  const rows = paidCharges.map(([chargeId, amount]) => ({ chargeId, paymentId: p.id, amount: -amount }));
  for (const r of rows) open.set(r.chargeId, open.get(r.chargeId)! - r.amount);
  const chargeOf = (id: string) => book.charges.find((c) => c.id === id)!;
  const dueOpen = (key: string) => dueCharges(book, key).reduce((s, c) => s + open.get(c.id)!, 0);
  const room = (c: BookCharge) =>
    c.dueKey ? Math.max(0, standingOf(book, c.dueKey)) - dueOpen(c.dueKey) : Number.POSITIVE_INFINITY;
  const uses = creditUses(book);
  /** Undoes uses of credit (newest first, none opening a due item beyond what it asks), up to `amount`. */
  const takeBack = (amount: number, exceptDueKey?: string) => {
    const taken: { chargeId: string; paymentId: string; amount: number }[] = [];
    for (const u of uses) {
      if (amount === 0) break;
      const c = chargeOf(u.chargeId);
      if (exceptDueKey && c.dueKey === exceptDueKey) continue;
      const take = Math.min(amount, u.amount, room(c));
      if (take <= 0) continue;
      u.amount -= take;
      amount -= take;
      open.set(c.id, open.get(c.id)! + take);
      taken.push({ chargeId: u.chargeId, paymentId: u.paymentId, amount: take });
    }
    return { taken, left: amount };
  };

  // Its money held as credit and already used: those uses undone.
  const undo = takeBack(unallocated - fromCredit);
  if (undo.left > 0) throw new Error(`ledger: ${undo.left} cents of credit cannot be found to take back`);
  const undone = unallocated - fromCredit;
  rows.push(...undo.taken.map((u) => ({ ...u, amount: -u.amount })));

  // Due items now open beyond what they ask: paid from the credit held, or with credit moved to them.
  let free = book.credit - fromCredit;
  const fromFree: { dueKey: string; amount: number }[] = [];
  const dueKeys = new Set(paidCharges.map(([id]) => chargeOf(id).dueKey).filter((k) => k !== null));
  for (const key of dueKeys) {
    let excess = dueOpen(key) - Math.max(0, standingOf(book, key));
    const own = Math.min(Math.max(0, excess), free);
    if (own > 0) fromFree.push({ dueKey: key, amount: own });
    free -= own;
    excess -= own;
    if (excess <= 0) continue;
    for (const m of takeBack(excess, key).taken) {
      rows.push({ ...m, amount: -m.amount });
      let left = m.amount;
      for (const c of dueCharges(book, key)) {
        const x = Math.min(left, open.get(c.id)!);
        if (x <= 0) continue;
        rows.push({ chargeId: c.id, paymentId: m.paymentId, amount: x });
        open.set(c.id, open.get(c.id)! - x);
        left -= x;
      }
    }
  }

  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: p.invoiceId,
    kind: opts.kind,
    effectiveDate: ctx.today,
    key: `return:${p.id}`,
    reversesId: p.id,
    reason: opts.reason,
    by: ctx.by,
    entries: [
      { account: moneyAccountOf(p), amount: -p.total },
      { account: ACCOUNTS.receivable, amount: applied + undone },
      { account: ACCOUNTS.credit, amount: fromCredit },
    ],
  });
  if (!id) return null;
  const written = rows.filter((a) => a.amount !== 0);
  if (written.length > 0) {
    await ctx.tx.insert(ledgerAllocations).values(
      written.map((a) => ({
        txId: id,
        companyId: ctx.companyId,
        familyId: ctx.familyId,
        chargeTxId: a.chargeId,
        paymentTxId: a.paymentId,
        amount: a.amount,
      })),
    );
    for (const a of written) {
      const c = chargeOf(a.chargeId);
      c.paid += a.amount;
      c.open = c.removed || c.total < 0 ? 0 : c.total - c.paid;
      const src = book.payments.find((x) => x.id === a.paymentId);
      if (src) src.applied += a.amount;
      book.allocations.push({ ...a, txId: id, seq: book.allocations.length });
    }
  }
  book.balance += applied + undone;
  book.credit -= fromCredit;
  p.returned = { id, on: ctx.today, reason: opts.reason, disputed: opts.kind === 'dispute' };
  if (p.method === 'bank') p.pending = false;
  for (const f of fromFree) await settleDueItem(ctx, book, f.dueKey, f.amount);
  return id;
}

/**
 * Where a payment's money sits, to be taken back from: a bank debit's in transit until it cleared, then in
 * the processor's clearing (decision 067); every other method's in its own account.
 */
function moneyAccountOf(p: BookPayment): string {
  if (p.method === 'bank') return p.cleared ? ACCOUNTS.method('card') : ACCOUNTS.bankDebits;
  return ACCOUNTS.method(p.method as 'cash');
}

/** The family's uses of credit, net per credit payment and charge, the newest first. */
export function creditUses(book: Book) {
  const uses = new Map<string, { chargeId: string; paymentId: string; amount: number; seq: number }>();
  const credits = new Set(book.payments.filter((x) => x.method === 'credit').map((x) => x.id));
  for (const a of book.allocations) {
    if (!credits.has(a.paymentId)) continue;
    const k = `${a.paymentId}:${a.chargeId}`;
    const u = uses.get(k) ?? { chargeId: a.chargeId, paymentId: a.paymentId, amount: 0, seq: a.seq };
    u.amount += a.amount;
    u.seq = Math.max(u.seq, a.seq);
    uses.set(k, u);
  }
  return [...uses.values()].filter((u) => u.amount > 0).sort((a, b) => b.seq - a.seq);
}
