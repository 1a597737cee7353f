import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Each journal's sums by studio, account and day, kept beside its entries (issue 39 point 3, decision
 * 102): what the trial balance, the general ledger's balances and the overview's revenue read instead
 * of every entry of the studio. Written only by the journal's own trigger (migration 0038): each
 * statement that inserts entries adds one row per studio, account and day it touched, the sum of its
 * entries and how many there were. Rows are only inserted, so no two families' postings wait on one
 * row; the minute's look (`compactDaySums`, db/journal-sums.ts) replaces a day's fresh rows by one
 * compacted row. A day's sum is the sum of its rows, whatever has been compacted.
 */
function daySumsTable(name: 'ledger_day_sums' | 'books_day_sums') {
  return pgTable(
    name,
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      companyId: uuid('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
      account: text('account').notNull(),
      /** The entries' transactions' effective date. */
      day: date('day', { mode: 'string' }).notNull(),
      /** The sum of the entries, a debit positive (a day's rows may cancel to 0). */
      amount: bigint('amount', { mode: 'number' }).notNull(),
      /** How many entries it sums: the general ledger's line count. */
      entries: integer('entries').notNull(),
      /** False for a row a posting wrote, true for one the compaction wrote. */
      compacted: boolean('compacted').notNull().default(false),
    },
    (t) => [
      index(`${name}_account_day_idx`).on(t.companyId, t.account, t.day),
      // The rows the compaction has still to look at: few, whatever the books' size.
      index(`${name}_fresh_idx`).on(t.companyId, t.account, t.day).where(sql`not ${t.compacted}`),
    ],
  );
}

export const ledgerDaySums = daySumsTable('ledger_day_sums');
export const booksDaySums = daySumsTable('books_day_sums');
