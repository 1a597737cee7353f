import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { genres } from '../../db/schema/catalog';
import { waitlistEntries } from '../../db/schema/enrolment';
import { locations, rooms } from '../../db/schema/locations';
import { classes, classGenres, classRequirements } from '../../db/schema/schedule';
import { classTuitions } from '../../db/schema/tuition';

/** Far above any studio's term; the schedule's own bound. */
const TERM_CLASSES_LIMIT = 2000;

/**
 * What the builder adds to the schedule's classes, for every class of a term, in one query: the names
 * of its room and location, whether its price takes discounts, its genres and other requirements.
 */
export function termClassExtras(db: Db, companyId: string, yearTermId: string, classIds?: readonly string[]) {
  return db
    .select({
      id: classes.id,
      location: locations.name,
      room: rooms.name,
      applyDiscount: classTuitions.applyDiscount,
      /** Waitlist offers, which hold a place until taken or ended. */
      offered: sql<number>`(
        select count(*) from ${waitlistEntries}
        where ${waitlistEntries.classId} = ${classes.id} and ${waitlistEntries.status} = 'offered'
      )`.mapWith(Number),
      waiting: sql<number>`(
        select count(*) from ${waitlistEntries}
        where ${waitlistEntries.classId} = ${classes.id} and ${waitlistEntries.status} = 'waiting'
      )`.mapWith(Number),
      genreIDs: sql<string[]>`coalesce((
        select json_agg(${classGenres.genreId} order by ${classGenres.genreId}) from ${classGenres}
        where ${classGenres.classId} = ${classes.id}
      ), '[]'::json)`,
      requirements: sql<
        { genreID: string; genreName: string; levelID: number; isRequired: boolean }[]
      >`coalesce((
        select json_agg(json_build_object(
          'genreID', ${classRequirements.genreId}, 'genreName', ${genres.name},
          'levelID', ${classRequirements.level}, 'isRequired', ${classRequirements.isRequired}
        ) order by ${genres.name}, ${classRequirements.level})
        from ${classRequirements} join ${genres} on ${genres.id} = ${classRequirements.genreId}
        where ${classRequirements.classId} = ${classes.id}
      ), '[]'::json)`,
    })
    .from(classes)
    .innerJoin(rooms, eq(rooms.id, classes.roomId))
    .innerJoin(locations, eq(locations.id, rooms.locationId))
    .innerJoin(classTuitions, eq(classTuitions.id, classes.priceId))
    .where(
      and(
        eq(classes.companyId, companyId),
        eq(classes.yearTermId, yearTermId),
        // A JSON list, one parameter: one statement's text whatever the number of classes.
        classIds
          ? sql`${classes.id} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(classIds)}::jsonb))`
          : undefined,
      ),
    )
    .orderBy(asc(classes.id))
    .limit(TERM_CLASSES_LIMIT);
}
