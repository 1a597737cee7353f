import { addDays, FAMILY_LOG_ACTIONS, formatDateOnly, todayInZone } from '@pirouette/domain';
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classClosures, makeupBookings, makeupCredits } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { students } from '../../db/schema/families';
import { enqueueJob } from '../../jobs/define';
import { auditMany } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { instantAt } from '../ledger';
import { attendanceJobs } from './jobs';
import { familyAddresses, tellFamily } from './makeups.mail';

/**
 * The make-ups' day (decision 064): one job per studio and day, `makeups.day` keyed `<studio>:<day>`, due
 * at 01:00 studio time, each queuing the next. Run twice, it changes nothing more: each update takes only
 * the credits still in the state it changes (`where state = 'open'`), and each reminder has its key.
 */
export const MAKEUPS_HOUR = 1;
/** A family is reminded of a credit not booked this many days before its last day. */
export const MAKEUP_REMINDER_DAYS = 3;

/** Queues the studio's make-ups day (nothing when it is queued or done already). */
export function scheduleMakeupsDay(db: Db, companyId: string, day: string, zone: string) {
  return enqueueJob(db, attendanceJobs.makeupsDay, {
    key: `${companyId}:${day}`,
    runAt: instantAt(day, MAKEUPS_HOUR, zone),
    companyId,
    payload: { day },
  });
}

/**
 * The studio's make-ups day of today queued, in the caller's transaction (keyed: nothing when it is queued
 * or done already, so calling it again is harmless). A credit given or booked calls it, so a studio made
 * while the server runs has its chain without a restart; the roll and closures may call it too.
 */
export async function scheduleMakeupsDayFor(tx: Db, companyId: string, now: Date): Promise<void> {
  const [studio] = await tx
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (studio) await scheduleMakeupsDay(tx, companyId, todayInZone(studio.timeZone, now), studio.timeZone);
}

/** At start (the server, `npm run jobs`): every studio has its make-ups day of today queued. */
export async function ensureMakeupsScheduled(db: Db, clock: Clock): Promise<void> {
  const studios = await db.select({ id: companies.id, timeZone: companies.timeZone }).from(companies);
  for (const s of studios)
    await scheduleMakeupsDay(db, s.id, todayInZone(s.timeZone, clock.now()), s.timeZone);
}

/** Expires the open credits whose last day is before `day`; answers how many. */
export async function expireCredits(tx: Db, companyId: string, day: string, now: Date): Promise<number> {
  const expiring = and(
    eq(makeupCredits.companyId, companyId),
    eq(makeupCredits.state, 'open'),
    lt(makeupCredits.expiresOn, day),
  );
  const rows = await tx
    .update(makeupCredits)
    .set({ state: 'expired', settledAt: now })
    .where(and(expiring, inArray(makeupCredits.id, lockedInOrder(tx, expiring))))
    .returning({
      id: makeupCredits.id,
      familyId: makeupCredits.familyId,
      expiresOn: makeupCredits.expiresOn,
    });
  await auditMany(
    tx,
    rows.map((r) => ({
      action: FAMILY_LOG_ACTIONS.makeupExpired,
      companyId,
      userId: null,
      targetType: 'family',
      targetId: r.familyId,
      detail: { creditId: r.id, day, expiresOn: r.expiresOn },
    })),
  );
  return rows.length;
}

/**
 * Marks used the booked credits whose booked meeting was before `day` and was held; answers how many. A
 * meeting an active closure cancelled (of the booked class or of every class, on its date) was not held:
 * its credit is not used (a closure saved cancels its bookings; this guards whatever it did not reach).
 */
export async function useCredits(tx: Db, companyId: string, day: string, now: Date): Promise<number> {
  const held = and(
    eq(makeupCredits.companyId, companyId),
    eq(makeupCredits.state, 'booked'),
    sql`exists (select 1 from ${makeupBookings} where ${makeupBookings.creditId} = ${makeupCredits.id}
      and ${makeupBookings.state} = 'booked' and ${makeupBookings.meetingDate} < ${day}
      and not exists (select 1 from ${classClosures} where ${classClosures.companyId} = ${companyId}
        and ${classClosures.removedAt} is null
        and (${classClosures.classId} is null or ${classClosures.classId} = ${makeupBookings.classId})
        and ${makeupBookings.meetingDate} between ${classClosures.dateFrom} and ${classClosures.dateTo}))`,
  );
  const rows = await tx
    .update(makeupCredits)
    .set({ state: 'used', settledAt: now })
    .where(and(held, inArray(makeupCredits.id, lockedInOrder(tx, held))))
    .returning({ id: makeupCredits.id });
  return rows.length;
}

/**
 * The credits `where` takes, locked in id order as every change of several credits locks them (a
 * closure's `lockBookedMakeups`): an update alone locks rows in its plan's order, and a day's job
 * changing the studio's credits while a closure cancels bookings of some of them could each hold a
 * credit the other waits for (decision 126). A sub-select with a locking clause is run whole, in its
 * order, before the update; a credit changed meanwhile is read again under its lock and left out when
 * it no longer matches.
 */
function lockedInOrder(tx: Db, where: SQL | undefined) {
  return tx
    .select({ id: makeupCredits.id })
    .from(makeupCredits)
    .where(where)
    .orderBy(makeupCredits.id)
    .for('update');
}

/** Far above the credits of one studio whose last day is within three days. */
const REMINDERS_MAX = 5000;

/**
 * Reminds each family of its open credits whose last day is within three days (once a credit): the
 * credits and their families' addresses in two statements, whatever their number; a mail each, keyed.
 */
export async function remindExpiring(
  tx: Db,
  companyId: string,
  day: string,
  appUrl: string,
): Promise<number> {
  const rows = await tx
    .select({
      id: makeupCredits.id,
      familyId: makeupCredits.familyId,
      expiresOn: makeupCredits.expiresOn,
      dancer: students.firstName,
    })
    .from(makeupCredits)
    .innerJoin(students, eq(students.id, makeupCredits.studentId))
    .where(
      and(
        eq(makeupCredits.companyId, companyId),
        eq(makeupCredits.state, 'open'),
        gte(makeupCredits.expiresOn, day),
        lte(makeupCredits.expiresOn, addDays(day, MAKEUP_REMINDER_DAYS)),
      ),
    )
    .orderBy(makeupCredits.expiresOn, makeupCredits.id)
    .limit(REMINDERS_MAX);
  const addresses = await familyAddresses(
    tx,
    companyId,
    rows.map((r) => r.familyId),
  );
  let sent = 0;
  for (const r of rows) {
    const told = await tellFamily(tx, {
      companyId,
      familyId: r.familyId,
      address: addresses.get(r.familyId) ?? null,
      key: `makeup-expiring:${r.id}`,
      appUrl,
      notice: (s) => ({
        template: 'makeup-expiring',
        data: { ...s, dancer: r.dancer, expires: formatDateOnly(r.expiresOn) },
      }),
    });
    if (told) sent++;
  }
  return sent;
}
