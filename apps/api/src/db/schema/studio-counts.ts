import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * What the studio's pages count over the whole studio, kept (issue 39 point 3, decision 109): each of
 * the account list's tabs (the studio's families by their kept status, counter `families`, key the
 * status), the owner's approvals (the registrations waiting for approval in a term, counter
 * `pending`, key the term's id) and each class's places taken (its registrations that count, counter
 * `places`, key the class's id; decision 121, migration 0048). Written only by the database's triggers
 * (migrations 0044 and 0048), in the
 * statement that changes what is counted: a row holds a change (+1, -1, or a statement's sum). Rows are
 * only inserted, so no two families' writes wait on one row; the minute's look (`compactDaySums`,
 * db/journal-sums.ts) replaces a key's fresh rows by one compacted row. A count is the sum of its key's
 * rows, whatever has been compacted.
 */
export const studioCounts = pgTable(
  'studio_counts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** What is counted: `families`, `pending` or `places`. */
    counter: text('counter').notNull(),
    /** Which of it: a family status, a term's id, or a class's id. */
    key: text('key').notNull(),
    /** The change (a sum of +1 and -1). */
    n: integer('n').notNull(),
    /** False for a row a trigger wrote, true for one the compaction wrote. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('studio_counts_key_idx').on(t.companyId, t.counter, t.key),
    // The rows the compaction has still to look at: few, whatever the studio's size.
    index('studio_counts_fresh_idx').on(t.companyId, t.counter, t.key).where(sql`not ${t.compacted}`),
  ],
);
