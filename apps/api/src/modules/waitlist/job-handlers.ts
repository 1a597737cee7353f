import { jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import { classRegistrationJobs } from '../class-registration';
import { waitlistJobs } from './jobs';
import { expireOffer, offerFreePlaces } from './offers';

/**
 * The waitlist's jobs (issue 15 point 5): offering a class's freed places to the first waiting, and
 * ending an offer not taken in time. Both are idempotent: an offer is made only for a place free under
 * the class's lock, and an offer ends only while it is still open and past its time.
 */
export function waitlistJobHandlers(appUrl: string): JobHandlers {
  return {
    ...jobHandler(classRegistrationJobs.offer, {
      async run({ job, db, clock }, { classId }) {
        if (!job.companyId) throw new Error('waitlist offer without a studio');
        await offerFreePlaces(db, { companyId: job.companyId, classId, clock, appUrl });
      },
    }),
    ...jobHandler(waitlistJobs.expire, {
      async run({ job, db, clock }, { entryId }) {
        if (!job.companyId) throw new Error('waitlist expiry without a studio');
        await expireOffer(db, { companyId: job.companyId, entryId, clock });
      },
    }),
  };
}
