import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { familyAccounts } from './families';
import { users } from './users';

/**
 * A family's calendar feed (issue 19 point 5, decision 035): the secret token of its address, one live
 * per family. A new address replaces the row's token (the old address stops at once); turning the feed
 * off deletes the row. The token is kept as it is, not hashed, so the parent can read the address again
 * (decision 035 says why); it goes with the family and the studio.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    /** 256 random bits, base64url (43 characters). */
    token: text('token').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_family_idx').on(t.familyId),
    uniqueIndex('calendar_feeds_token_idx').on(t.token),
    index('calendar_feeds_company_idx').on(t.companyId),
  ],
);
