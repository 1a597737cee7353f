import { and, asc, count, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { genres } from '../../db/schema/catalog';
import { yearTerms } from '../../db/schema/companies';
import {
  costumeAssignments,
  costumePrices,
  costumeReferences,
  costumeStyles,
} from '../../db/schema/costumes';
import { familyAccounts, students } from '../../db/schema/families';
import {
  recitalShowNumbers,
  recitalShows,
  recitals,
  recitalTickets,
  ticketOrders,
} from '../../db/schema/recitals';
import { classes, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { atTheRecital } from '../../kernel/recital-dancers';
import type { RecitalRow, ShowRow } from './recitals.queries';

/**
 * The reads and writes of the recital's shows and running order (issue 38 items 1–2, decision 072).
 * Every query names the studio; each reads all the rows it is asked about at once.
 */

/** One recital of the studio; `lock` holds its row until the transaction ends. */
export async function recitalById(
  db: Db,
  companyId: string,
  id: string,
  lock = false,
): Promise<RecitalRow | null> {
  const query = db
    .select()
    .from(recitals)
    .where(and(eq(recitals.companyId, companyId), eq(recitals.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** One show of the studio with its recital. */
export async function showWithRecital(db: Db, companyId: string, showId: string) {
  const [row] = await db
    .select({ show: recitalShows, recital: recitals })
    .from(recitalShows)
    .innerJoin(recitals, eq(recitals.id, recitalShows.recitalId))
    .where(and(eq(recitalShows.companyId, companyId), eq(recitalShows.id, showId)));
  return row ?? null;
}

/** A recital's shows, by day and curtain. */
export function showsOfRecital(db: Db, companyId: string, recitalId: string): Promise<ShowRow[]> {
  return db
    .select()
    .from(recitalShows)
    .where(and(eq(recitalShows.companyId, companyId), eq(recitalShows.recitalId, recitalId)))
    .orderBy(asc(recitalShows.day), asc(recitalShows.startsAt), asc(recitalShows.name), asc(recitalShows.id));
}

/** How many of a recital's shows fall outside these days. */
export async function showsOutside(
  db: Db,
  companyId: string,
  recitalId: string,
  firstDay: string,
  lastDay: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(recitalShows)
    .where(
      and(
        eq(recitalShows.companyId, companyId),
        eq(recitalShows.recitalId, recitalId),
        sql`(${recitalShows.day} < ${firstDay} or ${recitalShows.day} > ${lastDay})`,
      ),
    );
  return row?.n ?? 0;
}

/** Whether the recital has another show of this name (any case). */
export async function showNameTaken(db: Db, recitalId: string, name: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: recitalShows.id })
    .from(recitalShows)
    .where(
      and(
        eq(recitalShows.recitalId, recitalId),
        sql`lower(${recitalShows.name}) = lower(${name})`,
        exceptId ? ne(recitalShows.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The show's tickets sold or held (a buyer paying). */
export async function liveTickets(db: Db, companyId: string, showId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(recitalTickets)
    .where(
      and(
        eq(recitalTickets.companyId, companyId),
        eq(recitalTickets.showId, showId),
        inArray(recitalTickets.state, ['sold', 'held']),
      ),
    );
  return row?.n ?? 0;
}

/** The show's ticket orders that are money on the books or may become it (paying, paid, refunded). */
export async function bookedOrders(db: Db, companyId: string, showId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.companyId, companyId),
        eq(ticketOrders.showId, showId),
        notInArray(ticketOrders.state, ['failed', 'expired']),
      ),
    );
  return row?.n ?? 0;
}

/** The show's orders that came to nothing (declined, or their hold ran out): they go with the show. */
export function dropDeadOrders(db: Db, companyId: string, showId: string) {
  return db
    .delete(ticketOrders)
    .where(
      and(
        eq(ticketOrders.companyId, companyId),
        eq(ticketOrders.showId, showId),
        inArray(ticketOrders.state, ['failed', 'expired']),
      ),
    );
}

/**
 * The recital's season (decision 072): the year terms whose days overlap the recital's; when none does,
 * the latest term begun on or before its first day (a recital just after the term's end). The rule is
 * the database's `recital_season` (migration 0045), which the fee's kept units read too (decision 110).
 * One query.
 */
export function seasonTerms(db: Db, companyId: string, firstDay: string, lastDay: string) {
  return db
    .select({ id: yearTerms.id, name: yearTerms.name })
    .from(yearTerms)
    .where(
      and(
        eq(yearTerms.companyId, companyId),
        sql`${yearTerms.id} in (select s from recital_season(${companyId}, ${firstDay}::date, ${lastDay}::date) s)`,
      ),
    )
    .orderBy(asc(yearTerms.dateStart));
}

export type DancerLine = {
  numberId: string;
  name: string;
  className: string;
  genre: string;
  songName: string;
  songArtist: string;
  songLength: number;
  activityId: string;
  studentId: string;
  studentName: string;
  familyId: string;
  familyName: string;
};

/** Who dances at the recital (002 §3; the kernel's `atTheRecital`, decision 107), of the studio. */
const dancesAtTheRecital = (companyId: string) =>
  and(eq(danceNumberActivity.companyId, companyId), atTheRecital);

const inTerms = (termIds: readonly string[]) =>
  termIds.length > 0 ? inArray(classes.yearTermId, [...termIds]) : sql`false`;

/**
 * The dancers of the season's numbers who dance at the recital (`dancesAtTheRecital`). One row per number
 * and dancer, by class, number and dancer; with `numberIds`, those numbers' alone. One query, its rows as
 * the driver makes them: the whole recital's lines are thousands (3,014 at 4 × the large studio), and
 * Drizzle's mapping of each was a tenth of their time (decision 104).
 */
export function recitalDancerLines(
  db: Db,
  companyId: string,
  termIds: readonly string[],
  numberIds?: readonly string[],
): Promise<DancerLine[]> {
  const where = and(
    dancesAtTheRecital(companyId),
    inTerms(termIds),
    numberIds ? (numberIds.length > 0 ? inArray(danceNumbers.id, [...numberIds]) : sql`false`) : undefined,
  );
  return rowsOf<DancerLine>(
    db,
    sql`select ${danceNumbers.id} as "numberId", ${danceNumbers.name} as "name",
        ${classes.name} as "className", ${genres.name} as "genre", ${danceNumbers.songName} as "songName",
        ${danceNumbers.songArtist} as "songArtist", ${danceNumbers.songLength} as "songLength",
        ${danceNumberActivity.id} as "activityId", ${students.id} as "studentId",
        trim(${students.firstName} || ' ' || ${students.lastName}) as "studentName",
        ${students.familyId} as "familyId",
        coalesce(nullif(${familyAccounts.lastName}, ''), ${students.lastName}) as "familyName"
      from ${danceNumberActivity}
      join ${danceNumbers} on ${danceNumbers.id} = ${danceNumberActivity.danceNumberId}
      join ${classes} on ${classes.id} = ${danceNumbers.classId}
      join ${genres} on ${genres.id} = ${danceNumbers.genreId}
      join ${students} on ${students.id} = ${danceNumberActivity.studentId}
      join ${familyAccounts} on ${familyAccounts.id} = ${students.familyId}
      where ${where}
      order by ${classes.name}, ${danceNumbers.name}, ${danceNumbers.id}, ${students.lastName},
        ${students.firstName}, ${students.id}
      limit 20000`,
  );
}

/** A number that needs a show, as the board counts and places it: no name, no dancer. */
export type NumberKey = { id: string; lengthSeconds: number };

/**
 * Every number of the season that needs a show (a dancer of it dances at the recital), by class and
 * name as the lines go, without its dancers (decision 106): a row a number, each asked by the
 * activity's number index whether it has such a dancer. One query.
 */
export function recitalNumberKeys(
  db: Db,
  companyId: string,
  termIds: readonly string[],
): Promise<NumberKey[]> {
  return rowsOf<NumberKey>(
    db,
    sql`select ${danceNumbers.id} as "id", ${danceNumbers.songLength} as "lengthSeconds"
      from ${danceNumbers}
      join ${classes} on ${classes.id} = ${danceNumbers.classId}
      where ${danceNumbers.companyId} = ${companyId} and ${inTerms(termIds)}
        and exists (select 1 from ${danceNumberActivity}
          where ${danceNumberActivity.danceNumberId} = ${danceNumbers.id} and ${dancesAtTheRecital(companyId)})
      order by ${classes.name}, ${danceNumbers.name}, ${danceNumbers.id}
      limit 20000`,
  );
}

/** The costume styles these numbers wear, by name. One query. */
export function numberCostumes(db: Db, companyId: string, numberIds: readonly string[]) {
  if (numberIds.length === 0) return Promise.resolve([]);
  return db
    .select({ numberId: costumeReferences.danceNumberId, style: costumeStyles.styleName })
    .from(costumeReferences)
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeReferences.styleId))
    .where(
      and(
        eq(costumeReferences.companyId, companyId),
        inArray(costumeReferences.danceNumberId, [...numberIds]),
      ),
    )
    .orderBy(asc(costumeStyles.styleName));
}

/** The costumes assigned (not removed) on these activities: style and colour. One query. */
export function assignedCostumes(db: Db, companyId: string, activityIds: readonly string[]) {
  if (activityIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      activityId: costumeAssignments.activityId,
      style: costumeStyles.styleName,
      color: costumePrices.color,
    })
    .from(costumeAssignments)
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
    .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
    .where(
      and(
        eq(costumeAssignments.companyId, companyId),
        inArray(costumeAssignments.activityId, [...activityIds]),
        isNull(costumeAssignments.removedAt),
      ),
    )
    .orderBy(asc(costumeStyles.styleName));
}

export type PlacementRow = typeof recitalShowNumbers.$inferSelect;

/** Where the recital's numbers dance, by show and place (or one show's only). One query. */
export function placements(
  db: Db,
  companyId: string,
  recitalId: string,
  showId?: string,
): Promise<PlacementRow[]> {
  return db
    .select()
    .from(recitalShowNumbers)
    .where(
      and(
        eq(recitalShowNumbers.companyId, companyId),
        eq(recitalShowNumbers.recitalId, recitalId),
        showId ? eq(recitalShowNumbers.showId, showId) : undefined,
      ),
    )
    .orderBy(asc(recitalShowNumbers.showId), asc(recitalShowNumbers.position))
    .limit(5000);
}

/** Replaces the recital's placements (or one show's) with these, in one delete and one insert. */
export async function replacePlacements(
  db: Db,
  companyId: string,
  recitalId: string,
  rows: { showId: string; danceNumberId: string; position: number; locked: boolean }[],
  showId?: string,
) {
  await db
    .delete(recitalShowNumbers)
    .where(
      and(
        eq(recitalShowNumbers.companyId, companyId),
        eq(recitalShowNumbers.recitalId, recitalId),
        showId ? eq(recitalShowNumbers.showId, showId) : undefined,
      ),
    );
  if (rows.length === 0) return;
  await db.insert(recitalShowNumbers).values(rows.map((r) => ({ companyId, recitalId, ...r })));
}

/** Takes a number out of the recital's shows. */
export async function removePlacement(db: Db, companyId: string, recitalId: string, numberId: string) {
  await db
    .delete(recitalShowNumbers)
    .where(
      and(
        eq(recitalShowNumbers.companyId, companyId),
        eq(recitalShowNumbers.recitalId, recitalId),
        eq(recitalShowNumbers.danceNumberId, numberId),
      ),
    );
}

/** Locks or unlocks a number where it is. */
export async function setLocked(
  db: Db,
  companyId: string,
  recitalId: string,
  numberId: string,
  locked: boolean,
) {
  await db
    .update(recitalShowNumbers)
    .set({ locked })
    .where(
      and(
        eq(recitalShowNumbers.companyId, companyId),
        eq(recitalShowNumbers.recitalId, recitalId),
        eq(recitalShowNumbers.danceNumberId, numberId),
      ),
    );
}

/** Puts a number last in a show's running order. */
export async function appendPlacement(
  db: Db,
  companyId: string,
  recitalId: string,
  showId: string,
  numberId: string,
  locked: boolean,
) {
  await db.insert(recitalShowNumbers).values({
    companyId,
    recitalId,
    showId,
    danceNumberId: numberId,
    locked,
    position: sql`(select coalesce(max(p.position) + 1, 0) from recital_show_numbers p where p.show_id = ${showId})`,
  });
}

/** Sets where a show's intermission comes. */
export async function setIntermission(db: Db, companyId: string, showId: string, after: number | null) {
  await db
    .update(recitalShows)
    .set({ intermissionAfter: after })
    .where(and(eq(recitalShows.companyId, companyId), eq(recitalShows.id, showId)));
}
