import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { dumpFile, freshDatabase, migratedTemplateFile } from './build-test-app';
import { reuse } from './reused-pglite';

type Rows<T> = { rows: T[] };

/**
 * The databases a worker keeps for its next files (decision 092): a file gets one back as the dump left
 * it, or a newly opened one, never another file's rows, sequences, functions or settings.
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('a PGlite test database kept for the next file', () => {
  it('comes back without the rows, the sequence and the setting a file left', async () => {
    const first = await freshDatabase();
    await first.db.execute(sql`insert into rate_limits (key, window_start, count) values ('left', now(), 3)`);
    await first.db.execute(sql`select nextval('mail_outbox_seq_seq')`);
    await first.db.execute(sql`set enable_seqscan = off`);
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
    // The setting stays with the database: it is refused, and a new one opened.
    const refusedBefore = reuse.refused.length;
    const second = await freshDatabase();
    expect(reuse.refused.length).toBe(refusedBefore + 1);
    await second.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('left', now(), 3)`,
    );
    await second.db.execute(sql`select nextval('mail_outbox_seq_seq')`);
    await second.close();

    const reusedBefore = reuse.reused;
    const third = await freshDatabase();
    expect(reuse.reused).toBe(reusedBefore + 1);
    const left = (await third.db.execute(
      sql`select count(*)::int as n from rate_limits`,
    )) as unknown as Rows<{ n: number }>;
    expect(left.rows[0]?.n).toBe(0);
    const next = (await third.db.execute(
      sql`select nextval('mail_outbox_seq_seq')::int as n`,
    )) as unknown as Rows<{
      n: number;
    }>;
    // As a database newly opened from the same dump answers.
    const file = await migratedTemplateFile();
    const opened = await openPglite(null, dumpFile(file));
    const fresh = (await opened.db.execute(
      sql`select nextval('mail_outbox_seq_seq')::int as n`,
    )) as unknown as Rows<{
      n: number;
    }>;
    await opened.close();
    expect(next.rows[0]?.n).toBe(fresh.rows[0]?.n);
    await third.close();
  });

  it('is refused when a file left a function behind', async () => {
    const first = await freshDatabase();
    await first.db.execute(sql`create function left_behind() returns int language sql as 'select 1'`);
    await first.close();
    const refusedBefore = reuse.refused.length;
    const second = await freshDatabase();
    expect(reuse.refused.length).toBe(refusedBefore + 1);
    expect(reuse.refused.at(-1)).toContain('left_behind');
    const found = (await second.db.execute(
      sql`select count(*)::int as n from pg_proc where proname = 'left_behind'`,
    )) as unknown as Rows<{ n: number }>;
    expect(found.rows[0]?.n).toBe(0);
    await second.close();
  });
});
