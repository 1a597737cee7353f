import { describe, expect, it } from 'vitest';
import { lastMailTo, signIn } from '../../../test/flows';
import { useTwoStudios } from '../../../test/studios-base';
import { deskFamily, ok } from '../accounts/accounts.fixture';

/**
 * An account made by another request at the moment of the invitation. The invitation inserts the
 * address first (ON CONFLICT DO NOTHING, which waits for a concurrent insert of the same address to
 * commit or roll back) and reads the row after: there is no moment between a look-up and an insert
 * for an account to appear in, and the invitation carries on with whichever row exists.
 */

const { t, s } = useTwoStudios();

const addUser = (familyId: string, email: string) =>
  s.a.post('/api/mystudio/account/user', {
    uType: 'user',
    nUser: { firstName: 'Rae', lastName: 'Race', phone: '9735550181', role: 'Mother', email },
    aID: familyId,
  });

describe('an account created at the same moment as the invitation', () => {
  it('a proved account: given a place and told so, instead of a false 409; it opens as they sign in', async () => {
    const familyId = await deskFamily(s.a);
    await ok(addUser(familyId, 'owner@studio-b.example'));
    expect((await lastMailTo(t, 'owner@studio-b.example')).subject).toContain('added you');
    const info = await ok(s.a.get(`/api/mystudio/account/${familyId}/info`));
    expect(info.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'owner@studio-b.example', login: 'invited' }),
      ]),
    );
    await signIn(t, 'owner@studio-b.example');
    const after = await ok(s.a.get(`/api/mystudio/account/${familyId}/info`));
    expect(after.users).toEqual(
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
    await ok(addUser(familyId, email));
    expect((await lastMailTo(t, email)).subject).toContain('invites you');
    const info = await ok(s.a.get(`/api/mystudio/account/${familyId}/info`));
    expect(info.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, login: 'invited' })]),
    );
  });
});
