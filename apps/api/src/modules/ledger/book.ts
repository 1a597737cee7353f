import { type ChargeCategory, chargeOpen, type PaymentType } from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import type { MoneyLine } from '../../db/schema/enrolment';
import {
  ledgerAllocations,
  ledgerCharges,
  ledgerEntries,
  ledgerInvoices,
  ledgerPayments,
  ledgerRefunds,
  ledgerTransactions,
} from '../../db/schema/ledger';

/**
 * A family's books, read in a fixed number of statements and worked out in memory: each charge with what
 * was paid of it, each payment with what it paid, the credit, the bills. The operations read it under the
 * family's lock; the screens read it as it stands.
 */

export type BookCharge = {
  id: string;
  invoiceId: string;
  category: ChargeCategory;
  typeId: string;
  item: string;
  amount: number;
  quantity: number;
  total: number;
  dueDate: string;
  dueKey: string | null;
  familyTermId: string | null;
  revision: number | null;
  lines: MoneyLine[];
  postedOn: string;
  reason: string;
  by: string;
  seq: number;
  removed: { id: string; on: string; reason: string } | null;
  /** Net allocations to it. */
  paid: number;
  /** Left to pay: 0 for a credit or a removed charge. */
  open: number;
  refunded: number;
};

export type BookPayment = {
  id: string;
  invoiceId: string | null;
  method: PaymentType;
  reference: string;
  total: number;
  receivedOn: string;
  key: string;
  reason: string;
  by: string;
  seq: number;
  /** Taken back: a check that bounced, a payment reversed, a card payment disputed (`disputed`). */
  returned: { id: string; on: string; reason: string; disputed: boolean } | null;
  /** Net allocations of its money to charges. */
  applied: number;
  refunded: number;
  /** A bank debit the processor has not settled yet (decision 067): counted as paid, shown pending. */
  pending?: boolean;
  /** A bank debit settled: its money moved to the processor's clearing (`cleared:<attempt>`). */
  cleared?: boolean;
};

export type Book = {
  charges: BookCharge[];
  payments: BookPayment[];
  allocations: { chargeId: string; paymentId: string; amount: number; txId: string; seq: number }[];
  refunds: {
    id: string;
    paymentId: string;
    chargeId: string | null;
    total: number;
    to: string;
    on: string;
  }[];
  invoices: { id: string; number: number; openedOn: string }[];
  /** Sum of the receivable entries: what the family owes. */
  balance: number;
  /** What the studio holds for the family (minus the credit account's sum). */
  credit: number;
};

/**
 * A family's book is read by its keys, whoever's family it is: a batch of it takes these placeholders
 * hidden from the planner (db/rows.ts `placeholders`, decision 099). PostgreSQL otherwise judged a plan
 * for each family cheaper than the kept one and planned the book afresh on every call (1.8–2.2 ms of
 * planning for 0.4–0.6 ms of execution under the evening, the kept plan no slower to run).
 */
export const BOOK_KEYS = { companyId: 'uuid', familyId: 'uuid' } as const;

export async function readBook(db: Db, companyId: string, familyId: string): Promise<Book> {
  // One round trip (db/batch.ts): under the family's lock this runs on the transaction's one connection.
  return bookOf(await bookRead(db, { companyId, familyId }));
}
const bookRead = preparedBatch(['companyId', 'familyId'], (db, p) => bookReads(db, p.companyId, p.familyId), {
  opaque: BOOK_KEYS,
});

/** The book from bookReads' rows, read in a batch (beside other reads of the same round trip). */
export const bookOf = (read: Omit<Rows, 'sums'> & { sums: Rows['sums'][] }): Book =>
  assembleBook({ ...read, sums: read.sums[0]! });

/** The reads of a family's book, for a batch: its charges, payments, allocations, refunds, invoices, sums. */
export function bookReads(db: Db, companyId: string, familyId: string) {
  const reversal = alias(ledgerTransactions, 'reversal');
  const own = (t: { companyId: AnyPgColumn; familyId: AnyPgColumn }) =>
    and(eq(t.companyId, companyId), eq(t.familyId, familyId));

  const chargeRows = db
    .select({
      id: ledgerCharges.txId,
      invoiceId: ledgerCharges.invoiceId,
      category: ledgerCharges.category,
      typeId: ledgerCharges.typeId,
      item: ledgerCharges.item,
      amount: ledgerCharges.amount,
      quantity: ledgerCharges.quantity,
      total: ledgerCharges.total,
      dueDate: ledgerCharges.dueDate,
      dueKey: ledgerCharges.dueKey,
      familyTermId: ledgerCharges.familyTermId,
      revision: ledgerCharges.revision,
      lines: ledgerCharges.lines,
      postedOn: ledgerTransactions.effectiveDate,
      reason: ledgerTransactions.reason,
      by: ledgerTransactions.createdByName,
      removedId: reversal.id,
      removedOn: reversal.effectiveDate,
      removedReason: reversal.reason,
    })
    .from(ledgerCharges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerCharges.txId))
    .leftJoin(reversal, eq(reversal.reversesId, ledgerCharges.txId))
    .where(own(ledgerCharges))
    .orderBy(asc(ledgerTransactions.seq), asc(ledgerCharges.txId));

  const paymentRows = db
    .select({
      id: ledgerPayments.txId,
      invoiceId: ledgerPayments.invoiceId,
      method: ledgerPayments.method,
      reference: ledgerPayments.reference,
      total: ledgerPayments.total,
      receivedOn: ledgerPayments.receivedOn,
      key: ledgerTransactions.idempotencyKey,
      reason: ledgerTransactions.reason,
      by: ledgerTransactions.createdByName,
      returnedId: reversal.id,
      returnedOn: reversal.effectiveDate,
      returnedReason: reversal.reason,
      returnedKind: reversal.kind,
      // A bank debit's clearing is keyed by its attempt, as its payment is (`bank:<attempt>`).
      cleared: sql<boolean>`(${ledgerPayments.method} = 'bank' and exists (select 1 from ${ledgerTransactions} c where c.company_id = ${ledgerPayments.companyId} and c.idempotency_key = 'cleared:' || substr(${ledgerTransactions.idempotencyKey}, 6)))`,
    })
    .from(ledgerPayments)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPayments.txId))
    .leftJoin(reversal, eq(reversal.reversesId, ledgerPayments.txId))
    .where(own(ledgerPayments))
    .orderBy(asc(ledgerTransactions.seq), asc(ledgerPayments.txId));

  const allocationRows = db
    .select({
      chargeId: ledgerAllocations.chargeTxId,
      paymentId: ledgerAllocations.paymentTxId,
      amount: ledgerAllocations.amount,
      txId: ledgerAllocations.txId,
    })
    .from(ledgerAllocations)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerAllocations.txId))
    .where(own(ledgerAllocations))
    .orderBy(asc(ledgerTransactions.seq), asc(ledgerAllocations.id));

  const refundRows = db
    .select({
      id: ledgerRefunds.txId,
      paymentId: ledgerRefunds.paymentTxId,
      chargeId: ledgerRefunds.chargeTxId,
      total: ledgerRefunds.total,
      to: ledgerRefunds.destination,
      on: ledgerTransactions.effectiveDate,
    })
    .from(ledgerRefunds)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerRefunds.txId))
    .where(own(ledgerRefunds))
    .orderBy(asc(ledgerTransactions.seq));

  const invoices = db
    .select({ id: ledgerInvoices.id, number: ledgerInvoices.number, openedOn: ledgerInvoices.openedOn })
    .from(ledgerInvoices)
    .where(own(ledgerInvoices))
    .orderBy(asc(ledgerInvoices.number));

  const sums = db
    .select({
      receivable: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'receivable'), 0)::int`,
      credit: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'credit'), 0)::int`,
    })
    .from(ledgerEntries)
    .where(own(ledgerEntries));

  return { chargeRows, paymentRows, allocationRows, refundRows, invoices, sums };
}

type Rows = {
  chargeRows: {
    id: string;
    invoiceId: string;
    category: string;
    typeId: string;
    item: string;
    amount: number;
    quantity: number;
    total: number;
    dueDate: string;
    dueKey: string | null;
    familyTermId: string | null;
    revision: number | null;
    lines: MoneyLine[];
    postedOn: string;
    reason: string;
    by: string;
    removedId: string | null;
    removedOn: string | null;
    removedReason: string | null;
  }[];
  paymentRows: {
    id: string;
    invoiceId: string | null;
    method: PaymentType;
    reference: string;
    total: number;
    receivedOn: string;
    key: string;
    reason: string;
    by: string;
    returnedId: string | null;
    returnedOn: string | null;
    returnedReason: string | null;
    returnedKind: string | null;
    cleared?: boolean;
  }[];
  allocationRows: { chargeId: string; paymentId: string; amount: number; txId: string }[];
  refundRows: {
    id: string;
    paymentId: string;
    chargeId: string | null;
    total: number;
    to: string;
    on: string;
  }[];
  invoices: { id: string; number: number; openedOn: string }[];
  sums: { receivable: number; credit: number };
};

/** The book from its rows (separate so a test can build one). */
export function assembleBook(r: Rows): Book {
  const paidOf = new Map<string, number>();
  const appliedOf = new Map<string, number>();
  for (const a of r.allocationRows) {
    paidOf.set(a.chargeId, (paidOf.get(a.chargeId) ?? 0) + a.amount);
    appliedOf.set(a.paymentId, (appliedOf.get(a.paymentId) ?? 0) + a.amount);
  }
  const refundedByCharge = new Map<string, number>();
  const refundedByPayment = new Map<string, number>();
  for (const f of r.refundRows) {
    if (f.chargeId) refundedByCharge.set(f.chargeId, (refundedByCharge.get(f.chargeId) ?? 0) + f.total);
    refundedByPayment.set(f.paymentId, (refundedByPayment.get(f.paymentId) ?? 0) + f.total);
  }
  const charges = r.chargeRows.map((c, seq): BookCharge => {
    const paid = paidOf.get(c.id) ?? 0;
    const removed = c.removedId ? { id: c.removedId, on: c.removedOn!, reason: c.removedReason! } : null;
    return {
      id: c.id,
      invoiceId: c.invoiceId,
      category: c.category as ChargeCategory,
      typeId: c.typeId,
      item: c.item,
      amount: c.amount,
      quantity: c.quantity,
      total: c.total,
      dueDate: c.dueDate,
      dueKey: c.dueKey,
      familyTermId: c.familyTermId,
      revision: c.revision,
      lines: c.lines,
      postedOn: c.postedOn,
      reason: c.reason,
      by: c.by,
      seq,
      removed,
      paid,
      open: chargeOpen({ total: c.total, removed: removed !== null, paid }),
      refunded: refundedByCharge.get(c.id) ?? 0,
    };
  });
  const payments = r.paymentRows.map(
    (p, seq): BookPayment => ({
      id: p.id,
      invoiceId: p.invoiceId,
      method: p.method,
      reference: p.reference,
      total: p.total,
      receivedOn: p.receivedOn,
      key: p.key,
      reason: p.reason,
      by: p.by,
      seq,
      returned: p.returnedId
        ? {
            id: p.returnedId,
            on: p.returnedOn!,
            reason: p.returnedReason!,
            disputed: p.returnedKind === 'dispute',
          }
        : null,
      applied: appliedOf.get(p.id) ?? 0,
      refunded: refundedByPayment.get(p.id) ?? 0,
      ...(p.method === 'bank'
        ? { cleared: p.cleared === true, pending: p.cleared !== true && p.returnedId === null }
        : {}),
    }),
  );
  return {
    charges,
    payments,
    allocations: r.allocationRows.map((a, seq) => ({ ...a, seq })),
    refunds: r.refundRows,
    invoices: r.invoices,
    balance: r.sums.receivable,
    credit: r.sums.credit,
  };
}

/** The charges with something left to pay, as `allocate` takes them. */
export const openCharges = (book: Book) =>
  book.charges
    .filter((c) => c.open > 0)
    .map((c) => ({ id: c.id, dueDate: c.dueDate, seq: c.seq, open: c.open }));

/**
 * The bill a new charge joins: the latest, unless it has charges and nothing left to pay on them (it is
 * complete); then a new one is opened. Null when a new one is needed.
 */
export function openInvoice(book: Book): { id: string; number: number } | null {
  const latest = book.invoices.at(-1);
  if (!latest) return null;
  const items = book.charges.filter((c) => c.invoiceId === latest.id);
  if (items.length === 0) return latest;
  return items.some((c) => c.open > 0) ? latest : null;
}
