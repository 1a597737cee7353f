import { messages } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appOn, emptiedForEachTest, type TestApp } from '../../test/build-test-app';
import { registerStudio } from '../../test/flows';
import { gate, ON_POSTGRES, someoneWaits } from '../../test/interleaved';
import { rowsOf } from '../db/rows';
import { consume, consumeAll, reserveAttempt, rules } from './rate-limit';

/**
 * The limits hold under a burst: however many attempts arrive at once, no more than the limit are
 * checked (issue 13, item 2). Before the count and the check were one statement, 150 parallel wrong
 * passwords were all checked and the right one at the end signed in.
 */
let t: TestApp;
// Each test on an empty database of its own: one per file, emptied between tests.
const databases = emptiedForEachTest();
beforeEach(async () => {
  t = await appOn(await databases.next());
});
afterEach(async () => {
  await t.close();
});

const email = 'owner@studio-a.example';

describe('limits under a burst', () => {
  it('checks no more than ten of 150 parallel wrong passwords, and refuses the right one after them', async () => {
    await registerStudio(t, email);
    const wrong = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: `Wrong${i}xx` } }),
      ),
    );
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(rules.loginPerEmail.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - rules.loginPerEmail.limit);
    const right = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Studio123' },
    });
    expect(right).toMatchObject({ status: 429, body: [false, messages.tooManyAttempts] });
  });

  it('checks no more than five of 300 parallel registration codes', async () => {
    const address = 'new@studio-b.example';
    expect((await t.call({ method: 'GET', url: `/api/registration/confirm/email/${address}` })).status).toBe(
      200,
    );
    const guesses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        t.call({
          method: 'GET',
          url: `/api/registration/email/validate/${address}/${String(i).padStart(6, '0')}`,
        }),
      ),
    );
    // Each guess is refused or checked and found wrong: none fails on the way (a deadlock between two
    // guesses was once a 500, counted here as a sixth checked guess).
    expect(
      guesses.filter((r) => r.status !== 429 && r.status !== 422).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const checked = guesses.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(rules.codeCheckPerEmail.limit);
    expect(checked.length).toBe(rules.codeCheckPerEmail.limit);
  });

  it('does not count a right password, so ten wrong ones around right ones still lock the address', async () => {
    await registerStudio(t, email);
    for (let i = 0; i < 5; i++) {
      await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Studio123' } });
    }
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: `Wrong${i}xx` } }),
      ),
    );
    expect(attempts.filter((r) => r.status === 401)).toHaveLength(10);
  });
});

describe('reserveAttempt', () => {
  it('gives back the places under the other limits when one refuses', async () => {
    const db = t.database.db;
    const rule = { limit: 2, windowSeconds: 600 };
    const wide = { limit: 100, windowSeconds: 600 };
    await reserveAttempt(db, t.clock, [['k:narrow', rule]]);
    await reserveAttempt(db, t.clock, [['k:narrow', rule]]);
    await expect(
      reserveAttempt(db, t.clock, [
        ['k:wide', wide],
        ['k:narrow', rule],
      ]),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    // k:wide was given back: 100 more fit.
    for (let i = 0; i < 100; i++) await reserveAttempt(db, t.clock, [['k:wide', wide]]);
    await expect(reserveAttempt(db, t.clock, [['k:wide', wide]])).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('releases once only, and a released place is free again', async () => {
    const db = t.database.db;
    const rule = { limit: 1, windowSeconds: 600 };
    const first = await reserveAttempt(db, t.clock, [['k:one', rule]]);
    await expect(reserveAttempt(db, t.clock, [['k:one', rule]])).rejects.toMatchObject({
      code: 'rate_limited',
    });
    await first.release();
    await first.release();
    const second = await reserveAttempt(db, t.clock, [['k:one', rule]]);
    await expect(reserveAttempt(db, t.clock, [['k:one', rule]])).rejects.toMatchObject({
      code: 'rate_limited',
    });
    await second.release();
  });

  it('lets no more than the limit through a parallel burst of consume', async () => {
    const db = t.database.db;
    const rule = { limit: 7, windowSeconds: 600 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, () => consume(db, t.clock, 'k:burst', rule)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
  });

  it('takes a sliding limit and a fixed one in one reservation, and says when the sliding one frees a place', async () => {
    const db = t.database.db;
    // Two an hour, counted in ten-minute buckets; beside it a wide fixed limit.
    const sliding = { limit: 2, windowSeconds: 3600, bucketSeconds: 600 };
    const wide = { limit: 100, windowSeconds: 3600 };
    await reserveAttempt(db, t.clock, [['k:slide', sliding]]);
    t.clock.advanceMinutes(25);
    await reserveAttempt(db, t.clock, [
      ['k:wide2', wide],
      ['k:slide', sliding],
    ]);
    t.clock.advanceMinutes(20);
    const refused = await reserveAttempt(db, t.clock, [
      ['k:wide2', wide],
      ['k:slide', sliding],
    ]).catch((error: unknown) => error);
    // The first place was taken in the bucket that began at 15:00; it is free at 16:00, 15 minutes on.
    expect(refused).toMatchObject({
      code: 'rate_limited',
      key: 'k:slide',
      headers: { 'retry-after': '900' },
    });
    t.clock.advanceMinutes(15);
    await expect(reserveAttempt(db, t.clock, [['k:slide', sliding]])).resolves.toBeDefined();
    // The wide limit kept one place of the three attempts: the refused one gave its place back.
    const [row] = await rowsOf<{ count: number }>(
      db,
      sql`select sum(count)::int as count from rate_limits where key = 'k:wide2'`,
    );
    expect(row!.count).toBe(1);
  });

  it('takes places under shared keys given in either order, in parallel, without a deadlock', async () => {
    const db = t.database.db;
    const rule = { limit: 1_000, windowSeconds: 600 };
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        reserveAttempt(
          db,
          t.clock,
          i % 2
            ? [
                ['k:a', rule],
                ['k:b', rule],
              ]
            : [
                ['k:b', rule],
                ['k:a', rule],
              ],
        ),
      ),
    );
    const rows = await rowsOf<{ key: string; count: number }>(
      db,
      sql`select key, count from rate_limits where key in ('k:a', 'k:b') order by key`,
    );
    expect(rows).toEqual([
      { key: 'k:a', count: 60 },
      { key: 'k:b', count: 60 },
    ]);
  });

  it('refuses a reservation that names one key twice', async () => {
    const rule = { limit: 5, windowSeconds: 600 };
    await expect(
      reserveAttempt(t.database.db, t.clock, [
        ['k:twice', rule],
        ['k:twice', rule],
      ]),
    ).rejects.toThrow(/a key of its own/);
  });
});

describe('consumeAll', () => {
  /** How many more places `key` has under `rule` now: consumed until refused, then nothing more. */
  async function placesLeft(key: string, rule: { limit: number; windowSeconds: number }) {
    let n = 0;
    while (n <= rule.limit) {
      try {
        await consume(t.database.db, t.clock, key, rule);
      } catch {
        return n;
      }
      n += 1;
    }
    return n;
  }

  it('counts as consumed one after another: refused at the first limit passed, those after it given back', async () => {
    const db = t.database.db;
    const three = { limit: 3, windowSeconds: 600 };
    const one = { limit: 1, windowSeconds: 600 };
    await consume(db, t.clock, 'c:narrow', one);
    await expect(
      consumeAll(db, t.clock, [
        ['c:before', three],
        ['c:narrow', one],
        ['c:after', three],
      ]),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    // The limit before the refusal was counted; the one after it was given back.
    expect(await placesLeft('c:before', three)).toBe(2);
    expect(await placesLeft('c:after', three)).toBe(3);
  });

  it('lets no more than the narrowest limit through a parallel burst, and refuses a key named twice', async () => {
    const db = t.database.db;
    const rule = { limit: 4, windowSeconds: 600 };
    const wide = { limit: 1000, windowSeconds: 600 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        consumeAll(db, t.clock, [
          ['c:burst-wide', wide],
          ['c:burst', rule],
        ]),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    await expect(
      consumeAll(db, t.clock, [
        ['c:twice', rule],
        ['c:twice', rule],
      ]),
    ).rejects.toThrow(/a key of its own/);
  });
});

describe.runIf(ON_POSTGRES)('the order places are taken and given back in (PostgreSQL)', () => {
  /**
   * Taking places writes the keys in the order of their names; giving them back must lock them in the
   * same order, or a refused attempt giving back (address, then client) and another taking (client, then
   * address) each hold the row the other waits for: PostgreSQL ends one with a deadlock, a 500 that was
   * counted as a checked guess (a burst of 300 codes once let six through). Here a transaction holds the
   * first key's row; a reservation given back in the other order must wait on that row before it touches
   * the second, so the second is still free to lock.
   */
  it('gives places back in the order of their keys, whatever the order the limits were given in', async () => {
    const db = t.database.db;
    const narrow = { limit: 5, windowSeconds: 600 };
    const wide = { limit: 1_000, windowSeconds: 600 };
    const reservation = await reserveAttempt(db, t.clock, [
      ['k:z-narrow', narrow],
      ['k:a-wide', wide],
    ]);
    // Written again, the wide key's row now lies after the narrow one's: a plan that reads the table
    // in its order meets the narrow key first.
    await (await reserveAttempt(db, t.clock, [['k:a-wide', wide]])).release();
    const { opened: held, open: letGo } = gate();
    const { opened: holding, open: locked } = gate();
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from rate_limits where key = 'k:a-wide' for update`);
      locked();
      await held;
    });
    await holding;
    const givenBack = reservation.release();
    try {
      await someoneWaits(db, 'the release never waited for the held row');
      const other = await db
        .transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '300ms'`);
          await tx.execute(sql`select 1 from rate_limits where key = 'k:z-narrow' for update`);
          return 'free' as const;
        })
        .catch(() => 'locked by the release' as const);
      expect(other).toBe('free');
    } finally {
      letGo();
      await holder;
      await givenBack;
    }
    const rows = await rowsOf<{ key: string; count: number }>(
      db,
      sql`select key, count from rate_limits where key like 'k:%' order by key`,
    );
    expect(rows).toEqual([
      { key: 'k:a-wide', count: 0 },
      { key: 'k:z-narrow', count: 0 },
    ]);
  });
});
