import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/define';
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
  for (const classId of new Set(classIds)) {
    await enqueueJob(db, classRegistrationJobs.offer, {
      key: `${classId}:${event}`,
      companyId,
      runAt,
      payload: { classId },
    });
  }
}
