import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** The waitlist's jobs (decision 046); their handlers are in job-handlers.ts. */
export const waitlistJobs = {
  /** Keyed by the entry, due at the offer's end (offers.ts). */
  expire: defineJob({
    kind: 'waitlist.expire',
    payload: z.object({ entryId: z.string().min(1) }),
    summary: 'Ends an offer not taken in time: it passes to the next waiting',
  }),
};
