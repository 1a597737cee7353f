import { IMPORT_TEXT, messages } from '@pirouette/domain';
import { lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type NamedWrite, oneStatement, type PendingWrite } from '../db/one-statement';
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
 * Gives places back in one statement, locking their rows in the order of their keys, as `takeAll` writes
 * them: an `update … from` locks rows in whatever order its plan meets them (the table's, or the list's),
 * and a refused attempt giving back (address, client) while another takes (client, address) would each
 * hold the row the other waits for, and PostgreSQL would end one of them with a deadlock.
 */
async function giveBack(db: Db, slots: Slot[]): Promise<void> {
  if (slots.length === 0) return;
  await db.execute(giveBackWrite(slots));
}

/** `giveBack`'s statement, built and not sent: a write of its own, or one of a caller's statement. */
function giveBackWrite(slots: Slot[]): SQL {
  const given = slots.map((slot) => ({ key: slot.key, window_start: slot.windowStart.toISOString() }));
  return sql`with locked as (
        select r.key, r.window_start from rate_limits r
          join jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as g(key text, window_start timestamptz)
            on r.key = g.key and r.window_start = g.window_start
          order by r.key
          for update of r)
      update rate_limits r set count = greatest(r.count - 1, 0)
      from locked l
      where r.key = l.key and r.window_start = l.window_start`;
}

/** What each key's count came to and when a place under it comes free, in the order the limits are given. */
type Place = { slot: Slot; count: number; freedAt: number };

/**
 * Counts one attempt against each key, built and not sent: the CTEs that count (`writes`) and a JSON
 * value reading what they counted (`counted`), for a statement of `takeAll`'s own or a caller's (a
 * sign-in reads the person beside them). `placesOf` makes each key's place of that value: its count in
 * its window and when a place comes free. For a sliding rule the statement adds the window's earlier
 * buckets to the current one's, which it has just counted: the buckets before never change but by a
 * place given back, so the sum is as exact under concurrency as a single counter is. The keys are
 * written in the order of their names, so two attempts that share keys never wait on each other in a
 * circle.
 */
function counting(now: Date, limits: readonly (readonly [key: string, rule: Rule])[]) {
  const asked = limits.map(([key, rule], n) => {
    const start = windowStart(now, rule);
    const since = rule.bucketSeconds
      ? new Date(start.getTime() - (rule.windowSeconds - rule.bucketSeconds) * 1000)
      : start;
    return { n, key, start: start.toISOString(), since: since.toISOString() };
  });
  const writes: NamedWrite[] = [
    {
      name: 'rate_asked',
      write: sql`select * from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb)
        as a(n int, key text, start timestamptz, since timestamptz)`,
    },
    {
      name: 'rate_taken',
      write: sql`insert into rate_limits (key, window_start, count)
          select key, start, 1 from rate_asked order by key
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning key, window_start, count`,
    },
  ];
  const counted = sql`(select json_agg(json_build_array(a.n, up.count + coalesce(earlier.total, 0),
        extract(epoch from earlier.oldest) * 1000) order by a.n)
      from rate_asked a
      join rate_taken up on up.key = a.key and up.window_start = a.start
      cross join lateral (select sum(r.count) as total,
            min(r.window_start) filter (where r.count > 0) as oldest
          from rate_limits r
          where r.key = a.key and r.window_start >= a.since and r.window_start < a.start) earlier)`;
  const placesOf = (value: unknown): Place[] =>
    ((value ?? []) as [number, number | string, number | string | null][]).map(([n, count, oldest]) => {
      const [key, rule] = limits[n]!;
      const start = new Date(asked[n]!.start);
      const from = oldest != null ? Number(oldest) : start.getTime();
      return {
        slot: { key, windowStart: start },
        count: Number(count),
        freedAt: from + rule.windowSeconds * 1000,
      };
    });
  return { writes, counted, placesOf };
}

/** `counting`'s statement sent alone: what its `counted` answers. */
async function countIn(db: Db, statement: { writes: NamedWrite[]; counted: SQL }): Promise<unknown> {
  const [row] = await rowsOf<{ counted: unknown }>(
    db,
    oneStatement(statement.writes, sql`select ${statement.counted} as counted`),
  );
  return row!.counted;
}

/** Counts one attempt against each key in one statement (`counting`'s). */
async function takeAll(
  db: Db,
  now: Date,
  limits: readonly (readonly [key: string, rule: Rule])[],
): Promise<Place[]> {
  const counts = counting(now, limits);
  return counts.placesOf(await countIn(db, counts));
}

/** Attempts at a secret that hold their places under the limits until the outcome is known. */
export type Reservation = {
  /** The secret was right: the attempt is not counted (decision 005). */
  release(): Promise<void>;
  /**
   * `release()` as a write built and not sent, for the caller's own statement (a sign-in's session and
   * audit row go with it: one round trip, not two). Given once, as `release()` is; null after.
   */
  releasing(): PendingWrite | null;
};

/**
 * Takes one place under each limit before a secret is checked, all in one atomic statement
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
  const taking = reserving(clock, limits);
  return taking.reserve(db, await countIn(db, taking));
}

/**
 * `reserveAttempt` in two parts, for a caller that sends the places' statement with reads of its own (a
 * sign-in reads the person beside it): `writes` and `counted` go in its statement (one-statement.ts,
 * db/batch.ts `batchBeside`), and `reserve` is given what `counted` answered. It refuses, giving every
 * place back, when the attempt is past a limit, and otherwise answers the reservation.
 */
export function reserving(clock: Clock, limits: readonly (readonly [key: string, rule: Rule])[]) {
  const now = clock.now();
  if (new Set(limits.map(([key]) => key)).size !== limits.length) {
    throw new Error('reserveAttempt: each limit has a key of its own');
  }
  const { writes, counted, placesOf } = counting(now, limits);
  const reserve = async (db: Db, value: unknown): Promise<Reservation> => {
    const places = placesOf(value);
    const taken = places.map((place) => place.slot);
    // The first limit passed, in the order given: the refused attempt is not checked, so it holds no
    // place under any of them; a count may pass its limit by the attempts refused at this moment, which
    // changes nothing: the window ends when it ends.
    const past = places.findIndex((place, i) => place.count > limits[i]![1].limit);
    if (past >= 0) {
      await giveBack(db, taken);
      throw tooMany(now, limits[past]![0], limits[past]![1], places[past]!.freedAt);
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        await giveBack(db, taken);
      },
      releasing() {
        if (released || taken.length === 0) return null;
        released = true;
        const write = giveBackWrite(taken);
        return { getSQL: () => write };
      },
    };
  };
  return { writes, counted, reserve };
}

/**
 * Counts one attempt and refuses when it is past the limit, in one atomic statement: for actions
 * limited whether or not they succeed (mail sent, links followed).
 */
export async function consume(db: Db, clock: Clock, key: string, rule: Rule): Promise<void> {
  await consumeAll(db, clock, [[key, rule]]);
}

/**
 * `consume` under several limits in one statement, as if consumed one after another in the order given:
 * refused at the first limit passed, with that one and those before it counted and the places taken
 * under those after it given back.
 */
export async function consumeAll(
  db: Db,
  clock: Clock,
  limits: readonly (readonly [key: string, rule: Rule])[],
): Promise<void> {
  const now = clock.now();
  if (new Set(limits.map(([key]) => key)).size !== limits.length) {
    throw new Error('consumeAll: each limit has a key of its own');
  }
  const places = await takeAll(db, now, limits);
  const past = places.findIndex((place, i) => place.count > limits[i]![1].limit);
  if (past < 0) return;
  await giveBack(
    db,
    places.slice(past + 1).map((place) => place.slot),
  );
  throw tooMany(now, limits[past]![0], limits[past]![1], places[past]!.freedAt);
}

export async function purgeRateLimits(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
