import { addDays } from '@pirouette/domain';
import { jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import { findRecital } from './fees.queries';
import { runRecitalFees, scheduleFeesDay } from './fees.run';
import { recitalFeeJobs } from './jobs';

/**
 * The recital fees' day: the day's posting run (idempotent: every posting keyed, every fee row written
 * under the family's lock), then the next day queued until the recital's last day. An archived recital,
 * or one without a fee, ends its chain.
 */
export function recitalFeeJobHandlers(appUrl: string): JobHandlers {
  return jobHandler(recitalFeeJobs.feesDay, {
    async run(ctx, { recitalId, day }) {
      const { job, db, logger } = ctx;
      const companyId = job.companyId;
      if (!companyId) throw new Error('recital-fees.day needs a studio');
      const r = await findRecital(db, companyId, recitalId);
      if (!r || r.archivedAt || r.feeAmount <= 0) return;
      const done = await runRecitalFees({
        db,
        companyId,
        recitalId,
        clock: ctx.clock,
        by: { system: 'Recital fees' },
        appUrl,
        day,
        onFamilyError: (familyId, err) =>
          logger.error({ companyId, recitalId, day, familyId, err }, 'recital fees: a family failed'),
      });
      if (done.posted + done.removed + done.failed > 0)
        logger.info({ companyId, recitalId, day, ...done }, 'recital fees day');
      // The chain goes on whatever befell a family: tomorrow's run plans it again.
      await scheduleFeesDay(db, r, addDays(day, 1), r.timeZone);
    },
  });
}
