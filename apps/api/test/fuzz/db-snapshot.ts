import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * What a refused request may still write, by table, and what of that table is compared all the same
 * (null: nothing). Everything else must be exactly as it was. Checked against what the code writes on a
 * refusal:
 * - `rate_limits`: refusals are what it counts. A wrong password (auth.service login), a wrong code
 *   (code.service validateRegistrationCode) and every link call (links.service verifyEmail and
 *   changePassword `consume` before looking at the token) add to a counter, and a mail past its limit
 *   counts the attempt that is refused with 429.
 * - `audit_log`: a failed sign-in is audited (`auth.login_failed`, auth.service login); no other refusal
 *   writes an entry, so every other entry is still compared.
 * - `sandbox_finix_resources`: the sandbox card processor's own records (decision 028), as a remote
 *   processor's would be: a card refused (an unusable token) may leave the buyer identity the processor
 *   made before it, which changes nothing of ours.
 * Not excluded, because no refusal writes them: `sessions` (the access check only reads; a session is
 * made by a sign-in that succeeds, and changed by a switch or a sign-out that succeed), `one_time_tokens`
 * (a wrong code or link takes no token, and the link calls take theirs inside a transaction that the
 * refusal rolls back), `mail_outbox` (mail is queued only by calls that answer 200). One refusal does
 * write both: signing in with the right password of an unverified address answers 403 and mails a fresh
 * verification link; no test here signs in as an unverified person, so they stay compared.
 */
export const REFUSAL_WRITES: Record<string, SQL | null> = {
  rate_limits: null,
  audit_log: sql`action <> 'auth.login_failed'`,
  sandbox_finix_resources: null,
};

/** Per table: its row count and an md5 of its rows, as text, in a stable order. */
export type Snapshot = Record<string, string>;

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** One row of the information schema: a table of the app and whether it holds studio data. */
type TableInfo = { name: string; studioColumn: 'company_id' | 'id' | null };

/** The rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = async (db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

async function tablesOf(db: Db): Promise<TableInfo[]> {
  const rows = await rowsOf(
    db,
    sql`
    select t.table_name as name,
      case
        when t.table_name = 'companies' then 'id'
        when exists (
          select 1 from information_schema.columns c
          where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'company_id'
        ) then 'company_id'
      end as "studioColumn"
    from information_schema.tables t
    where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by t.table_name`,
  );
  return rows as TableInfo[];
}

function digest(table: string, where: SQL | null): SQL {
  // Rows are ordered by their own text, so no table needs a known key.
  return sql`(select count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), ''))
    from ${ident(table)} x ${where ? sql`where ${where}` : sql``})`;
}

/** One query, one row per table (a union, so no limit on how many tables there are). */
async function run(db: Db, parts: [string, SQL][]): Promise<Snapshot> {
  if (parts.length === 0) return {};
  const union = sql.join(
    parts.map(([name, part]) => sql`select ${name}::text as name, ${part} as digest`),
    sql` union all `,
  );
  const rows = (await rowsOf(db, union)) as { name: string; digest: string }[];
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/**
 * Every table of the app tells, through a statement-level trigger, that a statement wrote to it; the
 * names are kept in a table of a schema of its own (so that it is not one of the tables compared). The
 * triggers are transactional like the writes: a statement rolled back leaves no name behind.
 */
async function installProbe(db: Db, tables: TableInfo[]): Promise<void> {
  await db.execute(sql`create schema if not exists fuzz_probe`);
  await db.execute(sql`create table if not exists fuzz_probe.touched (name text primary key)`);
  await db.execute(
    sql.raw(`create or replace function fuzz_probe.touch() returns trigger language plpgsql as $$
    begin
      insert into fuzz_probe.touched values (TG_TABLE_NAME) on conflict do nothing;
      return null;
    end $$`),
  );
  for (const { name } of tables) {
    await db.execute(sql`drop trigger if exists fuzz_probe_touch on ${ident(name)}`);
    await db.execute(
      sql`create trigger fuzz_probe_touch after insert or update or delete or truncate on ${ident(name)}
        for each statement execute function fuzz_probe.touch()`,
    );
  }
}

/** The tables written to since the last call (and forgets them). */
async function drainTouched(db: Db): Promise<string[]> {
  const rows = (await rowsOf(db, sql`delete from fuzz_probe.touched returning name`)) as { name: string }[];
  return rows.map((r) => r.name);
}

/**
 * Snapshots of the database: `whole` is every table's count and checksum (the tables of REFUSAL_WRITES
 * narrowed as it says), `studio(id)` is one studio's rows only. The list of tables is read from the
 * database, so a table added later is compared without a change here.
 *
 * A snapshot is the same as one computed afresh from every row, but only the tables written to since the
 * last snapshot of its kind are read again (a refused request usually writes nothing, so it costs one
 * small query, not a checksum of the whole database). `fresh` computes everything from the rows, for the
 * test that proves the two agree.
 */
export async function snapshotter(db: Db) {
  const tables = await tablesOf(db);
  await installProbe(db, tables);
  await drainTouched(db);
  const wholeParts = new Map<string, SQL>();
  for (const { name } of tables) {
    const narrowed = REFUSAL_WRITES[name];
    if (narrowed === null) continue;
    wholeParts.set(name, digest(name, narrowed ?? null));
  }
  const studioParts = (companyId: string) =>
    new Map<string, SQL>(
      tables
        .filter((t) => t.studioColumn && REFUSAL_WRITES[t.name] !== null)
        .map((t) => [t.name, digest(t.name, sql`${ident(t.studioColumn!)} = ${companyId}`)]),
    );

  /** Per kind of snapshot (whole, or one studio): its parts, its last answer, the tables written since. */
  const kinds = new Map<string, { parts: Map<string, SQL>; last: Snapshot | null; dirty: Set<string> }>();
  async function take(key: string, parts: () => Map<string, SQL>): Promise<Snapshot> {
    const written = await drainTouched(db);
    for (const k of kinds.values()) for (const name of written) k.dirty.add(name);
    let kind = kinds.get(key);
    if (!kind) {
      kind = { parts: parts(), last: null, dirty: new Set() };
      kinds.set(key, kind);
    }
    const last = kind.last;
    const stale = last ? [...kind.dirty].filter((n) => kind.parts.has(n)) : [...kind.parts.keys()];
    const fresh = await run(
      db,
      stale.map((n) => [n, kind.parts.get(n)!]),
    );
    kind.last = { ...(last ?? {}), ...fresh };
    kind.dirty.clear();
    return { ...kind.last };
  }

  return {
    tables: tables.map((t) => t.name),
    whole: () => take('whole', () => wholeParts),
    /** Every row that belongs to one studio, the counters of attempts aside. */
    studio: (companyId: string) => take(`studio:${companyId}`, () => studioParts(companyId)),
    /** Both computed from every row, as a check of the ones above. */
    fresh: {
      whole: () => run(db, [...wholeParts]),
      studio: (companyId: string) => run(db, [...studioParts(companyId)]),
    },
  };
}
export type Snapshotter = Awaited<ReturnType<typeof snapshotter>>;

/** The tables whose snapshots differ, for a readable failure. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
