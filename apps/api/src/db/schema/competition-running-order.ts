import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { competitionEntries, competitionEvents } from './competitions';
import { privateLessons } from './privates';
import { danceNumbers } from './schedule';

/**
 * An event's running order (issue 19 point 4, decision 033): a place per performance — one registered
 * dance number or private lesson on one entry — as the owner set it. A performance not placed here (its
 * dancers registered after the order was saved) comes after the placed ones; a row whose performance
 * has no dancers left is passed over.
 */
export const competitionRunningOrder = pgTable(
  'competition_running_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => competitionEvents.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => competitionEntries.id, { onDelete: 'cascade' }),
    danceNumberId: uuid('dance_number_id').references(() => danceNumbers.id, { onDelete: 'cascade' }),
    privateId: uuid('private_id').references(() => privateLessons.id, { onDelete: 'cascade' }),
    /** 0 the first to dance. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competition_running_order_place_idx').on(t.eventId, t.position),
    uniqueIndex('competition_running_order_number_idx').on(t.entryId, t.danceNumberId),
    uniqueIndex('competition_running_order_private_idx').on(t.entryId, t.privateId),
    check(
      'competition_running_order_target_check',
      sql`(${t.danceNumberId} is null) <> (${t.privateId} is null)`,
    ),
    check('competition_running_order_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * The studio's competition settings (decision 033): a row once the owner changes one. The quick-change
 * gap is how many places apart a dancer's two performances must be (3 unless set, `DEFAULT_QUICK_CHANGE_GAP`).
 */
export const competitionSettings = pgTable(
  'competition_settings',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    quickChangeGap: smallint('quick_change_gap').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('competition_settings_gap_check', sql`${t.quickChangeGap} between 1 and 20`)],
);
