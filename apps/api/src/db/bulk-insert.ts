import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Rows a statement carries at most: one parameter (JSON) a statement, a few MB at most. */
const CHUNK = 5000;

/**
 * Many rows inserted as JSON, one parameter a statement (`insert … select … from
 * json_populate_recordset`), for the seeds' hundreds of thousands of rows: building a Drizzle insert
 * costs about a third of a millisecond a row in JS, JSON a few microseconds (decision 079). Rows are
 * the table's insert objects (keys as in the schema); a key left out takes the column's default, so
 * rows are written in groups of the same keys. Values reach the database as JSON has them (a Date as
 * its ISO text): for the seeds' plain columns — text, numbers, booleans, uuids, dates, timestamps —
 * and tables without JS-side defaults (`$defaultFn`: the schema has none).
 */
export async function insertJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunk = CHUNK,
): Promise<void> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const groups = new Map<string, object[]>();
  for (const row of rows) {
    const keys = Object.keys(row as object).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
    const signature = keys.join(',');
    const named = Object.fromEntries(
      keys.map((k) => [columns[k]!.name, (row as Record<string, unknown>)[k]]),
    );
    const group = groups.get(signature);
    if (group) group.push(named);
    else groups.set(signature, [named]);
  }
  for (const [signature, group] of groups) {
    const names: SQL = sql.join(
      signature.split(',').map((k) => sql.identifier(columns[k]!.name)),
      sql`, `,
    );
    for (let i = 0; i < group.length; i += chunk) {
      const json = JSON.stringify(group.slice(i, i + chunk));
      await db.execute(
        sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`,
      );
    }
  }
}
