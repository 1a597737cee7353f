import { SCHEDULE_LIMITS } from '@pirouette/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows, rowsOf, shaped } from '../../db/rows';
import { rooms } from '../../db/schema/locations';
import { keptCount } from '../../db/studio-counts';

/** Bounds of the lists: far above what a studio has, low enough that one answer stays small. */
const LOCATIONS_LIMIT = 500;
const ROOMS_LIMIT = 2000;

export type ScheduleLocationRow = { id: string; name: string };
export type ScheduleRoomRow = { id: string; locationId: string; name: string; description: string };

export type ClassListRow = {
  id: string;
  name: string;
  day: number;
  timeStart: string;
  timeEnd: string;
  yearTermId: string;
  roomId: string;
  locationId: string;
  priceId: string;
  teacherId: string;
  teacherFirstName: string;
  teacherLastName: string;
  ageMin: number;
  ageMax: number;
  level: number;
  nMin: number;
  nMax: number;
  /** Cents. */
  price: number;
  isOpen: boolean;
  minGenreRequired: number;
  nReg: number;
};

/**
 * The classes of the term `term` names (of the room `room` names, when given) with their teacher,
 * location, price and the students they count (nReg: counting-registrations.ts's rule, as each class's
 * kept places, decision 121), as one JSON list, by day, then start time; only the classes `ids` names
 * (a JSON list of ids), when given.
 */
function classesOf(companyId: string, term: SQL, room: SQL | null, ids: SQL | null = null): SQL {
  return sql`(select coalesce(json_agg(x), '[]') from (
    select c.id, c.name, c.day, c.time_start as "timeStart", c.time_end as "timeEnd",
      c.year_term_id as "yearTermId", c.room_id as "roomId", r.location_id as "locationId",
      c.price_id as "priceId", c.teacher_id as "teacherId", t.first_name as "teacherFirstName",
      t.last_name as "teacherLastName", c.age_min as "ageMin", c.age_max as "ageMax", c.level,
      c.n_min as "nMin", c.n_max as "nMax", p.price, c.is_open as "isOpen",
      c.min_genre_required as "minGenreRequired",
      ${keptCount(sql`c.company_id`, 'places', sql`c.id::text`)} as "nReg"
    from classes c
    join rooms r on r.id = c.room_id
    join teachers t on t.id = c.teacher_id
    join class_tuitions p on p.id = c.price_id
    where c.company_id = ${companyId} and c.year_term_id = ${term}${room ? sql` and c.room_id = ${room}` : sql``}${
      ids ? sql` and c.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))` : sql``
    }
    order by c.day, c.time_start, c.name, c.id
    limit ${SCHEDULE_LIMITS.classesPerAnswer}) x)`;
}

/**
 * The classes of a year term (of one room, when given; only those of `classIds`, when given), in one
 * query: by day, then start time.
 */
export async function listClasses(
  db: Db,
  companyId: string,
  filter: { yearTermId: string; roomId?: string; classIds?: readonly string[] },
): Promise<ClassListRow[]> {
  const room = filter.roomId ? sql`${filter.roomId}` : null;
  const ids = filter.classIds ? sql`${JSON.stringify(filter.classIds)}` : null;
  const [row] = await rowsOf<{ classes: ClassListRow[] }>(
    db,
    sql`select ${classesOf(companyId, sql`${filter.yearTermId}`, room, ids)} as classes`,
  );
  return row!.classes;
}

/**
 * listClasses' classes named by `classIds` as a JSON part of a caller's batch (db/batch.ts `batchWithJson`):
 * a class change reads them with the other classes' reads it needs, in one statement (decision 084).
 */
export function classesJson(companyId: string, yearTermId: string, classIds: readonly string[]): SQL {
  return classesOf(companyId, sql`${yearTermId}`, null, sql`${JSON.stringify(classIds)}`);
}

/** Which classes a schedule read carries: none, the selected room's, or every room's. */
export type ScheduleClasses = 'none' | 'selected room' | 'all rooms';

export type ScheduleRead = {
  termId: string | null;
  /** False when a term was named and it is not the studio's. */
  termFound: boolean;
  locations: ScheduleLocationRow[];
  rooms: ScheduleRoomRow[];
  /**
   * The location and room a schedule opens on: the room asked for when it is among the studio's (and in
   * the location asked for, when one is), else the location asked for and its first room, else the first
   * location by name and its first room.
   */
  selected: { locationId: string | null; roomId: string | null };
  classes: ClassListRow[];
};

type ScheduleValue = 'companyId' | 'yearTermId' | 'roomId' | 'locationId';
type ScheduleRow = Omit<ScheduleRead, 'termFound' | 'selected'> & { loc: string | null; rm: string | null };

/**
 * readSchedule's statement for each shape of what is asked (which of the term, room and location are
 * named, and which classes), built once (db/rows.ts): at most 24 of them.
 */
const scheduleRead = shaped((shape: `${string}:${ScheduleClasses}`) => {
  const [named, classesAsked] = shape.split(':') as [string, ScheduleClasses];
  const has = new Set(named.split(','));
  const names = [...has] as ScheduleValue[];
  return preparedRows<ScheduleRow, ScheduleValue>(names, (p) => {
    const companyId = p.companyId;
    const term = has.has('yearTermId') ? sql`y.id = ${p.yearTermId}` : sql`y.is_current`;
    const askedRoom = has.has('roomId')
      ? sql`(select id, location_id from rms where id = ${p.roomId}${
          has.has('locationId') ? sql` and location_id = ${p.locationId}` : sql``
        })`
      : sql`(select null::uuid as id, null::uuid as location_id where false)`;
    const askedLocation = has.has('locationId')
      ? sql`(select id from locs where id = ${p.locationId})`
      : sql`null`;
    const classes =
      classesAsked === 'none'
        ? sql`'[]'::json`
        : classesOf(
            companyId,
            sql`(select id from term)`,
            classesAsked === 'selected room' ? sql`(select id from room)` : null,
          );
    return sql`with term as (
        select y.id from year_terms y where y.company_id = ${companyId} and ${term} limit 1
      ), locs as (
        select id, name from locations where company_id = ${companyId} order by name, id limit ${LOCATIONS_LIMIT}
      ), rms as (
        select id, location_id, name, description from rooms where company_id = ${companyId}
        order by name, id limit ${ROOMS_LIMIT}
      ), asked as ${askedRoom}, loc as (
        select coalesce((select location_id from asked), ${askedLocation},
          (select id from locs order by name, id limit 1)) as id
      ), room as (
        select coalesce((select id from asked),
          (select id from rms where location_id = (select id from loc) order by name, id limit 1)) as id
      )
      select (select id from term) as "termId",
        (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name, id), '[]') from locs)
          as locations,
        (select coalesce(json_agg(json_build_object('id', id, 'locationId', location_id, 'name', name,
          'description', description) order by name, id), '[]') from rms) as rooms,
        (select id from loc) as loc, (select id from room) as rm,
        ${classes} as classes`;
  });
});

/**
 * A schedule in one round trip: the year term (the one named, when it is the studio's, else the
 * studio's current term; null when there is none), the studio's locations and rooms by name (each list
 * bounded), the location and room selected, and the classes `classes` asks for in that term.
 */
export async function readSchedule(
  db: Db,
  companyId: string,
  asked: { yearTermId?: string; locationId?: string; roomId?: string; classes: ScheduleClasses },
): Promise<ScheduleRead> {
  const values: Record<string, string> = { companyId };
  if (asked.yearTermId) values.yearTermId = asked.yearTermId;
  if (asked.roomId) values.roomId = asked.roomId;
  if (asked.locationId) values.locationId = asked.locationId;
  const shape = `${Object.keys(values).join(',')}:${asked.classes}` as const;
  const [row] = await scheduleRead(shape)(db, values as Record<ScheduleValue, string>);
  const { termId, locations, rooms, classes, loc, rm } = row!;
  return {
    termId,
    termFound: !asked.yearTermId || termId !== null,
    locations,
    rooms,
    classes,
    selected: { locationId: loc, roomId: rm },
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
