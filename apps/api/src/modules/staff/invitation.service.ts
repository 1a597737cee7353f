import {
  type AcceptInvitationInput,
  type InvitationInfo,
  messages,
  newPassword,
  STAFF_TEXT,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/errors';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { consume, rules } from '../../lib/rate-limit';
import { hashPassword, hashSecret, verifyPassword } from '../../lib/secrets';
import { INVITED_PASSWORD_HASH } from '../families';
import { findLiveInvitation, takeInvitation } from './staff.queries';

type Deps = { db: Db; clock: Clock; client: { ip: string } };

const invalid = () => new AppError('bad_request', STAFF_TEXT.linkInvalid);

/** What an invitation link is for, without using it: its studio, the address, whether it has an account. */
export async function readInvitation({
  db,
  clock,
  client,
  token,
}: Deps & { token: string }): Promise<InvitationInfo> {
  await consume(db, clock, `link:client:${client.ip}`, rules.linkPerClient);
  const found = await findLiveInvitation(db, hashSecret(token), clock.now());
  if (!found) throw invalid();
  return {
    studioName: found.studioName,
    firstName: found.firstName,
    email: found.email,
    hasAccount: found.passwordHash !== INVITED_PASSWORD_HASH,
  };
}

/**
 * Accepts a teacher's invitation, once: a person with no account yet chooses their password (the
 * link proves the address); one with an account gives its password. Either way the teacher
 * membership opens and the link is used up, in one transaction. A wrong password changes nothing.
 */
export async function acceptInvitation({
  db,
  clock,
  client,
  input,
}: Deps & { input: AcceptInvitationInput }): Promise<{ msg: string; email: string; cID: string }> {
  await consume(db, clock, `link:client:${client.ip}`, rules.linkPerClient);
  const now = clock.now();
  const found = await findLiveInvitation(db, hashSecret(input.token), now);
  if (!found?.companyId) throw invalid();
  const isNew = found.passwordHash === INVITED_PASSWORD_HASH;
  if (isNew) {
    const rule = newPassword.safeParse(input.password);
    if (!rule.success)
      throw new AppError('bad_request', rule.error.issues[0]?.message ?? messages.passwordRule);
  } else {
    await consume(db, clock, `login:email:${found.email}`, rules.loginPerEmail);
    if (!(await verifyPassword(found.passwordHash, input.password))) {
      throw new AppError('unauthorized', STAFF_TEXT.wrongPassword);
    }
  }
  const passwordHash = isNew ? await hashPassword(input.password) : null;
  const companyId = found.companyId;
  await db.transaction(async (tx) => {
    if (!(await takeInvitation(tx, found.id, now))) throw invalid();
    if (passwordHash) {
      await tx
        .update(users)
        .set({
          passwordHash,
          passwordChangedAt: now,
          updatedAt: now,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(and(eq(users.id, found.userId), eq(users.passwordHash, INVITED_PASSWORD_HASH)));
    } else {
      // Following the mailed link proves the address of an account never confirmed.
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, found.userId));
    }
    const opened = await tx
      .update(memberships)
      .set({ pending: false })
      .where(
        and(
          eq(memberships.companyId, companyId),
          eq(memberships.userId, found.userId),
          eq(memberships.role, 'teacher'),
          eq(memberships.pending, true),
        ),
      )
      .returning({ id: memberships.id, teacherId: memberships.teacherId });
    if (opened.length === 0) throw invalid();
    await audit(tx, {
      action: 'staff.invitation_accepted',
      companyId,
      userId: found.userId,
      targetType: 'teacher',
      targetId: opened[0]!.teacherId ?? '',
      ip: client.ip,
    });
  });
  return { msg: STAFF_TEXT.accepted(found.studioName), email: found.email, cID: companyId };
}
