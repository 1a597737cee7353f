import { and, asc, eq, gte, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { genres } from '../../db/schema/catalog';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { familyAccounts, students } from '../../db/schema/families';
import { rooms } from '../../db/schema/locations';
import { privateLessons, privateRegistrationActivity, privateRegistrations } from '../../db/schema/privates';
import { classes, classRegistrations, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import {
  chargePaidAmount,
  chargeStandingAmount,
  chargesPaid,
  chargeUnderKey,
  postedUnderKeys,
} from '../ledger';

/**
 * Competition registration's reads and writes (issue 19 points 2–3, decision 032). Every query names the
 * studio. A dancer "goes to competitions" with a dance number when their activity row and their class
 * registration are active (not dropped) and the row's competition flag is on (002 §3 "Dance-number
 * activity"); with a private lesson when the registration is on (`reg_status` 1) and its activity row is
 * active with the competition flag on.
 */

/** The ledger key of a registration line's fee. */
export const feeKey = (registrationId: string) => `competition-fee:${registrationId}`;

const studentName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;

/** A dance-number dancer who goes to competitions with it. */
const dancesNumber = and(
  eq(danceNumberActivity.active, true),
  eq(danceNumberActivity.competition, true),
  eq(classRegistrations.active, true),
  gte(classRegistrations.iStatus, 0),
);
/** A private lesson's dancer who goes to competitions with it. */
const dancesPrivate = and(
  eq(privateRegistrations.regStatus, 1),
  eq(privateRegistrationActivity.active, true),
  eq(privateRegistrationActivity.competition, true),
);

/**
 * The studio's entry with its event's first day and the names the fee's explanation gives; `lock` holds
 * the entry (only it) until the transaction ends, so that registrations on one entry are counted one
 * after the other and its dancer limits hold.
 */
export async function findEntry(db: Db, companyId: string, entryId: string, lock = false) {
  const query = db
    .select({
      id: competitionEntries.id,
      eventId: competitionEntries.eventId,
      name: competitionEntries.name,
      priceStudio: competitionEntries.priceStudio,
      priceCustomer: competitionEntries.priceCustomer,
      dancersMin: competitionEntries.dancersMin,
      dancersMax: competitionEntries.dancersMax,
      dateStart: competitionEvents.dateStart,
      eventType: competitionEvents.type,
      company: competitionCompanies.name,
      location: sql<string>`coalesce(nullif(${competitionLocations.name}, ''), ${competitionLocations.address1})`,
    })
    .from(competitionEntries)
    .innerJoin(competitionEvents, eq(competitionEvents.id, competitionEntries.eventId))
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .where(and(eq(competitionEntries.companyId, companyId), eq(competitionEntries.id, entryId)));
  const [row] = lock ? await query.for('update', { of: competitionEntries }) : await query;
  return row ?? null;
}
export type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

// ——— The working lists ———

/** The dance numbers of the term's classes at the location, by day, time and class, then number. */
export function numbersAt(db: Db, companyId: string, yearTermId: string, locationId: string) {
  return db
    .select({
      id: danceNumbers.id,
      name: danceNumbers.name,
      genre: sql<string>`coalesce(${genres.name}, '')`,
      classId: classes.id,
      className: classes.name,
      day: classes.day,
      timeStart: classes.timeStart,
    })
    .from(danceNumbers)
    .innerJoin(classes, eq(classes.id, danceNumbers.classId))
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .leftJoin(genres, eq(genres.id, danceNumbers.genreId))
    .where(
      and(
        eq(danceNumbers.companyId, companyId),
        eq(classes.yearTermId, yearTermId),
        eq(rooms.locationId, locationId),
      ),
    )
    .orderBy(
      asc(classes.day),
      asc(classes.timeStart),
      asc(classes.name),
      // Numbers made together (the same moment) by name, then id: an order the plan does not choose.
      asc(danceNumbers.createdAt),
      asc(danceNumbers.name),
      asc(danceNumbers.id),
    );
}

/**
 * The dancers of the term's dance numbers at the location who go to competitions with them, or are
 * registered on the entry with them already, with their line when registered.
 *
 * Every table is asked by the studio too, so that its indexes (studio first) serve, never a scan of every
 * studio's (issue 39 point 3: with 10,000 studios the location's rooms and the classes' numbers were read
 * among all of theirs, 9,500 buffers against 5,300). The location's numbers are found first (its rooms,
 * each room's classes by the room's index, those of the term, their numbers), then their activities,
 * then each activity's registration and dancer by their keys alone (each a lateral lookup, `offset 0` so
 * that the planner cannot fold it into a join, the studio checked on the rows found: with the studio in
 * the lookup, a plan made for a studio of a few dancers walked the studio's dancers by name). The plan
 * PostgreSQL keeps for a prepared statement is made for any studio: for the joins written plainly it
 * walked every class of the term and each number's activities before asking the room (16,600 buffers at
 * 4 × the bench's studio, against 2,600 for a plan made for the values); now 3,200 under either. Two
 * activities of one dancer come by number, then id.
 */
type NumberDancerRow = {
  id: string;
  danceNumberId: string;
  studentId: string;
  studentName: string;
  familyId: string;
  regId: string | null;
};

export function numberDancersAt(
  db: Db,
  companyId: string,
  entryId: string,
  yearTermId: string,
  locationId: string,
): Promise<NumberDancerRow[]> {
  return rowsOf<NumberDancerRow>(db, numberDancersStatement(companyId, entryId, yearTermId, locationId));
}

/** numberDancersAt's statement. */
export function numberDancersStatement(
  companyId: string,
  entryId: string,
  yearTermId: string,
  locationId: string,
): SQL {
  return sql`with numbers as materialized (
        select dn.id from rooms r
        cross join lateral (
          select c.id, c.company_id, c.year_term_id from classes c where c.room_id = r.id offset 0
        ) c
        join dance_numbers dn on dn.company_id = ${companyId} and dn.class_id = c.id
        where r.company_id = ${companyId} and r.location_id = ${locationId}
          and c.company_id = ${companyId} and c.year_term_id = ${yearTermId}
      ), activities as materialized (
        select da.id, da.dance_number_id from numbers n
        join dance_number_activity da on da.dance_number_id = n.id
        where da.company_id = ${companyId}
      )
      select a.id, a.dance_number_id as "danceNumberId", d.id as "studentId", d.name as "studentName",
        d.family_id as "familyId", g.id as "regId"
      from activities a
      cross join lateral (
        select ${students.id}, ${studentName} as name, ${students.familyId}, ${students.firstName},
          ${students.lastName}, ${dancesNumber} as dances
        from (select * from ${danceNumberActivity} where id = a.id offset 0) ${danceNumberActivity}
        cross join lateral (
          select * from ${classRegistrations} where id = ${danceNumberActivity.classRegistrationId} offset 0
        ) ${classRegistrations}
        cross join lateral (
          select * from ${students} where id = ${classRegistrations.studentId} offset 0
        ) ${students}
        where ${classRegistrations.companyId} = ${companyId} and ${students.companyId} = ${companyId}
      ) d
      left join competition_registrations g
        on g.entry_id = ${entryId} and g.dance_number_id = a.dance_number_id and g.student_id = d.id
      where d.dances or g.id is not null
      order by d.last_name, d.first_name, d.id, a.dance_number_id, a.id`;
}

/** The term's private lessons at the location, by type then name. */
export function privatesAt(db: Db, companyId: string, yearTermId: string, locationId: string) {
  return db
    .select({ id: privateLessons.id, name: privateLessons.name, type: privateLessons.type })
    .from(privateLessons)
    .where(
      and(
        eq(privateLessons.companyId, companyId),
        eq(privateLessons.yearTermId, yearTermId),
        eq(privateLessons.locationId, locationId),
      ),
    )
    .orderBy(asc(privateLessons.type), asc(privateLessons.name));
}

/** The dancers of the term's private lessons at the location who go to competitions with them, or are registered. */
export function privateDancersAt(
  db: Db,
  companyId: string,
  entryId: string,
  yearTermId: string,
  locationId: string,
) {
  return db
    .select({
      id: privateRegistrations.id,
      privateId: privateRegistrations.privateId,
      studentId: students.id,
      studentName,
      familyId: students.familyId,
      active: sql<boolean>`coalesce(${dancesPrivate}, false)`,
      regId: competitionRegistrations.id,
    })
    .from(privateRegistrations)
    .innerJoin(privateLessons, eq(privateLessons.id, privateRegistrations.privateId))
    .innerJoin(students, eq(students.id, privateRegistrations.studentId))
    .leftJoin(
      privateRegistrationActivity,
      eq(privateRegistrationActivity.privateRegistrationId, privateRegistrations.id),
    )
    .leftJoin(
      competitionRegistrations,
      and(
        eq(competitionRegistrations.entryId, entryId),
        eq(competitionRegistrations.privateId, privateRegistrations.privateId),
        eq(competitionRegistrations.studentId, students.id),
      ),
    )
    .where(
      and(
        eq(privateRegistrations.companyId, companyId),
        eq(privateLessons.yearTermId, yearTermId),
        eq(privateLessons.locationId, locationId),
        or(dancesPrivate, isNotNull(competitionRegistrations.id)),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

// ——— Registering ———

export type Target = { kind: 'dnc' | 'prv'; id: string };

/** The studio's dance numbers or private lessons among `ids`, with their names for the sentences. */
export async function targetsOf(db: Db, companyId: string, kind: Target['kind'], ids: string[]) {
  if (kind === 'dnc') {
    return db
      .select({ id: danceNumbers.id, name: danceNumbers.name })
      .from(danceNumbers)
      .where(and(eq(danceNumbers.companyId, companyId), inArray(danceNumbers.id, ids)));
  }
  return db
    .select({ id: privateLessons.id, name: privateLessons.name })
    .from(privateLessons)
    .where(and(eq(privateLessons.companyId, companyId), inArray(privateLessons.id, ids)));
}

export type Candidate = {
  targetId: string;
  studentId: string;
  firstName: string;
  name: string;
  familyId: string;
};

/** The dancers of these dance numbers or private lessons who go to competitions with them. */
export async function candidatesOf(
  db: Db,
  companyId: string,
  kind: Target['kind'],
  ids: string[],
): Promise<Candidate[]> {
  const who = {
    studentId: students.id,
    firstName: students.firstName,
    name: studentName,
    familyId: students.familyId,
  };
  if (kind === 'dnc') {
    return db
      .select({ targetId: danceNumberActivity.danceNumberId, ...who })
      .from(danceNumberActivity)
      .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
      .innerJoin(students, eq(students.id, classRegistrations.studentId))
      .where(
        and(
          eq(danceNumberActivity.companyId, companyId),
          inArray(danceNumberActivity.danceNumberId, ids),
          dancesNumber,
        ),
      )
      .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  }
  return db
    .select({ targetId: privateRegistrations.privateId, ...who })
    .from(privateRegistrations)
    .innerJoin(
      privateRegistrationActivity,
      eq(privateRegistrationActivity.privateRegistrationId, privateRegistrations.id),
    )
    .innerJoin(students, eq(students.id, privateRegistrations.studentId))
    .where(
      and(
        eq(privateRegistrations.companyId, companyId),
        inArray(privateRegistrations.privateId, ids),
        dancesPrivate,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/** The entry's lines of these dance numbers or private lessons (all their dancers, to count them). */
export function linesOf(db: Db, companyId: string, entryId: string, kind: Target['kind'], ids: string[]) {
  const column = kind === 'dnc' ? competitionRegistrations.danceNumberId : competitionRegistrations.privateId;
  return db
    .select({
      id: competitionRegistrations.id,
      targetId: sql<string>`${column}`,
      studentId: competitionRegistrations.studentId,
      familyId: competitionRegistrations.familyId,
      firstName: students.firstName,
    })
    .from(competitionRegistrations)
    .innerJoin(students, eq(students.id, competitionRegistrations.studentId))
    .where(
      and(
        eq(competitionRegistrations.companyId, companyId),
        eq(competitionRegistrations.entryId, entryId),
        inArray(column, ids),
      ),
    );
}
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

export type NewLine = {
  type: 'cls' | 'prv' | 'add';
  target: Target;
  studentId: string;
  familyId: string;
  price: number;
  priceStudio: number;
};

/** The new lines, in one statement; a line there already (sent twice) is not made again. */
export function insertLines(db: Db, companyId: string, entryId: string, userId: string, lines: NewLine[]) {
  return db
    .insert(competitionRegistrations)
    .values(
      lines.map((l) => ({
        companyId,
        entryId,
        type: l.type,
        danceNumberId: l.target.kind === 'dnc' ? l.target.id : null,
        privateId: l.target.kind === 'prv' ? l.target.id : null,
        studentId: l.studentId,
        familyId: l.familyId,
        price: l.price,
        priceStudio: l.priceStudio,
        createdBy: userId,
      })),
    )
    .onConflictDoNothing()
    .returning({
      id: competitionRegistrations.id,
      studentId: competitionRegistrations.studentId,
      familyId: competitionRegistrations.familyId,
      danceNumberId: competitionRegistrations.danceNumberId,
      privateId: competitionRegistrations.privateId,
    });
}

export function deleteLines(db: Db, companyId: string, ids: string[]) {
  return db
    .delete(competitionRegistrations)
    .where(and(eq(competitionRegistrations.companyId, companyId), inArray(competitionRegistrations.id, ids)))
    .returning({ id: competitionRegistrations.id });
}

/** The fee charges of these lines standing on the ledger (not taken off), by line id. */
export async function feeChargesOf(db: Db, companyId: string, lineIds: string[]) {
  const out = new Map<string, string>();
  for (const [key, id] of await postedUnderKeys(db, companyId, lineIds.map(feeKey))) {
    out.set(key.slice('competition-fee:'.length), id);
  }
  return out;
}

// ——— An event's registrations ———

// Qualified by hand: inside a select, drizzle may write a column unqualified, and the subquery's own
// `id` and `company_id` would answer for it. The fee's charge (its key is unique to the line), standing
// or removed: `chargesPaid` says which, and what is paid of it (decision 039).
const feeTx = chargeUnderKey(
  sql`"competition_registrations"."company_id"`,
  sql`'competition-fee:' || "competition_registrations"."id"::text`,
);
const feeFigure = (figure: SQL) =>
  sql<number>`coalesce((select ${figure} from (${chargesPaid(sql`c.tx_id = ${feeTx}`)}) f), 0)::int`;
/** A line's fee as the ledger holds it: the charge's total while it stands (0 when taken off). */
export const feeCharged = feeFigure(chargeStandingAmount('f'));
/** What is paid of a line's fee, by the ledger's rule (`chargePaid`): nothing once it is taken off. */
export const feePaid = feeFigure(chargePaidAmount('f'));

/**
 * An event's lines with their dancer, family, number or lesson, and what the ledger says of each fee:
 * the charge's total while it stands (0 when taken off) and what is paid of it. One query.
 */
export function eventLines(db: Db, companyId: string, eventId: string) {
  return db
    .select({
      id: competitionRegistrations.id,
      type: competitionRegistrations.type,
      entryId: competitionRegistrations.entryId,
      danceNumberId: competitionRegistrations.danceNumberId,
      privateId: competitionRegistrations.privateId,
      studentId: competitionRegistrations.studentId,
      studentName,
      familyId: competitionRegistrations.familyId,
      family: familyAccounts.lastName,
      price: competitionRegistrations.price,
      priceStudio: competitionRegistrations.priceStudio,
      numberName: danceNumbers.name,
      genre: sql<string>`coalesce(${genres.name}, '')`,
      classId: classes.id,
      className: classes.name,
      privateName: privateLessons.name,
      privateType: privateLessons.type,
      charged: feeCharged,
      paid: feePaid,
    })
    .from(competitionRegistrations)
    .innerJoin(competitionEntries, eq(competitionEntries.id, competitionRegistrations.entryId))
    .innerJoin(students, eq(students.id, competitionRegistrations.studentId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, competitionRegistrations.familyId))
    .leftJoin(danceNumbers, eq(danceNumbers.id, competitionRegistrations.danceNumberId))
    .leftJoin(genres, eq(genres.id, danceNumbers.genreId))
    .leftJoin(classes, eq(classes.id, danceNumbers.classId))
    .leftJoin(privateLessons, eq(privateLessons.id, competitionRegistrations.privateId))
    .where(and(eq(competitionRegistrations.companyId, companyId), eq(competitionEntries.eventId, eventId)))
    .orderBy(
      asc(students.lastName),
      asc(students.firstName),
      asc(students.id),
      asc(competitionEntries.position),
      asc(competitionRegistrations.createdAt),
    );
}

/** One line of the studio with what the ledger says of its fee. */
export async function findLine(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: competitionRegistrations.id,
      charged: feeCharged,
      paid: feePaid,
    })
    .from(competitionRegistrations)
    .where(and(eq(competitionRegistrations.companyId, companyId), eq(competitionRegistrations.id, id)));
  return row ?? null;
}

/** Paid when the fee's charge stands and the family has paid all of it (decision 032). */
export const isPaid = (l: { charged: number; paid: number }) => l.charged > 0 && l.paid >= l.charged;
