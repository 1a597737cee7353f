import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a statement written by hand (a page read in one round trip), on PGlite and PostgreSQL
 * alike: both drivers answer `{ rows }`, with json parsed and timestamps as the database writes them.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
