import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { competitionEntries } from './competitions';
import { familyAccounts, students } from './families';
import { privateLessons } from './privates';
import { danceNumbers } from './schedule';

/**
 * Competition registrations (issue 19 points 2–3, decision 032): a line a dancer on an entry of an
 * event, with a dance number (`cls` class, `add` add-on) or a private lesson (`prv`), the price the
 * family is charged and what the studio pays the competition, copied from the entry when registered (a
 * later price change of the entry does not change a registration). The family's fee is a ledger charge
 * keyed `competition-fee:<id>`; whether it is paid is the ledger's to say, never a column here.
 */
export const competitionRegistrations = pgTable(
  'competition_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => competitionEntries.id, { onDelete: 'cascade' }),
    /** 002 §3: `cls` a class's dance number, `prv` a private lesson, `add` an add-on of a dance number. */
    type: text('type').notNull(),
    danceNumberId: uuid('dance_number_id').references(() => danceNumbers.id, { onDelete: 'cascade' }),
    privateId: uuid('private_id').references(() => privateLessons.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    /** The entry's customer price when registered (cents): the family's fee. */
    price: integer('price').notNull(),
    /** The entry's studio price when registered (cents): what the studio owes the competition. */
    priceStudio: integer('price_studio').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('competition_registrations_number_idx').on(t.entryId, t.danceNumberId, t.studentId),
    uniqueIndex('competition_registrations_private_idx').on(t.entryId, t.privateId, t.studentId),
    index('competition_registrations_company_idx').on(t.companyId, t.entryId),
    index('competition_registrations_student_idx').on(t.companyId, t.studentId),
    index('competition_registrations_family_idx').on(t.familyId),
    check('competition_registrations_type_check', sql`${t.type} in ('cls', 'prv', 'add')`),
    check(
      'competition_registrations_target_check',
      sql`case when ${t.type} = 'prv' then ${t.privateId} is not null and ${t.danceNumberId} is null
        else ${t.danceNumberId} is not null and ${t.privateId} is null end`,
    ),
    check('competition_registrations_price_check', sql`${t.price} >= 0 and ${t.priceStudio} >= 0`),
  ],
);
