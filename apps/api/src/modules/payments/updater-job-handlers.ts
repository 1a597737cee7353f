import { jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import { BILLING_HOUR, instantAt, ledgerEvents } from '../ledger';
import { applyUpdaterResults, sendUpdaterBatch } from './account-updater';
import { flagCardsExpiringBeforeCharge } from './card-expiry-flag';
import { paymentJobs } from './jobs';
import type { PaymentProvider } from './provider';

/** An hour after the billing hour: the networks' answers are read then (and again later while pending). */
const RESULTS_HOUR = BILLING_HOUR + 1;

/**
 * The account updater's jobs (decision 071): `updater.day` listens to the billing day posted (so it runs
 * each day, under the day's key), sends the studio's batch of the day and flags the cards that will have
 * expired by their next charge; `updater.results`, keyed by the batch, applies the answers once.
 */
export function updaterJobHandlers(provider: PaymentProvider, appUrl: string): JobHandlers {
  return {
    ...jobHandler(paymentJobs.updaterDay, {
      listens: { to: ledgerEvents.dayPosted, payload: ({ day }) => ({ day }) },
      async run({ job, db, logger }, { day }) {
        if (!job.companyId) throw new Error('updater.day needs a studio');
        const resultsAt = instantAt(day, RESULTS_HOUR, job.timeZone);
        const sent = await sendUpdaterBatch({ db, provider }, { companyId: job.companyId, day, resultsAt });
        const flagged = await flagCardsExpiringBeforeCharge(db, job.companyId, day);
        if (sent + flagged > 0)
          logger.info({ companyId: job.companyId, day, sent, flagged }, 'account updater batch sent');
      },
    }),
    ...jobHandler(paymentJobs.updaterResults, {
      async run({ db, logger }, { batchId }) {
        const applied = await applyUpdaterResults({ db, provider, appUrl }, batchId);
        if (applied) logger.info({ batchId, ...applied }, 'account updater answers applied');
      },
    }),
  };
}
