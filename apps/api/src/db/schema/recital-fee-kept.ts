import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { recitals } from './recitals';

/**
 * The recital fee's units as the database keeps them (issue 39 point 3, decision 110): one row for each
 * unit of the fee that dances or has a fee row, a dancer (`student_id` set) or a family (`student_id`
 * null), with what the fee's rule (`walkRecitalFees` in the domain) asks of it. Written only by migration
 * 0045's triggers: the activities' (who dances in the recital's season), the fee rows', and a rebuild of
 * the recital when its days or the studio's terms change. No foreign key to the studio: a studio taken
 * off deletes its activities before its recitals, and their triggers then still write here; the recital's
 * cascade takes the rows with it.
 */
export const recitalFeeUnits = pgTable(
  'recital_fee_units',
  {
    companyId: uuid('company_id').notNull(),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** The dancer's id for a dancer's unit, the family's for the family's. */
    unitId: uuid('unit_id').notNull(),
    /** Null: the family's unit. */
    studentId: uuid('student_id'),
    /**
     * A dancer's activities at the recital in its season (under this family); a family's dancers who
     * dance (units of this family with `dancing > 0`).
     */
    dancing: integer('dancing').notNull().default(0),
    /** The live fee row's amount (cents), null when none. */
    liveAmount: integer('live_amount'),
    /** The last fee row taken off (by posting, then id): its amount, null when none. */
    removedAmount: integer('removed_amount'),
  },
  (t) => [primaryKey({ columns: [t.recitalId, t.familyId, t.unitId] })],
);

/**
 * The fee's units counted by cell, kept as changes (decision 110; decision 102's pattern): a cell is the
 * unit's kind (`d` a dancer, `f` a family), whether it dances (`1`, `0`) and its fee (`l` a live row, `r`
 * only rows taken off, `n` none), as `recital_fee_cell` names it; `units` and `amount` (the live row's,
 * or the last taken off) are a change. Rows are only inserted; the minute's look compacts a cell's rows
 * into one. The fee page's totals are the cells' sums (`tallyFromCells` in the domain).
 */
export const recitalFeeSums = pgTable(
  'recital_fee_sums',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id').notNull(),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    cell: text('cell').notNull(),
    units: integer('units').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** False for a row a trigger wrote, true for one the compaction wrote. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('recital_fee_sums_key_idx').on(t.companyId, t.recitalId, t.cell),
    index('recital_fee_sums_fresh_idx').on(t.companyId, t.recitalId, t.cell).where(sql`not ${t.compacted}`),
  ],
);
