import { COMPETITION_ENTRY_OPTIONS_LIMIT, STUDENT_OPTIONS_LIMIT } from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { students } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';

/** The studio's rooms with their location's name, by location then room. */
export function listRoomsWithLocation(db: Db, companyId: string) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      description: rooms.description,
      locationID: locations.id,
      location: locations.name,
    })
    .from(rooms)
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .where(eq(rooms.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.id), asc(rooms.name), asc(rooms.id))
    .limit(2000);
}

/** `text` for a LIKE pattern that matches it literally: its wildcards and the escape itself escaped. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The studio's students whose name ("First Last") contains `q`, ignoring case, by last name then first
 * name; all of them (to the limit) when `q` is empty.
 */
export function searchStudents(db: Db, companyId: string, q: string) {
  const pattern = `%${likeLiteral(q)}%`;
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(
      and(
        eq(students.companyId, companyId),
        q === ''
          ? undefined
          : sql`(${students.firstName} || ' ' || ${students.lastName}) ilike ${pattern} escape '\\'`,
      ),
    )
    .orderBy(asc(sql`lower(${students.lastName})`), asc(sql`lower(${students.firstName})`), asc(students.id))
    .limit(STUDENT_OPTIONS_LIMIT);
}

/** The studio's competition entries with their event, company and location, by the event's first day. */
export function listCompetitionEntries(db: Db, companyId: string) {
  return db
    .select({
      id: competitionEntries.id,
      name: competitionEntries.name,
      priceCustomer: competitionEntries.priceCustomer,
      eventId: competitionEvents.id,
      dateStart: competitionEvents.dateStart,
      dateEnd: competitionEvents.dateEnd,
      company: competitionCompanies.name,
      location: competitionLocations.name,
    })
    .from(competitionEntries)
    .innerJoin(competitionEvents, eq(competitionEvents.id, competitionEntries.eventId))
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEvents.companyId, companyId)))
    .orderBy(
      asc(competitionEvents.dateStart),
      asc(competitionEvents.id),
      asc(competitionEntries.position),
      asc(competitionEntries.id),
    )
    .limit(COMPETITION_ENTRY_OPTIONS_LIMIT);
}
