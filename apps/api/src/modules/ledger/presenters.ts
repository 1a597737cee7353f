import {
  type CreditEntryShape,
  formatDateOnly,
  type LedgerItem,
  type LedgerPayment,
  type LedgerTransaction,
  centsToDollars as usd,
} from '@pirouette/domain';
import type { Book, BookCharge, BookPayment } from './book';

/**
 * The books as the spec's shapes (001 §3): a bill as a "transaction" with its items and payments, the
 * credit by where it came from. Dollars at this edge; every figure is a sum of the book's rows.
 */

const itemStatus = (c: BookCharge): LedgerItem['status'] =>
  c.removed ? 'removed' : c.total < 0 ? 'credit' : c.open === 0 ? 'paid' : c.paid > 0 ? 'partial' : 'open';

export function presentItem(c: BookCharge): LedgerItem {
  return {
    id: c.id,
    typeID: c.typeId,
    itemID: c.dueKey ?? c.id,
    item: c.item,
    category: c.category,
    amount: usd(c.amount),
    quantity: c.quantity,
    total: usd(c.total),
    dueDate: c.dueDate,
    postedOn: c.postedOn,
    reason: c.reason,
    lines: c.lines.map((l) => ({ label: l.label, amount: usd(l.amount) })),
    paid: usd(c.paid),
    open: usd(c.open),
    status: itemStatus(c),
    removed: c.removed ? { on: c.removed.on, reason: c.removed.reason } : null,
    refund_total: usd(c.refunded),
    available_refund_total: usd(c.removed ? 0 : Math.max(0, c.paid - c.refunded)),
  };
}

/** Refunds of a payment's money held as credit (not of an item). */
const creditRefunded = (book: Book, p: BookPayment) =>
  book.refunds.filter((f) => f.paymentId === p.id && !f.chargeId).reduce((s, f) => s + f.total, 0);

/** What of a payment is held as credit: received, not applied to charges, not given back. */
export const heldAsCredit = (book: Book, p: BookPayment) =>
  p.method === 'credit' || p.returned ? 0 : Math.max(0, p.total - p.applied - creditRefunded(book, p));

/** Nothing of a bank debit in transit can be refunded: the processor reverses only what it settled. */
export const refundAvailable = (p: BookPayment) =>
  p.method === 'credit' || p.returned || p.pending ? 0 : Math.max(0, p.total - p.refunded);

export function presentPayment(book: Book, p: BookPayment): LedgerPayment {
  const perCharge = new Map<string, number>();
  for (const a of book.allocations) {
    if (a.paymentId === p.id) perCharge.set(a.chargeId, (perCharge.get(a.chargeId) ?? 0) + a.amount);
  }
  const item = new Map(book.charges.map((c) => [c.id, c.item]));
  return {
    id: p.id,
    payProcID: p.method,
    payProc_TransferID: p.reference,
    type: p.method.toUpperCase() as LedgerPayment['type'],
    total: usd(p.total),
    applied: usd(p.applied),
    refund_total: usd(p.refunded),
    refund_available: usd(refundAvailable(p)),
    status: p.returned ? (p.returned.disputed ? 'disputed' : 'returned') : p.pending ? 'pending' : 'received',
    receivedOn: p.receivedOn,
    by: p.by,
    allocations: [...perCharge]
      .filter(([, amount]) => amount > 0)
      .map(([chargeId, amount]) => ({
        itemID: chargeId,
        item: item.get(chargeId) ?? '',
        amount: usd(amount),
      })),
  };
}

/** A bill: its items, its payments and its figures. Open (0) while something on it is left to pay. */
export function presentTransaction(book: Book, invoiceId: string, familyId: string): LedgerTransaction {
  const invoice = book.invoices.find((i) => i.id === invoiceId)!;
  const charges = book.charges.filter((c) => c.invoiceId === invoiceId);
  const payments = book.payments.filter((p) => p.invoiceId === invoiceId);
  const live = charges.filter((c) => !c.removed);
  const balance = live.reduce((s, c) => s + c.open, 0);
  const received = payments.filter((p) => !p.returned);
  const refunds = book.refunds.filter((f) => payments.some((p) => p.id === f.paymentId));
  const overpayment = received.reduce((s, p) => s + heldAsCredit(book, p), 0);
  const refundedToCredit = refunds.filter((f) => f.to === 'credit').reduce((s, f) => s + f.total, 0);
  return {
    id: invoice.id,
    coAcctMemID: familyId,
    number: invoice.number,
    openedOn: invoice.openedOn,
    total: usd(live.reduce((s, c) => s + c.total, 0)),
    status: balance > 0 || charges.length === 0 ? 0 : 1,
    balance: usd(balance),
    paymentTotal: usd(received.reduce((s, p) => s + p.total, 0)),
    credit_total: usd(overpayment + refundedToCredit),
    credit_overpayment: usd(overpayment),
    credit_refund: usd(refundedToCredit),
    refund_total: usd(refunds.reduce((s, f) => s + f.total, 0)),
    refund_available: usd(received.reduce((s, p) => s + refundAvailable(p), 0)),
    items: charges.map(presentItem),
    payments: payments.map((p) => presentPayment(book, p)),
  };
}

/** The bill the family is on now: the open one, else the latest; null before anything was charged. */
export function currentInvoiceId(book: Book): string | null {
  const open = [...book.invoices]
    .reverse()
    .find((i) => book.charges.some((c) => c.invoiceId === i.id && c.open > 0));
  return open?.id ?? book.invoices.at(-1)?.id ?? null;
}

/**
 * The family's credit by where it came from, each with what is left of it: the credit used is taken
 * from the oldest first. The remainders add up to the family's credit.
 */
export function creditSources(book: Book): CreditEntryShape[] {
  const sources: {
    id: string;
    amount: number;
    source: CreditEntryShape['source'];
    description: string;
    on: string;
    seq: number;
  }[] = [];
  for (const p of book.payments) {
    const held = heldAsCredit(book, p);
    if (held > 0) {
      const released = book.allocations.some((a) => a.paymentId === p.id && a.amount < 0);
      sources.push({
        id: p.id,
        amount: held,
        source: released ? 'removed' : 'overpayment',
        description: released
          ? `Paid for an item since removed (${p.method} payment of ${formatDateOnly(p.receivedOn)})`
          : `Overpayment (${p.method} payment of ${formatDateOnly(p.receivedOn)})`,
        on: p.receivedOn,
        seq: p.seq,
      });
    }
  }
  for (const f of book.refunds) {
    if (f.to === 'credit') {
      sources.push({
        id: f.id,
        amount: f.total,
        source: 'refund',
        description: 'Refund as credit',
        on: f.on,
        seq: 1e6,
      });
    }
  }
  for (const c of book.charges) {
    if (c.total < 0) {
      sources.push({
        id: c.id,
        amount: -c.total,
        source: 'adjustment',
        description: c.item,
        on: c.postedOn,
        seq: c.seq,
      });
    }
  }
  sources.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : a.seq - b.seq));
  let used = book.payments.filter((p) => p.method === 'credit').reduce((s, p) => s + p.applied, 0);
  const total = sources.reduce((s, x) => s + x.amount, 0);
  // What the sources say and the books say must agree; when they do not (a returned check took back
  // credit already used), the books win and the oldest sources absorb the difference.
  used += Math.max(0, total - used - book.credit);
  return sources.map((x) => {
    const take = Math.min(used, x.amount);
    used -= take;
    return {
      creditID: x.id,
      amount: usd(x.amount),
      remaining: usd(x.amount - take),
      source: x.source,
      description: x.description,
      createdOn: x.on,
    };
  });
}
