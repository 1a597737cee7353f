import {
  DEFAULT_TIME_ZONE,
  messages,
  registrationMessages,
  type StudioRegistrationInput,
  todayInZone,
  windows,
} from '@pirouette/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { duplicateAs } from '../../db/unique-violation';
import { AppError } from '../../http/errors';
import { findUserByEmail } from '../../kernel/users';
import { audit } from '../../lib/audit';
import { addMinutes, type Clock } from '../../lib/clock';
import { type Rule, reserveAttempt } from '../../lib/rate-limit';
import { hashPassword } from '../../lib/secrets';
import { claimInvitedUser, INVITED_PASSWORD_HASH, takeUpInvitations } from '../families';
import { seedStudioDefaults } from '../studio-setup';
import { consumeCode, findVerifiedCode } from './tokens.queries';

/**
 * The dance season a new studio starts with: September to June, the one under way or, from July on
 * (in the studio's time zone), the one about to start.
 */
export function firstSeason(
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): { name: string; dateStart: string; dateEnd: string } {
  const [year, month] = todayInZone(timeZone, now).split('-').map(Number) as [number, number];
  const start = month >= 7 ? year : year - 1;
  return { name: `${start}-${start + 1}`, dateStart: `${start}-09-01`, dateEnd: `${start + 1}-06-30` };
}

/** The limits of studio registration calls, per address and per client (decision 005). */
export const registerStudioRules = {
  perEmail: { limit: 10, windowSeconds: 15 * 60 },
  perClient: { limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Rule>;

type Found = Awaited<ReturnType<typeof findUserByEmail>>;

/**
 * What an address's users row means to a registration: nobody, a studio's invitation only (no
 * password yet), a sign-in never confirmed (a password chosen by whoever registered it, never proved),
 * or a proved sign-in.
 */
export function signInOf(user: Found): 'none' | 'invited' | 'unconfirmed' | 'proved' {
  if (!user) return 'none';
  if (user.passwordHash === INVITED_PASSWORD_HASH) return 'invited';
  return user.emailVerifiedAt ? 'proved' : 'unconfirmed';
}

/**
 * Creates a studio with its owner, a first year term and the default terms documents, in one
 * transaction (decision 017). In order: the call is counted per address and per client (a refusal
 * keeps its place, a registration gives it back); the address must have been proved with a code in
 * the last 30 minutes, and without one the answer is the same 422 whether or not the address has an
 * account, before any password is hashed; no password is ever checked here. Once the code has proved
 * the address, its holder is its owner: a proved sign-in gains the studio and keeps its password (none
 * is asked); an address held by an invitation, or by a sign-in never confirmed, takes the password
 * given now, and the studios that invited it open to the person (decision 014); a new address gets a
 * new sign-in. The owner can sign in at once.
 */
export async function registerStudio({
  db,
  clock,
  input,
  client,
}: {
  db: Db;
  clock: Clock;
  input: StudioRegistrationInput;
  client: { ip: string };
}) {
  const email = input.login.email;
  const attempt = await reserveAttempt(db, clock, [
    [`register:studio:email:${email}`, registerStudioRules.perEmail],
    [`register:studio:client:${client.ip}`, registerStudioRules.perClient],
  ]);
  const now = clock.now();
  const since = addMinutes(now, -windows.registrationCodeValidatedMinutes);
  const notProved = () => new AppError('unprocessable', messages.emailNotVerifiedForRegistration);
  if (!(await findVerifiedCode(db, email, since))) throw notProved();

  const found = await findUserByEmail(db, email);
  const kind = signInOf(found);
  let passwordHash: string | null = null;
  if (kind !== 'proved') {
    // A sign-in starts here (or is claimed): it needs the password the person chooses now.
    if (!input.login.password) throw new AppError('bad_request', messages.passwordRule);
    passwordHash = await hashPassword(input.login.password);
  }

  // A registration of the same address that commits first (a parent's, another studio's) meets the
  // unique index or changes the row under us: this one is answered 409, and a retry takes the new path.
  const meanwhile = () => new AppError('conflict', registrationMessages.registeredMeanwhile);
  const result = await duplicateAs(registrationMessages.registeredMeanwhile, () =>
    db.transaction(async (tx) => {
      const code = await findVerifiedCode(tx, email, since);
      if (!code || !(await consumeCode(tx, code.id, now))) throw notProved();
      const { studioInfo, accountInfo, user, aboutUS } = input;
      const [company] = await tx
        .insert(companies)
        .values({
          name: studioInfo.name,
          address: studioInfo.address,
          city: studioInfo.city,
          state: studioInfo.state,
          zipcode: studioInfo.zipcode,
          phone: studioInfo.phone,
          email: studioInfo.email,
          aboutUsOption: aboutUS.option,
          aboutUsNotes: aboutUS.notes,
        })
        .returning({ id: companies.id });
      const companyId = company!.id;

      const names = { firstName: user.firstName, lastName: user.lastName, phone: user.phone };
      const login = {
        ...names,
        address: accountInfo.address,
        city: accountInfo.city,
        state: accountInfo.state,
        zipcode: accountInfo.zipcode,
        emailVerifiedAt: now,
      };
      let userId: string | undefined;
      if (kind === 'none') {
        const [created] = await tx
          .insert(users)
          .values({ email, ...login, passwordHash: passwordHash! })
          .onConflictDoNothing()
          .returning({ id: users.id });
        userId = created?.id;
      } else if (kind === 'invited') {
        const claimed = await claimInvitedUser(tx, found!.id, {
          ...login,
          passwordHash: passwordHash!,
          passwordChangedAt: now,
          updatedAt: now,
        });
        userId = claimed?.id;
      } else if (kind === 'unconfirmed') {
        // Its password was never proved to be the address owner's; the code is that proof.
        const [claimed] = await tx
          .update(users)
          .set({ ...login, passwordHash: passwordHash!, passwordChangedAt: now, updatedAt: now })
          .where(
            and(
              eq(users.id, found!.id),
              eq(users.passwordHash, found!.passwordHash),
              isNull(users.emailVerifiedAt),
            ),
          )
          .returning({ id: users.id });
        userId = claimed?.id;
      } else {
        // A proved sign-in keeps its password; the names and phone are the person's own to give.
        await tx
          .update(users)
          .set({ ...names, updatedAt: now })
          .where(eq(users.id, found!.id));
        userId = found!.id;
      }
      if (!userId) throw meanwhile();
      // The code proves the address as a mailed link would: the studios that invited it open to them.
      await takeUpInvitations(tx, userId);
      await tx.insert(memberships).values({ companyId, userId, role: 'owner' });
      const [yearTerm] = await tx
        .insert(yearTerms)
        .values({ companyId, ...firstSeason(now), isCurrent: true })
        .returning();
      await seedStudioDefaults(tx, { companyId, userId, yearTerm: yearTerm! });
      await audit(tx, {
        action: 'studio.registered',
        companyId,
        userId,
        targetType: 'company',
        targetId: companyId,
        ip: client.ip,
      });
      return { msg: messages.registrationSubmitted, cID: companyId };
    }),
  );
  await attempt.release();
  return result;
}
