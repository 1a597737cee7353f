import { compareDates, type DateOnly } from '@pirouette/domain';
import { and, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inJsonList } from '../db/rows';
import { students } from '../db/schema/families';
import { classRegistrations } from '../db/schema/schedule';

/**
 * Who a class's meeting expects (issue 36, decision 060): the dancers whose registration in the class
 * counts (not removed, not rejected: `registrationCounts`'s rule, decision 014) and covers the meeting's
 * date (from `dateI` to `dateF`), and, if dropped, were dropped after it (a drop's effective date is the
 * first day they no longer come). The roll, the make-ups' free places, a closure's families and the
 * attendance reports all read a roster through here, so they never disagree about who was expected.
 */
export type RosterEntry = {
  classId: string;
  studentId: string;
  familyId: string;
  firstName: string;
  lastName: string;
  dob: DateOnly;
  dateI: DateOnly;
  dateF: DateOnly;
  droppedOn: DateOnly | null;
};

/** Whether a roster entry is expected at its class's meeting on `date` (pure). */
export function expectedOn(
  entry: Pick<RosterEntry, 'dateI' | 'dateF' | 'droppedOn'>,
  date: DateOnly,
): boolean {
  if (compareDates(date, entry.dateI) < 0 || compareDates(date, entry.dateF) > 0) return false;
  return entry.droppedOn === null || compareDates(date, entry.droppedOn) < 0;
}

/** Far above any class's size times a term's registrations, low enough that one answer stays bounded. */
const ROSTER_BOUND = 20_000;

/**
 * The roster entries of some of the studio's classes that overlap [from, to] (one statement whatever
 * their number); `expectedOn` then says who is expected at each meeting. With `studentIds`, only those
 * dancers' entries (a family's): found by the dancers, not read with the whole class and left out after.
 */
export function classRosters(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  from: DateOnly,
  to: DateOnly,
  studentIds?: readonly string[],
): Promise<RosterEntry[]> {
  if (classIds.length === 0 || studentIds?.length === 0) return Promise.resolve([]);
  const lists = { classIds: JSON.stringify(classIds), studentIds: studentIds && JSON.stringify(studentIds) };
  return classRostersRead(db, companyId, lists, from, to);
}

/**
 * `classRosters` as a read not yet run, its classes (and dancers, when given) as JSON lists of ids: one
 * statement's text whatever their number, so that a batch built once (`preparedBatch`) can hold it with
 * placeholders for every value.
 */
export function classRostersRead(
  db: Db,
  companyId: string,
  lists: { classIds: string; studentIds?: string | undefined },
  from: DateOnly,
  to: DateOnly,
) {
  // Each dancer by their key, planned apart (one row: `limit 1`): joined as tables, a plan that guesses
  // the JSON list long (a hundred ids) hashed the registrations and read every dancer of every studio.
  const dancer = db
    .select({
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
      dob: students.dob,
    })
    .from(students)
    .where(eq(students.id, classRegistrations.studentId))
    .limit(1)
    .as('dancer');
  return db
    .select({
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      familyId: dancer.familyId,
      firstName: dancer.firstName,
      lastName: dancer.lastName,
      dob: dancer.dob,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
      droppedOn: sql<DateOnly | null>`case when ${classRegistrations.isDropped} then ${classRegistrations.droppedOn} end`,
    })
    .from(classRegistrations)
    .innerJoinLateral(dancer, sql`true`)
    .where(onRoster(companyId, lists, from, to))
    .orderBy(dancer.firstName, dancer.lastName, classRegistrations.studentId)
    .limit(ROSTER_BOUND);
}

/** The registrations on some classes' rosters during [from, to] (`classRosters`' one rule, as SQL). */
function onRoster(
  companyId: string,
  lists: { classIds: string; studentIds?: string | undefined },
  from: DateOnly,
  to: DateOnly,
) {
  // Given dancers, the read starts from them in any plan: their classes are then only checked, compared
  // as text, which no index answers. A prepared statement's generic plan read the registrations of every
  // class listed instead (a page of 50 dancers in 86 classes at 4 x the large studio: 1.7 against 0.7 ms).
  const byClass =
    lists.studentIds === undefined
      ? inJsonList(classRegistrations.classId, lists.classIds)
      : sql`${classRegistrations.classId}::text = any(array(select value from jsonb_array_elements_text(${lists.classIds}::jsonb)))`;
  return and(
    eq(classRegistrations.companyId, companyId),
    byClass,
    lists.studentIds === undefined ? undefined : inJsonList(classRegistrations.studentId, lists.studentIds),
    sql`${classRegistrations.iStatus} > 0 and ${classRegistrations.status} <> -1`,
    lte(classRegistrations.dateI, to),
    gte(classRegistrations.dateF, from),
    // A drop without a date is gone; one with a date is expected until the day before it.
    or(eq(classRegistrations.isDropped, false), sql`${classRegistrations.droppedOn} > ${from}`),
  );
}

/** Who a roster holds and when, without the dancers' names: what counting a meeting's places needs. */
export type RosterSpan = Pick<RosterEntry, 'classId' | 'studentId' | 'dateI' | 'dateF' | 'droppedOn'>;

/**
 * The roster entries of some of the studio's classes during [from, to] as `classRosters` finds them, with
 * only who and when, as a read not yet run (for a `batch`: one JSON value, no row mapped one by one): the
 * make-ups' places and "in this class" read a hundred classes' rosters, and a dancer looked up per
 * registration was most of that read. At least one class.
 */
export function classRosterSpansRead(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  from: DateOnly,
  to: DateOnly,
) {
  return db
    .select({
      classId: classRegistrations.classId,
      studentId: classRegistrations.studentId,
      dateI: classRegistrations.dateI,
      dateF: classRegistrations.dateF,
      droppedOn: sql<DateOnly | null>`case when ${classRegistrations.isDropped} then ${classRegistrations.droppedOn} end`,
    })
    .from(classRegistrations)
    .where(onRoster(companyId, { classIds: JSON.stringify(classIds) }, from, to))
    .limit(ROSTER_BOUND);
}

/**
 * Some of the studio's classes' rosters during [from, to], counted where they can be (decision 143): per
 * class, `steady`, how many entries are expected at every date of [from, to] (`expectedOn` on each: in
 * from its first day to past the last, not dropped before the last), and `spans`, every other entry and
 * every entry of `dancers` (so a dancer's own place can still be looked up), who and when. A meeting in
 * [from, to] then expects `steady` plus its `spans` expected that day, as the whole roster would say: a
 * make-up list reads 120 classes' rosters at a time, of which a few entries start or end in the days it
 * reads. As a read not yet run (for a `batch`); at least one class.
 */
export function classRosterTalliesRead(
  db: Db,
  companyId: string,
  q: { classIds: readonly string[]; dancers: readonly string[]; from: DateOnly; to: DateOnly },
) {
  const r = classRegistrations;
  const covers = sql`${r.dateI} <= ${q.from} and ${r.dateF} >= ${q.to} and (${r.isDropped} = false or ${r.droppedOn} > ${q.to})`;
  const listed = sql`(not (${covers}) or ${inJsonList(r.studentId, JSON.stringify(q.dancers))})`;
  return db
    .select({
      classId: r.classId,
      steady: sql<number>`(count(*) filter (where not ${listed}))::int`,
      spans: sql<[string, DateOnly, DateOnly, DateOnly | null][]>`coalesce(json_agg(json_build_array(
        ${r.studentId}, ${r.dateI}, ${r.dateF}, case when ${r.isDropped} then ${r.droppedOn} end))
        filter (where ${listed}), '[]'::json)`,
    })
    .from(r)
    .where(onRoster(companyId, { classIds: JSON.stringify(q.classIds) }, q.from, q.to))
    .groupBy(r.classId)
    .limit(ROSTER_BOUND);
}

/** `classRosterTalliesRead`'s rows: the steady counts by class, and the other entries as roster spans. */
export function rosterTallies(
  rows: readonly {
    classId: string;
    steady: number;
    spans: [string, DateOnly, DateOnly, DateOnly | null][];
  }[],
) {
  const steady = new Map<string, number>();
  const spans: RosterSpan[] = [];
  for (const row of rows) {
    steady.set(row.classId, Number(row.steady));
    for (const [studentId, dateI, dateF, droppedOn] of row.spans)
      spans.push({ classId: row.classId, studentId, dateI, dateF, droppedOn });
  }
  return { steady, spans };
}
