import { addDays, todayInZone, wallClockOf } from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyTerms } from '../../db/schema/enrolment';
import { jobOf } from '../../jobs/define';
import { enqueue, type QueuedJob } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import { ledgerJobs } from './jobs';

/**
 * The billing day (decision 027): one job per studio and day, `billing.day` keyed `<studio>:<day>`, due
 * at 05:00 studio time. It posts what is due that day and queues the next day, so a studio's days run
 * one after the other, each once; a day missed (the server was down) runs late, and `npm run jobs --
 * --until` runs them all up to a date.
 */
export const BILLING_HOUR = 5;

/** The instant of `hour`:00 on `day` in `zone`. */
export function instantAt(day: string, hour: number, zone: string): Date {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const parts = wallClockOf(zone).formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const seen = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess - (seen - guess));
}

/** Queues the studio's billing day (nothing when it is queued or done already). */
export async function scheduleBillingDay(db: Db, companyId: string, day: string, zone: string) {
  return enqueue(db, billingDayJob(companyId, day, zone));
}

/** The studio's billing day as a job to queue, for a write that sends it with its own rows (decision 084). */
export function billingDayJob(companyId: string, day: string, zone: string): QueuedJob {
  return jobOf(ledgerJobs.billingDay, {
    key: `${companyId}:${day}`,
    runAt: instantAt(day, BILLING_HOUR, zone),
    companyId,
    payload: { day },
  });
}

export const nextBillingDay = (day: string) => addDays(day, 1);

/**
 * At start (the server, `npm run jobs`): each studio whose families pay by plans has its billing day of
 * today queued, so the chain of days runs even where it was broken (a day that failed for good).
 */
export async function ensureBillingScheduled(db: Db, clock: Clock): Promise<void> {
  const studios = await db
    .selectDistinct({ id: companies.id, timeZone: companies.timeZone })
    .from(companies)
    .innerJoin(familyTerms, eq(familyTerms.companyId, companies.id))
    .where(sql`true`);
  for (const s of studios)
    await scheduleBillingDay(db, s.id, todayInZone(s.timeZone, clock.now()), s.timeZone);
}
