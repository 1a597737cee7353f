import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { privateLessons } from '../../db/schema/privates';
import { danceNumbers } from '../../db/schema/schedule';

/**
 * The competition tables (issue 19, decision 031). Every query names the studio: a record of another
 * studio is not found. A `lock` holds the row until the transaction ends: 'update' for a write that
 * deletes or checks what depends on it, 'share' for one that adds something under it.
 */

type Lock = 'update' | 'share' | false;
/** Far above what a studio has, low enough that one answer stays small. */
const LIST_LIMIT = 2000;

/**
 * How many entries an event in scope (`competition_events`) has: asked by the studio too, since the
 * entries' index begins with it (issue 39 point 3). Qualified by hand: inside a select, drizzle writes a
 * column unqualified.
 */
export const eventEntryCount = () =>
  sql<number>`(select count(*)::int from ${competitionEntries} n
    where n.company_id = "competition_events"."company_id" and n.event_id = "competition_events"."id")`.mapWith(
    Number,
  );

export type CompanyValues = {
  name: string;
  email: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  director: string;
  director_phone: string;
};
export type LocationValues = {
  name: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zipcode: string;
};
export type EventValues = { locationId: string; dateStart: string; dateEnd: string; type: string };
export type EntryValues = {
  name: string;
  priceStudio: number;
  priceCustomer: number;
  dancersMin: number;
  dancersMax: number;
  isPerformance: boolean;
  notes: string;
};

const companyColumns = ({ address_1, address_2, director_phone, ...rest }: CompanyValues) => ({
  ...rest,
  address1: address_1,
  address2: address_2,
  directorPhone: director_phone,
});
const locationColumns = ({ address_1, address_2, ...rest }: LocationValues) => ({
  ...rest,
  address1: address_1,
  address2: address_2,
});

// ——— Companies ———

/** The studio's competition companies by name, each with how many locations and events it has. */
export function listCompanies(db: Db, companyId: string) {
  return db
    .select({
      company: competitionCompanies,
      // Qualified by hand: inside a select, drizzle writes a column unqualified.
      // Each by the studio too: the indexes begin with it (issue 39 point 3).
      locations: sql<number>`(select count(*)::int from ${competitionLocations} l
        where l.company_id = "competition_companies"."company_id"
          and l.competition_company_id = "competition_companies"."id")`.mapWith(Number),
      events: sql<number>`(select count(*)::int from ${competitionEvents} e
        join ${competitionLocations} l on l.id = e.location_id and e.company_id = l.company_id
        where l.company_id = "competition_companies"."company_id"
          and l.competition_company_id = "competition_companies"."id")`.mapWith(Number),
    })
    .from(competitionCompanies)
    .where(eq(competitionCompanies.companyId, companyId))
    .orderBy(
      sql`lower(${competitionCompanies.name})`,
      asc(competitionCompanies.createdAt),
      asc(competitionCompanies.id),
    )
    .limit(LIST_LIMIT);
}

export async function findCompany(db: Db, companyId: string, id: string, lock: Lock = false) {
  const query = db
    .select()
    .from(competitionCompanies)
    .where(and(eq(competitionCompanies.companyId, companyId), eq(competitionCompanies.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function insertCompany(db: Db, companyId: string, values: CompanyValues) {
  const [row] = await db
    .insert(competitionCompanies)
    .values({ companyId, ...companyColumns(values) })
    .returning({ id: competitionCompanies.id });
  return row!.id;
}

export async function updateCompany(db: Db, companyId: string, id: string, values: CompanyValues) {
  const [row] = await db
    .update(competitionCompanies)
    .set({ ...companyColumns(values), updatedAt: sql`now()` })
    .where(and(eq(competitionCompanies.companyId, companyId), eq(competitionCompanies.id, id)))
    .returning({ id: competitionCompanies.id });
  return row ?? null;
}

/** Holds a company's locations until the transaction ends: no event can be put at one meanwhile. */
export async function lockCompanyLocations(db: Db, companyId: string, compCoId: string) {
  await db
    .select({ id: competitionLocations.id })
    .from(competitionLocations)
    .where(
      and(
        eq(competitionLocations.companyId, companyId),
        eq(competitionLocations.competitionCompanyId, compCoId),
      ),
    )
    .for('update');
}

/** The events held at a competition company's locations. */
export async function countCompanyEvents(db: Db, companyId: string, compCoId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(competitionEvents)
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .where(
      and(
        eq(competitionEvents.companyId, companyId),
        eq(competitionLocations.competitionCompanyId, compCoId),
      ),
    );
  return row?.n ?? 0;
}

/** Deletes a company; its locations go with it (the foreign key cascades). */
export async function deleteCompany(db: Db, companyId: string, id: string) {
  await db
    .delete(competitionCompanies)
    .where(and(eq(competitionCompanies.companyId, companyId), eq(competitionCompanies.id, id)));
}

// ——— Locations ———

/** A competition company's locations by name (or first address line), each with its events' count. */
export function listLocations(db: Db, companyId: string, compCoId: string) {
  return db
    .select({
      location: competitionLocations,
      events: sql<number>`(select count(*)::int from ${competitionEvents} e
        where e.location_id = "competition_locations"."id")`.mapWith(Number),
    })
    .from(competitionLocations)
    .where(
      and(
        eq(competitionLocations.companyId, companyId),
        eq(competitionLocations.competitionCompanyId, compCoId),
      ),
    )
    .orderBy(
      sql`lower(coalesce(nullif(${competitionLocations.name}, ''), ${competitionLocations.address1}))`,
      asc(competitionLocations.createdAt),
    )
    .limit(LIST_LIMIT);
}

export async function findLocation(db: Db, companyId: string, id: string, lock: Lock = false) {
  const query = db
    .select()
    .from(competitionLocations)
    .where(and(eq(competitionLocations.companyId, companyId), eq(competitionLocations.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function insertLocation(db: Db, companyId: string, compCoId: string, values: LocationValues) {
  const [row] = await db
    .insert(competitionLocations)
    .values({ companyId, competitionCompanyId: compCoId, ...locationColumns(values) })
    .returning({ id: competitionLocations.id });
  return row!.id;
}

export async function updateLocation(db: Db, companyId: string, id: string, values: LocationValues) {
  const [row] = await db
    .update(competitionLocations)
    .set({ ...locationColumns(values), updatedAt: sql`now()` })
    .where(and(eq(competitionLocations.companyId, companyId), eq(competitionLocations.id, id)))
    .returning({ id: competitionLocations.id });
  return row ?? null;
}

export async function countLocationEvents(db: Db, companyId: string, locationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(competitionEvents)
    .where(and(eq(competitionEvents.companyId, companyId), eq(competitionEvents.locationId, locationId)));
  return row?.n ?? 0;
}

export async function deleteLocation(db: Db, companyId: string, id: string) {
  await db
    .delete(competitionLocations)
    .where(and(eq(competitionLocations.companyId, companyId), eq(competitionLocations.id, id)));
}

// ——— Events ———

/**
 * The studio's events with their location and company and how many entries each has, by first day;
 * only those of one competition company when `compCoId` is given.
 */
export function listEvents(db: Db, companyId: string, compCoId?: string) {
  return db
    .select({
      event: competitionEvents,
      compCoId: competitionLocations.competitionCompanyId,
      company: competitionCompanies.name,
      locationName: competitionLocations.name,
      locationAddress: competitionLocations.address1,
      entries: eventEntryCount(),
    })
    .from(competitionEvents)
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .where(
      and(
        eq(competitionEvents.companyId, companyId),
        compCoId ? eq(competitionLocations.competitionCompanyId, compCoId) : undefined,
      ),
    )
    .orderBy(asc(competitionEvents.dateStart), asc(competitionEvents.createdAt), asc(competitionEvents.id))
    .limit(LIST_LIMIT);
}
export type EventListRow = Awaited<ReturnType<typeof listEvents>>[number];

export async function findEvent(db: Db, companyId: string, id: string, lock: Lock = false) {
  const query = db
    .select()
    .from(competitionEvents)
    .where(and(eq(competitionEvents.companyId, companyId), eq(competitionEvents.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function insertEvent(db: Db, companyId: string, values: EventValues) {
  const [row] = await db
    .insert(competitionEvents)
    .values({ companyId, ...values })
    .returning({ id: competitionEvents.id });
  return row!.id;
}

export async function updateEvent(db: Db, companyId: string, id: string, values: EventValues) {
  const [row] = await db
    .update(competitionEvents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(competitionEvents.companyId, companyId), eq(competitionEvents.id, id)))
    .returning({ id: competitionEvents.id });
  return row ?? null;
}

/** Deletes an event; its entries go with it (the foreign key cascades). */
export async function deleteEvent(db: Db, companyId: string, id: string) {
  await db
    .delete(competitionEvents)
    .where(and(eq(competitionEvents.companyId, companyId), eq(competitionEvents.id, id)));
}

// ——— Entries ———

export function listEntries(db: Db, companyId: string, eventId: string) {
  return db
    .select()
    .from(competitionEntries)
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEntries.eventId, eventId)))
    .orderBy(asc(competitionEntries.position), asc(competitionEntries.createdAt), asc(competitionEntries.id))
    .limit(LIST_LIMIT);
}
export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

export async function findEntry(db: Db, companyId: string, id: string, lock: Lock = false) {
  const query = db
    .select()
    .from(competitionEntries)
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEntries.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/**
 * Holds an event's entries until the transaction ends: a registration, which holds its entry first
 * (decision 032), waits for the delete, or is waited for and counted.
 */
export async function lockEventEntries(db: Db, companyId: string, eventId: string) {
  await db
    .select({ id: competitionEntries.id })
    .from(competitionEntries)
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEntries.eventId, eventId)))
    .for('update');
}

/** The dancers registered on an event's entries (decision 032's lines), or on one entry. */
export async function countRegistrations(
  db: Db,
  companyId: string,
  of: { eventId: string } | { entryId: string },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(competitionRegistrations)
    .innerJoin(competitionEntries, eq(competitionEntries.id, competitionRegistrations.entryId))
    .where(
      and(
        eq(competitionRegistrations.companyId, companyId),
        'eventId' in of
          ? eq(competitionEntries.eventId, of.eventId)
          : eq(competitionRegistrations.entryId, of.entryId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The dance numbers and private lessons registered on an entry, with how many dancers each has on it
 * (an entry's dancer limits hold per number or lesson, decision 032): the smallest and the largest first
 * and last.
 */
export async function registeredGroups(db: Db, companyId: string, entryId: string) {
  const n = sql<number>`count(*)::int`.mapWith(Number);
  const name = sql<string>`coalesce(${danceNumbers.name}, ${privateLessons.name})`;
  return db
    .select({ name, n })
    .from(competitionRegistrations)
    .leftJoin(danceNumbers, eq(danceNumbers.id, competitionRegistrations.danceNumberId))
    .leftJoin(privateLessons, eq(privateLessons.id, competitionRegistrations.privateId))
    .where(
      and(eq(competitionRegistrations.companyId, companyId), eq(competitionRegistrations.entryId, entryId)),
    )
    .groupBy(
      competitionRegistrations.danceNumberId,
      competitionRegistrations.privateId,
      danceNumbers.name,
      privateLessons.name,
    )
    .orderBy(asc(n), asc(name));
}

/**
 * Inserts an event's entries in one statement, after the ones it has, in the order given; the ids come
 * back in that order.
 */
export async function insertEntries(db: Db, companyId: string, eventId: string, values: EntryValues[]) {
  if (values.length === 0) return [];
  const next = sql<number>`(select coalesce(max(${competitionEntries.position}) + 1, 0)
    from ${competitionEntries}
    where ${competitionEntries.companyId} = ${companyId} and ${competitionEntries.eventId} = ${eventId})`;
  const rows = await db
    .insert(competitionEntries)
    .values(values.map((v, i) => ({ companyId, eventId, ...v, position: sql`${next} + ${i}` })))
    .returning({ id: competitionEntries.id, position: competitionEntries.position });
  return rows.sort((a, b) => a.position - b.position).map((r) => r.id);
}

export async function updateEntry(db: Db, companyId: string, id: string, values: EntryValues) {
  const [row] = await db
    .update(competitionEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEntries.id, id)))
    .returning({ id: competitionEntries.id });
  return row ?? null;
}

export async function deleteEntry(db: Db, companyId: string, id: string) {
  const [row] = await db
    .delete(competitionEntries)
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEntries.id, id)))
    .returning({ id: competitionEntries.id });
  return row ?? null;
}
