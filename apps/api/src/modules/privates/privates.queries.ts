import { PRIVATE_LIMITS } from '@pirouette/domain';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';
import { locations } from '../../db/schema/locations';
import { privateLessons, privateRegistrations } from '../../db/schema/privates';
import { teachers } from '../../db/schema/staff';
import { privateTuitions } from '../../db/schema/tuition';

export type PrivateLessonRow = typeof privateLessons.$inferSelect;

/** A private lesson's own columns as the services write them. */
export type PrivateLessonValues = {
  yearTermId: string;
  locationId: string;
  teacherId: string;
  priceId: string;
  genreId: string;
  name: string;
  songName: string;
  songArtist: string;
  songLength: number;
  type: number;
};

/**
 * Private lessons with their teacher, price and genre, and the count of their registered students
 * (status 1): one query with one aggregate, whatever the number of lessons.
 */
function selectLessons(db: Db, companyId: string, where: SQL | undefined) {
  return db
    .select({
      lesson: privateLessons,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      priceName: privateTuitions.name,
      price: privateTuitions.price,
      genreName: genres.name,
      nDancers: privateTuitions.nDancers,
      nReg: sql<number>`count(${privateRegistrations.id})`.mapWith(Number),
    })
    .from(privateLessons)
    .innerJoin(teachers, eq(teachers.id, privateLessons.teacherId))
    .innerJoin(privateTuitions, eq(privateTuitions.id, privateLessons.priceId))
    .innerJoin(genres, eq(genres.id, privateLessons.genreId))
    .leftJoin(
      privateRegistrations,
      and(eq(privateRegistrations.privateId, privateLessons.id), eq(privateRegistrations.regStatus, 1)),
    )
    .where(and(eq(privateLessons.companyId, companyId), where))
    .groupBy(privateLessons.id, teachers.id, privateTuitions.id, genres.id);
}
export type PrivateLessonView = Awaited<ReturnType<typeof selectLessons>>[number];

/** A term's private lessons at a location, by type, teacher (last name, first name) and name. */
export function listPrivateLessons(db: Db, companyId: string, yearTermId: string, locationId: string) {
  return selectLessons(
    db,
    companyId,
    and(eq(privateLessons.yearTermId, yearTermId), eq(privateLessons.locationId, locationId)),
  )
    .orderBy(
      asc(privateLessons.type),
      asc(sql`lower(${teachers.lastName})`),
      asc(sql`lower(${teachers.firstName})`),
      asc(teachers.id),
      asc(sql`lower(${privateLessons.name})`),
      asc(privateLessons.id),
    )
    .limit(PRIVATE_LIMITS.perAnswer);
}

export async function findPrivateLessonView(db: Db, companyId: string, id: string) {
  const [row] = await selectLessons(db, companyId, eq(privateLessons.id, id));
  return row ?? null;
}

/** A private lesson of the studio; `lock` holds its row until the transaction ends. */
export async function findPrivateLesson(db: Db, companyId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(privateLessons)
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function countPrivateLessonsAt(
  db: Db,
  companyId: string,
  yearTermId: string,
  locationId: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(privateLessons)
    .where(
      and(
        eq(privateLessons.companyId, companyId),
        eq(privateLessons.yearTermId, yearTermId),
        eq(privateLessons.locationId, locationId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertPrivateLesson(db: Db, companyId: string, values: PrivateLessonValues) {
  const [row] = await db
    .insert(privateLessons)
    .values({ companyId, ...values })
    .returning({ id: privateLessons.id });
  return row!;
}

export async function updatePrivateLesson(
  db: Db,
  companyId: string,
  id: string,
  values: PrivateLessonValues,
) {
  const rows = await db
    .update(privateLessons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.id, id)))
    .returning({ id: privateLessons.id });
  return rows.length;
}

/** Deletes a private lesson; its registrations and their activity go with it (ON DELETE CASCADE). */
export async function deletePrivateLesson(db: Db, companyId: string, id: string) {
  const rows = await db
    .delete(privateLessons)
    .where(and(eq(privateLessons.companyId, companyId), eq(privateLessons.id, id)))
    .returning({ id: privateLessons.id });
  return rows.length;
}

export async function countRegistrationsOf(db: Db, companyId: string, privateId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(privateRegistrations)
    .where(and(eq(privateRegistrations.companyId, companyId), eq(privateRegistrations.privateId, privateId)));
  return row?.n ?? 0;
}

// The records a private lesson names are read FOR KEY SHARE: a delete of one of them waits until the
// lesson is written (and then sees it), or, if it came first, the record is gone and the answer is 404.

export async function findTeacherRef(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.companyId, companyId), eq(teachers.id, id)))
    .for('key share');
  return row ?? null;
}

export async function findPrivatePriceRef(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: privateTuitions.id, yearTermId: privateTuitions.yearTermId })
    .from(privateTuitions)
    .where(and(eq(privateTuitions.companyId, companyId), eq(privateTuitions.id, id)))
    .for('key share');
  return row ?? null;
}

export async function findGenreRef(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: genres.id, retiredAt: genres.retiredAt })
    .from(genres)
    .where(and(eq(genres.companyId, companyId), eq(genres.id, id)))
    .for('key share');
  return row ?? null;
}

export async function findLocationRef(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .for('key share');
  return row ?? null;
}

/** The studio's locations for the selector, by name (the first is the one selected by default). */
export function listLocationOptions(db: Db, companyId: string) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(500);
}
