import { randomUUID } from 'node:crypto';
import { addDays, compareDates, todayInZone } from '@pirouette/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../apps/api/src/db/client';
import { companies, yearTerms } from '../apps/api/src/db/schema/companies';
import { familyAccounts } from '../apps/api/src/db/schema/families';
import {
  ledgerAllocations,
  ledgerCharges,
  ledgerEntries,
  ledgerInvoices,
  ledgerPayments,
  ledgerTransactions,
} from '../apps/api/src/db/schema/ledger';
import { memberships } from '../apps/api/src/db/schema/memberships';
import { users } from '../apps/api/src/db/schema/users';
import { LARGE_SIGN_INS } from '../apps/api/src/db/seed-large';
import { billFamily, lockBook, recordPayment } from '../apps/api/src/modules/ledger';

/**
 * The large studio's books, for the bench's money pages (issue 16). The featured family (the Carters,
 * in a half-year plan: registration.ts) is billed by the billing code itself up to today and pays part
 * of it at the desk. Every other family of the studio has the registration fee and a month's tuition
 * for each month of the term so far, on one bill: six in ten paid each charge on its due date, two in
 * ten all but the latest month, one in ten only September, one in ten nothing, so the overview ages
 * real debts across its buckets. Written in a few statements per table; every ledger transaction
 * balances (the database checks it at commit).
 */
export async function booksForLargeStudio(db: Db): Promise<void> {
  const [featured] = await db
    .select({ userId: users.id, familyId: memberships.familyId, companyId: memberships.companyId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, LARGE_SIGN_INS.parent.email))
    .limit(1);
  if (!featured?.familyId) throw new Error('The large studio has no featured family.');
  const { companyId, familyId } = featured;
  const [studio] = await db
    .select({ zone: companies.timeZone, termStart: yearTerms.dateStart })
    .from(companies)
    .innerJoin(yearTerms, and(eq(yearTerms.companyId, companies.id), eq(yearTerms.isCurrent, true)))
    .where(eq(companies.id, companyId));
  if (!studio) throw new Error('The large studio has no current term.');
  const today = todayInZone(studio.zone, new Date());

  // The Carters: billed as the billing days would have, then a payment of half of it at the desk.
  await db.transaction(async (tx) => {
    const ctx = { tx, companyId, familyId, today, by: { system: 'Billing' } };
    await billFamily(ctx);
    const book = await lockBook(tx, companyId, familyId);
    if (!book || book.balance <= 0) return;
    await recordPayment(ctx, book, {
      method: 'check',
      total: Math.floor(book.balance / 2),
      reference: '#2041',
      receivedOn: today,
      invoiceId: book.invoices.at(-1)?.id ?? null,
      key: 'bench:carter:payment',
      reason: 'Payment received',
    });
  });

  // Every other family: what the term charged so far, and what each paid.
  const months: string[] = [];
  for (let due = `${studio.termStart.slice(0, 8)}01`; compareDates(due, today) <= 0; due = nextMonth(due)) {
    months.push(due);
  }
  if (months.length === 0) return;
  const others = await db
    .select({ id: familyAccounts.id })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), ne(familyAccounts.id, familyId)))
    .orderBy(familyAccounts.id);
  const rows = {
    invoices: [] as (typeof ledgerInvoices.$inferInsert)[],
    transactions: [] as (typeof ledgerTransactions.$inferInsert)[],
    entries: [] as (typeof ledgerEntries.$inferInsert)[],
    charges: [] as (typeof ledgerCharges.$inferInsert)[],
    payments: [] as (typeof ledgerPayments.$inferInsert)[],
    allocations: [] as (typeof ledgerAllocations.$inferInsert)[],
  };
  const payments: {
    familyId: string;
    invoiceId: string;
    due: string;
    charges: { id: string; total: number }[];
  }[] = [];
  others.forEach(({ id: family }, n) => {
    const invoiceId = randomUUID();
    rows.invoices.push({ id: invoiceId, companyId, familyId: family, number: 1, openedOn: months[0]! });
    const kind = n % 10;
    // How many months it paid: all, all but the latest, the first only, none.
    const paidMonths = kind < 6 ? months.length : kind < 8 ? months.length - 1 : kind < 9 ? 1 : 0;
    months.forEach((due, m) => {
      const charges = [
        ...(m === 0
          ? [{ category: 'registration_fee' as const, item: 'Registration fee', total: 3500 }]
          : []),
        { category: 'tuition' as const, item: `Tuition, ${due.slice(0, 7)}`, total: 6500 },
      ].map((c) => {
        const id = randomUUID();
        rows.transactions.push({
          id,
          companyId,
          familyId: family,
          invoiceId,
          kind: 'charge',
          effectiveDate: due,
          idempotencyKey: `bench:${family}:${c.category}:${due}`,
          reason: 'Payment plan',
          createdByName: 'Billing',
        });
        rows.entries.push(
          { txId: id, companyId, familyId: family, account: 'receivable', amount: c.total },
          { txId: id, companyId, familyId: family, account: `revenue:${c.category}`, amount: -c.total },
        );
        rows.charges.push({
          txId: id,
          companyId,
          familyId: family,
          invoiceId,
          category: c.category,
          typeId: c.category,
          item: c.item,
          amount: c.total,
          quantity: 1,
          total: c.total,
          dueDate: due,
          dueKey: `bench:${family}:${c.category}:${due}`,
          lines: [{ label: c.item, amount: c.total }],
        });
        return { id, total: c.total };
      });
      if (m < paidMonths) payments.push({ familyId: family, invoiceId, due, charges });
    });
  });
  // The payments after the charges, so that the posting order reads as it happened.
  for (const p of payments) {
    const id = randomUUID();
    const total = p.charges.reduce((s, c) => s + c.total, 0);
    rows.transactions.push({
      id,
      companyId,
      familyId: p.familyId,
      invoiceId: p.invoiceId,
      kind: 'payment',
      effectiveDate: addDays(p.due, 2),
      idempotencyKey: `bench:${p.familyId}:payment:${p.due}`,
      reason: 'Payment received',
      createdByName: 'Front desk',
    });
    rows.entries.push(
      { txId: id, companyId, familyId: p.familyId, account: 'cash', amount: total },
      { txId: id, companyId, familyId: p.familyId, account: 'receivable', amount: -total },
    );
    rows.payments.push({
      txId: id,
      companyId,
      familyId: p.familyId,
      invoiceId: p.invoiceId,
      method: 'cash',
      total,
      receivedOn: addDays(p.due, 2),
    });
    for (const c of p.charges) {
      rows.allocations.push({
        txId: id,
        companyId,
        familyId: p.familyId,
        chargeTxId: c.id,
        paymentTxId: id,
        amount: c.total,
      });
    }
  }
  await db.transaction(async (tx) => {
    await insertAll(tx, ledgerInvoices, rows.invoices);
    await insertAll(tx, ledgerTransactions, rows.transactions);
    await insertAll(tx, ledgerEntries, rows.entries);
    await insertAll(tx, ledgerCharges, rows.charges);
    await insertAll(tx, ledgerPayments, rows.payments);
    await insertAll(tx, ledgerAllocations, rows.allocations);
    // The balance checks (deferred triggers, one a ledger entry) run at commit: statistics first, or
    // each plans its read as of empty tables and the commit grows with the square of the studio.
    await tx.execute(sql`analyze ledger_transactions, ledger_entries`);
  });
}

const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

async function insertAll<T extends PgTable>(db: Db, table: T, values: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) await db.insert(table).values(values.slice(i, i + 500));
}
