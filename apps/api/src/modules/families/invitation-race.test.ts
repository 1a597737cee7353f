import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { lastMailTo } from '../../../test/flows';
import { twoStudios } from '../../../test/studios';
import { deskFamily, ok } from '../accounts/accounts.fixture';
import { findUserByEmail } from '../auth/auth.queries';

/**
 * An account made by another request between the invitation's look-up of the address and its insert
 * (the insert then skipped by ON CONFLICT DO NOTHING): the look-up is made to miss once, as it would
 * in that race, and the invitation carries on with the account that now exists.
 */
vi.mock('../auth/auth.queries', async (original) => {
  const real = await original<typeof import('../auth/auth.queries')>();
  return { ...real, findUserByEmail: vi.fn(real.findUserByEmail) };
});

let t: TestApp;
let s: Awaited<ReturnType<typeof twoStudios>>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await twoStudios(t);
});
afterAll(async () => {
  await t.close();
});

const addUser = (familyId: string, email: string) =>
  s.a.post('/api/mystudio/account/user', {
    uType: 'user',
    nUser: { firstName: 'Rae', lastName: 'Race', phone: '9735550181', role: 'Mother', email },
    aID: familyId,
  });

describe('an account created at the same moment as the invitation', () => {
  it('a proved account: joins the family and is told so, instead of a false 409', async () => {
    const familyId = await deskFamily(s.a);
    vi.mocked(findUserByEmail).mockResolvedValueOnce(null);
    await ok(addUser(familyId, 'owner@studio-b.example'));
    expect((await lastMailTo(t, 'owner@studio-b.example')).subject).toContain('added you');
    const info = await ok(s.a.get(`/api/mystudio/account/${familyId}/info`));
    expect(info.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'owner@studio-b.example', login: 'active' })]),
    );
  });

  it('an invited-only address: invited here too', async () => {
    const email = 'rae@race.example';
    const elsewhere = await deskFamily(s.b);
    await ok(
      s.b.post('/api/mystudio/account/user', {
        uType: 'user',
        nUser: { firstName: 'Rae', lastName: 'Race', phone: '9735550181', role: 'Mother', email },
        aID: elsewhere,
      }),
    );
    const familyId = await deskFamily(s.a);
    vi.mocked(findUserByEmail).mockResolvedValueOnce(null);
    await ok(addUser(familyId, email));
    expect((await lastMailTo(t, email)).subject).toContain('invites you');
    const info = await ok(s.a.get(`/api/mystudio/account/${familyId}/info`));
    expect(info.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, login: 'invited' })]),
    );
  });
});
