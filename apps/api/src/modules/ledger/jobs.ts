import { dateOnlySchema } from '@pirouette/domain';
import { z } from 'zod';
import { defineEvent, defineJob } from '../../jobs/define';

/** The ledger's jobs and events (decision 046); their handlers are in job-handlers.ts. */

export const ledgerJobs = {
  /** Keyed `<studio>:<day>`, due at 05:00 studio time (schedule.ts). */
  billingDay: defineJob({
    kind: 'billing.day',
    payload: z.object({ day: dateOnlySchema }),
    summary:
      "A studio's billing day (decision 027): posts what is due that day, announces it, queues the next day",
  }),
};

export const ledgerEvents = {
  /**
   * A studio's billing day has posted its charges, late fees and notices; keyed `<studio>:<day>`,
   * announced at the day's billing hour. Auto-pay listens (modules/payments/job-handlers.ts).
   */
  dayPosted: defineEvent({
    event: 'billing.day-posted',
    payload: z.object({ day: dateOnlySchema }),
    summary: "A studio's billing day has posted what was due that day",
  }),
};
