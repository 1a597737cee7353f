import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, yearTerms } from '../../db/schema/companies';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import {
  costumeAssignments,
  costumeCompanies,
  costumeOrderLines,
  costumeOrders,
  costumePrices,
  costumeStyles,
  studentOutfits,
} from '../../db/schema/costumes';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { locations, rooms } from '../../db/schema/locations';
import {
  recitalSeats,
  recitalShowNumbers,
  recitalShows,
  recitals,
  recitalTickets,
  ticketOrders,
} from '../../db/schema/recitals';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';
import { classTuitions } from '../../db/schema/tuition';
import { users } from '../../db/schema/users';
import { registrationCounts } from '../../kernel/counting-registrations';

/**
 * What moving out reads (issue 35 item 6, decision 057): one statement per table, scoped by the studio
 * (and by the family for a parent's own export), whatever the number of families. Times leave as
 * `HH:MM`, dates as `YYYY-MM-DD`, money in cents.
 */

/** `familyId` narrows a read to one family (the parent's own export). */
export type Scope = { companyId: string; familyId?: string };

const hhmm = (column: unknown) => sql<string>`to_char(${column}, 'HH24:MI')`;

export async function studioRow(db: Db, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

export const locationRows = (db: Db, companyId: string) =>
  db.select().from(locations).where(eq(locations.companyId, companyId)).orderBy(asc(locations.name));

export const roomRows = (db: Db, companyId: string) =>
  db.select().from(rooms).where(eq(rooms.companyId, companyId)).orderBy(asc(rooms.name));

export const teacherRows = (db: Db, companyId: string) =>
  db
    .select()
    .from(teachers)
    .where(eq(teachers.companyId, companyId))
    .orderBy(asc(teachers.lastName), asc(teachers.firstName));

export const classPriceRows = (db: Db, companyId: string, yearTermId: string) =>
  db
    .select({ id: classTuitions.id, minutes: classTuitions.duration, monthly: classTuitions.price })
    .from(classTuitions)
    .where(and(eq(classTuitions.companyId, companyId), eq(classTuitions.yearTermId, yearTermId)))
    .orderBy(asc(classTuitions.duration));

/** Every class of every term (the current one's for `pirouette.json`), with its room, teacher and price. */
export const classRows = (db: Db, companyId: string) =>
  db
    .select({
      id: classes.id,
      yearTermId: classes.yearTermId,
      term: yearTerms.name,
      name: classes.name,
      day: classes.day,
      timeStart: hhmm(classes.timeStart),
      timeEnd: hhmm(classes.timeEnd),
      roomId: classes.roomId,
      room: rooms.name,
      location: locations.name,
      teacherId: classes.teacherId,
      teacher: sql<string>`trim(${teachers.firstName} || ' ' || ${teachers.lastName})`,
      priceId: classes.priceId,
      monthly: classTuitions.price,
      ageMin: classes.ageMin,
      ageMax: classes.ageMax,
      level: classes.level,
      places: classes.nMax,
      open: classes.isOpen,
    })
    .from(classes)
    .innerJoin(yearTerms, eq(yearTerms.id, classes.yearTermId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(eq(classes.companyId, companyId))
    .orderBy(asc(yearTerms.dateStart), asc(classes.day), asc(classes.timeStart), asc(classes.name));
export type ClassRow = Awaited<ReturnType<typeof classRows>>[number];

export const familyRows = (db: Db, scope: Scope) =>
  db
    .select()
    .from(familyAccounts)
    .where(
      and(
        eq(familyAccounts.companyId, scope.companyId),
        scope.familyId ? eq(familyAccounts.id, scope.familyId) : undefined,
      ),
    )
    .orderBy(sql`lower(${familyAccounts.lastName})`, asc(familyAccounts.id));
export type FamilyRow = Awaited<ReturnType<typeof familyRows>>[number];

/** The grown-ups of the families, users first (the first user is the family's parent), with the users' e-mail. */
export const personRows = (db: Db, scope: Scope) =>
  db
    .select({
      id: familyPeople.id,
      familyId: familyPeople.familyId,
      kind: familyPeople.kind,
      firstName: familyPeople.firstName,
      lastName: familyPeople.lastName,
      email: sql<string>`coalesce(${users.email}, '')`,
      phone: familyPeople.phone,
      role: familyPeople.role,
    })
    .from(familyPeople)
    .leftJoin(users, eq(users.id, familyPeople.userId))
    .where(
      and(
        eq(familyPeople.companyId, scope.companyId),
        scope.familyId ? eq(familyPeople.familyId, scope.familyId) : undefined,
      ),
    )
    .orderBy(
      asc(familyPeople.familyId),
      sql`${familyPeople.kind} = 'contact'`,
      asc(familyPeople.createdAt),
      asc(familyPeople.id),
    );
export type PersonRow = Awaited<ReturnType<typeof personRows>>[number];

export const dancerRows = (db: Db, scope: Scope) =>
  db
    .select()
    .from(students)
    .where(
      and(
        eq(students.companyId, scope.companyId),
        scope.familyId ? eq(students.familyId, scope.familyId) : undefined,
      ),
    )
    .orderBy(asc(students.familyId), asc(students.dob), asc(students.id));
export type DancerRow = Awaited<ReturnType<typeof dancerRows>>[number];

/** Every registration of a dancer in a class, with whether it counts (not dropped, removed or rejected). */
export const enrolmentRows = (db: Db, scope: Scope) =>
  db
    .select({
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      familyId: students.familyId,
      from: classRegistrations.dateI,
      to: classRegistrations.dateF,
      droppedOn: classRegistrations.droppedOn,
      status: classRegistrations.status,
      counts: sql<boolean>`${registrationCounts}`,
      monthly: classRegistrations.prF,
    })
    .from(classRegistrations)
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(
      and(
        eq(classRegistrations.companyId, scope.companyId),
        scope.familyId ? eq(students.familyId, scope.familyId) : undefined,
      ),
    )
    .orderBy(asc(students.familyId), asc(classRegistrations.studentId), asc(classRegistrations.dateI));
export type EnrolmentRow = Awaited<ReturnType<typeof enrolmentRows>>[number];

/** Every costume assigned to a dancer, with its order when it is in one (removed ones included, marked). */
export const costumeRows = (db: Db, scope: Scope) =>
  db
    .select({
      familyId: studentOutfits.familyId,
      studentId: studentOutfits.studentId,
      danceNumber: danceNumbers.name,
      supplier: costumeCompanies.name,
      style: sql<string>`trim(${costumeStyles.styleNumber} || ' ' || ${costumeStyles.styleName})`,
      size: costumePrices.size,
      color: costumePrices.color,
      sellPrice: costumeAssignments.sellPrice,
      deposit: costumeAssignments.deposit,
      order: costumeOrders.name,
      orderStatus: costumeOrders.status,
      orderedOn: costumeOrders.orderedOn,
      removed: sql<boolean>`${costumeAssignments.removedAt} is not null`,
    })
    .from(costumeAssignments)
    .innerJoin(studentOutfits, eq(studentOutfits.id, costumeAssignments.outfitId))
    .innerJoin(danceNumberActivity, eq(danceNumberActivity.id, costumeAssignments.activityId))
    .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
    .innerJoin(costumeCompanies, eq(costumeCompanies.id, costumeStyles.costumeCompanyId))
    .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
    .leftJoin(costumeOrderLines, eq(costumeOrderLines.assignmentId, costumeAssignments.id))
    .leftJoin(costumeOrders, eq(costumeOrders.id, costumeOrderLines.orderId))
    .where(
      and(
        eq(costumeAssignments.companyId, scope.companyId),
        scope.familyId ? eq(studentOutfits.familyId, scope.familyId) : undefined,
      ),
    )
    .orderBy(asc(studentOutfits.familyId), asc(danceNumbers.name), asc(costumeAssignments.createdAt));
export type CostumeRow = Awaited<ReturnType<typeof costumeRows>>[number];

/** Every dancer entered at a competition: the event, its entry, the dance number or private, the fee. */
export const competitionRows = (db: Db, scope: Scope) =>
  db
    .select({
      familyId: competitionRegistrations.familyId,
      studentId: competitionRegistrations.studentId,
      competition: competitionCompanies.name,
      venue: sql<string>`coalesce(nullif(${competitionLocations.name}, ''), ${competitionLocations.address1})`,
      dateStart: competitionEvents.dateStart,
      dateEnd: competitionEvents.dateEnd,
      entry: competitionEntries.name,
      danceNumber: sql<string>`coalesce(${danceNumbers.name}, 'Private lesson')`,
      price: competitionRegistrations.price,
    })
    .from(competitionRegistrations)
    .innerJoin(competitionEntries, eq(competitionEntries.id, competitionRegistrations.entryId))
    .innerJoin(competitionEvents, eq(competitionEvents.id, competitionEntries.eventId))
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .leftJoin(danceNumbers, eq(danceNumbers.id, competitionRegistrations.danceNumberId))
    .where(
      and(
        eq(competitionRegistrations.companyId, scope.companyId),
        scope.familyId ? eq(competitionRegistrations.familyId, scope.familyId) : undefined,
      ),
    )
    .orderBy(
      asc(competitionEvents.dateStart),
      asc(competitionEntries.position),
      asc(competitionRegistrations.createdAt),
    );
export type CompetitionRow = Awaited<ReturnType<typeof competitionRows>>[number];

/**
 * Every recital ticket that was sold (or refunded) with its seat, order and buyer (issue 38); a parent's
 * export holds their family's orders only. Held and released seats are not tickets.
 */
export const recitalTicketRows = (db: Db, scope: Scope) =>
  db
    .select({
      recital: recitals.name,
      show: recitalShows.name,
      day: recitalShows.day,
      startsAt: recitalShows.startsAt,
      section: recitalSeats.section,
      row: recitalSeats.row,
      seat: recitalSeats.number,
      kind: recitalTickets.kind,
      price: recitalTickets.price,
      state: recitalTickets.state,
      order: ticketOrders.number,
      buyer: ticketOrders.buyerName,
      email: ticketOrders.buyerEmail,
      familyId: ticketOrders.familyId,
      paidAt: sql<
        string | null
      >`to_char(${ticketOrders.paidAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      usedAt: sql<
        string | null
      >`to_char(${recitalTickets.usedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      door: recitalTickets.usedDoor,
    })
    .from(recitalTickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, recitalTickets.orderId))
    .innerJoin(recitalShows, eq(recitalShows.id, recitalTickets.showId))
    .innerJoin(recitals, eq(recitals.id, recitalShows.recitalId))
    .innerJoin(recitalSeats, eq(recitalSeats.id, recitalTickets.seatId))
    .where(
      and(
        eq(recitalTickets.companyId, scope.companyId),
        inArray(recitalTickets.state, ['sold', 'refunded']),
        scope.familyId ? eq(ticketOrders.familyId, scope.familyId) : undefined,
      ),
    )
    .orderBy(
      asc(recitalShows.day),
      asc(recitalShows.startsAt),
      asc(recitalSeats.sectionOrder),
      asc(recitalSeats.rowOrder),
      asc(recitalSeats.number),
    );
export type RecitalTicketRow = Awaited<ReturnType<typeof recitalTicketRows>>[number];

/** Each recital's shows and their running orders: the show, the place, the dance number and its class. */
export const recitalShowRows = (db: Db, companyId: string) =>
  db
    .select({
      recital: recitals.name,
      venue: recitals.venueName,
      show: recitalShows.name,
      day: recitalShows.day,
      startsAt: recitalShows.startsAt,
      doorsAt: recitalShows.doorsAt,
      place: recitalShowNumbers.position,
      danceNumber: danceNumbers.name,
      className: classes.name,
    })
    .from(recitalShowNumbers)
    .innerJoin(recitalShows, eq(recitalShows.id, recitalShowNumbers.showId))
    .innerJoin(recitals, eq(recitals.id, recitalShows.recitalId))
    .innerJoin(danceNumbers, eq(danceNumbers.id, recitalShowNumbers.danceNumberId))
    .innerJoin(classes, eq(classes.id, danceNumbers.classId))
    .where(eq(recitalShowNumbers.companyId, companyId))
    .orderBy(
      asc(recitals.firstDay),
      asc(recitalShows.day),
      asc(recitalShows.startsAt),
      asc(recitalShowNumbers.position),
    );
export type RecitalShowRow = Awaited<ReturnType<typeof recitalShowRows>>[number];
