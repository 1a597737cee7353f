import { type BuilderClass, withFields } from '@pirouette/domain';
import { batchWithJson } from '../../db/batch';
import type { Db } from '../../db/client';
import { type ClassListRow, classesJson, listClasses, presentScheduleClass } from '../schedule';
import type { BuilderClassRow } from './builder.queries';
import { termClassExtras } from './builder.queries';
import { type LockedClass, lockedClassesRead } from './enrolment.queries';

/**
 * Every class of a term as the schedule builder shows it: the schedule's class (with nReg counted by
 * the one rule), its places left, names of its room and location, genres and requirements. Two
 * queries, whatever the number of classes.
 */
export async function loadBuilderClasses(
  db: Db,
  companyId: string,
  yearTermId: string,
  /** Only these classes (a class change reads those it joins and the family's own, decision 078). */
  classIds?: readonly string[],
): Promise<BuilderClass[]> {
  // One after the other: inside a transaction there is one connection, and it takes one query at a time.
  const rows = await listClasses(db, companyId, { yearTermId, classIds });
  return builderClassesOf(rows, await termClassExtras(db, companyId, yearTermId, classIds));
}

/**
 * What a class change reads of classes, after the family's reads and the classes' lock, in one round
 * trip (decision 084): the classes gaining a dancer (`gaining`) with their places taken, counted under
 * the lock, and the classes joined and the family's own (`concerned`) as the builder shows them, for the
 * eligibility checks.
 */
export async function loadChangeClasses(
  db: Db,
  companyId: string,
  yearTermId: string,
  classIds: { gaining: readonly string[]; concerned: readonly string[] },
): Promise<{ locked: LockedClass[]; builderClasses: BuilderClass[] }> {
  const { reads, json } = await batchWithJson(
    db,
    {
      locked: lockedClassesRead(db, companyId, yearTermId, classIds.gaining),
      extras: termClassExtras(db, companyId, yearTermId, classIds.concerned),
    },
    { classes: classesJson(companyId, yearTermId, classIds.concerned) },
  );
  return {
    locked: reads.locked,
    builderClasses: builderClassesOf(json.classes as ClassListRow[], reads.extras),
  };
}

type Extras = Awaited<ReturnType<typeof termClassExtras>>[number];

/** The builder's classes out of a term's classes and their extras (termClassExtras' rows). */
export function builderClassesOf(rows: ClassListRow[], extras: Extras[]): BuilderClass[] {
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  return rows.map((row) => {
    const extra = extraOf.get(row.id);
    return presentBuilderClass(
      withFields(row, {
        offered: extra?.offered ?? 0,
        waiting: extra?.waiting ?? 0,
        genreIDs: extra?.genreIDs ?? [],
        requirements: extra?.requirements ?? [],
        applyDiscount: extra?.applyDiscount ?? true,
        location: extra?.location ?? '',
        room: extra?.room ?? '',
      }),
    );
  });
}

/**
 * A class as the builder shows it, from one row of the builder's own reads (builder.queries.ts). The
 * builder's fields are assigned onto the schedule's fresh object: in an object literal, each field
 * written after a spread is a slow definition on Node 20 (about 2 µs; 0.4 ms a week of 48 classes,
 * decision 091).
 */
export function presentBuilderClass(row: BuilderClassRow): BuilderClass {
  const placesLeft = Math.max(0, row.nMax - row.nReg - row.offered);
  return Object.assign(presentScheduleClass(row), {
    isFull: placesLeft === 0,
    placesLeft,
    waiting: row.waiting,
    genreIDs: row.genreIDs,
    requirements: row.requirements,
    applyDiscount: row.applyDiscount,
    location: row.location,
    room: row.room,
  });
}
