import { messages } from '@pirouette/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/security';
import { AppError } from '../http/errors';
import type { Clock } from './clock';

export type Rule = { limit: number; windowSeconds: number };

/**
 * The limits of attempts that guess at a secret, per address and per client, and of the mail a studio
 * sends people it adds to families (invitations, "you were added"), per studio and per address.
 */
export const rules = {
  loginPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  loginPerClient: { limit: 50, windowSeconds: 15 * 60 },
  codeCheckPerEmail: { limit: 5, windowSeconds: 10 * 60 },
  codeCheckPerClient: { limit: 30, windowSeconds: 10 * 60 },
  mailPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  mailPerClient: { limit: 30, windowSeconds: 60 * 60 },
  linkPerClient: { limit: 30, windowSeconds: 10 * 60 },
  invitationPerStudio: { limit: 50, windowSeconds: 60 * 60 },
  invitationPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Rule>;

const windowStart = (now: Date, rule: Rule) => {
  const ms = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
};

function tooMany(now: Date, rule: Rule) {
  const start = windowStart(now, rule).getTime();
  const retryAfter = Math.max(1, Math.ceil((start + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  return new AppError('rate_limited', messages.tooManyAttempts, { 'retry-after': String(retryAfter) });
}

/** Refuses with 429 when `key` has used up its attempts in the current window. Counts nothing. */
export async function assertUnderLimit(db: Db, clock: Clock, key: string, rule: Rule): Promise<void> {
  const now = clock.now();
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, rule))));
  if (row && row.count >= rule.limit) throw tooMany(now, rule);
}

/** Counts one attempt against `key`; returns the count in the current window. */
export async function countAttempt(db: Db, clock: Clock, key: string, rule: Rule): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStart(clock.now(), rule), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** Counts one attempt and refuses when it is past the limit: for actions limited whether or not they succeed. */
export async function consume(db: Db, clock: Clock, key: string, rule: Rule): Promise<void> {
  const count = await countAttempt(db, clock, key, rule);
  if (count > rule.limit) throw tooMany(clock.now(), rule);
}

export async function purgeRateLimits(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
