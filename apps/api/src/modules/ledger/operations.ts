import { randomUUID } from 'node:crypto';
import {
  allocate,
  type ChargeCategory,
  oldestFirst,
  type PaymentType,
  ledgerMessages as text,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MoneyLine } from '../../db/schema/enrolment';
import { familyAccounts } from '../../db/schema/families';
import {
  ledgerAllocations,
  ledgerCharges,
  ledgerInvoices,
  ledgerPayments,
  ledgerRefunds,
} from '../../db/schema/ledger';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { type Book, type BookCharge, openCharges, openInvoice, readBook } from './book';
import { ACCOUNTS, findPosted, type Poster, post } from './post';
import { checkRefund, type RefundAsk, type RefundUnderWay, unallocatedRefunded } from './refundable';

/**
 * What moves a family's money (decision 027), each inside the caller's transaction after `lockBook`:
 * charges, payments, credit applied, items removed, refunds, payments reversed. Each posts balanced
 * entries under an idempotency key, so the same request or job run twice posts once.
 */

/**
 * What a due item's charges still ask of the family: their totals, removed ones left out. A removal
 * never takes it below zero, nor billing's credit after a removal (a negative adjustment's own item is
 * below zero by right), and its charges are never open beyond it (reversePayment). Decision 027.
 */
export const standingOf = (book: Book, dueKey: string) =>
  book.charges.filter((c) => c.dueKey === dueKey && !c.removed).reduce((s, c) => s + c.total, 0);

export type LedgerCtx = {
  tx: Db;
  companyId: string;
  familyId: string;
  /** The studio's today: the day things are posted on. */
  today: string;
  by: Poster;
};

/**
 * Locks the family's row (every ledger write of a family holds it, so no two interleave) and reads its
 * books. Null when the studio has no such family.
 */
export async function lockBook(tx: Db, companyId: string, familyId: string): Promise<Book | null> {
  if (!(await lockFamilyRow(tx, companyId, familyId))) return null;
  return readBook(tx, companyId, familyId);
}

/** Locks the family's row (FOR UPDATE): false when the studio has no such family. */
export async function lockFamilyRow(tx: Db, companyId: string, familyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: familyAccounts.id })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)))
    .for('update');
  return row !== undefined;
}

async function invoiceFor(ctx: LedgerCtx, book: Book): Promise<string> {
  const open = openInvoice(book);
  if (open) return open.id;
  const number = (book.invoices.at(-1)?.number ?? 0) + 1;
  const [row] = await ctx.tx
    .insert(ledgerInvoices)
    .values({ companyId: ctx.companyId, familyId: ctx.familyId, number, openedOn: ctx.today })
    .returning({ id: ledgerInvoices.id, number: ledgerInvoices.number, openedOn: ledgerInvoices.openedOn });
  book.invoices.push(row!);
  return row!.id;
}

export type ChargeArgs = {
  category: ChargeCategory;
  typeId?: string;
  item: string;
  amount: number;
  quantity?: number;
  dueDate: string;
  dueKey?: string | null;
  familyTermId?: string | null;
  revision?: number | null;
  lines: MoneyLine[];
  key: string;
  reason: string;
};

/**
 * Posts a charge on the family's open bill (a new bill when the last is settled). A negative total is a
 * credit: it goes to the family's credit. Any credit the family holds then pays open charges. Returns the
 * charge's id, or null when its key was posted already.
 */
export async function postCharge(ctx: LedgerCtx, book: Book, c: ChargeArgs): Promise<string | null> {
  const quantity = c.quantity ?? 1;
  const total = c.amount * quantity;
  if (total === 0) return null;
  // Posted already (a request or a billing day run again): nothing, not even a new bill.
  if (await findPosted(ctx.tx, ctx.companyId, c.key)) return null;
  const invoiceId = await invoiceFor(ctx, book);
  const revenue = ACCOUNTS.revenue(c.category);
  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId,
    kind: 'charge',
    effectiveDate: ctx.today,
    key: c.key,
    reason: c.reason,
    by: ctx.by,
    entries:
      total > 0
        ? [
            { account: ACCOUNTS.receivable, amount: total },
            { account: revenue, amount: -total },
          ]
        : [
            { account: revenue, amount: -total },
            { account: ACCOUNTS.credit, amount: total },
          ],
  });
  if (!id) return null;
  await ctx.tx.insert(ledgerCharges).values({
    txId: id,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId,
    category: c.category,
    typeId: c.typeId ?? c.category,
    item: c.item,
    amount: c.amount,
    quantity,
    total,
    dueDate: c.dueDate,
    dueKey: c.dueKey ?? null,
    familyTermId: c.familyTermId ?? null,
    revision: c.revision ?? null,
    lines: c.lines,
  });
  book.charges.push({
    id,
    invoiceId,
    category: c.category,
    typeId: c.typeId ?? c.category,
    item: c.item,
    amount: c.amount,
    quantity,
    total,
    dueDate: c.dueDate,
    dueKey: c.dueKey ?? null,
    familyTermId: c.familyTermId ?? null,
    revision: c.revision ?? null,
    lines: c.lines,
    postedOn: ctx.today,
    reason: c.reason,
    by: '',
    seq: book.charges.length,
    removed: null,
    paid: 0,
    open: total > 0 ? total : 0,
    refunded: 0,
  });
  if (total > 0) book.balance += total;
  else book.credit += -total;
  // A credit that corrects a due item (a drop's change) pays that item's own charges first: the item
  // nets to what the plan says, and no late fee falls on money the family was given back.
  if (total < 0 && c.dueKey) {
    const same = book.charges.filter((x) => x.dueKey === c.dueKey && x.open > 0).map((x) => x.id);
    if (same.length > 0) await applyCredit(ctx, book, { picked: same, max: -total });
  }
  await applyCredit(ctx, book);
  return id;
}

async function writeAllocations(
  ctx: LedgerCtx,
  book: Book,
  txId: string,
  paymentId: string,
  allocations: { chargeId: string; amount: number }[],
) {
  const rows = allocations.filter((a) => a.amount !== 0);
  if (rows.length === 0) return;
  await ctx.tx.insert(ledgerAllocations).values(
    rows.map((a) => ({
      txId,
      companyId: ctx.companyId,
      familyId: ctx.familyId,
      chargeTxId: a.chargeId,
      paymentTxId: paymentId,
      amount: a.amount,
    })),
  );
  for (const a of rows) {
    const c = book.charges.find((x) => x.id === a.chargeId)!;
    c.paid += a.amount;
    c.open = c.removed || c.total < 0 ? 0 : c.total - c.paid;
    const p = book.payments.find((x) => x.id === paymentId);
    if (p) p.applied += a.amount;
    book.allocations.push({
      chargeId: a.chargeId,
      paymentId,
      amount: a.amount,
      txId,
      seq: book.allocations.length,
    });
  }
}

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
  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId,
    kind: 'credit_applied',
    effectiveDate: ctx.today,
    // Inside an operation with its own key, so unique by construction.
    key: opts.key ?? `credit:${randomUUID()}`,
    reason: 'Credit applied',
    by: ctx.by,
    entries: [
      { account: ACCOUNTS.credit, amount: used },
      { account: ACCOUNTS.receivable, amount: -used },
    ],
  });
  if (!id) return 0;
  await ctx.tx.insert(ledgerPayments).values({
    txId: id,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId,
    method: 'credit',
    reference: '',
    total: used,
    receivedOn: ctx.today,
  });
  book.payments.push({
    id,
    invoiceId,
    method: 'credit',
    reference: '',
    total: used,
    receivedOn: ctx.today,
    key: opts.key ?? '',
    reason: 'Credit applied',
    by: '',
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
};

/**
 * Records money received: it pays the picked charges or the oldest open ones; what is left over
 * becomes the family's credit. Returns the payment's id, or null when its key was recorded already.
 */
export async function recordPayment(ctx: LedgerCtx, book: Book, p: PaymentArgs): Promise<string | null> {
  if (!Number.isInteger(p.total) || p.total <= 0) throw unprocessable(text.zeroPayment);
  const { allocations, rest } = allocate(openCharges(book), p.total, p.picked);
  const applied = p.total - rest;
  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: p.invoiceId,
    kind: 'payment',
    effectiveDate: ctx.today,
    key: p.key,
    reason: p.reason,
    by: ctx.by,
    entries: [
      { account: ACCOUNTS.method(p.method), amount: p.total },
      { account: ACCOUNTS.receivable, amount: -applied },
      { account: ACCOUNTS.credit, amount: -rest },
    ],
  });
  if (!id) return null;
  await ctx.tx.insert(ledgerPayments).values({
    txId: id,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: p.invoiceId,
    method: p.method,
    reference: p.reference,
    total: p.total,
    receivedOn: p.receivedOn,
  });
  book.payments.push({
    id,
    invoiceId: p.invoiceId,
    method: p.method,
    reference: p.reference,
    total: p.total,
    receivedOn: p.receivedOn,
    key: p.key,
    reason: p.reason,
    by: '',
    seq: book.payments.length,
    returned: null,
    applied: 0,
    refunded: 0,
  });
  await writeAllocations(ctx, book, id, id, allocations);
  book.balance -= applied;
  book.credit += rest;
  // Money picked for some items and left over pays nothing else until the owner says: it stays credit.
  if (!p.picked || p.picked.length === 0) await applyCredit(ctx, book);
  return id;
}

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
      { account: ACCOUNTS.revenue(c.category), amount: c.total },
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

/** A due item's live charges, the oldest first. */
const dueCharges = (book: Book, dueKey: string) =>
  oldestFirst(book.charges.filter((c) => c.dueKey === dueKey && !c.removed && c.total > 0));

/**
 * Pays from the family's credit what is open on a due item's charges beyond what the item asks
 * (standingOf), at most `max`: money a drop gave back to the item goes to the item first.
 */
async function settleDueItem(ctx: LedgerCtx, book: Book, dueKey: string, max = book.credit) {
  const charges = dueCharges(book, dueKey);
  const excess = charges.reduce((s, c) => s + c.open, 0) - Math.max(0, standingOf(book, dueKey));
  const use = Math.min(excess, max);
  if (use <= 0) return;
  await applyCredit(ctx, book, { picked: charges.filter((c) => c.open > 0).map((c) => c.id), max: use });
}

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
function confirmedPayment(book: Book, r: RefundArgs) {
  const p = book.payments.find((x) => x.id === r.paymentId && x.method !== 'credit');
  if (!p) throw new Error(`ledger: a confirmed refund of ${r.paymentId}, which is no payment of the family`);
  return p;
}

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
      { account: ACCOUNTS.method(p.method as 'cash'), amount: -p.total },
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
  for (const f of fromFree) await settleDueItem(ctx, book, f.dueKey, f.amount);
  return id;
}

/** The family's uses of credit, net per credit payment and charge, the newest first. */
function creditUses(book: Book) {
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

/** The family's charges open and past due on `today`. */
export const overdueOf = (book: Book, today: string) =>
  oldestFirst(book.charges.filter((c) => c.open > 0 && c.dueDate < today)).reduce((s, c) => s + c.open, 0);
