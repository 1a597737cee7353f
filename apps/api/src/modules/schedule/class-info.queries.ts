import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';
import { students } from '../../db/schema/families';
import {
  classGenres,
  classRegistrations,
  classRequirements,
  danceNumberActivity,
  danceNumbers,
} from '../../db/schema/schedule';

/** Bounds far above a class's size, so that one answer stays small whatever is stored. */
const NUMBERS_LIMIT = 200;
const REGISTRATIONS_LIMIT = 1000;
const ACTIVITY_LIMIT = 20_000;
const PARTS_LIMIT = 200;

export function listDanceNumbers(db: Db, companyId: string, classId: string) {
  return db
    .select({
      id: danceNumbers.id,
      classId: danceNumbers.classId,
      name: danceNumbers.name,
      genreId: danceNumbers.genreId,
      genreName: genres.name,
      songName: danceNumbers.songName,
      songArtist: danceNumbers.songArtist,
      songLength: danceNumbers.songLength,
      costume: danceNumbers.costume,
    })
    .from(danceNumbers)
    .innerJoin(genres, eq(genres.id, danceNumbers.genreId))
    .where(and(eq(danceNumbers.companyId, companyId), eq(danceNumbers.classId, classId)))
    .orderBy(asc(danceNumbers.createdAt), asc(danceNumbers.name), asc(danceNumbers.id))
    .limit(NUMBERS_LIMIT);
}
export type DanceNumberRow = Awaited<ReturnType<typeof listDanceNumbers>>[number];

/** Every registration of a class, dropped or not, with its student, by student name. */
export function listClassRegistrations(db: Db, companyId: string, classId: string) {
  return db
    .select({
      id: classRegistrations.id,
      studentId: classRegistrations.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      iStatus: classRegistrations.iStatus,
      status: classRegistrations.status,
      isDropped: classRegistrations.isDropped,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
    })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(and(eq(classRegistrations.companyId, companyId), eq(classRegistrations.classId, classId)))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(classRegistrations.id))
    .limit(REGISTRATIONS_LIMIT);
}
export type RegistrationRow = Awaited<ReturnType<typeof listClassRegistrations>>[number];

/** The activity of a class's registrations in its dance numbers (or in one number), with the student. */
export function listActivity(db: Db, companyId: string, of: { classId: string; danceNumberId?: string }) {
  return db
    .select({
      id: danceNumberActivity.id,
      danceNumberId: danceNumberActivity.danceNumberId,
      classRegistrationId: danceNumberActivity.classRegistrationId,
      firstName: students.firstName,
      lastName: students.lastName,
      active: danceNumberActivity.active,
      competition: danceNumberActivity.competition,
      recital: danceNumberActivity.recital,
      costume: danceNumberActivity.costume,
    })
    .from(danceNumberActivity)
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(
      and(
        eq(danceNumberActivity.companyId, companyId),
        eq(classRegistrations.classId, of.classId),
        of.danceNumberId ? eq(danceNumberActivity.danceNumberId, of.danceNumberId) : undefined,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(danceNumberActivity.id))
    .limit(ACTIVITY_LIMIT);
}
export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];

export function listClassGenres(db: Db, companyId: string, classId: string) {
  return db
    .select({ id: classGenres.id, genreId: classGenres.genreId, name: genres.name })
    .from(classGenres)
    .innerJoin(genres, eq(genres.id, classGenres.genreId))
    .where(and(eq(classGenres.companyId, companyId), eq(classGenres.classId, classId)))
    .orderBy(asc(genres.sortOrder), asc(genres.name), asc(classGenres.id))
    .limit(PARTS_LIMIT);
}
export type ClassGenreRow = Awaited<ReturnType<typeof listClassGenres>>[number];

export function listRequirements(db: Db, companyId: string, classId: string) {
  return db
    .select({
      id: classRequirements.id,
      genreId: classRequirements.genreId,
      genreName: genres.name,
      level: classRequirements.level,
      isRequired: classRequirements.isRequired,
    })
    .from(classRequirements)
    .innerJoin(genres, eq(genres.id, classRequirements.genreId))
    .where(and(eq(classRequirements.companyId, companyId), eq(classRequirements.classId, classId)))
    .orderBy(asc(genres.sortOrder), asc(genres.name), asc(classRequirements.level), asc(classRequirements.id))
    .limit(PARTS_LIMIT);
}
export type RequirementRow = Awaited<ReturnType<typeof listRequirements>>[number];
