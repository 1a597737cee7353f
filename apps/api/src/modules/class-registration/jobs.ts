import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * The job this module queues when it frees places (decision 046). The waitlist runs it
 * (modules/waitlist/job-handlers.ts); it is declared here, where it is queued, as the waitlist already
 * uses this module.
 */
export const classRegistrationJobs = {
  /** Keyed `<class>:<what freed it>` (freed-places.ts). */
  offer: defineJob({
    kind: 'waitlist.offer',
    payload: z.object({ classId: z.string().min(1) }),
    summary: 'Offers a class’s free places to the first on its waitlist',
  }),
};
