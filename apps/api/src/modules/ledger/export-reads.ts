import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAllocations,
  ledgerCharges,
  ledgerEntries,
  ledgerPayments,
  ledgerTransactions,
} from '../../db/schema/ledger';

/**
 * What moving out reads of the family ledger (issue 35 item 6, decision 057): every transaction of the
 * studio (or of one family) with what it did to the balance and the credit and what it paid, every
 * payment received, and each family's balance net of its credit. One statement each, scoped by the
 * studio, whatever the number of families; the ledger's tables stay the ledger's.
 */

/** `familyId` narrows a read to one family (the parent's own export). */
type Scope = { companyId: string; familyId?: string };

/** What each payment or credit applied paid: the items of the charges its allocations went to. */
function paidItems(db: Db, scope: Scope) {
  const a = ledgerAllocations;
  return db
    .select({
      txId: a.txId,
      pays: sql<string>`string_agg(${ledgerCharges.item}, '; ' order by ${ledgerCharges.dueDate}, ${ledgerCharges.item})`.as(
        'pays',
      ),
    })
    .from(a)
    .innerJoin(ledgerCharges, eq(ledgerCharges.txId, a.chargeTxId))
    .where(
      and(
        eq(a.companyId, scope.companyId),
        scope.familyId ? eq(a.familyId, scope.familyId) : undefined,
        sql`${a.amount} > 0`,
      ),
    )
    .groupBy(a.txId)
    .as('paid');
}

/**
 * Every ledger transaction, oldest first: its day, kind, words, and what it did to the balance and the
 * credit (its entries, by the transaction's index), its charge's item, and what it paid (the allocations
 * grouped once, joined: no index leads from a transaction to its allocations).
 */
export function ledgerExportLines(db: Db, scope: Scope) {
  const t = ledgerTransactions;
  const paid = paidItems(db, scope);
  // The outer row's id named with its table, whatever drizzle writes: the subqueries' own table has an id.
  const txId = sql.raw('"ledger_transactions"."id"');
  return db
    .select({
      id: t.id,
      familyId: t.familyId,
      date: t.effectiveDate,
      kind: t.kind,
      reason: t.reason,
      by: t.createdByName,
      item: ledgerCharges.item,
      dueDate: ledgerCharges.dueDate,
      receivable: sql<number>`coalesce((select sum(e.amount) from ${ledgerEntries} e
        where e.tx_id = ${txId} and e.account = 'receivable'), 0)::int`,
      credit: sql<number>`coalesce((select -sum(e.amount) from ${ledgerEntries} e
        where e.tx_id = ${txId} and e.account = 'credit'), 0)::int`,
      pays: sql<string>`coalesce(${paid.pays}, '')`,
    })
    .from(t)
    .leftJoin(ledgerCharges, eq(ledgerCharges.txId, t.id))
    .leftJoin(paid, eq(paid.txId, t.id))
    .where(and(eq(t.companyId, scope.companyId), scope.familyId ? eq(t.familyId, scope.familyId) : undefined))
    .orderBy(asc(t.seq));
}
export type LedgerExportLine = Awaited<ReturnType<typeof ledgerExportLines>>[number];

/** Every payment received (or credit applied), oldest first. */
export function paymentExportRows(db: Db, scope: Scope) {
  const p = ledgerPayments;
  return db
    .select({
      familyId: p.familyId,
      receivedOn: p.receivedOn,
      method: p.method,
      reference: p.reference,
      total: p.total,
      reason: ledgerTransactions.reason,
      reversed: sql<boolean>`exists (select 1 from ${ledgerTransactions} r where r.reverses_id = ${p.txId})`,
    })
    .from(p)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, p.txId))
    .where(and(eq(p.companyId, scope.companyId), scope.familyId ? eq(p.familyId, scope.familyId) : undefined))
    .orderBy(asc(ledgerTransactions.seq));
}
export type PaymentExportRow = Awaited<ReturnType<typeof paymentExportRows>>[number];

/**
 * Each family's balance net of its credit, cents (owed > 0, owed to the family < 0): the sum of its
 * receivable entries less the credit the studio holds for it. Families with no entries are absent.
 */
export async function netBalances(
  db: Db,
  companyId: string,
  familyId?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      familyId: ledgerEntries.familyId,
      net: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.companyId, companyId),
        familyId ? eq(ledgerEntries.familyId, familyId) : undefined,
        sql`${ledgerEntries.account} in ('receivable', 'credit')`,
      ),
    )
    .groupBy(ledgerEntries.familyId);
  return new Map(rows.map((r) => [r.familyId, Number(r.net)]));
}
