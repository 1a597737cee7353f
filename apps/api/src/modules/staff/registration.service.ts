import {
  type Actor,
  can,
  type MessageResult,
  personName,
  STAFF_TEXT,
  type StaffMember,
  signInState,
  TEACHER_INVITATION_DAYS,
} from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema/memberships';
import { oneTimeTokens } from '../../db/schema/security';
import { users } from '../../db/schema/users';
import { AppError, forbidden } from '../../http/errors';
import { findUserByEmail } from '../../kernel/users';
import { audit } from '../../lib/audit';
import { addDays, type Clock } from '../../lib/clock';
import { consume, rules } from '../../lib/rate-limit';
import { hashSecret, newToken } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { INVITED_PASSWORD_HASH } from '../families';
import {
  listStaff,
  lockStaffTeacher,
  membershipAt,
  membershipOfTeacher,
  REVOKED_ACTION,
  retireTeacherInvitations,
  studioName,
} from './staff.queries';

type Ctx = { db: Db; actor: Actor };

function mustManage(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

const notFound = () => new AppError('not_found', STAFF_TEXT.teacherNotFound);

/** Staff → Registration: every teacher of the studio and how they sign in (one statement). */
export async function getStaffRegistration({
  db,
  actor,
  clock,
}: Ctx & { clock: Clock }): Promise<StaffMember[]> {
  mustManage(actor);
  const now = clock.now().toISOString();
  const rows = await listStaff(db, actor.companyId);
  return rows.map((r) => {
    const state = signInState({
      membership: r.pending === null ? null : r.pending ? 'pending' : 'open',
      revokedAt: r.revokedAt,
    });
    return {
      teacherID: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      state,
      invitedAt: state === 'invited' ? r.invitedAt : null,
      expiresAt: state === 'invited' ? r.expiresAt : null,
      expired: state === 'invited' && r.expiresAt !== null && r.acceptedAt === null && r.expiresAt < now,
      activeSince: state === 'active' ? (r.acceptedAt ?? r.memberSince) : null,
      revokedAt: state === 'revoked' ? r.revokedAt : null,
    };
  });
}

/**
 * The person a teacher's invitation goes to: the account of the teacher record's address, made (with
 * no password) when there is none. A person who signs in to this studio otherwise (its owner, a
 * parent, another teacher record) is refused with 409.
 */
async function inviteePerson(
  tx: Db,
  companyId: string,
  teacher: { id: string; email: string; firstName: string; lastName: string; phone: string },
) {
  const found = await findUserByEmail(tx, teacher.email);
  if (found) {
    const here = await membershipAt(tx, companyId, found.id);
    if (here && here.teacherId !== teacher.id) throw new AppError('conflict', STAFF_TEXT.emailTakenHere);
    return {
      id: found.id,
      email: found.email,
      firstName: found.firstName,
      hasAccount: found.passwordHash !== INVITED_PASSWORD_HASH,
    };
  }
  const [made] = await tx
    .insert(users)
    .values({
      email: teacher.email,
      passwordHash: INVITED_PASSWORD_HASH,
      firstName: teacher.firstName,
      lastName: teacher.lastName,
      phone: teacher.phone,
    })
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  if (!made) throw new AppError('internal', STAFF_TEXT.teacherNotFound);
  return { ...made, hasAccount: false };
}

/**
 * Invites a teacher (again): a pending teacher membership for the address of the teacher record, the
 * studio's earlier links to them retired, a new link (its hash kept) and its mail, in one transaction,
 * audited. 409 for a teacher who already signs in, or whose address signs in here otherwise.
 */
export async function inviteTeacher({
  db,
  actor,
  clock,
  appUrl,
  teacherId,
}: Ctx & { clock: Clock; appUrl: string; teacherId: string }): Promise<MessageResult> {
  mustManage(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const teacher = await lockStaffTeacher(tx, companyId, teacherId);
    if (!teacher) throw notFound();
    const member = await membershipOfTeacher(tx, teacher.id);
    if (member && !member.pending) throw new AppError('conflict', STAFF_TEXT.alreadyActive);
    const person = await inviteePerson(tx, companyId, teacher);
    await consume(tx, clock, `teacher-invitation:studio:${companyId}`, rules.invitationPerStudio);
    await consume(
      tx,
      clock,
      `teacher-invitation:email:${person.email.toLowerCase()}`,
      rules.invitationPerEmail,
    );
    const now = clock.now();
    // The teacher record's address changed since the last send: the old place goes with its links.
    if (member && member.userId !== person.id)
      await tx.delete(memberships).where(eq(memberships.id, member.id));
    if (!member || member.userId !== person.id) {
      await tx
        .insert(memberships)
        .values({ companyId, userId: person.id, role: 'teacher', teacherId: teacher.id, pending: true });
    }
    await retireTeacherInvitations(tx, companyId, [person.id, ...(member ? [member.userId] : [])], now);
    const token = newToken();
    const [row] = await tx
      .insert(oneTimeTokens)
      .values({
        purpose: 'teacher_invitation',
        email: person.email,
        userId: person.id,
        companyId,
        secretHash: hashSecret(token),
        expiresAt: addDays(now, TEACHER_INVITATION_DAYS),
      })
      .returning({ id: oneTimeTokens.id });
    await enqueueMail(tx, {
      template: 'teacher-invitation',
      to: person.email,
      companyId,
      key: `teacher-invitation:${row!.id}`,
      data: {
        firstName: teacher.firstName,
        studioName: await studioName(tx, companyId),
        link: `${appUrl}/staff/invitation#${token}`,
        days: TEACHER_INVITATION_DAYS,
        hasAccount: person.hasAccount,
      },
    });
    await audit(tx, {
      action: 'staff.teacher_invited',
      companyId,
      userId: actor.userId,
      targetType: 'teacher',
      targetId: teacher.id,
      detail: { email: person.email, again: member !== null },
    });
    return { msg: STAFF_TEXT.invited(personName(teacher.firstName, teacher.lastName)) };
  });
}

/**
 * Ends a teacher's sign-in at the studio: the membership goes, and with it (cascade) its sessions, so
 * the teacher's next request is refused (the session cache drops on the write); the studio's unused
 * links are retired. Audited, which the list reads as 'revoked'. 409 when there is nothing to revoke.
 */
export async function revokeTeacher({
  db,
  actor,
  clock,
  teacherId,
}: Ctx & { clock: Clock; teacherId: string }): Promise<MessageResult> {
  mustManage(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const teacher = await lockStaffTeacher(tx, companyId, teacherId);
    if (!teacher) throw notFound();
    const member = await membershipOfTeacher(tx, teacher.id);
    if (!member) throw new AppError('conflict', STAFF_TEXT.notSignedIn);
    await retireTeacherInvitations(tx, companyId, [member.userId], clock.now());
    await tx.delete(memberships).where(eq(memberships.id, member.id));
    await audit(tx, {
      action: REVOKED_ACTION,
      companyId,
      userId: actor.userId,
      targetType: 'teacher',
      targetId: teacher.id,
      detail: { wasActive: !member.pending },
    });
    return { msg: STAFF_TEXT.revoked(personName(teacher.firstName, teacher.lastName)) };
  });
}
