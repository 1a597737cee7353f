import { EXPIRE_JOB, expireOffer, OFFER_JOB, offerFreePlaces } from '../modules/waitlist';
import type { JobHandler } from './runner';

const payloadId = (payload: unknown, key: 'classId' | 'entryId'): string => {
  const value = (payload as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string') throw new Error(`waitlist job without ${key}`);
  return value;
};

/**
 * The waitlist's jobs (issue 15 point 5): offering a class's freed places to the first waiting, and
 * ending an offer not taken in time. Both are idempotent: an offer is made only for a place free under
 * the class's lock, and an offer ends only while it is still open and past its time.
 */
export function waitlistJobs(appUrl: string): Record<string, JobHandler> {
  return {
    [OFFER_JOB]: {
      async run({ job, db, clock }) {
        if (!job.companyId) throw new Error('waitlist offer without a studio');
        await offerFreePlaces(db, {
          companyId: job.companyId,
          classId: payloadId(job.payload, 'classId'),
          clock,
          appUrl,
        });
      },
    },
    [EXPIRE_JOB]: {
      async run({ job, db, clock }) {
        if (!job.companyId) throw new Error('waitlist expiry without a studio');
        await expireOffer(db, {
          companyId: job.companyId,
          entryId: payloadId(job.payload, 'entryId'),
          clock,
        });
      },
    },
  };
}
