import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { freshDatabase } from './build-test-app';

/**
 * Distribution by studio needs no change of schema (issue 39 point 6, docs/scaling.md): every table of
 * studio data carries the studio's id, `company_id`, so each of its rows can be placed with its studio's
 * (Citus's distribution column, or a studio moved to another database by copying the rows that name
 * it). The tables that are not one studio's data are named here with why; a new table is either
 * studio data, with its `company_id`, or added to this list with its reason.
 */
const NOT_STUDIO_DATA: Record<string, string> = {
  companies: 'the studios themselves: a studio is placed by its own id',
  users: 'a person signs in once to every studio they belong to (memberships carry the studio)',
  app_settings: 'the server’s own settings (the cookie secret), no studio’s',
  rate_limits: 'limits per address or per sign-in name, counted across studios',
  processor_events: 'the processor’s webhook inbox: an event is kept before the studio it concerns is known',
  sandbox_finix_resources: 'the stand-in processor’s own store, not the product’s',
};

/**
 * Tables whose rows are mostly a studio's but may belong to none: a mail or a token to a person signing
 * up before their studio exists, a job of the server itself (the purge), an audit line of a sign-in.
 */
const STUDIO_OR_NONE = new Set(['mail_outbox', 'audit_log', 'one_time_tokens', 'jobs']);

type Column = { table_name: string; has_studio: boolean; nullable: boolean };

describe('every table of studio data carries the studio’s id', () => {
  let database: Database;
  let tables: Column[];

  beforeAll(async () => {
    database = await freshDatabase();
    tables = await rowsOf<Column>(
      database.db,
      sql`
        select t.table_name,
               bool_or(c.column_name = 'company_id') as has_studio,
               coalesce(bool_or(c.column_name = 'company_id' and c.is_nullable = 'YES'), false) as nullable
        from information_schema.tables t
        join information_schema.columns c using (table_schema, table_name)
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and t.table_name not like '\\_\\_%'
        group by t.table_name
        order by t.table_name`,
    );
  });
  afterAll(() => database?.close());

  it('reads the whole schema', () => {
    expect(tables.length).toBeGreaterThan(100);
    expect(tables.map((t) => t.table_name)).toContain('ledger_entries');
  });

  it('has `company_id` on every table but those that are no studio’s data', () => {
    const without = tables.filter((t) => !t.has_studio).map((t) => t.table_name);
    expect(without.sort()).toEqual(Object.keys(NOT_STUDIO_DATA).sort());
  });

  it('has it required, but where a row may be no studio’s', () => {
    const optional = tables.filter((t) => t.has_studio && t.nullable).map((t) => t.table_name);
    expect(optional.sort()).toEqual([...STUDIO_OR_NONE].sort());
  });
});
