import { type Actor, accountMessages, FAMILY_LOG_ACTIONS, messages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { familyPeople } from '../../db/schema/families';
import { memberships, users } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import { addDays, type Clock } from '../../lib/clock';
import { consume, rules } from '../../lib/rate-limit';
import { hashSecret, newToken } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { findUserByEmail } from '../auth/auth.queries';
import { insertToken, retireInvitations } from '../registration/tokens.queries';
import { logFamily } from './family-log';

/**
 * The password of a person invited by a studio who has not chosen one yet: not an argon2 hash, so no
 * password ever matches it. Until someone chooses one (through a mailed link, or by registering), the
 * address holds no account of its own: registering with it claims the row (decision 014).
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

/**
 * Counts one mail a studio sends someone it adds to a family, per studio and per address: past either
 * limit, 429 and (the caller's transaction rolling back) nothing is added. Counted in that transaction,
 * so only what is done counts.
 */
async function limitFamilyMail(tx: Db, ctx: InvitationContext, email: string): Promise<void> {
  await consume(tx, ctx.clock, `invitation:studio:${ctx.actor.companyId}`, rules.invitationPerStudio);
  await consume(tx, ctx.clock, `invitation:email:${email.toLowerCase()}`, rules.invitationPerEmail);
}

/**
 * Mails an invited person the link that sets their password (an invitation link that lasts a week).
 * The studio's earlier invitations to them stop working; their password reset links and other
 * studios' invitations do not.
 */
async function mailInvitation(
  tx: Db,
  ctx: InvitationContext,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  await limitFamilyMail(tx, ctx, user.email);
  const now = ctx.clock.now();
  const token = newToken();
  const companyId = ctx.actor.companyId;
  await retireInvitations(tx, { userId: user.id, companyId }, now);
  await insertToken(tx, {
    purpose: 'invitation',
    email: user.email,
    userId: user.id,
    companyId,
    secretHash: hashSecret(token),
    expiresAt: addDays(now, INVITATION_DAYS),
  });
  await enqueueMail(tx, {
    template: 'family-invitation',
    to: user.email,
    companyId,
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
 * Gives a family's user a login at the studio, inside the caller's transaction (only the studio's
 * owner does: see the people service). A person whose account is proved (a password and a confirmed
 * address) joins the family at once and is told so. Anyone else (a new address, someone invited and
 * not yet come, an account never confirmed) gets a pending membership and a mailed invitation: their
 * place in the family opens to them once they set a password through a mailed link. A person already
 * at this studio is refused (409), so nobody belongs to two families of one studio. Answers the users
 * row's id, for the caller's family_people row (a new one, or one that had no login until now), and
 * whether an invitation was sent.
 */
export async function linkFamilyLogin(
  tx: Db,
  ctx: InvitationContext,
  person: Login,
): Promise<{ userId: string; invited: boolean }> {
  const companyId = ctx.actor.companyId;
  let existing = await findUserByEmail(tx, person.email);
  let created: { id: string } | undefined;
  if (!existing) {
    [created] = await tx
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
    // Someone made the account at this very moment (a registration, another studio's invitation): it
    // is an existing account now.
    if (!created) existing = await findUserByEmail(tx, person.email);
    if (!created && !existing) throw new AppError('internal', messages.unexpected);
  }
  if (existing) {
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, existing.id)));
    if (member) throw new AppError('conflict', accountMessages.userEmailTaken);
  }
  const userId = (created ?? existing)!.id;
  const proved =
    existing !== null && existing.passwordHash !== INVITED_PASSWORD_HASH && existing.emailVerifiedAt !== null;
  const [joined] = await tx
    .insert(memberships)
    .values({ companyId, userId, role: 'user', familyId: ctx.familyId, pending: !proved })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  // The same person added to two families of the studio at once: the second finds them taken.
  if (!joined) throw new AppError('conflict', accountMessages.userEmailTaken);
  if (proved) {
    await limitFamilyMail(tx, ctx, existing!.email);
    await enqueueMail(tx, {
      template: 'family-added',
      to: existing!.email,
      companyId,
      data: {
        firstName: existing!.firstName,
        studioName: ctx.studioName,
        link: `${ctx.appUrl}/parent/${companyId}`,
      },
    });
  } else {
    const email = existing?.email ?? person.email;
    await mailInvitation(tx, ctx, { id: userId, email, firstName: existing?.firstName ?? person.firstName });
  }
  return { userId, invited: !proved };
}

/**
 * Makes a family's user who signs in (see linkFamilyLogin), with their family_people row, inside the
 * caller's transaction. Answers the family_people row's id, and whether the person was invited.
 */
export async function addFamilyUser(
  tx: Db,
  ctx: InvitationContext,
  person: Person,
): Promise<{ id: string; invited: boolean }> {
  const { userId, invited } = await linkFamilyLogin(tx, ctx, person);
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
  return { id: row!.id, invited };
}

/**
 * Mails a user of the family (ctx.familyId, at ctx's studio) a new invitation; the studio's older link
 * stops working. 409 once their place in the family is open to them. The caller holds the family's
 * lock, so two resends run one after the other and leave one live link.
 */
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
      pending: memberships.pending,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, ctx.actor.companyId),
        eq(memberships.familyId, ctx.familyId),
        eq(memberships.userId, userId),
      ),
    );
  if (!user) throw new AppError('not_found', messages.accountNotFound);
  if (!user.email) throw new AppError('unprocessable', accountMessages.invitationNoEmail);
  if (!user.pending) throw new AppError('conflict', accountMessages.alreadyActive);
  await mailInvitation(tx, ctx, user);
  return { email: user.email };
}

/**
 * The studios that invited the person now reach them when they sign in: called when a password is
 * chosen by someone who proved the address at that moment (a mailed link, a registration code).
 */
export async function takeUpInvitations(db: Db, userId: string): Promise<void> {
  await db
    .update(memberships)
    .set({ pending: false })
    .where(and(eq(memberships.userId, userId), eq(memberships.pending, true)));
}

/**
 * Gives an address held only by an invitation (no password yet) to the person registering with it:
 * their password and names, and `emailVerifiedAt` as the registration proves it (or not). The
 * memberships the invitations made stay pending unless the caller takes them up. Null when the row
 * is no longer an invitation's (someone claimed it, or followed a link, at the same moment).
 */
export async function claimInvitedUser(
  db: Db,
  userId: string,
  values: Omit<Partial<typeof users.$inferInsert>, 'id' | 'email'> & {
    passwordHash: string;
    emailVerifiedAt: Date | null;
    updatedAt: Date;
  },
): Promise<{ id: string; email: string; firstName: string } | null> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), eq(users.passwordHash, INVITED_PASSWORD_HASH)))
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  return row ?? null;
}
