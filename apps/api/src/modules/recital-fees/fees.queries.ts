import type { FeeCell, FeeCells } from '@pirouette/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
import { recitalFeeSums, recitalFeeUnits } from '../../db/schema/recital-fee-kept';
import { recitalFeeCharges, recitals } from '../../db/schema/recitals';
import { classes, danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { atTheRecital } from '../../kernel/recital-dancers';
import { seasonTerms } from '../recitals';

export type RecitalFeeRecital = typeof recitals.$inferSelect;

/** The studio's recital (not archived or archived alike), locked when asked; null when another studio's. */
export async function findRecital(
  db: Db,
  companyId: string,
  id: string,
  /** true: FOR UPDATE (a change of the settings); 'share': FOR SHARE (a posting run's family). */
  lock: boolean | 'share' = false,
): Promise<(RecitalFeeRecital & { timeZone: string }) | null> {
  const q = db
    .select({ r: recitals, timeZone: companies.timeZone })
    .from(recitals)
    .innerJoin(companies, eq(companies.id, recitals.companyId))
    .where(and(eq(recitals.companyId, companyId), eq(recitals.id, id)))
    .limit(1);
  const [row] =
    lock === 'share'
      ? await q.for('share', { of: recitals })
      : lock
        ? await q.for('update', { of: recitals })
        : await q;
  return row ? { ...row.r, timeZone: row.timeZone } : null;
}

export type PerformingRow = {
  studentId: string;
  familyId: string;
  firstName: string;
  lastName: string;
  family: string;
};

/** Far above a studio's dancers: one answer stays bounded. */
const DANCERS_BOUND = 20_000;

/** One family, several, or the whole recital (undefined). */
export type Families = string | readonly string[] | undefined;

const inFamilies = (
  column: typeof students.familyId | typeof recitalFeeCharges.familyId,
  families: Families,
) =>
  families === undefined
    ? undefined
    : typeof families === 'string'
      ? eq(column, families)
      : families.length > 0
        ? inArray(column, [...families])
        : sql`false`;

/**
 * Whether the student performs (`atTheRecital`, decision 107, in a number of a class of the recital's
 * season: the same numbers as on the board, decision 072), as a value asked of each student: the posting
 * run asks it of its family's dancers, each by the dancer's numbers at the recital
 * (`dance_number_activity_recital_student_idx`), under the family's lock.
 */
const performs = (companyId: string, termIds: readonly string[], student: SQL) =>
  sql`coalesce((select true from ${danceNumberActivity}
      join ${danceNumbers} on ${danceNumbers.id} = ${danceNumberActivity.danceNumberId}
      join ${classes} on ${classes.id} = ${danceNumbers.classId}
      where ${danceNumberActivity.studentId} = ${student}
        and ${and(eq(danceNumberActivity.companyId, companyId), atTheRecital, inArray(classes.yearTermId, [...termIds]))}
      limit 1), false)`;

const dancerColumns = {
  studentId: students.id,
  familyId: students.familyId,
  firstName: students.firstName,
  lastName: students.lastName,
  family: familyAccounts.lastName,
};

const dancerOrder = [
  asc(familyAccounts.lastName),
  asc(students.familyId),
  asc(students.firstName),
  asc(students.id),
];

/**
 * The dancers who perform in the recital, with their names, read from the tables (two queries: the
 * season's terms, then the dancers): of one family (what the posting run plans under the family's lock),
 * or of the whole recital (the run's first look for the families with something to do).
 */
export async function performingDancers(
  db: Db,
  companyId: string,
  r: { firstDay: string; lastDay: string },
  familyId?: string,
): Promise<PerformingRow[]> {
  const termIds = (await seasonTerms(db, companyId, r.firstDay, r.lastDay)).map((t) => t.id);
  if (termIds.length === 0) return [];
  if (familyId !== undefined) {
    return db
      .select(dancerColumns)
      .from(students)
      .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
      .where(
        and(
          eq(students.companyId, companyId),
          eq(students.familyId, familyId),
          performs(companyId, termIds, sql`${students.id}`),
        ),
      )
      .orderBy(...dancerOrder)
      .limit(DANCERS_BOUND);
  }
  return db
    .selectDistinct(dancerColumns)
    .from(danceNumberActivity)
    .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
    .innerJoin(classes, eq(classes.id, danceNumbers.classId))
    .innerJoin(students, eq(students.id, danceNumberActivity.studentId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
    .where(
      and(
        eq(danceNumberActivity.companyId, companyId),
        atTheRecital,
        inArray(classes.yearTermId, [...termIds]),
      ),
    )
    .orderBy(...dancerOrder)
    .limit(DANCERS_BOUND);
}

/**
 * A page's families' dancers who perform, with their names, from the fee's kept units (decision 110: a
 * dancer's unit that dances), as the page's totals count them (one query). Each family, its units, then
 * each dancer, by their keys (`offset 0` keeps each lookup apart: joined plainly, the plan read the
 * recital's units, the studio's families or its dancers whole to find a page's), the studio checked on
 * the family found: with the studio in the family's lookup, the plan kept for the prepared statement
 * walked the studio's families by name for each one (decision 108).
 */
export function pageDancers(
  db: Db,
  r: { companyId: string; id: string },
  families: readonly string[],
): Promise<PerformingRow[]> {
  if (families.length === 0) return Promise.resolve([]);
  return rowsOf<PerformingRow>(db, pageDancersStatement(r, families));
}

/** `pageDancers`'s statement, for a page's families (at least one). */
export function pageDancersStatement(r: { companyId: string; id: string }, families: readonly string[]): SQL {
  const ids = sql.join(
    families.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  return sql`select u.student_id as "studentId", u.family_id as "familyId", s.first_name as "firstName",
        s.last_name as "lastName", f.last_name as family
      from (values ${ids}) as p(id)
      cross join lateral (
        select fa.last_name, fa.company_id from ${familyAccounts} fa where fa.id = p.id offset 0
      ) f
      cross join lateral (
        select k.student_id, k.family_id from ${recitalFeeUnits} k
        where k.recital_id = ${r.id} and k.family_id = p.id and k.company_id = ${r.companyId}
          and k.student_id is not null and k.dancing > 0
        offset 0
      ) u
      cross join lateral (
        select st.first_name, st.last_name from ${students} st where st.id = u.student_id offset 0
      ) s
      where f.company_id = ${r.companyId}
      order by f.last_name, u.family_id, s.first_name, u.student_id
      limit ${DANCERS_BOUND}`;
}

/**
 * The families of one page of the fee page's rows (decision 087). The rows go by family name (ICU's root
 * collation, as JavaScript's localeCompare), then dancer: families of the same name share their rows'
 * order, so a page is made of whole name groups. The walk goes by the family-name index and stops after
 * `end` families with a row (then reads the rest of the last name group), so a page reads its families
 * and those before it, never the whole studio. Each family: its rows (units), and its name group's rows
 * and where the group ends. A family's rows are its kept units (decision 110) that `walkRecitalFees`
 * visits under the setting: one with a live fee; one of the setting's kind that dances, while the fee is
 * above 0; else one with a fee taken off. Each family asks its units by the units' key.
 */
export async function feePageFamilies(
  db: Db,
  r: { companyId: string; id: string; feeAmount: number; feePer: 'dancer' | 'family' },
  span: { start: number; end: number },
): Promise<{ familyId: string; groupUnits: number; groupEnd: number }[]> {
  const ofKind = r.feePer === 'family' ? sql`k.student_id is null` : sql`k.student_id is not null`;
  const owed = sql`(k.dancing > 0 and ${ofKind})`;
  const units = sql`cross join lateral (
        select count(*) as units from ${recitalFeeUnits} k
        where k.recital_id = ${r.id} and k.family_id = f.id and k.company_id = ${r.companyId}
          and (k.live_amount is not null
            or (${owed} and ${r.feeAmount > 0})
            or (k.removed_amount is not null and not ${owed}))
      ) u`;
  const rows = await rowsOf<{ family_id: string; group_units: number | string; group_end: number | string }>(
    db,
    sql`with walked as (
      select f.id, f.last_name, u.units from ${familyAccounts} f ${units}
      where f.company_id = ${r.companyId} and u.units > 0
      order by f.last_name collate "und-x-icu", f.id
      limit ${span.end}
    ), last as (
      select id, last_name from walked order by last_name collate "und-x-icu" desc, id desc limit 1
    ), rest as (
      select f.id, f.last_name, u.units from last, ${familyAccounts} f ${units}
      where f.company_id = ${r.companyId} and f.last_name collate "und-x-icu" = last.last_name and f.id > last.id
        and u.units > 0
    ), page as (
      select id, last_name, units,
        sum(units) over (order by last_name collate "und-x-icu") as group_end,
        sum(units) over (partition by last_name) as group_units
      from (select * from walked union all select * from rest) y
    )
    select id as family_id, group_units, group_end from page
    where group_end > ${span.start} and group_end - group_units < ${span.end}
    order by last_name collate "und-x-icu", id`,
  );
  return rows.map((x) => ({
    familyId: x.family_id,
    groupUnits: Number(x.group_units),
    groupEnd: Number(x.group_end),
  }));
}

export type FeeRow = typeof recitalFeeCharges.$inferSelect & {
  family: string;
  firstName: string | null;
  lastName: string | null;
};

/** The recital's fee rows, live and taken off, with the family's and dancer's names (one query): of one family, of a page's families, or all. */
export function feeRows(
  db: Db,
  companyId: string,
  recitalId: string,
  families?: Families,
): Promise<FeeRow[]> {
  return db
    .select({
      id: recitalFeeCharges.id,
      companyId: recitalFeeCharges.companyId,
      recitalId: recitalFeeCharges.recitalId,
      familyId: recitalFeeCharges.familyId,
      studentId: recitalFeeCharges.studentId,
      amount: recitalFeeCharges.amount,
      ledgerChargeId: recitalFeeCharges.ledgerChargeId,
      postedAt: recitalFeeCharges.postedAt,
      removedAt: recitalFeeCharges.removedAt,
      family: familyAccounts.lastName,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(recitalFeeCharges)
    .innerJoin(familyAccounts, eq(familyAccounts.id, recitalFeeCharges.familyId))
    .leftJoin(students, eq(students.id, recitalFeeCharges.studentId))
    .where(
      and(
        eq(recitalFeeCharges.companyId, companyId),
        eq(recitalFeeCharges.recitalId, recitalId),
        inFamilies(recitalFeeCharges.familyId, families),
      ),
    )
    .orderBy(asc(recitalFeeCharges.postedAt), asc(recitalFeeCharges.id))
    .limit(DANCERS_BOUND);
}

/**
 * A fee row as `planRecitalFees` reads it, written out rather than spread: the posting run's first look
 * plans every row of the recital, and a spread with a field added costs V8 a slow path per row (decision
 * 104).
 */
export const feeChargeOf = (c: {
  id: string;
  familyId: string;
  studentId: string | null;
  amount: number;
  removedAt: Date | null;
}) => ({
  id: c.id,
  familyId: c.familyId,
  studentId: c.studentId,
  amount: c.amount,
  removed: c.removedAt !== null,
});

/** Whether a fee of the recital is on a bill (the amount and per are then kept). */
export async function hasLiveFees(db: Db, companyId: string, recitalId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(recitalFeeCharges)
    .where(
      and(
        eq(recitalFeeCharges.companyId, companyId),
        eq(recitalFeeCharges.recitalId, recitalId),
        isNull(recitalFeeCharges.removedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The recital fee's units counted by cell, as the database keeps them (decision 110): a few rows, whatever
 * the recital's size (one query).
 */
export async function feeCells(db: Db, companyId: string, recitalId: string): Promise<FeeCells> {
  const rows = await rowsOf<{ cell: FeeCell; units: number; amount: string | number }>(
    db,
    sql`select ${recitalFeeSums.cell} as cell, sum(${recitalFeeSums.units})::int as units,
        sum(${recitalFeeSums.amount}) as amount
      from ${recitalFeeSums}
      where ${recitalFeeSums.companyId} = ${companyId} and ${recitalFeeSums.recitalId} = ${recitalId}
      group by 1`,
  );
  const cells: FeeCells = {};
  for (const r of rows) cells[r.cell] = { units: r.units, amount: Number(r.amount) };
  return cells;
}
