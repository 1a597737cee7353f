import type { BuilderClass } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { type ClassListRow, listClasses, presentScheduleClass } from '../schedule';
import { termClassExtras } from './builder.queries';

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

/** The builder's classes out of a term's classes and their extras (termClassExtras' rows). */
export function builderClassesOf(
  rows: ClassListRow[],
  extras: Awaited<ReturnType<typeof termClassExtras>>,
): BuilderClass[] {
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  return rows.map((row) => {
    const extra = extraOf.get(row.id);
    const placesLeft = Math.max(0, row.nMax - row.nReg - (extra?.offered ?? 0));
    return {
      ...presentScheduleClass(row),
      isFull: placesLeft === 0,
      placesLeft,
      waiting: extra?.waiting ?? 0,
      genreIDs: extra?.genreIDs ?? [],
      requirements: extra?.requirements ?? [],
      applyDiscount: extra?.applyDiscount ?? true,
      location: extra?.location ?? '',
      room: extra?.room ?? '',
    };
  });
}
