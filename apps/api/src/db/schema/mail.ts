import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * The mail outbox. A message is written here inside the transaction that caused it, and the delivery
 * job sends it, retrying with back-off until it is delivered or has failed too often.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Orders messages written in one transaction, which share their created_at.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    /**
     * What the message is about, for a message that must leave once (issue 31 point 11), e.g.
     * `bill:<charge>`: written a second time (a billing day run again, a job run twice) it is not.
     */
    key: text('key'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_seq_idx').on(t.seq),
    uniqueIndex('mail_outbox_key_idx').on(t.key),
  ],
);
