import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, rooms } from '../../db/schema/locations';
import { privateLessons } from '../../db/schema/privates';
import { classes } from '../../db/schema/schedule';

/** Bounds of the lists: far above what a studio has, low enough that one answer stays small. */
const LOCATIONS_LIMIT = 500;
const ROOMS_LIMIT = 2000;

type LocationValues = {
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
};
type RoomValues = { name: string; description: string };

export function listLocations(db: Db, companyId: string) {
  return db
    .select()
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(LOCATIONS_LIMIT);
}

/** Every room of the studio at once, so the list of locations takes two queries whatever its length. */
export function listRooms(db: Db, companyId: string) {
  return db
    .select()
    .from(rooms)
    .where(eq(rooms.companyId, companyId))
    .orderBy(asc(rooms.name), asc(rooms.id))
    .limit(ROOMS_LIMIT);
}

/** A location of the studio; `lock` holds its row until the transaction ends. */
export async function findLocation(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertLocation(db: Db, companyId: string, values: LocationValues) {
  const [row] = await db
    .insert(locations)
    .values({ companyId, ...values })
    .returning({ id: locations.id });
  return row!;
}

export async function updateLocation(db: Db, companyId: string, id: string, values: LocationValues) {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .returning({ id: locations.id });
  return row ?? null;
}

export async function deleteLocation(db: Db, companyId: string, id: string) {
  await db.delete(rooms).where(and(eq(rooms.companyId, companyId), eq(rooms.locationId, id)));
  const [row] = await db
    .delete(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .returning({ id: locations.id });
  return row ?? null;
}

/** Inserts rooms in one statement; the ids come back in the order given. */
export async function insertRooms(db: Db, companyId: string, locationId: string, values: RoomValues[]) {
  const rows = await db
    .insert(rooms)
    .values(values.map((v) => ({ companyId, locationId, ...v })))
    .returning({ id: rooms.id });
  return rows.map((r) => r.id);
}

/** A room of the studio; `lock` holds its row (no class can be put in it) until the transaction ends. */
export async function findRoom(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Holds a location's rooms until the transaction ends: no class can be put in one meanwhile. */
export async function lockLocationRooms(db: Db, companyId: string, locationId: string) {
  await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.locationId, locationId)))
    .for('update');
}

/** The classes held in a room. */
export async function countRoomClasses(db: Db, companyId: string, roomId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.roomId, roomId)));
  return row?.n ?? 0;
}

/** The classes held in a location's rooms and the private lessons taught there: one query. */
export async function locationUsage(db: Db, companyId: string, locationId: string) {
  const classCount = db
    .select({ n: count() })
    .from(classes)
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .where(and(eq(classes.companyId, companyId), eq(rooms.locationId, locationId)));
  const privateCount = db
    .select({ n: count() })
    .from(privateLessons)
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.locationId, locationId)));
  const [row] = await db
    .select({
      classes: sql<number>`(${classCount})`.mapWith(Number),
      privates: sql<number>`(${privateCount})`.mapWith(Number),
    })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, locationId)));
  return { classes: row?.classes ?? 0, privates: row?.privates ?? 0 };
}

export async function updateRoom(db: Db, companyId: string, id: string, values: RoomValues) {
  const [row] = await db
    .update(rooms)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, id)))
    .returning({ id: rooms.id });
  return row ?? null;
}

export async function deleteRoom(db: Db, companyId: string, id: string) {
  await db.delete(rooms).where(and(eq(rooms.companyId, companyId), eq(rooms.id, id)));
}

export async function countRooms(db: Db, companyId: string, locationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.locationId, locationId)));
  return row?.n ?? 0;
}
