import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * One-time codes and link tokens: the registration code, the e-mail verification link, the password
 * reset link and a studio's invitation to choose a password. Only a hash of the secret is stored;
 * `usedAt` makes each one single use.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', {
      // family_added: a place a studio gave someone who can sign in, opened at their next sign-in.
      // teacher_invitation: a studio's teacher asked to choose a password (issue 36).
      enum: [
        'registration_code',
        'email_verify',
        'password_reset',
        'invitation',
        'family_added',
        'teacher_invitation',
      ],
    }).notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The studio that sent an invitation: its resend retires its own earlier link, no other studio's. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // A registration code, once checked, is proof of the address for a while; registering uses it up.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_tokens_secret_idx').on(t.purpose, t.secretHash),
    index('one_time_tokens_email_idx').on(t.purpose, t.email),
  ],
);

/** Fixed-window counters of attempts, kept in the database so every instance sees the same count. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Who did what, when. Never holds a password, token, code or card detail. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    // A family's log: its entries, newest first.
    index('audit_log_target_idx').on(t.companyId, t.targetType, t.targetId, t.createdAt),
  ],
);

/** Settings of the installation itself (e.g. the generated cookie secret), not of a studio. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
