import { type SQL, sql } from 'drizzle-orm';

/** A write built and not awaited (Drizzle's insert or update builder, or an `sql` statement). */
export type PendingWrite = { getSQL(): SQL };

/**
 * Several writes as one statement (decisions 078, 084): each a data-modifying CTE of its own (one write
 * alone is sent as it is). They all see the snapshot the statement starts with, not each other's rows;
 * foreign keys and AFTER triggers are checked and run at the statement's end, when every row is there.
 * So no two of them may write the same row, and none may read what another writes.
 */
export function oneStatement(writes: readonly PendingWrite[]): SQL {
  if (writes.length === 1) return writes[0]!.getSQL();
  const parts = writes.map((q, i) => sql`${sql.raw(`w${i}`)} as (${q.getSQL()})`);
  return sql`with ${sql.join(parts, sql`, `)} select 1 as done`;
}
