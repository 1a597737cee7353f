import { and, desc, eq, gt, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/security';

type Purpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function insertToken(db: Db, values: typeof oneTimeTokens.$inferInsert) {
  await db.insert(oneTimeTokens).values(values);
}

/** Marks every unused secret of this purpose for the address used: only the newest one mailed works. */
export async function retireTokens(db: Db, purpose: Purpose, email: string, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.email, email), isNull(oneTimeTokens.usedAt)),
    );
}

/**
 * Marks the unused invitations one studio sent one person: a resend leaves only its newest link
 * working. Other studios' invitations and the person's password reset links are not touched.
 */
export async function retireInvitations(
  db: Db,
  invitation: { userId: string; companyId: string },
  now: Date,
) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.purpose, 'invitation'),
        eq(oneTimeTokens.userId, invitation.userId),
        eq(oneTimeTokens.companyId, invitation.companyId),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/**
 * Takes an unused, unexpired secret of one of `purposes` and marks it used in the same statement, so
 * two requests racing with one link cannot both succeed.
 */
export async function takeToken(
  db: Db,
  purposes: Purpose | Purpose[],
  secretHash: string,
  now: Date,
  also: { verifiedAt?: Date } = {},
) {
  const [row] = await takeTokenWrite(db, purposes, secretHash, now, also).returning();
  return row ?? null;
}

/**
 * Marks the secret used when it is unused and unexpired, built and not sent (its RETURNING left to the
 * caller): for `takeToken`, or a caller that writes what the secret allows in the same statement.
 */
export function takeTokenWrite(
  db: Db,
  purposes: Purpose | Purpose[],
  secretHash: string,
  now: Date,
  also: { verifiedAt?: Date } = {},
) {
  return db
    .update(oneTimeTokens)
    .set({ usedAt: now, ...also })
    .where(
      and(
        Array.isArray(purposes)
          ? inArray(oneTimeTokens.purpose, purposes)
          : eq(oneTimeTokens.purpose, purposes),
        eq(oneTimeTokens.secretHash, secretHash),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
}

/** True when a secret of this purpose, made since `since`, is still unused and unexpired. */
export async function hasLiveTokenSince(db: Db, purpose: Purpose, email: string, since: Date, now: Date) {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.email, email),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        gte(oneTimeTokens.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The newest registration code checked for this address since `since` and not yet used to register. */
export async function findVerifiedCode(db: Db, email: string, since: Date) {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, 'registration_code'),
        eq(oneTimeTokens.email, email),
        gte(oneTimeTokens.verifiedAt, since),
        isNull(oneTimeTokens.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeTokens.verifiedAt))
    .limit(1);
  return row ?? null;
}

/** Uses up a checked code; false when another request used it first. */
export async function consumeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.consumedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}
