import type { Db } from '../../db/client';
import { jobOf } from '../../jobs/define';
import { jobsInsert, type QueuedJob } from '../../jobs/runner';
import { classRegistrationJobs } from './jobs';

/**
 * Queues the offer of a class's freed places, in the transaction that freed them: the job runs after
 * the commit, so it sees the place free. `event` names what freed it (a drop, a rejection, a declined
 * or expired offer), so each event queues its own job; running one twice offers nothing twice, since
 * it offers only the places free under the class's lock (modules/waitlist/offers.ts). `runAt` is now
 * by the studio's clock: the job is due at once.
 */
export async function queueOffers(
  db: Db,
  companyId: string,
  classIds: string[],
  event: string,
  runAt: Date,
): Promise<void> {
  const jobs = offerJobs(companyId, classIds, event, runAt);
  if (jobs.length > 0) await jobsInsert(db, jobs);
}

/** queueOffers' jobs, one per class, as rows for a write that sends them with its own (decision 084). */
export function offerJobs(companyId: string, classIds: string[], event: string, runAt: Date): QueuedJob[] {
  return [...new Set(classIds)].map((classId) =>
    jobOf(classRegistrationJobs.offer, {
      key: `${classId}:${event}`,
      companyId,
      runAt,
      payload: { classId },
    }),
  );
}
