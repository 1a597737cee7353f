import {
  DEFAULT_TIME_ZONE,
  messages,
  type StudioRegistrationInput,
  todayInZone,
  windows,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { memberships, users } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import { audit } from '../../lib/audit';
import { addMinutes, type Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { findUserByEmail } from '../auth/auth.queries';
import { claimInvitedUser, INVITED_PASSWORD_HASH, takeUpInvitations } from '../families/invitation';
import { seedStudioDefaults } from '../studio-setup/studio-defaults';
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

/**
 * Creates a studio with its owner, a first year term and the default terms documents, in one
 * transaction. The address must have been proved with a code in the last 30 minutes; the code proves
 * it, so the owner can sign in at once. Someone who already has an account (a parent at another
 * studio) registers with their own password and gains an owner membership. An address held only by a
 * studio's invitation (no password yet) is claimed: the code proves it as a mailed link would, so the
 * places the invitations hold open to them too (decision 014).
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
  const now = clock.now();
  const email = input.login.email;
  const since = addMinutes(now, -windows.registrationCodeValidatedMinutes);
  const found = await findUserByEmail(db, email);
  const invited = found?.passwordHash === INVITED_PASSWORD_HASH ? found : null;
  const existing = invited ? null : found;
  if (existing && !(await verifyPassword(existing.passwordHash, input.login.password))) {
    throw new AppError('conflict', messages.emailTaken);
  }
  const passwordHash = existing ? null : await hashPassword(input.login.password);

  return db.transaction(async (tx) => {
    const code = await findVerifiedCode(tx, email, since);
    if (!code || !(await consumeCode(tx, code.id, now))) {
      throw new AppError('unprocessable', messages.emailNotVerifiedForRegistration);
    }
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

    const login = {
      passwordHash: passwordHash!,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      address: accountInfo.address,
      city: accountInfo.city,
      state: accountInfo.state,
      zipcode: accountInfo.zipcode,
      emailVerifiedAt: now,
    };
    let userId = existing?.id;
    if (invited) {
      const claimed = await claimInvitedUser(tx, invited.id, {
        ...login,
        passwordChangedAt: now,
        updatedAt: now,
      });
      // Claimed, or its link followed, at this very moment: the address has an account now.
      if (!claimed) throw new AppError('conflict', messages.emailTaken);
      await takeUpInvitations(tx, claimed.id);
      userId = claimed.id;
    } else if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({ email, ...login })
        .returning({ id: users.id });
      userId = created!.id;
    }
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
  });
}
