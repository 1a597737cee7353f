import type { DateOnly } from '@pirouette/domain';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';
import { privateLessons, privateRegistrations } from '../../db/schema/privates';
import { classes } from '../../db/schema/schedule';

/** The studio's time zone, for the teacher's "today". */
export async function studioTimeZone(db: Db, companyId: string) {
  const [row] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.timeZone ?? 'America/New_York';
}

/** A teacher's classes of one term, with room and location: by weekday, then start. */
export function teacherClassesOfTerm(db: Db, companyId: string, teacherId: string, yearTermId: string) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
      timeEnd: classes.timeEnd,
      room: rooms.name,
      location: locations.name,
    })
    .from(classes)
    .leftJoin(rooms, eq(rooms.id, classes.roomId))
    .leftJoin(locations, eq(locations.id, rooms.locationId))
    .where(
      and(
        eq(classes.companyId, companyId),
        eq(classes.teacherId, teacherId),
        eq(classes.yearTermId, yearTermId),
      ),
    )
    .orderBy(asc(classes.day), asc(classes.timeStart), asc(classes.name), asc(classes.id))
    .limit(500);
}

/** A teacher's private lessons of one term, with their location. */
export function teacherPrivatesOfTerm(db: Db, companyId: string, teacherId: string, yearTermId: string) {
  return db
    .select({ id: privateLessons.id, name: privateLessons.name, location: locations.name })
    .from(privateLessons)
    .leftJoin(locations, eq(locations.id, privateLessons.locationId))
    .where(
      and(
        eq(privateLessons.companyId, companyId),
        eq(privateLessons.teacherId, teacherId),
        eq(privateLessons.yearTermId, yearTermId),
      ),
    )
    .orderBy(asc(privateLessons.name), asc(privateLessons.id))
    .limit(500);
}

/** The dancers registered (and active) on `today` in some private lessons of the studio. */
export function privateDancers(db: Db, companyId: string, privateIds: string[], today: DateOnly) {
  if (privateIds.length === 0) return Promise.resolve([]);
  return db
    .select({ privateId: privateRegistrations.privateId, studentId: privateRegistrations.studentId })
    .from(privateRegistrations)
    .where(
      and(
        eq(privateRegistrations.companyId, companyId),
        inArray(privateRegistrations.privateId, privateIds),
        eq(privateRegistrations.regStatus, 1),
        lte(privateRegistrations.dateStart, today),
        gte(privateRegistrations.dateEnd, today),
      ),
    )
    .limit(20_000);
}

/** What a teacher may read of some of the studio's students: names, birth date, allergies, the note. */
export function studentsForTeacher(db: Db, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
      allergies: students.allergies,
      teacherNote: students.teacherNote,
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), inArray(students.id, ids)))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
}

/** The phones of some of the studio's families: the family's own, then its users' and contacts'. */
export async function familyPhones(db: Db, companyId: string, familyIds: string[]) {
  if (familyIds.length === 0) return { families: [], people: [] };
  const [families, people] = await Promise.all([
    db
      .select({ id: familyAccounts.id, lastName: familyAccounts.lastName, phone: familyAccounts.phone })
      .from(familyAccounts)
      .where(and(eq(familyAccounts.companyId, companyId), inArray(familyAccounts.id, familyIds))),
    db
      .select({
        familyId: familyPeople.familyId,
        firstName: familyPeople.firstName,
        role: familyPeople.role,
        phone: familyPeople.phone,
      })
      .from(familyPeople)
      .where(and(eq(familyPeople.companyId, companyId), inArray(familyPeople.familyId, familyIds)))
      .orderBy(asc(familyPeople.kind), asc(familyPeople.createdAt), asc(familyPeople.id)),
  ]);
  return { families, people };
}
