import { messages, type PasswordChangeInput, windows } from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NamedWrite, oneStatement, type PendingWrite } from '../../db/one-statement';
import { rowsOf } from '../../db/rows';
import { oneTimeTokens } from '../../db/schema/security';
import { users } from '../../db/schema/users';
import { AppError, badRequest } from '../../http/errors';
import { findUserByEmail, revokeUserSessions } from '../../kernel/users';
import { audit, auditInsertFrom } from '../../lib/audit';
import { addHours, addMinutes, type Clock } from '../../lib/clock';
import { consume, consumeAll, rules } from '../../lib/rate-limit';
import { hashPassword, hashSecret, newToken } from '../../lib/secrets';
import { enqueueMail, mailWrites } from '../../mail/outbox';
import { takeUpInvitations } from '../families';
import { hasLiveTokenSince, insertToken, retireTokens, takeToken, takeTokenWrite } from './tokens.queries';

type Client = { ip: string };
type Person = { id: string; email: string; firstName: string };

/**
 * Counts one verification mail against its limits, per address (so repeated sign-in attempts with an
 * unverified address cannot flood its inbox) and per client. Called before anything is written: a
 * refusal is never an answer to something done (issue 13).
 */
async function limitVerificationMail(db: Db, clock: Clock, email: string, client: Client) {
  await consumeAll(db, clock, verificationMailLimits(email, client));
}

/** A verification mail's limits, for a caller that takes them with its own in one statement. */
export function verificationMailLimits(email: string, client: Client) {
  return [
    [`mail:verify:${email}`, rules.mailPerEmail],
    [`mail:client:${client.ip}`, rules.mailPerClient],
  ] as const;
}

/**
 * Writes a verification link and its mail in the caller's transaction (the outbox sends it once that
 * commits), in one statement. Earlier links stay valid until used or expired: a second mail never kills
 * the first.
 */
export async function writeEmailVerification(tx: Db, link: VerificationLink): Promise<void> {
  await rowsOf(tx, oneStatement(emailVerificationWrites(tx, link)));
}

type VerificationLink = { clock: Clock; appUrl: string; user: Person; companyId: string | null };

/**
 * A verification link and its mail as writes built and not sent, for a caller that sends them within
 * its own statement (a parent's registration): the link's row, the message and its delivery job.
 */
export function emailVerificationWrites(
  db: Db,
  { clock, appUrl, user, companyId }: VerificationLink,
): (PendingWrite | NamedWrite)[] {
  const now = clock.now();
  const token = newToken();
  const link = db.insert(oneTimeTokens).values({
    purpose: 'email_verify',
    email: user.email,
    userId: user.id,
    secretHash: hashSecret(token),
    expiresAt: addHours(now, windows.emailVerifyHours),
    createdAt: now,
  });
  const mail = mailWrites(
    db,
    {
      template: 'verify-email',
      to: user.email,
      companyId,
      data: {
        firstName: user.firstName,
        link: `${appUrl}/verify/email/nt/${token}`,
        hours: windows.emailVerifyHours,
      },
    },
    'verify_mail',
  );
  return [link, ...mail.writes];
}

/** A link mailed this long ago is still on its way or waiting in the inbox: no second one yet. */
export const VERIFY_RESEND_AFTER_MINUTES = 10;

/**
 * Reminds a person signing in with an unverified address: when no link was mailed in the last ten
 * minutes a new one is (limited, the older ones still valid), else none. Answers which, so the person
 * is told plainly.
 */
export async function remindEmailVerification({
  db,
  clock,
  appUrl,
  user,
  companyId,
  client,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
  user: Person;
  companyId: string | null;
  client: Client;
}): Promise<'sent' | 'waiting'> {
  const now = clock.now();
  const since = addMinutes(now, -VERIFY_RESEND_AFTER_MINUTES);
  if (await hasLiveTokenSince(db, 'email_verify', user.email, since, now)) return 'waiting';
  await limitVerificationMail(db, clock, user.email, client);
  await db.transaction((tx) => writeEmailVerification(tx, { clock, appUrl, user, companyId }));
  return 'sent';
}

/** Confirms an address from its mailed link; the link works once. */
export async function verifyEmail({
  db,
  clock,
  hash,
  client,
}: {
  db: Db;
  clock: Clock;
  hash: string;
  client: Client;
}) {
  await consume(db, clock, `link:client:${client.ip}`, rules.linkPerClient);
  const now = clock.now();
  // The link used, its person's address confirmed and the audit row, in one statement (atomic as one
  // transaction): nothing when the link is unknown, used or expired.
  const taken = takeTokenWrite(db, 'email_verify', hashSecret(hash), now)
    .returning({ userId: oneTimeTokens.userId })
    .getSQL();
  const [confirmed] = await rowsOf<{ userId: string }>(
    db,
    sql`with taken as (${taken}),
      confirmed as (update ${users} set email_verified_at = ${now}, updated_at = ${now}
        from taken where ${users.id} = taken.user_id returning ${users.id}),
      logged as (${auditInsertFrom({ action: 'auth.email_verified', userId: sql`taken.user_id`, ip: client.ip }, 'taken')})
      select user_id as "userId" from taken`,
  );
  if (!confirmed?.userId) throw badRequest(messages.verifyLinkExpired);
  return { msg: messages.verifyComplete };
}

/**
 * Mails a password reset link when the address belongs to someone. The answer is the same either
 * way, and the attempt is counted either way, so the call reveals nothing about who has an account.
 */
export async function requestPasswordReset({
  db,
  clock,
  appUrl,
  email,
  client,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
  email: string;
  client: Client;
}) {
  await consumeAll(db, clock, [
    [`mail:reset:${email}`, rules.mailPerEmail],
    [`mail:client:${client.ip}`, rules.mailPerClient],
  ]);
  const user = await findUserByEmail(db, email);
  if (user) {
    const now = clock.now();
    const token = newToken();
    await db.transaction(async (tx) => {
      await retireTokens(tx, 'password_reset', user.email, now);
      await insertToken(tx, {
        purpose: 'password_reset',
        email: user.email,
        userId: user.id,
        secretHash: hashSecret(token),
        expiresAt: addMinutes(now, windows.passwordResetMinutes),
      });
      await enqueueMail(tx, {
        template: 'password-reset',
        to: user.email,
        data: {
          firstName: user.firstName,
          link: `${appUrl}/verify/email/pass/${token}`,
          minutes: windows.passwordResetMinutes,
        },
      });
      await audit(tx, { action: 'auth.password_reset_requested', userId: user.id, ip: client.ip });
    });
  }
  return { msg: messages.resetMailSent };
}

/**
 * Sets a new password from a mailed link, a password reset or a studio's invitation: once, and every
 * session of the person ends. Whoever follows it has proved the address and chosen the password, so
 * the studios that invited the address now reach the person when they sign in (decision 014).
 */
export async function changePassword({
  db,
  clock,
  input,
  client,
}: {
  db: Db;
  clock: Clock;
  input: PasswordChangeInput;
  client: Client;
}) {
  await consume(db, clock, `link:client:${client.ip}`, rules.linkPerClient);
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const token = await takeToken(tx, ['password_reset', 'invitation'], hashSecret(input.token), now);
    if (!token?.userId) throw new AppError('bad_request', messages.resetLinkInvalid);
    // Following the mailed link proves the address too.
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, token.userId));
    await takeUpInvitations(tx, token.userId);
    await revokeUserSessions(tx, token.userId, now);
    await audit(tx, { action: 'auth.password_changed', userId: token.userId, ip: client.ip });
  });
  return { msg: messages.passwordChanged };
}
