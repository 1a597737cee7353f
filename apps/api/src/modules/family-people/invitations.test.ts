import {
  accountMessages,
  FAMILY_LIMITS,
  FAMILY_USERS_LIMIT,
  familyMessages,
  messages,
} from '@pirouette/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkTokenIn, parentRegistration, registerStudio, signIn } from '../../../test/flows';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { memberships } from '../../db/schema/memberships';
import { oneTimeTokens, rateLimits } from '../../db/schema/security';
import { users } from '../../db/schema/users';
import { findFamily } from '../../kernel/family-scope';
import { rules } from '../../lib/rate-limit';
import { deskFamily, registeredFamily as registeredAt } from '../accounts/accounts.fixture';
import { INVITED_PASSWORD_HASH } from '../families/invitation';
import { type Family, peopleOf, snapshot, studentsOf, twoFamilies } from './family-people.fixtures';

/** Invitations to sign in (decision 014): who sends them, what they hold, what they never block. */

const { t, s } = useTwoStudios();
let famA: Family;
beforeAll(async () => {
  ({ famA } = await twoFamilies(t, s));
});

const STUDIO_A = 'Lopez Dance';
const PASS_LINK = '/verify/email/pass/';
const adult = (o: Record<string, unknown> = {}) => ({
  firstName: 'Xena',
  lastName: 'Park',
  phone: '9735550177',
  role: 'Sister',
  ...o,
});

/** The owner adds a user with an e-mail address to a family: answers the call. */
const ownerAdds = (owner: Caller, familyId: string, email: string, o: Record<string, unknown> = {}) =>
  owner.post('/api/mystudio/account/user', { uType: 'user', nUser: adult({ email, ...o }), aID: familyId });

async function invited(owner: Caller, familyId: string, email: string) {
  const res = await ownerAdds(owner, familyId, email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1].id as string;
}

const resend = (owner: Caller, familyId: string, personId: string) =>
  owner.post(`/api/mystudio/account/${familyId}/invite/${personId}`);
const removeUser = (owner: Caller, familyId: string, personId: string) =>
  owner.delete(`/api/mystudio/account/user/user/${personId}/${familyId}`);
const setPassword = (token: string, password: string) =>
  s.anonymous.put('/api/registration/change/pass', { token, password });
const passLink = async (email: string) => linkTokenIn((await lastMailTo(t, email)).text, PASS_LINK);
const login = (email: string, password: string) => s.anonymous.post('/api/auth/login', { email, password });

async function termsOf(companyId: string) {
  return (await s.anonymous.get(`/api/registration/parent/company/${companyId}`)).body[1].terms;
}

/** A parent registers at a studio through its link with `email` (password Parent123). */
async function registersAt(companyId: string, email: string, firstName = 'Priya') {
  const form = parentRegistration(email, await termsOf(companyId));
  form.user.firstName = firstName;
  return s.anonymous.post(`/api/registration/parent/${companyId}`, form);
}

async function verifies(email: string) {
  const token = linkTokenIn((await lastMailTo(t, email)).text, '/verify/email/nt/');
  expect((await s.anonymous.put(`/api/registration/verify/email/${token}`)).status).toBe(200);
}

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function membershipsOf(email: string) {
  const user = await userRow(email);
  return t.database.db
    .select({ companyId: memberships.companyId, pending: memberships.pending })
    .from(memberships)
    .where(eq(memberships.userId, user!.id));
}

async function liveInvitations(email: string) {
  const user = await userRow(email);
  return t.database.db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, 'invitation'),
        eq(oneTimeTokens.userId, user!.id),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

const loginOf = async (owner: Caller, familyId: string, email: string) => {
  const info = (await owner.get(`/api/mystudio/account/${familyId}/info`)).body[1];
  return info.users.find((u: { email: string }) => u.email === email)?.login;
};

/** A family at studio B, registered by its parent through B's link. */
const familyAtB = (email: string) => registeredAt(t, s.companyB, email);

describe('an address held only by an invitation never blocks its person', () => {
  it('invited by studio A, then removed: registers as a parent at studio B and signs in after verifying', async () => {
    const email = 'xena@claim-1.example';
    const fam = await deskFamily(s.a);
    const personId = await invited(s.a, fam, email);
    expect(await userRow(email)).toMatchObject({ passwordHash: INVITED_PASSWORD_HASH });
    expect((await removeUser(s.a, fam, personId)).status).toBe(200);

    const res = await registersAt(s.companyB, email, 'Xena');
    expect(res).toMatchObject({ status: 200, body: [true, { msg: familyMessages.registered(email) }] });
    const user = await userRow(email);
    expect(user).toMatchObject({ firstName: 'Xena', lastName: 'Patel', emailVerifiedAt: null });
    expect(user!.passwordHash).not.toBe(INVITED_PASSWORD_HASH);
    // The e-mail verification rules are unchanged: first the link, then sign-in.
    expect((await login(email, 'Parent123')).status).toBe(403);
    await verifies(email);
    const session = await signIn(t, email, 'Parent123');
    expect(session.accts).toEqual([expect.objectContaining({ cID: s.companyB })]);
    expect((await caller(t, session.token).get('/api/parents/account/')).status).toBe(200);
  });

  it('invited by studio A and still in the family: registering at A is sent to the invitation (409), nothing written', async () => {
    const email = 'xena@claim-2.example';
    const fam = await deskFamily(s.a);
    await invited(s.a, fam, email);
    const before = { user: await userRow(email), snap: await snapshot(t, fam) };
    const res = await registersAt(s.companyA, email);
    expect(res).toMatchObject({ status: 409, body: [false, accountMessages.invitedByStudio(STUDIO_A)] });
    expect(await userRow(email)).toEqual(before.user);
    expect(await snapshot(t, fam)).toEqual(before.snap);
    // The invitation still works, and opens the family to them.
    expect((await setPassword(await passLink(email), 'Xena12345')).status).toBe(200);
    const session = await signIn(t, email, 'Xena12345');
    expect(session.accts).toEqual([expect.objectContaining({ cID: s.companyA })]);
  });

  it("invited by studio A, registers at B: A's place waits for A's link, which still works and then opens it", async () => {
    const email = 'xena@claim-3.example';
    const fam = await deskFamily(s.a);
    await invited(s.a, fam, email);
    const invitation = await passLink(email);
    expect((await registersAt(s.companyB, email, 'Xena')).status).toBe(200);
    await verifies(email);
    // Having chosen a password by registering (not through a mailed link), they reach B only.
    expect((await signIn(t, email, 'Parent123')).accts).toEqual([
      expect.objectContaining({ cID: s.companyB }),
    ]);
    expect(await loginOf(s.a, fam, email)).toBe('invited');
    // A second registration elsewhere is an account that exists: sign in (409).
    expect(await registersAt(s.companyA, email)).toMatchObject({
      status: 409,
      body: [false, messages.emailTaken],
    });

    expect((await setPassword(invitation, 'Xena12345')).status).toBe(200);
    const session = await signIn(t, email, 'Xena12345');
    expect(session.accts.map((a) => (a as unknown as { cID: string }).cID).sort()).toEqual(
      [s.companyA, s.companyB].sort(),
    );
    expect(await loginOf(s.a, fam, email)).toBe('active');
  });

  it('invited by studio A, registers a studio of their own: claimed, proved by the code, A opens too', async () => {
    const email = 'xena@claim-4.example';
    await invited(s.a, await deskFamily(s.a), email);
    const { cID } = await registerStudio(t, email, {
      user: { firstName: 'Xena', lastName: 'Owner', phone: '9735550100' },
    });
    expect(await userRow(email)).toMatchObject({ firstName: 'Xena', lastName: 'Owner' });
    const session = await signIn(t, email, 'Studio123');
    expect(session.accts.map((a) => (a as unknown as { cID: string }).cID).sort()).toEqual(
      [s.companyA, cID].sort(),
    );
  });

  it('a reset link mailed before an invitation still works after it, and opens the invited place', async () => {
    const email = 'xena@reset.example';
    const fam = await deskFamily(s.a);
    const personId = await invited(s.a, fam, email);
    expect((await s.anonymous.get(`/api/registration/change/pass/${email}`)).status).toBe(200);
    const reset = await passLink(email);
    expect((await resend(s.a, fam, personId)).status).toBe(200);
    const invitation = await passLink(email);
    expect(invitation).not.toBe(reset);
    expect((await setPassword(reset, 'Reset12345')).status).toBe(200);
    expect((await signIn(t, email, 'Reset12345')).accts).toEqual([
      expect.objectContaining({ cID: s.companyA }),
    ]);
  });

  it("a studio's invitation leaves another studio's invitation to the same person working", async () => {
    const email = 'xena@two-studios.example';
    await invited(s.a, await deskFamily(s.a), email);
    const fromA = await passLink(email);
    const famAtB = await familyAtB('bparent@two-studios.example');
    await invited(s.b, famAtB, email);
    expect(await liveInvitations(email)).toHaveLength(2);
    expect((await setPassword(fromA, 'Both12345')).status).toBe(200);
    expect((await signIn(t, email, 'Both12345')).accts).toHaveLength(2);
  });

  it("says an address at the studio belongs to someone there (it may be the owner's)", async () => {
    expect(await ownerAdds(s.a, await deskFamily(s.a), 'owner@studio-a.example')).toMatchObject({
      status: 409,
      body: [false, 'This e-mail address already belongs to someone at your studio.'],
    });
  });
});

describe('resending an invitation', () => {
  it('twice in a row: only the newest link works', async () => {
    const email = 'xena@resend.example';
    const fam = await deskFamily(s.a);
    const personId = await invited(s.a, fam, email);
    const first = await passLink(email);
    expect((await resend(s.a, fam, personId)).status).toBe(200);
    const second = await passLink(email);
    expect((await resend(s.a, fam, personId)).status).toBe(200);
    const third = await passLink(email);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await liveInvitations(email)).toHaveLength(1);
    for (const token of [first, second]) {
      expect(await setPassword(token, 'Old12345')).toMatchObject({
        status: 400,
        body: [false, messages.resetLinkInvalid],
      });
    }
    expect((await setPassword(third, 'New12345')).status).toBe(200);
  });

  it('twice at once: one after the other, leaving one live link', async () => {
    const email = 'xena@resend-race.example';
    const fam = await deskFamily(s.a);
    const personId = await invited(s.a, fam, email);
    const answers = await Promise.all([resend(s.a, fam, personId), resend(s.a, fam, personId)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await liveInvitations(email)).toHaveLength(1);
  });

  // PGlite runs one statement at a time, so only a server shows a resend waiting for the lock.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "waits for the family's lock: a resend never runs alongside another change of the family",
    async () => {
      const email = 'xena@resend-lock.example';
      const fam = await deskFamily(s.a);
      const personId = await invited(s.a, fam, email);
      let release = () => {};
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = t.database.db.transaction(async (tx) => {
        await findFamily(tx, s.companyA, fam, { lock: true });
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await lockTaken;
      const sent = resend(s.a, fam, personId);
      const first = await Promise.race([
        sent.then(() => 'sent'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      release();
      await holder;
      expect(first).toBe('waiting');
      expect((await sent).status).toBe(200);
      expect(await liveInvitations(email)).toHaveLength(1);
    },
  );
});

describe('the invitation rate limit', () => {
  it(`refuses a studio's invitations past ${rules.invitationPerEmail.limit} an hour to one address (429), adding nothing`, async () => {
    const email = 'xena@limited.example';
    const fam = await deskFamily(s.a);
    const personId = await invited(s.a, fam, email);
    for (let i = 1; i < rules.invitationPerEmail.limit; i++) {
      expect((await resend(s.a, fam, personId)).status).toBe(200);
    }
    const live = await liveInvitations(email);
    const res = await resend(s.a, fam, personId);
    expect(res).toMatchObject({ status: 429, body: [false, messages.tooManyAttempts] });
    expect(await liveInvitations(email)).toEqual(live);
    // Another studio adding the same address is refused alike (the limit is the address's), and nothing
    // of the family it names is written.
    const famAtB = await familyAtB('bparent@limited.example');
    expect((await ownerAdds(s.b, famAtB, email)).status).toBe(429);
    expect(await membershipsOf(email)).toEqual([{ companyId: s.companyA, pending: true }]);
    // An hour later, the address may be invited again.
    t.clock.advanceMinutes(60);
    expect((await resend(s.a, fam, personId)).status).toBe(200);
  });

  it(`refuses a studio's invitations past ${rules.invitationPerStudio.limit} an hour (429): no account, no mail`, async () => {
    const db = t.database.db;
    const key = `invitation:studio:${s.companyA}`;
    const window = rules.invitationPerStudio.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(t.clock.now().getTime() / window) * window);
    await db
      .insert(rateLimits)
      .values({ key, windowStart, count: rules.invitationPerStudio.limit })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: rules.invitationPerStudio.limit },
      });
    const email = 'xena@studio-limit.example';
    const fam = await deskFamily(s.a);
    const before = await snapshot(t, fam);
    expect(await ownerAdds(s.a, fam, email)).toMatchObject({
      status: 429,
      body: [false, messages.tooManyAttempts],
    });
    expect(await userRow(email)).toBeUndefined();
    expect(await snapshot(t, fam)).toEqual(before);
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  });
});

describe("a family's limits", () => {
  const student = (n: number) => ({ firstName: `Kid${n}`, lastName: 'Limit', dob: '2016-01-01' });
  const adultN = (n: number) => adult({ firstName: `Adult${n}`, lastName: 'Limit' });

  it(`takes ${FAMILY_LIMITS.students} students and refuses the next (422), for the owner and the parent`, async () => {
    const fam = famA;
    const have = (await studentsOf(t, fam.id)).length;
    for (let n = have; n < FAMILY_LIMITS.students; n++) {
      expect(
        (await fam.parent.post('/api/parents/account/user', { type: 'student', user: student(n) })).status,
      ).toBe(200);
    }
    const before = await snapshot(t, fam.id);
    const refusal = accountMessages.tooManyPeople(FAMILY_LIMITS.students, 'students');
    expect(
      await fam.parent.post('/api/parents/account/user', { type: 'student', user: student(99) }),
    ).toMatchObject({ status: 422, body: [false, refusal] });
    expect(
      await s.a.post('/api/mystudio/account/user', { uType: 'student', nUser: student(99), aID: fam.id }),
    ).toMatchObject({ status: 422, body: [false, refusal] });
    expect(await snapshot(t, fam.id)).toEqual(before);
  });

  it(`takes ${FAMILY_LIMITS.contacts} contacts and ${FAMILY_USERS_LIMIT} users, and refuses the next of each (422)`, async () => {
    const fam = famA;
    const people = await peopleOf(t, fam.id);
    const count = (kind: string) => people.filter((p) => p.kind === kind).length;
    for (let n = count('contact'); n < FAMILY_LIMITS.contacts; n++) {
      expect(
        (await fam.parent.post('/api/parents/account/user', { type: 'contact', user: adultN(n) })).status,
      ).toBe(200);
    }
    for (let n = count('user'); n < FAMILY_USERS_LIMIT; n++) {
      expect(
        (await fam.parent.post('/api/parents/account/user', { type: 'user', user: adultN(n) })).status,
      ).toBe(200);
    }
    const before = await snapshot(t, fam.id);
    expect(
      await fam.parent.post('/api/parents/account/user', { type: 'contact', user: adultN(99) }),
    ).toMatchObject({
      status: 422,
      body: [false, accountMessages.tooManyPeople(FAMILY_LIMITS.contacts, 'contacts')],
    });
    expect(await ownerAdds(s.a, fam.id, 'xena@one-too-many.example')).toMatchObject({
      status: 422,
      body: [false, accountMessages.tooManyPeople(FAMILY_USERS_LIMIT, 'users')],
    });
    expect(await snapshot(t, fam.id)).toEqual(before);
    expect(await userRow('xena@one-too-many.example')).toBeUndefined();
  });
});
