import { type Actor, accountMessages, FAMILY_LOG_ACTIONS } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { familyPeople } from '../../db/schema/families';
import { memberships, users } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import { addDays, type Clock } from '../../lib/clock';
import { hashSecret, newToken } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { findUserByEmail } from '../auth/auth.queries';
import { insertToken, retireTokens } from '../registration/tokens.queries';
import { logFamily } from './family-log';

/**
 * The password of a person invited by the studio who has not chosen one yet: not an argon2 hash, so
 * no password ever matches it, and the account reads as "invited" until the mailed link is followed.
 */
export const INVITED_PASSWORD_HASH = '!invited';
export const INVITATION_DAYS = 7;

/** Who signs in: the person's names and phone start their account when they have none yet. */
type Login = { firstName: string; lastName: string; phone: string; email: string };
type Person = Login & { role: string };
export type InvitationContext = {
  clock: Clock;
  appUrl: string;
  actor: Pick<Actor, 'userId' | 'companyId'>;
  studioName: string;
  familyId: string;
};

/** Mails an invited person the link that sets their password (a password link that lasts a week). */
async function mailInvitation(
  tx: Db,
  ctx: InvitationContext,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const now = ctx.clock.now();
  const token = newToken();
  await retireTokens(tx, 'password_reset', user.email, now);
  await insertToken(tx, {
    purpose: 'password_reset',
    email: user.email,
    userId: user.id,
    secretHash: hashSecret(token),
    expiresAt: addDays(now, INVITATION_DAYS),
  });
  await enqueueMail(tx, {
    template: 'family-invitation',
    to: user.email,
    data: {
      firstName: user.firstName,
      studioName: ctx.studioName,
      link: `${ctx.appUrl}/verify/email/pass/${token}`,
      days: INVITATION_DAYS,
    },
  });
  await logFamily(tx, {
    actor: ctx.actor,
    familyId: ctx.familyId,
    action: FAMILY_LOG_ACTIONS.userInvited,
    detail: { email: user.email },
  });
}

/**
 * Gives a family's user a login at the studio, inside the caller's transaction: a new person is created
 * without a password and mailed an invitation to choose one; a person who already has an account
 * elsewhere joins the family at this studio and is told so. A person already at this studio is refused
 * (409), so nobody belongs to two families of one studio. Answers the users row's id, for the caller's
 * family_people row (a new one, or one that had no login until now).
 */
export async function linkFamilyLogin(
  tx: Db,
  ctx: InvitationContext,
  person: Login,
): Promise<{ userId: string }> {
  const companyId = ctx.actor.companyId;
  const existing = await findUserByEmail(tx, person.email);
  let userId: string;
  if (existing) {
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, existing.id)));
    if (member) throw new AppError('conflict', accountMessages.userEmailTaken);
    userId = existing.id;
  } else {
    const [created] = await tx
      .insert(users)
      .values({
        email: person.email,
        passwordHash: INVITED_PASSWORD_HASH,
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // The same address invited twice at once: the second finds it taken.
    if (!created) throw new AppError('conflict', accountMessages.userEmailTaken);
    userId = created.id;
  }
  const [joined] = await tx
    .insert(memberships)
    .values({ companyId, userId, role: 'user', familyId: ctx.familyId })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  // The same person added to two families of the studio at once: the second finds them taken.
  if (!joined) throw new AppError('conflict', accountMessages.userEmailTaken);
  if (existing && existing.passwordHash !== INVITED_PASSWORD_HASH) {
    await enqueueMail(tx, {
      template: 'family-added',
      to: existing.email,
      data: {
        firstName: existing.firstName,
        studioName: ctx.studioName,
        link: `${ctx.appUrl}/parent/${companyId}`,
      },
    });
  } else {
    await mailInvitation(tx, ctx, { id: userId, email: person.email, firstName: person.firstName });
  }
  return { userId };
}

/**
 * Makes a family's user who signs in (see linkFamilyLogin), with their family_people row, inside the
 * caller's transaction. Answers the family_people row's id.
 */
export async function addFamilyUser(tx: Db, ctx: InvitationContext, person: Person): Promise<{ id: string }> {
  const { userId } = await linkFamilyLogin(tx, ctx, person);
  const [row] = await tx
    .insert(familyPeople)
    .values({
      companyId: ctx.actor.companyId,
      familyId: ctx.familyId,
      kind: 'user',
      userId,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      role: person.role,
    })
    .returning({ id: familyPeople.id });
  return { id: row!.id };
}

/** Mails a family's invited user a new invitation (the old link stops working); 409 once they signed up. */
export async function resendInvitation(
  tx: Db,
  ctx: InvitationContext,
  userId: string,
): Promise<{ email: string }> {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.email) throw new AppError('unprocessable', accountMessages.invitationNoEmail);
  if (user.passwordHash !== INVITED_PASSWORD_HASH)
    throw new AppError('conflict', accountMessages.alreadyActive);
  await mailInvitation(tx, ctx, user);
  return { email: user.email };
}
