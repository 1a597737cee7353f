import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { type IdRef, idIs } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import { memberships } from '../../db/schema/memberships';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';

/**
 * A person's studio memberships, oldest first: the session's `accts` (with each studio's time zone, for
 * the session sign-in opens on the first). A place an invitation holds for them (pending until they set
 * a password through a mailed link, decision 014) is not one yet.
 */
export function listMemberships(db: Db, user: IdRef) {
  return db
    .select({
      id: memberships.id,
      companyId: memberships.companyId,
      role: memberships.role,
      companyName: companies.name,
      timeZone: companies.timeZone,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(idIs(memberships.userId, user), eq(memberships.pending, false)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

/** The session's studio: its name, address and contact (GET x_AOS, x_AOS/comp). */
export async function findCompanyInfo(db: Db, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      city: companies.city,
      state: companies.state,
      zipcode: companies.zipcode,
      phone: companies.phone,
      email: companies.email,
      timeZone: companies.timeZone,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

export async function findMembership(db: Db, userId: string, membershipId: string) {
  const [row] = await db
    .select({ id: memberships.id, companyId: memberships.companyId, role: memberships.role })
    .from(memberships)
    .where(
      and(eq(memberships.id, membershipId), eq(memberships.userId, userId), eq(memberships.pending, false)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A person's password hash replaced by `hash` (the same password at today's settings, decision 120), as
 * long as `was` is still the one stored: a password changed meanwhile is left as it was.
 */
export async function replacePasswordHash(db: Db, userId: string, was: string, hash: string) {
  await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, was)));
}

/** A session's row, built and not sent: a sign-in writes it in the statement that gives its places back. */
export function sessionInsert(db: Db, values: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(values);
}

/**
 * The live session behind a token hash, with the person, membership and studio it acts for: asked on
 * every request the session cache has not seen, its statement built once (decision 124).
 */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const { session } = await liveSessionOnce(db, { tokenHash, now: now.toISOString() });
  return session[0] ?? null;
}

const liveSessionOnce = preparedBatch(['tokenHash', 'now'], (db, p) => ({
  session: db
    .select({
      sessionId: sessions.id,
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      membershipId: memberships.id,
      companyId: memberships.companyId,
      role: memberships.role,
      familyId: memberships.familyId,
      teacherId: memberships.teacherId,
      companyName: companies.name,
      timeZone: companies.timeZone,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(sessions)
    .innerJoin(memberships, eq(memberships.id, sessions.membershipId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(sessions.tokenHash, p.tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${p.now}::timestamptz`),
      ),
    )
    .limit(1),
}));

export async function setSessionMembership(
  db: Db,
  sessionId: string,
  membership: { id: string; companyId: string },
) {
  await db
    .update(sessions)
    .set({ membershipId: membership.id, companyId: membership.companyId })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
