import type { FeeChargeRow, PerformingDancer } from '@pirouette/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import { familyAccounts, students } from '../../db/schema/families';
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
 * Who performs: an activity that dances at the recital (`atTheRecital`, decision 107), in a number of a
 * class of the recital's season (the recital module's `seasonTerms`, the same numbers as on the board,
 * decision 072).
 */
const performingWhere = (companyId: string, termIds: readonly string[]) => [
  eq(danceNumberActivity.companyId, companyId),
  atTheRecital,
  inArray(classes.yearTermId, [...termIds]),
];

/**
 * Whether the student performs, as a value asked of each student (not a join the planner may turn
 * into a read of the whole recital): what a page's families and the walk ask of their dancers, each by
 * the dancer's numbers at the recital (`dance_number_activity_recital_student_idx`).
 */
const performs = (companyId: string, termIds: readonly string[], student: SQL) =>
  sql`coalesce((select true from ${danceNumberActivity}
      join ${danceNumbers} on ${danceNumbers.id} = ${danceNumberActivity.danceNumberId}
      join ${classes} on ${classes.id} = ${danceNumbers.classId}
      where ${danceNumberActivity.studentId} = ${student}
        and ${and(...performingWhere(companyId, termIds))} limit 1), false)`;

/** The season's terms, read unless the caller has them already. */
async function termIdsOf(
  db: Db,
  companyId: string,
  r: { firstDay: string; lastDay: string },
  given?: string[],
) {
  return given ?? (await seasonTerms(db, companyId, r.firstDay, r.lastDay)).map((t) => t.id);
}

/**
 * The dancers who perform in the recital, with their names (one query, two with the season's terms):
 * those of one family (the posting run, under the family's lock), of a page's families, or all.
 */
export async function performingDancers(
  db: Db,
  companyId: string,
  r: { firstDay: string; lastDay: string },
  families?: Families,
  givenTermIds?: string[],
): Promise<PerformingRow[]> {
  const termIds = await termIdsOf(db, companyId, r, givenTermIds);
  if (termIds.length === 0) return [];
  const cols = {
    studentId: students.id,
    familyId: students.familyId,
    firstName: students.firstName,
    lastName: students.lastName,
    family: familyAccounts.lastName,
  };
  const order = [
    asc(familyAccounts.lastName),
    asc(students.familyId),
    asc(students.firstName),
    asc(students.id),
  ];
  if (families !== undefined) {
    // Some families: their dancers by the students' family index, each asked whether they perform.
    return db
      .select(cols)
      .from(students)
      .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
      .where(
        and(
          eq(students.companyId, companyId),
          inFamilies(students.familyId, families),
          performs(companyId, termIds, sql`${students.id}`),
        ),
      )
      .orderBy(...order)
      .limit(DANCERS_BOUND);
  }
  return db
    .selectDistinct(cols)
    .from(danceNumberActivity)
    .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
    .innerJoin(classes, eq(classes.id, danceNumbers.classId))
    .innerJoin(students, eq(students.id, danceNumberActivity.studentId))
    .innerJoin(familyAccounts, eq(familyAccounts.id, students.familyId))
    .where(and(...performingWhere(companyId, termIds)))
    .orderBy(...order)
    .limit(DANCERS_BOUND);
}

/**
 * Every performing dancer of the recital as the fee's totals count them: the dancer and the family, no
 * names and no order (one query; what the totals need of each dancer, and nothing more). The season's
 * numbers first (kept apart, so that no plan looks up a number's class once per dancer), then each
 * number's dancers at the recital with their families from the activities' recital index alone
 * (decision 107), each dancer once. Every dancer of the recital: read as the driver makes the rows
 * (decision 104).
 */
export async function performingKeys(
  db: Db,
  companyId: string,
  termIds: readonly string[],
): Promise<PerformingDancer[]> {
  if (termIds.length === 0) return [];
  return rowsOf<PerformingDancer>(
    db,
    sql`with numbers as materialized (
        select ${danceNumbers.id} as id from ${classes}
        join ${danceNumbers} on ${danceNumbers.classId} = ${classes.id} and ${danceNumbers.companyId} = ${companyId}
        where ${classes.companyId} = ${companyId} and ${inArray(classes.yearTermId, [...termIds])}
      )
      select ${danceNumberActivity.studentId} as "studentId", ${danceNumberActivity.familyId} as "familyId"
      from numbers join ${danceNumberActivity} on ${danceNumberActivity.danceNumberId} = numbers.id
      where ${and(eq(danceNumberActivity.companyId, companyId), atTheRecital)}
      group by 1, 2
      limit ${DANCERS_BOUND}`,
  );
}

/**
 * The families of one page of the fee page's rows (decision 087). The rows go by family name (ICU's root
 * collation, as JavaScript's localeCompare), then dancer: families of the same name share their rows'
 * order, so a page is made of whole name groups. The walk goes by the family-name index and stops after
 * `end` families with a row (then reads the rest of the last name group), so a page reads its families
 * and those before it, never the whole studio. Each family: its rows (units), and its name group's rows
 * and where the group ends. A family's rows: its fee rows' units and, while the fee is above 0, its
 * performing units of the setting (each dancer, or the family) — `planRecitalFees`'s units.
 */
export async function feePageFamilies(
  db: Db,
  r: { companyId: string; id: string; feeAmount: number; feePer: 'dancer' | 'family' },
  termIds: readonly string[],
  span: { start: number; end: number },
): Promise<{ familyId: string; groupUnits: number; groupEnd: number }[]> {
  const mine = sql`s.company_id = ${r.companyId} and s.family_id = f.id and ${performs(r.companyId, termIds, sql`s.id`)}`;
  const performing =
    r.feeAmount <= 0 || termIds.length === 0
      ? sql``
      : r.feePer === 'dancer'
        ? sql` union select s.id from ${students} s where ${mine}`
        : sql` union select null::uuid where exists (select 1 from ${students} s where ${mine})`;
  const units = sql`cross join lateral (
        select count(*) as units from (
          select fc.student_id from ${recitalFeeCharges} fc
          where fc.company_id = ${r.companyId} and fc.recital_id = ${r.id} and fc.family_id = f.id${performing}
        ) x
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
 * A fee row as `planRecitalFees` reads it, written out rather than spread: the totals plan every row of
 * the recital, and a spread with a field added costs V8 a slow path per row (decision 104).
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

/**
 * The recital's fee rows as the totals count them and `planRecitalFees` reads them: no names, whether
 * taken off (one query, its rows as the driver makes them: every fee of the recital, decision 104).
 */
export function feeKeys(db: Db, companyId: string, recitalId: string): Promise<FeeChargeRow[]> {
  return rowsOf<FeeChargeRow>(
    db,
    sql`select ${recitalFeeCharges.id} as "id", ${recitalFeeCharges.familyId} as "familyId",
        ${recitalFeeCharges.studentId} as "studentId", ${recitalFeeCharges.amount} as "amount",
        ${recitalFeeCharges.removedAt} is not null as "removed"
      from ${recitalFeeCharges}
      where ${recitalFeeCharges.companyId} = ${companyId} and ${recitalFeeCharges.recitalId} = ${recitalId}
      order by ${recitalFeeCharges.postedAt}, ${recitalFeeCharges.id}
      limit ${DANCERS_BOUND}`,
  );
}

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
