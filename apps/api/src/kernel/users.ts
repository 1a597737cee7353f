import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/sessions';
import { users } from '../db/schema/users';

/**
 * The people who sign in, as every area that adds or finds one reads them (issue 33, decision 044): sign-in,
 * registration and a family's invitations. Sign-in's own queries (memberships, sessions) stay in
 * modules/auth.
 */

/** The person with this sign-in address (case aside), or null. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await userByEmailRead(db, email);
  return row ?? null;
}

/** The person with this sign-in address (case aside): at most one row, for a batch. */
export function userByEmailRead(db: Db, email: string) {
  return db.select().from(users).where(byEmail(email)).limit(1);
}

/** The id of the person with this sign-in address, as a subquery (reads of theirs batched beside it). */
export function userIdByEmail(db: Db, email: string) {
  return db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
}

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** Ends every live session of a person, but `exceptSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
