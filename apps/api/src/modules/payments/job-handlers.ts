import { enqueueJob, jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import { addHours } from '../../lib/clock';
import { BILLING_HOUR, instantAt, ledgerEvents } from '../ledger';
import type { PaymentsDeps } from './attempts';
import { chargeFamily } from './autopay-charging';
import { noticeExpiringCards, remindFamily } from './autopay-mail';
import { planAutopayDay } from './autopay-planning';
import { paymentJobs } from './jobs';
import { refreshMerchant } from './merchant';
import { syncPayouts } from './payouts';
import type { PaymentProvider } from './provider';
import { reconcileAttempt } from './reconcile';
import { followUpReturn, presentAgain } from './returns';

/** How long after the billing hour (05:00) the day's payouts are read: at noon, studio time. */
const PAYOUTS_AFTER_BILLING_HOURS = 7;

/**
 * The reconciler (decision 028): one job per card attempt, queued with it. When the attempt is settled
 * already it is done; otherwise it looks the transfer up by the attempt's idempotency id and books what
 * it finds, and while the outcome is not known it fails, to be run again by the runner's backoff. It
 * never calls the processor to charge. And auto-pay's jobs (autopay.ts).
 */
export function paymentJobHandlers(provider: PaymentProvider, appUrl = ''): JobHandlers {
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
            appUrl,
          },
        );
      },
    }),
    /** A method saved: the failed automatic charge tried again with it, at once (decision 070). */
    ...jobHandler(paymentJobs.autopayNewMethod, {
      async run({ job, db, clock }, p) {
        if (!job.companyId) throw new Error('autopay.new-method needs a studio');
        await chargeFamily(
          { db, provider, clock },
          {
            companyId: job.companyId,
            familyId: p.familyId,
            dueOn: p.dueOn,
            tryNo: 'next',
            trigger: 'new_method',
            today: p.day,
            by: { system: 'Automatic payment' },
            appUrl,
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
    ...payoutsDayHandler(provider),
    ...jobHandler(paymentJobs.autopayRemind, {
      async run({ job, db }, p) {
        if (!job.companyId) throw new Error('autopay.remind needs a studio');
        await remindFamily(db, { companyId: job.companyId, familyId: p.familyId, dueOn: p.dueOn });
      },
    }),
  };
}

/**
 * The day's payouts (decision 051): queued when the billing day is posted, due at noon studio time;
 * each settlement paid out is booked once (payouts.ts), so a day run twice, or late, books nothing twice.
 */
function payoutsDayHandler(provider: PaymentProvider): JobHandlers {
  const handlers = jobHandler(paymentJobs.payoutsDay, {
    async run({ job, db, logger }, { day }) {
      if (!job.companyId) throw new Error('payouts.day needs a studio');
      const sync = await syncPayouts({ db, provider }, { companyId: job.companyId, timeZone: job.timeZone });
      if (sync.booked.length > 0)
        logger.info({ companyId: job.companyId, day, booked: sync.booked }, 'card payouts booked');
    },
  });
  const kind = paymentJobs.payoutsDay.kind;
  return {
    [kind]: {
      ...handlers[kind]!,
      listen: {
        event: ledgerEvents.dayPosted.event,
        queue: (db, o) => {
          const { day } = ledgerEvents.dayPosted.payload.parse(o.payload);
          return enqueueJob(db, paymentJobs.payoutsDay, {
            key: o.key,
            companyId: o.companyId,
            runAt: o.runAt ? addHours(o.runAt, PAYOUTS_AFTER_BILLING_HOURS) : undefined,
            payload: { day },
          });
        },
      },
    },
  };
}

/**
 * Returned bank debits (decision 068): a return's follow-up (the family told once; presented again, or
 * another method asked for) and a debit presented again, each keyed so a job run twice changes nothing.
 */
export function returnJobHandlers(opts: { provider: PaymentProvider; appUrl: string }): JobHandlers {
  return {
    ...jobHandler(paymentJobs.returnFollowUp, {
      async run({ db, clock, logger }, { returnId }) {
        const done = await followUpReturn({ db, clock, appUrl: opts.appUrl }, returnId);
        logger.info({ returnId, ...done }, 'returned bank debit followed up');
      },
    }),
    ...jobHandler(paymentJobs.represent, {
      async run({ db, clock, logger }, p) {
        const done = await presentAgain({ db, clock, provider: opts.provider }, p);
        logger.info(
          { ...p, kind: done.kind, ...(done.kind === 'none' ? { why: done.why } : {}) },
          'returned bank debit presented again',
        );
      },
    }),
  };
}
