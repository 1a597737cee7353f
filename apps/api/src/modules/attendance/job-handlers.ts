import { addDays } from '@pirouette/domain';
import { jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import { attendanceJobs } from './jobs';
import { expireCredits, remindExpiring, scheduleMakeupsDay, useCredits } from './makeups.day';

/**
 * The make-ups' day (makeups.day.ts): in one transaction, the studio's open credits past their last day
 * expire, the booked ones whose meeting has passed are used, the families of credits about to expire are
 * reminded; then the next day is queued. Idempotent: a second run finds nothing in the states it changes,
 * and every reminder has its key.
 */
export function makeupJobHandlers(appUrl: string): JobHandlers {
  return jobHandler(attendanceJobs.makeupsDay, {
    async run(ctx, { day }) {
      const { job, db, logger } = ctx;
      const companyId = job.companyId;
      if (!companyId) throw new Error('makeups.day needs a studio');
      const now = ctx.clock.now();
      const done = await db.transaction(async (tx) => ({
        expired: await expireCredits(tx, companyId, day, now),
        used: await useCredits(tx, companyId, day, now),
        reminded: await remindExpiring(tx, companyId, day, appUrl),
      }));
      if (done.expired + done.used + done.reminded > 0)
        logger.info({ companyId, day, ...done }, 'make-ups day');
      await scheduleMakeupsDay(db, companyId, addDays(day, 1), job.timeZone);
    },
  });
}
