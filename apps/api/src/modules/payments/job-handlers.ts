import { jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import { BILLING_HOUR, instantAt, ledgerEvents } from '../ledger';
import type { PaymentsDeps } from './attempts';
import { chargeFamily } from './autopay-charging';
import { noticeExpiringCards, remindFamily } from './autopay-mail';
import { planAutopayDay } from './autopay-planning';
import { paymentJobs } from './jobs';
import { refreshMerchant } from './merchant';
import type { PaymentProvider } from './provider';
import { reconcileAttempt } from './reconcile';

/**
 * The reconciler (decision 028): one job per card attempt, queued with it. When the attempt is settled
 * already it is done; otherwise it looks the transfer up by the attempt's idempotency id and books what
 * it finds, and while the outcome is not known it fails, to be run again by the runner's backoff. It
 * never calls the processor to charge. And auto-pay's jobs (autopay.ts).
 */
export function paymentJobHandlers(provider: PaymentProvider): JobHandlers {
  return {
    ...jobHandler(paymentJobs.reconcile, {
      async run({ job, db, clock, logger }, { attemptId }) {
        const deps: PaymentsDeps = { db, provider, clock };
        const state = await reconcileAttempt(deps, attemptId);
        if (job.attempts > 1) logger.info({ attemptId, state }, 'card payment reconciled');
      },
    }),
    /**
     * The billing day's automatic charges, retries and reminders: auto-pay listens to the day posted
     * (decision 046), so its job is queued once the day's charges are, under the day's key.
     */
    ...jobHandler(paymentJobs.autopayDay, {
      listens: { to: ledgerEvents.dayPosted, payload: ({ day }) => ({ day }) },
      async run({ job, db, logger }, { day }) {
        if (!job.companyId) throw new Error('autopay.day needs a studio');
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
    }),
    /** One family's automatic charge: keyed by family, due date and try, so it charges once. */
    ...jobHandler(paymentJobs.autopayCharge, {
      async run({ job, db, clock }, p) {
        if (!job.companyId) throw new Error('autopay.charge needs a studio');
        await chargeFamily(
          { db, provider, clock },
          {
            companyId: job.companyId,
            familyId: p.familyId,
            dueOn: p.dueOn,
            tryNo: p.tryNo,
            today: p.day,
            by: { system: 'Automatic payment' },
          },
        );
      },
    }),
    /**
     * A studio's merchant under review: asked until the processor approves or rejects it (the runner's
     * back-off between tries); its webhook may have settled it first, and then this changes nothing.
     */
    ...jobHandler(paymentJobs.merchantCheck, {
      async run({ db, clock, logger }, { merchantId }) {
        const state = await refreshMerchant({ db, provider, clock }, merchantId);
        if (state === 'provisioning') throw new Error(`Merchant ${merchantId} is still under review.`);
        logger.info({ merchantId, state }, 'merchant account reviewed');
      },
    }),
    ...jobHandler(paymentJobs.autopayRemind, {
      async run({ job, db }, p) {
        if (!job.companyId) throw new Error('autopay.remind needs a studio');
        await remindFamily(db, { companyId: job.companyId, familyId: p.familyId, dueOn: p.dueOn });
      },
    }),
  };
}
