import { messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { registerStudio } from '../../../test/flows';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { argon2Checks, hashPassword, needsRehash, verifyDecoy, verifyPassword } from '../../lib/secrets';
import { INVITED_PASSWORD_HASH } from '../families/invitation';

/**
 * Enumeration by timing (issue 13 item 5): every failing sign-in costs one argon2 verification, so an
 * outsider cannot tell from the answer time whether an address is unknown, only invited, or real with
 * a wrong password. Counted through the seam every check goes through, not timed: a timed assertion
 * on a shared machine would fail for reasons of its own.
 */

const checks = () => vi.spyOn(argon2Checks, 'verify');

/** Made by the `argon2` package (phc-winner-argon2's C, parameters written m, p, t) for "Pirouette1". */
const STORED_BEFORE_117 =
  '$argon2id$v=19$m=19456,p=1,t=2$/KwPUmI7Hm5depMqR8vsSA$iyjslbIS+0fzF8a2NSMKJFLkLZwjqHXnEMH2628ENlI';
afterEach(() => {
  vi.restoreAllMocks();
});

describe('verifyPassword', () => {
  it('checks a hash that is not argon2’s against the decoy, in one argon2 verification', async () => {
    const spy = checks();
    expect(await verifyPassword(INVITED_PASSWORD_HASH, 'Anything1')).toBe(false);
    expect(await verifyPassword('', 'Anything1')).toBe(false);
    expect(await verifyPassword('$2b$10$a-bcrypt-hash', 'Anything1')).toBe(false);
    expect(spy).toHaveBeenCalledTimes(3);
    for (const [hash] of spy.mock.calls) expect(hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
  });

  it('checks a real hash once, and the decoy once, and says yes only to the right password', async () => {
    const hash = await hashPassword('Right123');
    const spy = checks();
    expect(await verifyPassword(hash, 'Right123')).toBe(true);
    expect(await verifyPassword(hash, 'Wrong123')).toBe(false);
    expect(await verifyDecoy('Right123')).toBe(false);
    expect(spy.mock.calls.map(([h]) => h === hash)).toEqual([true, true, false]);
  });

  it('checks the hashes stored before decisions 117 and 120, made by the reference implementation', async () => {
    expect(await verifyPassword(STORED_BEFORE_117, 'Pirouette1')).toBe(true);
    expect(await verifyPassword(STORED_BEFORE_117, 'Pirouette2')).toBe(false);
    expect(await hashPassword('Pirouette1')).toMatch(
      /^\$argon2id\$v=19\$m=12288,t=3,p=1\$[A-Za-z0-9+/]{22}\$/,
    );
  });

  it('says which hashes were made with other settings than today’s (decision 120)', async () => {
    expect(needsRehash(await hashPassword('Today123'))).toBe(false);
    for (const older of [
      STORED_BEFORE_117,
      '$argon2id$v=19$m=19456,t=2,p=1$/KwPUmI7Hm5depMqR8vsSA$iyjslbIS+0fzF8a2NSMKJFLkLZwjqHXnEMH2628ENlI',
      '$argon2id$v=19$m=12288,t=2,p=1$/KwPUmI7Hm5depMqR8vsSA$iyjslbIS+0fzF8a2NSMKJFLkLZwjqHXnEMH2628ENlI',
      '$argon2i$v=19$m=12288,t=3,p=1$/KwPUmI7Hm5depMqR8vsSA$iyjslbIS+0fzF8a2NSMKJFLkLZwjqHXnEMH2628ENlI',
    ])
      expect(needsRehash(older)).toBe(true);
    // The same settings written in another order are today's.
    expect(
      needsRehash('$argon2id$v=19$m=12288,p=1,t=3$/KwPUmI7Hm5depMqR8vsSA$iyjslbIS+0fzF8a2NSMKJFLkLZ'),
    ).toBe(false);
    for (const other of [INVITED_PASSWORD_HASH, '', '$2b$10$a-bcrypt-hash'])
      expect(needsRehash(other)).toBe(false);
  });
});

describe('a sign-in with a hash of older settings (decision 120)', () => {
  let t: TestApp;
  const OWNER = 'older@cost.example';
  const byEmail = async () => (await t.database.db.select().from(users).where(eq(users.email, OWNER)))[0]!;
  const signIn = (password: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { email: OWNER, password } });

  beforeAll(async () => {
    t = await buildTestApp();
    await registerStudio(t, OWNER);
    // The owner's hash as a server before decision 120 stored it, for the password "Pirouette1".
    await t.database.db.update(users).set({ passwordHash: STORED_BEFORE_117 }).where(eq(users.email, OWNER));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps it on a wrong password, and stores one of today’s on the right one, once', async () => {
    expect((await signIn('Pirouette2')).status).toBe(401);
    expect((await byEmail()).passwordHash).toBe(STORED_BEFORE_117);

    const spy = checks();
    expect((await signIn('Pirouette1')).status).toBe(200);
    const fresh = (await byEmail()).passwordHash;
    expect(fresh).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(needsRehash(fresh)).toBe(false);
    expect(await verifyPassword(fresh, 'Pirouette1')).toBe(true);

    expect((await signIn('Pirouette1')).status).toBe(200);
    expect((await byEmail()).passwordHash).toBe(fresh);
    expect(spy.mock.calls.map(([hash]) => hash === fresh)).toEqual([false, true, true]);
  });
});

describe('a failing sign-in', () => {
  let t: TestApp;
  const OWNER = 'owner@cost.example';
  const INVITED = 'invited@cost.example';
  const PENDING = 'pending@cost.example';

  beforeAll(async () => {
    t = await buildTestApp();
    const { cID } = await registerStudio(t, OWNER);
    const db = t.database.db;
    // An address a studio invited, no password chosen yet (decision 014).
    const [invited] = await db
      .insert(users)
      .values({
        email: INVITED,
        passwordHash: INVITED_PASSWORD_HASH,
        firstName: 'In',
        lastName: 'Vited',
        phone: '',
      })
      .returning();
    await db.insert(memberships).values({ companyId: cID, userId: invited!.id, role: 'user', pending: true });
    // A real account whose only membership is still pending: the right password opens nothing.
    const [pending] = await db
      .insert(users)
      .values({
        email: PENDING,
        passwordHash: await hashPassword('Pending123'),
        firstName: 'Pen',
        lastName: 'Ding',
        phone: '',
        emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    await db.insert(memberships).values({ companyId: cID, userId: pending!.id, role: 'user', pending: true });
    expect((await db.select().from(users).where(eq(users.email, INVITED)))[0]?.passwordHash).toBe(
      INVITED_PASSWORD_HASH,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['an unknown address', 'nobody@cost.example', 'Studio123'],
    ['an address only invited (no password yet)', INVITED, 'Studio123'],
    ['a real address with a wrong password', OWNER, 'Wrong1234'],
    ['a real address with the right password and no studio open to it', PENDING, 'Pending123'],
  ])('costs one argon2 verification and gets the same 401: %s', async (_case, email, password) => {
    const spy = checks();
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res).toMatchObject({ status: 401, body: [false, messages.wrongCredentials] });
    expect(res.cookies).toHaveLength(0);
    expect(spy).toHaveBeenCalledTimes(1);
    // A real verification each time: argon2 refusing a malformed hash at once would cost nothing.
    await expect(spy.mock.results[0]!.value).resolves.toBeTypeOf('boolean');
    expect(spy.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });
});
