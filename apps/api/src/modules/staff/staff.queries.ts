import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { memberships } from '../../db/schema/memberships';
import { auditLog, oneTimeTokens } from '../../db/schema/security';
import { teachers } from '../../db/schema/staff';
import { users } from '../../db/schema/users';

/** The audit action a revocation is recorded by: the list reads it back as the state 'revoked'. */
export const REVOKED_ACTION = 'staff.sign_in_revoked';

const iso = (value: ReturnType<typeof sql>) =>
  sql<string | null>`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The newest teacher invitation the studio mailed the membership's person: one of its columns. */
const newestInvitation = (column: 'created_at' | 'expires_at' | 'used_at') =>
  iso(
    sql`(select t.${sql.raw(column)} from ${oneTimeTokens} t where t.purpose = 'teacher_invitation'
      and t.company_id = ${teachers.companyId} and t.user_id = ${memberships.userId}
      order by t.created_at desc limit 1)`,
  );

/**
 * The studio's teachers with their membership (if any), their newest invitation and their newest
 * revocation: one statement whatever their number, by last name.
 */
export function listStaff(db: Db, companyId: string) {
  return db
    .select({
      id: teachers.id,
      firstName: teachers.firstName,
      lastName: teachers.lastName,
      email: teachers.email,
      pending: memberships.pending,
      memberSince: iso(sql`${memberships.createdAt}`),
      invitedAt: newestInvitation('created_at'),
      expiresAt: newestInvitation('expires_at'),
      acceptedAt: newestInvitation('used_at'),
      revokedAt: iso(
        sql`(select max(a.created_at) from ${auditLog} a where a.company_id = ${teachers.companyId}
          and a.action = ${REVOKED_ACTION} and a.target_type = 'teacher' and a.target_id = ${teachers.id}::text)`,
      ),
    })
    .from(teachers)
    .leftJoin(memberships, eq(memberships.teacherId, teachers.id))
    .where(eq(teachers.companyId, companyId))
    .orderBy(asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id))
    .limit(1000);
}

/** A teacher of the studio, its row held to the end of the transaction (two sends run one by one). */
export async function lockStaffTeacher(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)))
    .for('update');
  return row ?? null;
}

/** The membership a teacher record signs in with, if any. */
export async function membershipOfTeacher(db: Db, teacherId: string) {
  const [row] = await db
    .select({ id: memberships.id, userId: memberships.userId, pending: memberships.pending })
    .from(memberships)
    .where(eq(memberships.teacherId, teacherId));
  return row ?? null;
}

/** A person's membership at the studio, whatever its role. */
export async function membershipAt(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select({ id: memberships.id, role: memberships.role, teacherId: memberships.teacherId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row ?? null;
}

export async function studioName(db: Db, companyId: string) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** Marks the studio's unused teacher invitations to these people used: only the newest link works. */
export async function retireTeacherInvitations(db: Db, companyId: string, userIds: string[], now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.purpose, 'teacher_invitation'),
        eq(oneTimeTokens.companyId, companyId),
        inArray(oneTimeTokens.userId, userIds),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** The live (unused, unexpired) teacher invitation behind a secret, with its person and studio. */
export async function findLiveInvitation(db: Db, secretHash: string, now: Date) {
  const [row] = await db
    .select({
      id: oneTimeTokens.id,
      userId: users.id,
      companyId: oneTimeTokens.companyId,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      studioName: companies.name,
    })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .innerJoin(companies, eq(companies.id, oneTimeTokens.companyId))
    .where(
      and(
        eq(oneTimeTokens.purpose, 'teacher_invitation'),
        eq(oneTimeTokens.secretHash, secretHash),
        isNull(oneTimeTokens.usedAt),
        sql`${oneTimeTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a token up; false when another request used it first. */
export async function takeInvitation(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}
