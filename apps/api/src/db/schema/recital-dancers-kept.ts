import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { students } from './families';
import { recitals } from './recitals';

/**
 * The recital's dancers as the database keeps them, in the dancer sheet's order (issue 39 point 3,
 * decision 112): a row for each dancer of a recital with how many of their activities at the recital
 * (decision 107's `at_recital`) are in numbers placed in its shows, and the names the sheet sorts by (the
 * family's last name, the dancer's first) and shows. A dancer with `placements > 0` dances in the
 * recital. Written only by migration 0046's triggers: the activities' and the placements' (the count),
 * the dancers' and the families' (the names). A row whose count falls to 0 stays, out of the page's
 * index, and counts again when the dancer is placed again.
 */
export const recitalDancers = pgTable(
  'recital_dancers',
  {
    companyId: uuid('company_id').notNull(),
    recitalId: uuid('recital_id')
      .notNull()
      .references(() => recitals.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** The family's last name, as the sheet sorts and shows it. */
    familyName: text('family_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The dancer's activities at the recital in numbers placed in its shows. */
    placements: integer('placements').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recitalId, t.studentId] }),
    // The sheet's order (decision 111: ICU's root collation, as people read names), its dancers only;
    // the studio last, so that the count reads the index alone.
    index('recital_dancers_page_idx')
      .on(
        t.recitalId,
        sql`${t.familyName} collate "und-x-icu"`,
        sql`${t.firstName} collate "und-x-icu"`,
        t.studentId,
        t.companyId,
      )
      .where(sql`${t.placements} > 0`),
    index('recital_dancers_student_idx').on(t.studentId),
    index('recital_dancers_family_idx').on(t.familyId),
  ],
);
