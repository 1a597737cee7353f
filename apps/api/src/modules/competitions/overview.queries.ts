import { DEFAULT_QUICK_CHANGE_GAP } from '@pirouette/domain';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import { competitionRunningOrder, competitionSettings } from '../../db/schema/competition-running-order';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { students } from '../../db/schema/families';
import { privateLessons } from '../../db/schema/privates';
import { danceNumbers } from '../../db/schema/schedule';
import { eventEntryCount } from './competitions.queries';
import { feeCharged, feePaid } from './registration.queries';

/**
 * The competition overview's reads and writes (issue 19 point 4, decision 033). Every query names the
 * studio, and each takes all the events it is asked about at once.
 */

const LIST_LIMIT = 200;

const eventColumns = {
  id: competitionEvents.id,
  dateStart: competitionEvents.dateStart,
  dateEnd: competitionEvents.dateEnd,
  type: competitionEvents.type,
  company: competitionCompanies.name,
  location: sql<string>`coalesce(nullif(${competitionLocations.name}, ''), ${competitionLocations.address1})`,
  entries: eventEntryCount(),
};

/** The studio's events not ended by `today`, by first day, with their company, place and entries. */
export function upcomingEvents(db: Db, companyId: string, today: string) {
  return db
    .select(eventColumns)
    .from(competitionEvents)
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .where(and(eq(competitionEvents.companyId, companyId), gte(competitionEvents.dateEnd, today)))
    .orderBy(asc(competitionEvents.dateStart), asc(competitionEvents.createdAt), asc(competitionEvents.id))
    .limit(LIST_LIMIT);
}
export type OverviewEventRow = Awaited<ReturnType<typeof upcomingEvents>>[number];

/** One event of the studio with the same columns; `lock` holds its row until the transaction ends. */
export async function overviewEvent(db: Db, companyId: string, eventId: string, lock = false) {
  const query = db
    .select(eventColumns)
    .from(competitionEvents)
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .where(and(eq(competitionEvents.companyId, companyId), eq(competitionEvents.id, eventId)));
  const [row] = lock ? await query.for('update', { of: competitionEvents }) : await query;
  return row ?? null;
}

/**
 * The registration lines of these events with their entry, dancer, dance number or private lesson,
 * and what the ledger says of each fee (charged while it stands, paid of it). One query.
 */
export function linesOfEvents(db: Db, companyId: string, eventIds: string[], withMoney = true) {
  return db
    .select({
      eventId: competitionEntries.eventId,
      entryId: competitionRegistrations.entryId,
      entry: competitionEntries.name,
      entryPosition: competitionEntries.position,
      danceNumberId: competitionRegistrations.danceNumberId,
      privateId: competitionRegistrations.privateId,
      name: sql<string>`coalesce(${danceNumbers.name}, ${privateLessons.name}, '')`,
      studentId: competitionRegistrations.studentId,
      studentName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
      price: competitionRegistrations.price,
      priceStudio: competitionRegistrations.priceStudio,
      charged: withMoney ? feeCharged : sql<number>`0`,
      paid: withMoney ? feePaid : sql<number>`0`,
    })
    .from(competitionRegistrations)
    .innerJoin(competitionEntries, eq(competitionEntries.id, competitionRegistrations.entryId))
    .innerJoin(students, eq(students.id, competitionRegistrations.studentId))
    .leftJoin(danceNumbers, eq(danceNumbers.id, competitionRegistrations.danceNumberId))
    .leftJoin(privateLessons, eq(privateLessons.id, competitionRegistrations.privateId))
    .where(
      and(
        eq(competitionRegistrations.companyId, companyId),
        eventIds.length > 0 ? inArray(competitionEntries.eventId, eventIds) : sql`false`,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}
export type OverviewLine = Awaited<ReturnType<typeof linesOfEvents>>[number];

/** The places the owner set for these events' performances. One query. */
export function placesOfEvents(db: Db, companyId: string, eventIds: string[]) {
  return db
    .select({
      eventId: competitionRunningOrder.eventId,
      entryId: competitionRunningOrder.entryId,
      danceNumberId: competitionRunningOrder.danceNumberId,
      privateId: competitionRunningOrder.privateId,
      position: competitionRunningOrder.position,
    })
    .from(competitionRunningOrder)
    .where(
      and(
        eq(competitionRunningOrder.companyId, companyId),
        eventIds.length > 0 ? inArray(competitionRunningOrder.eventId, eventIds) : sql`false`,
      ),
    )
    .orderBy(asc(competitionRunningOrder.eventId), asc(competitionRunningOrder.position));
}
export type PlaceRow = Awaited<ReturnType<typeof placesOfEvents>>[number];

/** Replaces an event's running order with these places (0 first). Two statements. */
export async function replacePlaces(
  db: Db,
  companyId: string,
  eventId: string,
  places: { entryId: string; danceNumberId: string | null; privateId: string | null }[],
) {
  await db
    .delete(competitionRunningOrder)
    .where(
      and(eq(competitionRunningOrder.companyId, companyId), eq(competitionRunningOrder.eventId, eventId)),
    );
  if (places.length === 0) return;
  await db
    .insert(competitionRunningOrder)
    .values(places.map((p, position) => ({ companyId, eventId, ...p, position })));
}

/** The studio's quick-change gap, or null when never set. */
export async function quickChangeGapOf(db: Db, companyId: string) {
  const [row] = await db
    .select({ gap: competitionSettings.quickChangeGap })
    .from(competitionSettings)
    .where(eq(competitionSettings.companyId, companyId));
  return row?.gap ?? null;
}

export async function saveQuickChangeGap(db: Db, companyId: string, gap: number) {
  await db
    .insert(competitionSettings)
    .values({ companyId, quickChangeGap: gap })
    .onConflictDoUpdate({
      target: competitionSettings.companyId,
      set: { quickChangeGap: gap, updatedAt: sql`now()` },
    });
}

/**
 * The studio's quick-change gap, the default when never set: what the recital's running order checks
 * (issue 38, decision 072), offered through the module's door.
 */
export async function studioQuickChangeGap(db: Db, companyId: string): Promise<number> {
  return (await quickChangeGapOf(db, companyId)) ?? DEFAULT_QUICK_CHANGE_GAP;
}
