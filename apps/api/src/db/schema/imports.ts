import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Moving a studio in (issue 35, decision 054). An import batch is one check of the owner's files (the
 * dry run): what the files held, as records, and each row's fate; run once, it writes them in one
 * transaction. Its rows are `import_batch_rows`, a page at a time.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The source's key, lower case ('jackrabbit', 'akada'): links and kept mappings are per source. */
    source: text('source').notNull(),
    /** The source as the owner named it, or the preset's name ("Jackrabbit"). */
    sourceName: text('source_name').notNull(),
    status: text('status', { enum: ['checked', 'importing', 'imported', 'failed', 'replaced'] })
      .notNull()
      .default('checked'),
    /** The studio's day of the check: balances are booked on it, enrolments start on it. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** The files as the check read them (ImportFileSummary[]). */
    files: jsonb('files').$type<unknown[]>().notNull().default([]),
    /** The records the check read (ImportRecords), checked again and written by the run. */
    records: jsonb('records').$type<Record<string, unknown>>().notNull().default({}),
    /** Per kind: new, matched, changed, skipped, refused. */
    totals: jsonb('totals').$type<Record<string, unknown>>().notNull().default({}),
    /** The opening balances' sums, cents. */
    balances: jsonb('balances').$type<Record<string, number>>().notNull().default({}),
    ready: boolean('ready').notNull().default(false),
    failure: text('failure'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [index('import_batches_company_idx').on(t.companyId, t.createdAt)],
);

/** One row's fate in a batch, in file order (`seq`), for the dry run's pages. */
export const importBatchRows = pgTable(
  'import_batch_rows',
  {
    /** The studio's id on every row of studio data (docs/scaling.md: a studio's rows live together). */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    file: text('file').notNull(),
    row: integer('row').notNull(),
    kind: text('kind').notNull(),
    fate: text('fate').notNull(),
    label: text('label').notNull(),
    sentence: text('sentence').notNull(),
  },
  (t) => [
    uniqueIndex('import_batch_rows_seq_idx').on(t.batchId, t.seq),
    index('import_batch_rows_fate_idx').on(t.batchId, t.fate, t.kind, t.seq),
  ],
);

/**
 * What an import wrote, by the record's id in the old system: (studio, source, kind, ref) is unique,
 * so the same file imported again (or two imports at once) finds what the first wrote instead of
 * writing it twice. `data` is the record as last imported (its `hash` to compare fast): a row that
 * changed updates only the fields that changed since. `kind` is an import kind, or 'parent' (the
 * family record's first parent). `invitedAt`: a parent's invitation sent.
 */
export const importLinks = pgTable(
  'import_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    /** The family, family person, student, class… it made or matched. */
    entityId: uuid('entity_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    hash: text('hash').notNull(),
    batchId: uuid('batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_links_ref_idx').on(t.companyId, t.source, t.kind, t.ref),
    index('import_links_entity_idx').on(t.companyId, t.entityId),
    index('import_links_invite_idx')
      .on(t.companyId, t.invitedAt)
      .where(sql`${t.kind} in ('parent', 'contacts')`),
  ],
);

/** The owner's mapping of a source's columns, kept for its next file: header → field key. */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_kind_idx').on(t.companyId, t.source, t.kind)],
);
