import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFamily, createPerson } from '../../test/factories';
import { registerStudio, signIn } from '../../test/flows';
import { countQueries, statementShape } from '../../test/query-count';
import { type Caller, caller, twoStudios } from '../../test/studios';
import { hashSecret } from '../lib/secrets';

/**
 * The session cache (decision 024): a session read is kept until the database reports a write that can
 * end or alter one (to sessions, memberships, users or companies), whichever process made it; a write to
 * anything else leaves every kept session alone. Every other API test runs with it and reads after its
 * own writes; these are the cases those do not reach.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof twoStudios>>;
let familyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await twoStudios(t);
  familyId = (await createFamily(t.database.db, s.companyA, { email: 'kept@family.example' })).id;
});

afterAll(async () => {
  await t?.close();
});

const ME = '/api/auth/me';

/** The session look-ups (modules/auth findLiveSession) among a request's round trips. */
async function sessionReads(who: Caller, url = ME) {
  const counted = await countQueries(t, () => who.get(url));
  return {
    status: counted.result.status,
    body: counted.result.body,
    reads: counted.statements.map(statementShape).filter((q) => q.includes('from "sessions"')).length,
  };
}

/**
 * Runs SQL as another process would: on PostgreSQL through a connection of its own, outside the
 * server's pool; on PGlite (in this process by nature) directly. When the write is one the server must
 * hear of, waits until it has.
 */
async function writeFromElsewhere(statement: string, heard: boolean) {
  const before = t.database.changes.heard;
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
  // A notice comes within milliseconds; one that should not come is given as long to show.
  for (let i = 0; i < (heard ? 200 : 10) && t.database.changes.heard === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (heard) expect(t.database.changes.heard).not.toBe(before);
  else expect(t.database.changes.heard).toBe(before);
}

/** Signs a fresh parent of studio A in, and reads their session once so that it is kept. */
async function keptParent(email: string) {
  const user = await createPerson(t.database.db, { email, companyId: s.companyA, role: 'user' });
  const session = await signIn(t, email, 'Parent123');
  const who = caller(t, session.token);
  expect((await who.get(ME)).status).toBe(200);
  expect((await sessionReads(who)).reads).toBe(0);
  return { who, user, token: session.token, membershipId: session.accts[0]!.id };
}

describe('the database tells of the writes that can change a session', () => {
  it('through a trigger on sessions, memberships, users and companies, and on no other table', async () => {
    const watched = await t.database.db.execute(sql`
      select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and g.tgname like 'pirouette\\_changes%'
      group by 1 order by 1`);
    expect((watched as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual([
      'companies',
      'memberships',
      'sessions',
      'users',
    ]);
  });
});

describe('a change drops only the kept sessions it concerns (decision 080)', () => {
  it("a parent's sign-out leaves another parent's kept session kept, and ends its own", async () => {
    const leaving = await keptParent('leaving@studio-a.example');
    const staying = await keptParent('staying@studio-a.example');
    await s.b.get(ME);
    const out = await leaving.who.get('/api/auth/logout');
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    // PostgreSQL: the notice reaches the listening connection a moment after the commit.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await sessionReads(staying.who)).toMatchObject({ status: 200, reads: 0 });
    expect(await sessionReads(s.b)).toMatchObject({ status: 200, reads: 0 });
    expect((await leaving.who.get(ME)).body).toEqual([true, null]);
  });

  it('a sign-out from elsewhere ends that session at once and no other', async () => {
    const leaving = await keptParent('leaving-elsewhere@studio-a.example');
    const staying = await keptParent('staying-elsewhere@studio-a.example');
    await writeFromElsewhere(
      `update sessions set revoked_at = now() where token_hash = '${hashSecret(leaving.token)}'`,
      true,
    );
    expect((await leaving.who.get(ME)).body).toEqual([true, null]);
    expect(await sessionReads(staying.who)).toMatchObject({ status: 200, reads: 0 });
  });

  it("a membership revoked ends its sessions at once, and leaves the studio's other sessions kept", async () => {
    const revoked = await keptParent('revoked-only@studio-a.example');
    const staying = await keptParent('staying-revoked@studio-a.example');
    await writeFromElsewhere(`delete from memberships where id = '${revoked.membershipId}'`, true);
    expect((await revoked.who.get(ME)).body).toEqual([true, null]);
    expect(await sessionReads(staying.who)).toMatchObject({ status: 200, reads: 0 });
  });

  it('a person removed is signed out at once, and a renamed studio shows its name to its own sessions only', async () => {
    const removed = await keptParent('removed-only@studio-a.example');
    const staying = await keptParent('staying-removed@studio-a.example');
    await s.b.get(ME);
    await writeFromElsewhere(`delete from users where id = '${removed.user.id}'`, true);
    expect((await removed.who.get(ME)).body).toEqual([true, null]);
    expect(await sessionReads(staying.who)).toMatchObject({ status: 200, reads: 0 });
    await writeFromElsewhere(`update companies set name = name || ' ' where id = '${s.companyA}'`, true);
    expect(await sessionReads(staying.who)).toMatchObject({ status: 200, reads: 1 });
    expect(await sessionReads(s.b)).toMatchObject({ status: 200, reads: 0 });
  });

  it('a change that names no rows (a statement of more than 50, a notice of an older form) drops every kept session', async () => {
    const kept = await keptParent('unattributed@studio-a.example');
    await s.b.get(ME);
    // 60 sessions of the parent's, written by one statement: too many to name.
    await writeFromElsewhere(
      `insert into sessions (id, token_hash, user_id, company_id, membership_id, remember, expires_at, ip, user_agent)
        select gen_random_uuid(), md5(random()::text || g::text), '${kept.user.id}', '${s.companyA}',
          '${kept.membershipId}', false, now() + interval '1 day', '127.0.0.1', 'test'
        from generate_series(1, 60) g`,
      false,
    );
    await writeFromElsewhere(
      `update sessions set user_agent = 'bulk' where user_agent = 'test' and user_id = '${kept.user.id}'`,
      true,
    );
    expect(await sessionReads(kept.who)).toMatchObject({ status: 200, reads: 1 });
    expect(await sessionReads(s.b)).toMatchObject({ status: 200, reads: 1 });
    t.database.changes.notice('users:UPDATE:42');
    expect(await sessionReads(s.b)).toMatchObject({ status: 200, reads: 1 });
  });
});

describe('a kept session', () => {
  it('costs no query when asked again with nothing written', async () => {
    await s.parent.get(ME);
    const again = await sessionReads(s.parent);
    expect(again.status).toBe(200);
    expect(again.reads).toBe(0);
  });

  it("is left alone by a write to a family, through the API or from elsewhere: other sessions' requests read no session", async () => {
    await s.parent.get(ME);
    await s.b.get(ME);
    // Through the API: studio A's owner changes a family's contact details (family_accounts, audit_log).
    const edited = await s.a.put('/api/mystudio/account/contactInfo', {
      id: familyId,
      address: '3 Kept Lane',
      address2: '',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550150',
      email: 'kept@family.example',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // From elsewhere: another process renames the family.
    await writeFromElsewhere(
      `update family_accounts set last_name = 'Elsewhere' where id = '${familyId}'`,
      false,
    );

    expect(await sessionReads(s.parent)).toMatchObject({ status: 200, reads: 0 });
    expect(await sessionReads(s.b)).toMatchObject({ status: 200, reads: 0 });
    expect(await sessionReads(s.a)).toMatchObject({ status: 200, reads: 0 });
  });

  it('is refused at its next request once its membership is revoked', async () => {
    const parent = await keptParent('revoked-membership@studio-a.example');
    await writeFromElsewhere(`delete from memberships where id = '${parent.membershipId}'`, true);
    expect((await parent.who.get(ME)).body).toEqual([true, null]);
  });

  it('is read again when its membership changes: a parent made owner reaches the owner’s pages at once', async () => {
    const parent = await keptParent('promoted@studio-a.example');
    expect((await parent.who.get('/api/mystudio/settings')).status).toBe(403);
    await writeFromElsewhere(
      `update memberships set role = 'owner' where id = '${parent.membershipId}'`,
      true,
    );
    expect((await parent.who.get('/api/mystudio/settings')).status).toBe(200);
    await writeFromElsewhere(
      `update memberships set role = 'user' where id = '${parent.membershipId}'`,
      true,
    );
    expect((await parent.who.get('/api/mystudio/settings')).status).toBe(403);
  });

  it('is refused at its next request once it is revoked', async () => {
    const parent = await keptParent('revoked-session@studio-a.example');
    await writeFromElsewhere(
      `update sessions set revoked_at = now() where token_hash = '${hashSecret(parent.token)}'`,
      true,
    );
    expect((await parent.who.get(ME)).body).toEqual([true, null]);
  });

  it('is refused at its next request once its person is removed, and shows a changed name at once', async () => {
    const parent = await keptParent('removed@studio-a.example');
    await writeFromElsewhere(`update users set first_name = 'Renamed' where id = '${parent.user.id}'`, true);
    expect(JSON.stringify((await parent.who.get(ME)).body)).toContain('Renamed');
    await writeFromElsewhere(`delete from users where id = '${parent.user.id}'`, true);
    expect((await parent.who.get(ME)).body).toEqual([true, null]);
  });

  it('is refused at its next request once its studio is gone', async () => {
    const studio = await registerStudio(t, 'owner@closing.example');
    const owner = caller(t, (await signIn(t, 'owner@closing.example')).token);
    expect((await owner.get(ME)).status).toBe(200);
    expect((await sessionReads(owner)).reads).toBe(0);
    await writeFromElsewhere(`delete from companies where id = '${studio.cID}'`, true);
    expect((await owner.get(ME)).body).toEqual([true, null]);
  });

  it('is refused when its time is up, with nothing written in between', async () => {
    const session = await signIn(t, 'owner@studio-a.example');
    const owner = caller(t, session.token);
    expect((await owner.get(ME)).status).toBe(200);
    t.clock.advanceMinutes(60 * 24 * 60);
    try {
      expect((await owner.get(ME)).body).toEqual([true, null]);
    } finally {
      t.clock.advanceMinutes(-60 * 24 * 60);
    }
  });

  it('is never kept while the server does not hear the database', async () => {
    t.database.changes.setLive(false);
    try {
      await s.parent.get(ME);
      expect((await sessionReads(s.parent)).reads).toBe(1);
    } finally {
      t.database.changes.setLive(true);
    }
    await s.parent.get(ME);
    expect((await sessionReads(s.parent)).reads).toBe(0);
  });
});
