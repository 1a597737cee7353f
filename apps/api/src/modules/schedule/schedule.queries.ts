import { SCHEDULE_LIMITS } from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { locations, rooms } from '../../db/schema/locations';
import { classes } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions } from '../../db/schema/tuition';
import { countingRegistrationsOf } from './counting-registrations';

/** Bounds of the lists: far above what a studio has, low enough that one answer stays small. */
const LOCATIONS_LIMIT = 500;
const ROOMS_LIMIT = 2000;

export type ScheduleLocationRow = { id: string; name: string };
export type ScheduleRoomRow = { id: string; locationId: string; name: string; description: string };

/**
 * What a schedule opens on, in one round trip: the year term (the one named, when it is the studio's,
 * else the studio's current term; null when there is none), and the studio's locations and rooms by
 * name. `termFound` is false when a named term is not the studio's. The lists come back as JSON, each
 * bounded and ordered as its own query would be.
 */
export async function loadScheduleFrame(db: Db, companyId: string, yearTermId?: string) {
  const term = yearTermId ? sql`${yearTerms.id} = ${yearTermId}` : sql`${yearTerms.isCurrent}`;
  const [row] = await db
    .select({
      termId: sql<string | null>`(
        select ${yearTerms.id} from ${yearTerms}
        where ${yearTerms.companyId} = ${companyId} and ${term} limit 1
      )`,
      locations: sql<ScheduleLocationRow[]>`(
        select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name, l.id), '[]'::json)
        from (
          select ${locations.id} as id, ${locations.name} as name from ${locations}
          where ${locations.companyId} = ${companyId}
          order by ${locations.name}, ${locations.id} limit ${LOCATIONS_LIMIT}
        ) l
      )`,
      rooms: sql<ScheduleRoomRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', r.id, 'locationId', r.location_id, 'name', r.name, 'description', r.description
        ) order by r.name, r.id), '[]'::json)
        from (
          select ${rooms.id} as id, ${rooms.locationId} as location_id, ${rooms.name} as name,
            ${rooms.description} as description
          from ${rooms}
          where ${rooms.companyId} = ${companyId}
          order by ${rooms.name}, ${rooms.id} limit ${ROOMS_LIMIT}
        ) r
      )`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    termId: row?.termId ?? null,
    termFound: !yearTermId || Boolean(row?.termId),
    locations: row?.locations ?? [],
    rooms: row?.rooms ?? [],
  };
}

export async function findScheduleRoom(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: rooms.id, locationId: rooms.locationId, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The students a class counts (its nReg), as a correlated count in the one query of the list,
 * index-backed by class_registrations_class_idx.
 */
const countedRegistrations = countingRegistrationsOf(classes.companyId, classes.id);

/**
 * The classes of a year term (of one room, when given) with their teacher, location, price and
 * registration count, in one query: by day, then start time.
 */
export function listClasses(db: Db, companyId: string, filter: { yearTermId: string; roomId?: string }) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      yearTermId: classes.yearTermId,
      roomId: classes.roomId,
      locationId: rooms.locationId,
      priceId: classes.priceId,
      teacherId: classes.teacherId,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      ageMin: classes.ageMin,
      ageMax: classes.ageMax,
      level: classes.level,
      nMin: classes.nMin,
      nMax: classes.nMax,
      price: classTuitions.price,
      isOpen: classes.isOpen,
      minGenreRequired: classes.minGenreRequired,
      nReg: countedRegistrations,
    })
    .from(classes)
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(
      and(
        eq(classes.companyId, companyId),
        eq(classes.yearTermId, filter.yearTermId),
        filter.roomId ? eq(classes.roomId, filter.roomId) : undefined,
      ),
    )
    .orderBy(asc(classes.day), asc(classes.timeStart), asc(classes.name), asc(classes.id))
    .limit(SCHEDULE_LIMITS.classesPerAnswer);
}
export type ClassListRow = Awaited<ReturnType<typeof listClasses>>[number];
