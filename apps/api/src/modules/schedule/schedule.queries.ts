import { SCHEDULE_LIMITS } from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, rooms } from '../../db/schema/locations';
import { classes, classRegistrations } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions } from '../../db/schema/tuition';

/** Bounds of the lists: far above what a studio has, low enough that one answer stays small. */
const LOCATIONS_LIMIT = 500;
const ROOMS_LIMIT = 2000;

export function listScheduleLocations(db: Db, companyId: string) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(LOCATIONS_LIMIT);
}

export function listScheduleRooms(db: Db, companyId: string) {
  return db
    .select({
      id: rooms.id,
      locationId: rooms.locationId,
      name: rooms.name,
      description: rooms.description,
    })
    .from(rooms)
    .where(eq(rooms.companyId, companyId))
    .orderBy(asc(rooms.name), asc(rooms.id))
    .limit(ROOMS_LIMIT);
}
export type ScheduleRoomRow = Awaited<ReturnType<typeof listScheduleRooms>>[number];

export async function findScheduleRoom(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: rooms.id, locationId: rooms.locationId, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The students a class counts (its nReg): not dropped, not removed, and not rejected by the owner.
 * A correlated count in the one query of the list, index-backed by class_registrations_class_idx.
 */
const countedRegistrations = sql<number>`(
  select count(*) from ${classRegistrations}
  where ${classRegistrations.companyId} = ${classes.companyId}
    and ${classRegistrations.classId} = ${classes.id}
    and ${classRegistrations.isDropped} = false
    and ${classRegistrations.iStatus} > 0
    and ${classRegistrations.status} <> -1
)`.mapWith(Number);

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
