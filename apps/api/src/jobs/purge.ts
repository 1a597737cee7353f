import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { mailOutbox } from '../db/schema/mail';
import { oneTimeTokens } from '../db/schema/security';
import { sessions } from '../db/schema/sessions';
import { addDays, type Clock } from '../lib/clock';
import { purgeRateLimits } from '../lib/rate-limit';
import { MAIL_JOB } from '../mail/outbox';

/**
 * Drops what can no longer matter: old attempt counters, long-expired codes, links and sessions, and
 * mail delivered more than 90 days ago with its delivery job (what a studio needs of what it sent lives
 * in its own records). Other jobs stay: a done job is what keeps its key (a billing day) from being
 * queued again.
 */
export async function purgeExpired({ db, clock }: { db: Db; clock: Clock }): Promise<void> {
  const now = clock.now();
  await purgeRateLimits(db, addDays(now, -1));
  await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, addDays(now, -90))));
  await db
    .delete(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.state, 'done'), lt(jobs.finishedAt, addDays(now, -90))));
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, addDays(now, -7)));
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, addDays(now, -30)),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, addDays(now, -30))),
      ),
    );
}

/**
 * Fresh planner statistics for the embedded database. PostgreSQL's autovacuum keeps a server's up to date
 * as its tables grow; PGlite runs no such daemon, so without this a studio's tables would be planned
 * forever as they stood when first analyzed: under the benchmark, the check that a posting balances
 * scanned every ledger entry of the studio, and a family's billing read took 750 ms (decision 036,
 * point 7). ANALYZE reads a sample of each table and changes no row.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/**
 * Once an hour (and at start): the purge, then on PGlite the statistics (`refreshStatistics`), after the
 * purge so that they count what it left.
 */
export function startPurge({
  db,
  kind,
  clock,
  logger,
  intervalMs = 3_600_000,
}: {
  db: Db;
  kind: DbKind;
  clock: Clock;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const run = async () => {
    try {
      await purgeExpired({ db, clock });
    } catch (err) {
      logger.error({ err }, 'purge failed');
    }
    if (kind !== 'pglite') return;
    try {
      await refreshStatistics(db);
    } catch (err) {
      logger.error({ err }, 'refreshing the statistics failed');
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
