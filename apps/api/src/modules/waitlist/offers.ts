import { FAMILY_LOG_ACTIONS, formatDateTime, readMoneySettings } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { enqueueJob } from '../../jobs/define';
import { logFamily } from '../../kernel/family-log';
import type { Clock } from '../../lib/clock';
import { enqueueMail } from '../../mail/outbox';
import { queueOffers } from '../class-registration';
import { waitlistJobs } from './jobs';
import {
  firstWaiting,
  lockClassPlaces,
  lockEntry,
  offerAddress,
  setEntryStatus,
  studentOf,
} from './waitlist.queries';

export { queueOffers };

async function offerHours(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ money: companies.moneySettings })
    .from(companies)
    .where(eq(companies.id, companyId));
  return readMoneySettings(row?.money ?? {}).registration.waitlistOfferHours;
}

/**
 * Offers a class's free places to the first dancers waiting, in one transaction under the class's
 * lock: each offer holds its place until the studio's hours are up, with the job that ends it then and
 * the e-mail that tells the family. Answers the entries offered.
 */
export async function offerFreePlaces(
  db: Db,
  opts: { companyId: string; classId: string; clock: Clock; appUrl: string; only?: string },
): Promise<string[]> {
  const { companyId, classId } = opts;
  return db.transaction(async (tx) => {
    const cls = await lockClassPlaces(tx, companyId, classId);
    if (!cls) return [];
    const free = cls.nMax - cls.registered - cls.offered;
    if (free <= 0) return [];
    const chosen = opts.only
      ? [await lockEntry(tx, companyId, opts.only)].filter((e) => e?.status === 'waiting')
      : await firstWaiting(tx, companyId, classId, free);
    if (chosen.length === 0) return [];
    const at = opts.clock.now();
    const until = new Date(at.getTime() + (await offerHours(tx, companyId)) * 3600_000);
    const ids = chosen.map((e) => e!.id);
    await setEntryStatus(tx, companyId, ids, 'offered', { at, until });
    for (const entry of chosen) {
      await enqueueJob(tx, waitlistJobs.expire, {
        key: entry!.id,
        runAt: until,
        companyId,
        payload: { entryId: entry!.id },
      });
      const student = await studentOf(tx, companyId, entry!.studentId);
      const address = await offerAddress(tx, companyId, entry!.familyId);
      if (address?.to) {
        await enqueueMail(tx, {
          template: 'waitlist-offer',
          to: address.to,
          companyId,
          data: {
            studentName: student?.firstName || 'your dancer',
            className: cls.name,
            studioName: address.studioName,
            until: formatDateTime(until, address.timeZone),
            link: `${opts.appUrl}/accounts/parents`,
          },
        });
      }
      await logFamily(tx, {
        actor: { userId: null, companyId },
        familyId: entry!.familyId,
        action: FAMILY_LOG_ACTIONS.waitlistOffered,
        detail: {
          classes: `${cls.name} (${student?.firstName ?? ''})`,
          until: formatDateTime(until, address?.timeZone ?? 'America/New_York'),
        },
      });
    }
    return ids;
  });
}

/**
 * Ends an offer not taken by its time: it expires, and the place goes to the next waiting. An offer
 * already accepted, declined or removed is left as it is (the job may run after either).
 */
export async function expireOffer(
  db: Db,
  opts: { companyId: string; entryId: string; clock: Clock },
): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, opts.companyId, opts.entryId);
    if (entry?.status !== 'offered') return;
    if (entry.offerExpiresAt && entry.offerExpiresAt.getTime() > opts.clock.now().getTime()) return;
    await setEntryStatus(tx, opts.companyId, [entry.id], 'expired');
    await queueOffers(tx, opts.companyId, [entry.classId], `expired:${entry.id}`, opts.clock.now());
  });
}
