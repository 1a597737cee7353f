import { isDateOnly } from '@pirouette/domain';
import { BILLING_HOUR, instantAt } from '../modules/ledger';
import { type PaymentsDeps, RECONCILE_JOB } from '../modules/payments/attempts';
import { chargeFamily } from '../modules/payments/autopay-charging';
import { noticeExpiringCards, remindFamily } from '../modules/payments/autopay-mail';
import {
  AUTOPAY_CHARGE_JOB,
  AUTOPAY_DAY_JOB,
  AUTOPAY_REMIND_JOB,
  planAutopayDay,
} from '../modules/payments/autopay-planning';
import type { PaymentProvider } from '../modules/payments/provider';
import { reconcileAttempt } from '../modules/payments/reconcile';
import type { JobHandlers } from './runner';

/**
 * The reconciler (decision 028): one job per card attempt, queued with it. When the attempt is settled
 * already it is done; otherwise it looks the transfer up by the attempt's idempotency id and books what
 * it finds, and while the outcome is not known it fails, to be run again by the runner's backoff. It
 * never calls the processor to charge. And auto-pay's jobs (modules/payments/autopay.ts).
 */
export function paymentJobs(provider: PaymentProvider): JobHandlers {
  return {
    [RECONCILE_JOB]: {
      async run({ job, db, clock, logger }) {
        const attemptId = (job.payload as { attemptId?: unknown }).attemptId;
        if (typeof attemptId !== 'string') throw new Error('payments.reconcile needs an attempt');
        const deps: PaymentsDeps = { db, provider, clock };
        const state = await reconcileAttempt(deps, attemptId);
        if (job.attempts > 1) logger.info({ attemptId, state }, 'card payment reconciled');
      },
    },
    /** The billing day's automatic charges, retries and reminders, queued once the day's charges are posted. */
    [AUTOPAY_DAY_JOB]: {
      async run({ job, db, logger }) {
        const day: unknown = (job.payload as { day?: unknown }).day;
        if (!job.companyId || !isDateOnly(day)) throw new Error('autopay.day needs a studio and a day');
        // The day's jobs are due at its billing hour (in the past when the day runs late: at once), so
        // `--until` runs them in the order of their days, before any later billing day.
        const queued = await planAutopayDay(
          db,
          job.companyId,
          day,
          instantAt(day, BILLING_HOUR, job.timeZone),
        );
        const told = await noticeExpiringCards(db, job.companyId, day);
        if (queued + told > 0)
          logger.info({ companyId: job.companyId, day, queued, told }, 'automatic charges queued');
      },
    },
    /** One family's automatic charge: keyed by family, due date and try, so it charges once. */
    [AUTOPAY_CHARGE_JOB]: {
      async run({ job, db, clock }) {
        const p = job.payload as { familyId?: unknown; dueOn?: unknown; tryNo?: unknown; day?: unknown };
        if (!job.companyId || typeof p.familyId !== 'string' || !isDateOnly(p.dueOn) || !isDateOnly(p.day))
          throw new Error('autopay.charge needs a studio, a family, a due date and a day');
        await chargeFamily(
          { db, provider, clock },
          {
            companyId: job.companyId,
            familyId: p.familyId,
            dueOn: p.dueOn,
            tryNo: Number(p.tryNo),
            today: p.day,
            by: { system: 'Automatic payment' },
          },
        );
      },
    },
    [AUTOPAY_REMIND_JOB]: {
      async run({ job, db }) {
        const p = job.payload as { familyId?: unknown; dueOn?: unknown };
        if (!job.companyId || typeof p.familyId !== 'string' || !isDateOnly(p.dueOn))
          throw new Error('autopay.remind needs a studio, a family and a due date');
        await remindFamily(db, { companyId: job.companyId, familyId: p.familyId, dueOn: p.dueOn });
      },
    },
  };
}
