import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, settled, type TestApp } from '../../test/build-test-app';
import { createFamily } from '../../test/factories';
import { signIn } from '../../test/flows';
import { countQueries } from '../../test/query-count';
import { caller, twoStudios } from '../../test/studios';
import { hashSecret } from '../lib/secrets';

/**
 * The read caches (decision 015): an answer or a session is kept until the database reports a change,
 * and is only ever given to the session that read it. Every other API test runs with them too, and
 * reads after its own writes; these are the cases those do not reach.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof twoStudios>>;
let familyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await twoStudios(t);
  familyId = (await createFamily(t.database.db, s.companyA, { email: 'kept@family.example' })).id;
  await t.database.db.execute(sql`update family_accounts set last_name = 'Kept' where id = ${familyId}`);
});

afterAll(async () => {
  await t?.close();
});

const LIST = '/api/mystudio/account/list/incomplete';
const names = (body: [true, { items: { lastName: string }[] }]) => body[1].items.map((i) => i.lastName);

/** Asks twice; answers the round trips of the second asking (0: it was kept) and its answer. */
async function askTwice(ask: () => ReturnType<TestApp['call']>) {
  await settled(t);
  await ask();
  const again = await countQueries(t, ask);
  return { queries: again.count, answer: again.result };
}

/**
 * Runs SQL as another process would: on PostgreSQL through a connection of its own, outside the
 * server's pool, and waits for the server to hear of it; on PGlite (in this process by nature) directly.
 */
async function writeFromElsewhere(statement: string) {
  const before = t.database.changes.version;
  if (t.database.kind === 'pglite') {
    await t.database.db.execute(sql.raw(statement));
  } else {
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = new pg.Client({ connectionString: pool.options.connectionString });
    await other.connect();
    try {
      await other.query(statement);
    } finally {
      await other.end();
    }
  }
  for (let i = 0; i < 200 && t.database.changes.version === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(t.database.changes.version).not.toBe(before);
}

describe('the database tells of its writes', () => {
  it('through a trigger on every table (a new table calls pirouette_watch_table in its migration)', async () => {
    const unwatched = await t.database.db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'pirouette_changes')
      order by 1`);
    expect((unwatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('and a kept answer gives way to a write the API never saw', async () => {
    const first = await askTwice(() => s.a.get(LIST));
    expect(first.queries).toBe(0);
    expect(names(first.answer.body)).toContain('Kept');

    await writeFromElsewhere(`update family_accounts set last_name = 'Changed' where id = '${familyId}'`);
    const after = await countQueries(t, () => s.a.get(LIST));
    expect(after.count).toBeGreaterThan(0);
    expect(names(after.result.body)).toContain('Changed');
    expect(names(after.result.body)).not.toContain('Kept');
  });

  it('but a new session, a counted attempt and a queued mail leave kept answers as they are', async () => {
    await settled(t);
    await s.a.get(LIST);
    const before = t.database.changes.version;
    await t.database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values ('test:quiet', now(), 1)`,
    );
    await t.database.db.execute(
      sql`insert into mail_outbox ("to", subject, text, html, template) values ('a@b.example', 's', 't', 'h', 'test')`,
    );
    await t.database.db.execute(
      sql`insert into sessions (token_hash, user_id, membership_id, company_id, expires_at)
          select 'quiet-test', user_id, id, company_id, now() + interval '1 hour'
          from memberships where company_id = ${s.companyA} and role = 'owner' limit 1`,
    );
    expect(t.database.changes.version).toBe(before);
    expect((await countQueries(t, () => s.a.get(LIST))).count).toBe(0);
  });
});

describe('a kept session', () => {
  it('is refused at once when it is revoked, though its answers were kept', async () => {
    const session = await signIn(t, 'owner@studio-a.example');
    const owner = caller(t, session.token);
    expect((await askTwice(() => owner.get(LIST))).queries).toBe(0);

    await writeFromElsewhere(
      `update sessions set revoked_at = now() where token_hash = '${hashSecret(session.token)}'`,
    );
    const refused = await owner.get(LIST);
    expect(refused.status).toBe(401);
  });

  it('is refused when its time is up, with nothing written in between', async () => {
    const session = await signIn(t, 'owner@studio-a.example');
    const owner = caller(t, session.token);
    expect((await owner.get('/api/auth/me')).status).toBe(200);
    t.clock.advanceMinutes(60 * 24 * 60);
    try {
      const late = await countQueries(t, () => owner.get('/api/auth/me'));
      expect(late.result.status).toBe(401);
    } finally {
      t.clock.advanceMinutes(-60 * 24 * 60);
    }
  });
});

describe('a kept answer', () => {
  it("goes only to the session that read it: the other studio's owner asking the same address gets their own", async () => {
    const a = await askTwice(() => s.a.get('/api/mystudio/settings'));
    const b = await askTwice(() => s.b.get('/api/mystudio/settings'));
    expect(a.queries).toBe(0);
    expect(b.queries).toBe(0);
    expect(JSON.stringify(a.answer.body)).not.toBe(JSON.stringify(b.answer.body));
    expect(JSON.stringify(b.answer.body)).toContain('Second Position Ballet');
    // A parent of the same studio is stopped by the access check before any cache.
    expect((await s.parent.get('/api/mystudio/settings')).status).toBe(403);
  });

  it('is read again when the minute turns (what is read "today" moves with the clock)', async () => {
    await askTwice(() => s.a.get(LIST));
    t.clock.advanceMinutes(1);
    expect((await countQueries(t, () => s.a.get(LIST))).count).toBeGreaterThan(0);
  });

  it('is only a 200: a refusal is asked of the database every time', async () => {
    const missing = `/api/mystudio/account/${familyId.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}/info`;
    const twice = await askTwice(() => s.a.get(missing));
    expect(twice.answer.status).toBe(404);
    expect(twice.queries).toBeGreaterThan(0);
  });

  it('is never kept while the server does not hear the database', async () => {
    t.database.changes.setLive(false);
    try {
      expect((await askTwice(() => s.a.get(LIST))).queries).toBeGreaterThan(0);
    } finally {
      t.database.changes.setLive(true);
    }
    expect((await askTwice(() => s.a.get(LIST))).queries).toBe(0);
  });

  it('is not given to a HEAD, nor kept from one', async () => {
    const { token } = await signIn(t, 'owner@studio-a.example');
    const head = () => t.call({ method: 'HEAD', url: LIST, headers: { 'x-access-token': token } });
    expect((await askTwice(head)).queries).toBeGreaterThan(0);
  });
});
