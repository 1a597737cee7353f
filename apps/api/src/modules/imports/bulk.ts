import type { RecordPlace } from '@pirouette/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * The import's writes in bulk (decision 054): a kind's rows go in a few multi-row statements, never a
 * statement per row. A statement that fails names its row: the failed chunk is halved, each half tried
 * in a savepoint that is always rolled back, until one row is left.
 */

/** Rows a statement holds: well under PostgreSQL's 65,535 parameters for the widest table written. */
const CHUNK = 500;

/** A row of the import that could not be written: its place and the database's reason. */
export class ImportWriteError extends Error {
  constructor(
    readonly place: RecordPlace | null,
    override readonly cause: unknown,
  ) {
    super(place ? `${place.file} row ${place.row}` : 'import write');
  }
}

const chunks = <T>(items: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Thrown inside a savepoint so that it rolls back what it tried. */
class TriedOnly extends Error {}

/** True when the rows insert without error (the savepoint rolled back either way). */
async function inserts<T extends TableConfig>(tx: Db, table: PgTable<T>, rows: PgTable<T>['$inferInsert'][]) {
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(table).values(rows);
      throw new TriedOnly();
    });
  } catch (error) {
    if (error instanceof TriedOnly) return true;
    return false;
  }
  return true;
}

/** The first row of `rows` that fails alone, among rows that fail together. */
async function failingRow<T extends TableConfig>(
  tx: Db,
  table: PgTable<T>,
  rows: PgTable<T>['$inferInsert'][],
): Promise<number> {
  let lo = 0;
  let hi = rows.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (await inserts(tx, table, rows.slice(lo, mid))) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Inserts rows in chunks, each in a savepoint; a chunk that fails throws ImportWriteError naming the
 * first row that fails (by `places`, parallel to `rows`).
 */
export async function insertRows<T extends TableConfig>(
  tx: Db,
  table: PgTable<T>,
  rows: PgTable<T>['$inferInsert'][],
  places: (RecordPlace | null)[],
): Promise<void> {
  let offset = 0;
  for (const chunk of chunks(rows)) {
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(table).values(chunk);
      });
    } catch (error) {
      const at = await failingRow(tx, table, chunk);
      throw new ImportWriteError(places[offset + at] ?? null, error);
    }
    offset += chunk.length;
  }
}

/** A column a bulk update sets: its name in the table and its type for the VALUES list. */
export type UpdateColumn = { name: string; type: 'text' | 'date' | 'time' | 'smallint' | 'integer' };

/**
 * Updates many rows of `table` by id in one statement a chunk: each row sets only the columns it names
 * (the others keep their value: `coalesce(v.col, t.col)`), within `company_id`.
 */
export async function updateRows(
  tx: Db,
  table: string,
  companyId: string,
  columns: UpdateColumn[],
  rows: { id: string; set: Record<string, string | number>; place: RecordPlace }[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${r.id}::uuid, ${sql.join(
            columns.map((c) => {
              const v = r.set[c.name];
              return v === undefined ? sql`null::${sql.raw(c.type)}` : sql`${v}::${sql.raw(c.type)}`;
            }),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    const sets: SQL[] = columns.map(
      (c) =>
        sql`${sql.identifier(c.name)} = coalesce(v.${sql.identifier(c.name)}, t.${sql.identifier(c.name)})`,
    );
    const names = sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    try {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`update ${sql.identifier(table)} as t set ${sql.join(sets, sql`, `)}, updated_at = now()
          from (values ${values}) as v(id, ${names})
          where t.id = v.id and t.company_id = ${companyId}`);
      });
    } catch (error) {
      throw new ImportWriteError(chunk[0]?.place ?? null, error);
    }
  }
}
