import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { familyAccounts } from './families';
import { teachers } from './staff';
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
    role: text('role', { enum: ['owner', 'user', 'teacher'] }).notNull(),
    /** A parent's family at this studio (role 'user'); none for an owner. */
    familyId: uuid('family_id').references((): AnyPgColumn => familyAccounts.id, { onDelete: 'set null' }),
    /**
     * Made by the studio's invitation for a person who has not yet proved the address and chosen a
     * password through a mailed link (decision 014): it holds their place in the family at the studio,
     * but signing in does not reach it until then.
     */
    pending: boolean('pending').notNull().default(false),
    /**
     * The teacher record a teacher's membership signs in as (issue 36): set exactly when the role is
     * 'teacher'. Deleting the teacher ends the membership.
     */
    teacherId: uuid('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_company_user_idx').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
    uniqueIndex('memberships_teacher_idx').on(t.teacherId),
    check('memberships_teacher_check', sql`(${t.role} = 'teacher') = (${t.teacherId} is not null)`),
  ],
);
