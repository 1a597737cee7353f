import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Work that must happen once, done by the job runner (jobs/runner.ts, decision 023). A job is queued
 * with the write that needs it; its kind and key are unique, so the same billing day or the same late
 * fee can never be queued twice. A studio's job runs by the studio's clock (its time zone).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs it, e.g. 'mail.deliver'. */
    kind: text('kind').notNull(),
    /** What makes it the same job twice, within its kind: a message's id, a studio and a day. */
    key: text('key').notNull(),
    // A studio's work ends with the studio.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** Not before this instant; after a failed attempt, when the next one is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Attempts begun, counting one whose runner died in it. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** While 'running': how long the runner that claimed it holds it. Past it, the job is due again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The last failure, short, without the payload. */
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_uq').on(t.kind, t.key),
    // What the runner looks for: queued (or running, for an expired lease) and due.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_company_idx').on(t.companyId),
  ],
);
