import { type PaymentsDeps, RECONCILE_JOB, reconcileAttempt } from '../modules/payments/attempts';
import type { PaymentProvider } from '../modules/payments/provider';
import type { JobHandlers } from './runner';

/**
 * The reconciler (decision 028): one job per card attempt, queued with it. When the attempt is settled
 * already it is done; otherwise it looks the transfer up by the attempt's idempotency id and books what
 * it finds, and while the outcome is not known it fails, to be run again by the runner's backoff. It
 * never calls the processor to charge.
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
  };
}
