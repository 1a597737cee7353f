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

/** One attempt's place under a limit, in the window it was taken in. */
type Slot = { key: string; windowStart: Date };

/** Counts one attempt against `key` in one statement; returns the count in the current window. */
async function take(db: Db, key: string, start: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

async function giveBack(db: Db, slots: Slot[]): Promise<void> {
  for (const slot of slots) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, slot.key), eq(rateLimits.windowStart, slot.windowStart)));
  }
}

/** Attempts at a secret that hold their places under the limits until the outcome is known. */
export type Reservation = {
  /** The secret was right: the attempt is not counted (decision 005). */
  release(): Promise<void>;
};

/**
 * Takes one place under each limit before a secret is checked, each in one atomic statement
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING count`): the count and the check can never be
 * separated, so however many attempts arrive at once, no more than `limit` of them are ever checked.
 * Past a limit the attempt is refused with 429 and the places it took under the other limits are
 * given back. A wrong secret keeps its places (it counts); a right one calls `release()`.
 */
export async function reserveAttempt(
  db: Db,
  clock: Clock,
  limits: readonly (readonly [key: string, rule: Rule])[],
): Promise<Reservation> {
  const now = clock.now();
  const taken: Slot[] = [];
  for (const [key, rule] of limits) {
    const start = windowStart(now, rule);
    const count = await take(db, key, start);
    if (count > rule.limit) {
      // The refused attempt is not checked, so it holds no place; the count may pass the limit by the
      // attempts refused at this moment, which changes nothing: the window ends when it ends.
      await giveBack(db, [...taken, { key, windowStart: start }]);
      throw tooMany(now, rule);
    }
    taken.push({ key, windowStart: start });
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await giveBack(db, taken);
    },
  };
}

/**
 * Counts one attempt and refuses when it is past the limit, in one atomic statement: for actions
 * limited whether or not they succeed (mail sent, links followed).
 */
export async function consume(db: Db, clock: Clock, key: string, rule: Rule): Promise<void> {
  const now = clock.now();
  const count = await take(db, key, windowStart(now, rule));
  if (count > rule.limit) throw tooMany(now, rule);
}

export async function purgeRateLimits(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
