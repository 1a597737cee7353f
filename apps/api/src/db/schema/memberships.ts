import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { familyAccounts } from './families';
import { users } from './users';

/** A person's role at one studio: the session's `accts`. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'user'] }).notNull(),
    /** A parent's family at this studio (role 'user'); none for an owner. */
    familyId: uuid('family_id').references((): AnyPgColumn => familyAccounts.id, { onDelete: 'set null' }),
    /**
     * Made by the studio's invitation for a person who has not yet proved the address and chosen a
     * password through a mailed link (decision 014): it holds their place in the family at the studio,
     * but signing in does not reach it until then.
     */
    pending: boolean('pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_company_user_idx').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);
