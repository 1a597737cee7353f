import { IMPORT_TEXT, messages } from '@pirouette/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { rateLimits } from '../db/schema/security';
import { AppError } from '../http/errors';
import type { Clock } from './clock';

export type Rule = {
  limit: number;
  windowSeconds: number;
  /**
   * Counted over the last `windowSeconds` in buckets of this many seconds (a window that slides by a
   * bucket), rather than in fixed windows: "5 in 24 hours" is then never 10 across a window's end.
   */
  bucketSeconds?: number;
  /** The sentence of the 429 (by default, "too many attempts"). */
  message?: string;
};

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
  /** An import's check reads and matches whole files (decision 054): heavy, so a few at a time. */
  importCheckPerStudio: { limit: 30, windowSeconds: 10 * 60, message: IMPORT_TEXT.tooManyChecks },
  /** Sending an import's invitations (each parent mailed once ever, whatever the number of sends). */
  importInvitationsPerStudio: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Rule>;

/** The start of the window (or, for a sliding rule, of the bucket) `now` falls in. */
const windowStart = (now: Date, rule: Rule) => {
  const ms = (rule.bucketSeconds ?? rule.windowSeconds) * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
};

/** A refusal past a limit: 429, the rule's sentence, and which key was past its limit. */
export class RateLimited extends AppError {
  constructor(
    readonly key: string,
    message: string,
    retryAfter: number,
  ) {
    super('rate_limited', message, null, { 'retry-after': String(retryAfter) });
  }
}

/** `freedAt`: when a place comes free again (the window's end, or the oldest counted bucket's). */
function tooMany(now: Date, key: string, rule: Rule, freedAt: number) {
  const retryAfter = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
  return new RateLimited(key, rule.message ?? messages.tooManyAttempts, retryAfter);
}

/** One attempt's place under a limit, in the window it was taken in. */
type Slot = { key: string; windowStart: Date };

/**
 * Counts one attempt against `key` in one statement; returns the count in the window, and when a place
 * comes free. For a sliding rule the statement adds the window's earlier buckets to the current one's,
 * which it has just counted: the buckets before never change but by a place given back, so the sum is
 * as exact under concurrency as a single counter is.
 */
async function take(
  db: Db,
  key: string,
  start: Date,
  rule: Rule,
): Promise<{ count: number; freedAt: number }> {
  if (rule.bucketSeconds) {
    const since = new Date(start.getTime() - (rule.windowSeconds - rule.bucketSeconds) * 1000);
    const [row] = await rowsOf<{ count: number | string; oldest: number | string | null }>(
      db,
      sql`with up as (
            insert into rate_limits (key, window_start, count) values (${key}, ${start.toISOString()}, 1)
            on conflict (key, window_start) do update set count = rate_limits.count + 1
            returning count)
          select (select count from up) + coalesce(earlier.total, 0) as count,
            extract(epoch from earlier.oldest) * 1000 as oldest
          from (select sum(count) as total, min(window_start) filter (where count > 0) as oldest
                from rate_limits
                where key = ${key} and window_start >= ${since.toISOString()} and window_start < ${start.toISOString()}) earlier`,
    );
    const oldest = row?.oldest != null ? Number(row.oldest) : start.getTime();
    return { count: Number(row?.count ?? 1), freedAt: oldest + rule.windowSeconds * 1000 };
  }
  const count = await takeFixed(db, key, start);
  return { count, freedAt: start.getTime() + rule.windowSeconds * 1000 };
}

async function takeFixed(db: Db, key: string, start: Date): Promise<number> {
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
    const { count, freedAt } = await take(db, key, start, rule);
    if (count > rule.limit) {
      // The refused attempt is not checked, so it holds no place; the count may pass the limit by the
      // attempts refused at this moment, which changes nothing: the window ends when it ends.
      await giveBack(db, [...taken, { key, windowStart: start }]);
      throw tooMany(now, key, rule, freedAt);
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
  const { count, freedAt } = await take(db, key, windowStart(now, rule), rule);
  if (count > rule.limit) throw tooMany(now, key, rule, freedAt);
}

export async function purgeRateLimits(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
