import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';
import { rooms } from '../../db/schema/locations';
import { classes, danceNumbers } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions } from '../../db/schema/tuition';

/** The columns a class is written with (its own fields, in database names). */
export type ClassWrite = {
  yearTermId: string;
  roomId: string;
  teacherId: string;
  priceId: string;
  name: string;
  day: number;
  timeStart: string;
  timeEnd: string;
  ageMin: number;
  ageMax: number;
  level: number;
  nMin: number;
  nMax: number;
  isOpen: boolean;
};

export type DanceNumberWrite = {
  name: string;
  genreId: string;
  songName: string;
  songArtist: string;
  songLength: number;
  costume: boolean;
};

/** A class of the studio; `lock` holds its row until the transaction ends. */
export async function findClass(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A room of the studio, its row locked until the transaction ends: two writes of classes into one room
 * take turns, so the overlap check of one always sees the other's class.
 */
export async function lockRoom(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findTeacherName(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ firstName: teachers.firstName, lastName: teachers.lastName })
    .from(teachers)
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)))
    .limit(1);
  return row ?? null;
}

/** A class price of the studio in the given year term. */
export async function findTermPrice(db: Db, companyId: string, id: string, yearTermId: string) {
  const [row] = await db
    .select({ id: classTuitions.id })
    .from(classTuitions)
    .where(
      and(
        eq(classTuitions.companyId, companyId),
        eq(classTuitions.id, id),
        eq(classTuitions.yearTermId, yearTermId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The studio's genres among `ids` (the others are not the studio's). */
export function findGenres(db: Db, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: genres.id, retiredAt: genres.retiredAt })
    .from(genres)
    .where(and(eq(genres.companyId, companyId), inArray(genres.id, ids)));
}

/**
 * The other classes of a term on a day, in one room or taught by one teacher: the candidates of an
 * overlap, which the caller tests with the domain's timesOverlap.
 */
export function classesOfDay(
  db: Db,
  companyId: string,
  where: { yearTermId: string; day: number; roomId?: string; teacherId?: string; exceptId?: string },
) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
    })
    .from(classes)
    .where(
      and(
        eq(classes.companyId, companyId),
        eq(classes.yearTermId, where.yearTermId),
        eq(classes.day, where.day),
        where.roomId ? eq(classes.roomId, where.roomId) : undefined,
        where.teacherId ? eq(classes.teacherId, where.teacherId) : undefined,
        where.exceptId ? ne(classes.id, where.exceptId) : undefined,
      ),
    )
    .orderBy(asc(classes.timeStart), asc(classes.id))
    .limit(200);
}

export async function insertClass(db: Db, companyId: string, values: ClassWrite) {
  const [row] = await db
    .insert(classes)
    .values({ companyId, ...values })
    .returning({ id: classes.id });
  return row!;
}

export async function updateClass(db: Db, companyId: string, id: string, values: ClassWrite) {
  const [row] = await db
    .update(classes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(classes.companyId, companyId), eq(classes.id, id)))
    .returning({ id: classes.id });
  return row ?? null;
}

/** Deletes a class; its dance numbers, their activity, its genres, requirements and registrations follow by cascade. */
export async function deleteClass(db: Db, companyId: string, id: string, roomId: string) {
  const [row] = await db
    .delete(classes)
    .where(and(eq(classes.companyId, companyId), eq(classes.id, id), eq(classes.roomId, roomId)))
    .returning({ id: classes.id });
  return row ?? null;
}

export async function setMinGenreRequired(db: Db, companyId: string, id: string, value: number) {
  await db
    .update(classes)
    .set({ minGenreRequired: value, updatedAt: sql`now()` })
    .where(and(eq(classes.companyId, companyId), eq(classes.id, id)));
}

/** Inserts dance numbers in one statement; the ids come back in the order given. */
export async function insertDanceNumbers(
  db: Db,
  companyId: string,
  classId: string,
  values: DanceNumberWrite[],
) {
  if (values.length === 0) return [];
  const rows = await db
    .insert(danceNumbers)
    .values(values.map((v) => ({ companyId, classId, ...v })))
    .returning({ id: danceNumbers.id });
  return rows.map((r) => r.id);
}
