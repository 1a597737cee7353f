import { type Actor, accountMessages, FAMILY_LOG_ACTIONS, messages } from '@pirouette/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type IdRef, idIs } from '../../db/rows';
import { familyAccounts, familyPeople } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { oneTimeTokens } from '../../db/schema/security';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import { logFamily } from '../../kernel/family-log';
import { findUserByEmail } from '../../kernel/users';
import { auditMany } from '../../lib/audit';
import { addDays, type Clock } from '../../lib/clock';
import { consume, rules } from '../../lib/rate-limit';
import { hashSecret, newToken } from '../../lib/secrets';
import { enqueueMail, enqueueMails } from '../../mail/outbox';

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

/** A password of their own and a confirmed address: the person can sign in. */
const isProved = (user: { passwordHash: string; emailVerifiedAt: Date | null }) =>
  user.passwordHash !== INVITED_PASSWORD_HASH && user.emailVerifiedAt !== null;

/**
 * Mails someone the studio gave a pending place in a family, and logs it. A person who can sign in
 * is told they were added: their place opens at their next sign-in (a `family_added` token marks it,
 * see openFamilyPlaces). Anyone else gets the link that sets a password (an `invitation` token; it
 * opens the place). Either way the studio's earlier links to them stop working (their password reset
 * links and other studios' do not), one token is written, one mail sent and the same entry logged,
 * statement for statement: what the studio sees, and how long it waits, never tells it whether the
 * address already has an account (decision 014).
 */
async function mailPlace(
  tx: Db,
  ctx: InvitationContext,
  user: { id: string; email: string; firstName: string; proved: boolean },
): Promise<void> {
  await limitFamilyMail(tx, ctx, user.email);
  const now = ctx.clock.now();
  const token = newToken();
  const companyId = ctx.actor.companyId;
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        inArray(oneTimeTokens.purpose, ['invitation', 'family_added']),
        eq(oneTimeTokens.userId, user.id),
        eq(oneTimeTokens.companyId, companyId),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await tx.insert(oneTimeTokens).values({
    purpose: user.proved ? 'family_added' : 'invitation',
    email: user.email,
    userId: user.id,
    companyId,
    secretHash: hashSecret(token),
    expiresAt: addDays(now, INVITATION_DAYS),
  });
  await enqueueMail(
    tx,
    user.proved
      ? {
          template: 'family-added',
          to: user.email,
          companyId,
          data: {
            firstName: user.firstName,
            studioName: ctx.studioName,
            link: `${ctx.appUrl}/parent/${companyId}`,
          },
        }
      : {
          template: 'family-invitation',
          to: user.email,
          companyId,
          data: {
            firstName: user.firstName,
            studioName: ctx.studioName,
            link: `${ctx.appUrl}/verify/email/pass/${token}`,
            days: INVITATION_DAYS,
          },
        },
  );
  await logFamily(tx, {
    actor: ctx.actor,
    familyId: ctx.familyId,
    action: FAMILY_LOG_ACTIONS.userInvited,
    detail: { email: user.email },
  });
}

/**
 * mailPlace for many people at once, in a fixed number of statements (an import's invitations,
 * decision 054): each person the studio gave a pending place gets, as from mailPlace, the link that
 * sets a password (or, when their account is proved, the word that they were added), the studio's
 * earlier links to them stop working, and their family's log says so. Each message has its `key`, so a
 * person is mailed once whatever the number of sends. No limit is counted: the caller limits its calls,
 * and only people its import brought are mailed. Answers how many were mailed.
 */
export async function mailPlaces(
  tx: Db,
  ctx: Omit<InvitationContext, 'familyId'>,
  people: { userId: string; familyId: string; key: string }[],
): Promise<number> {
  if (people.length === 0) return 0;
  const companyId = ctx.actor.companyId;
  const now = ctx.clock.now();
  const ids = people.map((p) => p.userId);
  const found = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const userOf = new Map(found.map((u) => [u.id, u]));
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        inArray(oneTimeTokens.purpose, ['invitation', 'family_added']),
        inArray(oneTimeTokens.userId, ids),
        eq(oneTimeTokens.companyId, companyId),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const sends = people.flatMap((p) => {
    const user = userOf.get(p.userId);
    return user ? [{ ...p, user, proved: isProved(user), token: newToken() }] : [];
  });
  if (sends.length === 0) return 0;
  await tx.insert(oneTimeTokens).values(
    sends.map((s) => ({
      purpose: s.proved ? ('family_added' as const) : ('invitation' as const),
      email: s.user.email,
      userId: s.userId,
      companyId,
      secretHash: hashSecret(s.token),
      expiresAt: addDays(now, INVITATION_DAYS),
    })),
  );
  // The families' mail held since their import (decision 056) goes from now on: they are invited.
  await tx
    .update(familyAccounts)
    .set({ mailHeld: false })
    .where(
      and(
        eq(familyAccounts.companyId, companyId),
        inArray(familyAccounts.id, [...new Set(sends.map((s) => s.familyId))]),
        eq(familyAccounts.mailHeld, true),
      ),
    );
  const sent = await enqueueMails(
    tx,
    sends.map((s) => {
      const data = { firstName: s.user.firstName, studioName: ctx.studioName };
      return s.proved
        ? {
            template: 'family-added' as const,
            to: s.user.email,
            companyId,
            key: s.key,
            data: { ...data, link: `${ctx.appUrl}/parent/${companyId}` },
          }
        : {
            template: 'family-invitation' as const,
            to: s.user.email,
            companyId,
            key: s.key,
            data: { ...data, link: `${ctx.appUrl}/verify/email/pass/${s.token}`, days: INVITATION_DAYS },
          };
    }),
  );
  await auditMany(
    tx,
    sends.map((s) => ({
      action: FAMILY_LOG_ACTIONS.userInvited,
      companyId,
      userId: ctx.actor.userId,
      targetType: 'family',
      targetId: s.familyId,
      detail: { email: s.user.email },
    })),
  );
  return sent;
}

/** A person's places to open: mailPlace's `family_added` tokens, live and unused at `now`. */
const livePlaces = (user: IdRef, now: Date) =>
  and(
    eq(oneTimeTokens.purpose, 'family_added'),
    idIs(oneTimeTokens.userId, user),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

/**
 * The studios that gave a person a place waiting to open (mailPlace's live `family_added` tokens):
 * sign-in reads it beside the person, in one round trip, and opens them once the password is right.
 */
export function familyPlacesRead(db: Db, user: IdRef, now: Date) {
  return db.select({ companyId: oneTimeTokens.companyId }).from(oneTimeTokens).where(livePlaces(user, now));
}

/**
 * Opens the places studios gave a person who can sign in (`companyIds`: what familyPlacesRead found),
 * when they sign in with their password: called by sign-in for a confirmed address only. Places held
 * by a password-setting invitation wait for its link (decision 014). Nothing is written when there is
 * nothing to open, so an ordinary sign-in writes nothing more.
 */
export async function openFamilyPlaces(
  db: Db,
  userId: string,
  now: Date,
  companyIds: readonly (string | null)[],
): Promise<boolean> {
  const studios = companyIds.filter((id): id is string => id !== null);
  if (studios.length === 0) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ pending: false })
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.pending, true),
          inArray(memberships.companyId, studios),
        ),
      );
    await tx.update(oneTimeTokens).set({ usedAt: now }).where(livePlaces(userId, now));
  });
  return true;
}

/**
 * Gives a family's user a login at the studio, inside the caller's transaction (only the studio's
 * owner does: see the people service). Everyone gets a pending membership and a mail (mailPlace): a
 * person whose account is proved (a password and a confirmed address) is told they were added, and
 * their place opens when they next sign in; anyone else (a new address, someone invited and not yet
 * come, an account never confirmed) gets the link that sets a password, which opens it. The studio
 * sees the same either way: an invited user, until the person comes. A person already at this studio
 * is refused (409), so nobody belongs to two families of one studio. Answers the users row's id, for
 * the caller's family_people row (a new one, or one that had no login until now), and whether a
 * password-setting invitation was sent (for the server's own use: never for the studio's answer).
 */
export async function linkFamilyLogin(
  tx: Db,
  ctx: InvitationContext,
  person: Login,
): Promise<{ userId: string; invited: boolean }> {
  const companyId = ctx.actor.companyId;
  // The same two statements whether the address is new or not: the row is made if it is missing (or
  // someone made it at this very moment), then read.
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
  const user = await findUserByEmail(tx, person.email);
  if (!user) throw new AppError('internal', messages.unexpected);
  const existing = created ? null : user;
  const [member] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, user.id)));
  if (member) throw new AppError('conflict', accountMessages.userEmailTaken);
  const proved = existing !== null && isProved(existing);
  // Pending for everyone, an account elsewhere included: it opens when the person comes (mailPlace).
  const [joined] = await tx
    .insert(memberships)
    .values({ companyId, userId: user.id, role: 'user', familyId: ctx.familyId, pending: true })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  // The same person added to two families of the studio at once: the second finds them taken.
  if (!joined) throw new AppError('conflict', accountMessages.userEmailTaken);
  await mailPlace(tx, ctx, {
    id: user.id,
    email: existing?.email ?? person.email,
    firstName: existing?.firstName ?? person.firstName,
    proved,
  });
  return { userId: user.id, invited: !proved };
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
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
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
  await mailPlace(tx, ctx, { ...user, proved: isProved(user) });
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
