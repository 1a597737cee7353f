import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { compactDaySums } from '../db/journal-sums';
import { jobs } from '../db/schema/jobs';
import { mailOutbox } from '../db/schema/mail';
import { oneTimeTokens } from '../db/schema/security';
import { sessions } from '../db/schema/sessions';
import { refreshStaleStatistics } from '../db/statistics';
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
 * Once an hour (and at start) the purge; every minute (and at start, after the purge) the journals' day
 * sums compacted (`compactDaySums`, decision 102) and the planner's statistics of the tables changed past
 * autovacuum's threshold (`refreshStaleStatistics`, decision 081), on both databases: PGlite has no autovacuum, and a PostgreSQL may run without it. Several
 * servers on one database take turns by an advisory lock; a look that finds nothing stale is one
 * catalog read.
 */
export function startPurge({
  db,
  clock,
  logger,
  intervalMs = 3_600_000,
  statisticsMs = 60_000,
}: {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  intervalMs?: number;
  statisticsMs?: number;
}) {
  const statistics = async () => {
    try {
      await compactDaySums(db);
    } catch (err) {
      logger.error({ err }, 'compacting the day sums failed');
    }
    try {
      await refreshStaleStatistics(db);
    } catch (err) {
      logger.error({ err }, 'refreshing the statistics failed');
    }
  };
  const purge = async () => {
    try {
      await purgeExpired({ db, clock });
    } catch (err) {
      logger.error({ err }, 'purge failed');
    }
  };
  const timers = [
    setInterval(() => void purge(), intervalMs),
    setInterval(() => void statistics(), statisticsMs),
  ];
  for (const t of timers) t.unref();
  void purge().then(statistics);
  return { stop: () => timers.forEach(clearInterval) };
}
