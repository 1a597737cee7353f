import { type SQL, sql } from 'drizzle-orm';

/** A write built and not awaited (Drizzle's insert or update builder, or an `sql` statement). */
export type PendingWrite = { getSQL(): SQL };

/**
 * A write that a later write of the same statement reads by its name (its RETURNING rows): a mail's
 * message, whose job and log line are written only when the message is.
 */
export type NamedWrite = { name: string; write: PendingWrite };

/**
 * Several writes as one statement (decisions 078, 084): each a data-modifying CTE of its own (one write
 * alone is sent as it is). They all see the snapshot the statement starts with, not each other's rows;
 * foreign keys and AFTER triggers are checked and run at the statement's end, when every row is there.
 * So no two of them may write the same row, and none may read what another writes. `answer`, when given,
 * is the statement's final select (which may read the named writes' RETURNING rows).
 */
export function oneStatement(writes: readonly (PendingWrite | NamedWrite)[], answer?: SQL): SQL {
  const only = writes.length === 1 && !answer ? writes[0]! : null;
  if (only) return 'name' in only ? only.write.getSQL() : only.getSQL();
  const parts = writes.map((w, i) =>
    'name' in w
      ? sql`${sql.identifier(w.name)} as (${w.write.getSQL()})`
      : sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`,
  );
  return sql`with ${sql.join(parts, sql`, `)} ${answer ?? sql`select 1 as done`}`;
}
