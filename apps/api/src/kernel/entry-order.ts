import { sql } from 'drizzle-orm';

/**
 * The creation time of the `i`-th row of a list written in one statement. `now()` is the transaction's
 * start, the same for every row, so rows a microsecond apart keep the order they were entered in (the
 * reads order people and students by created_at).
 */
export const nthCreatedAt = (i: number) =>
  sql`now() + interval '1 microsecond' * ${sql.raw(String(Math.trunc(i)))}`;
