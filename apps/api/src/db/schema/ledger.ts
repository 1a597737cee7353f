import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import type { MoneyLine } from './enrolment';

/**
 * The family ledger (issue 16, decision 027): balanced transactions of immutable entries. Every table
 * here is written once: a trigger refuses UPDATE and DELETE (migration 0011), and a deferred constraint
 * trigger refuses a transaction whose entries do not sum to zero. A correction is a new transaction that
 * reverses another (`reverses_id`, at most one reversal each).
 *
 * `family_id` is not a foreign key: a family's books outlive the family (a family may be deleted only
 * with a zero balance; its entries stay, as the audit log does). `created_by` is not one either, for the
 * same reason: the person's name is kept with the row.
 */

export const LEDGER_KINDS = [
  'charge',
  'payment',
  'credit_applied',
  'reversal',
  'refund',
  'bounce',
  /** A card payment the cardholder disputed: the processor took the money back (decision 028). */
  'dispute',
  /**
   * A bank debit the processor settled (decision 067): its money moved from bank debits in transit to the
   * processor's clearing; the family's balance does not move (kept out of the family's history).
   */
  'cleared',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * A spec "transaction" (001 §3): the family's bill, which charges join and payments settle. Open while
 * it has something to pay; a charge posted when the family's latest bill is settled opens a new one.
 */
export const ledgerInvoices = pgTable(
  'ledger_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** 1, 2, 3 … per family. */
    number: integer('number').notNull(),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_invoices_family_number_idx').on(t.companyId, t.familyId, t.number)],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Posting order, also within one database transaction (where `created_at` is the same). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    invoiceId: uuid('invoice_id').references(() => ledgerInvoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** The day it counts from, in the studio's time zone. */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /**
     * What makes it the same posting twice: `plan:<family term>:<slot>:r<revision>`, `late:<charge>`,
     * `fee:<family term>`, `payment:<request id>` … A second posting with the key is refused by the
     * unique index, so a job or a request run twice posts once.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The transaction this one reverses (an item removed, a late fee waived, a check bounced). */
    reversesId: uuid('reverses_id'),
    /** Why, in the studio's words: "Jazz 1 (Emma) dropped from Jan 15, 2027", "Check #1042 returned". */
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    /** Who, by name, as it stays after the person's account is gone; "Billing" for the jobs. */
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_idx').on(t.companyId, t.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_idx').on(t.reversesId),
    // The studio's reversals alone (decision 088): a studio-wide read's "taken back?" reads the few
    // reversals of its own studio, never every transaction of every studio.
    index('ledger_transactions_studio_reversals_idx')
      .on(t.companyId, t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    index('ledger_transactions_family_idx').on(t.companyId, t.familyId, t.seq),
    index('ledger_transactions_invoice_idx').on(t.invoiceId),
    // A page of the general ledger walks a period's transactions in the books' order (decision 102).
    index('ledger_transactions_date_idx').on(t.companyId, t.effectiveDate, t.seq),
  ],
);

/**
 * Accounts: `receivable` (what the family owes), `credit` (what the studio holds for the family),
 * `revenue:<category>`, `refunds` (money given back, against revenue), and where money arrives or leaves
 * (`cash`, `check`, `terminal`, `card`). A debit is positive.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txId: uuid('tx_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('ledger_entries_family_account_idx').on(t.companyId, t.familyId, t.account),
    index('ledger_entries_tx_idx').on(t.txId),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * A charge (a spec transaction item): what was charged, for what, due when, and its working. `total`
 * is negative for a credit (a drop's adjustment, a discount the owner grants). `due_key` names the due
 * item a plan charge belongs to, across revisions (`<family term>:plan:<option>`,
 * `<family term>:adj:<n>`, `<family term>:fee`), for "posted so far" and the late fee.
 */
export const ledgerCharges = pgTable(
  'ledger_charges',
  {
    txId: uuid('tx_id')
      .primaryKey()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => ledgerInvoices.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** The spec's typeID. */
    typeId: text('type_id').notNull(),
    item: text('item').notNull(),
    amount: integer('amount').notNull(),
    quantity: integer('quantity').notNull(),
    total: integer('total').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    dueKey: text('due_key'),
    familyTermId: uuid('family_term_id'),
    revision: integer('revision'),
    /** The working: add up to `total`. */
    lines: jsonb('lines').$type<MoneyLine[]>().notNull(),
  },
  (t) => [
    index('ledger_charges_family_idx').on(t.companyId, t.familyId, t.dueDate),
    index('ledger_charges_due_key_idx').on(t.companyId, t.dueKey),
    // A family term's charges (its tuition's due items), found without reading the studio's (decision 088).
    index('ledger_charges_family_term_idx').on(t.companyId, t.familyTermId),
    index('ledger_charges_invoice_idx').on(t.invoiceId),
    // A studio's charges of one category other than tuition (its costumes' deposits and balances), found
    // without reading every studio's charges (issue 39 point 3). Tuition, most of the charges, is read by
    // its family term or due key, which this index would only compete with.
    index('ledger_charges_category_idx').on(t.companyId, t.category).where(sql`${t.category} <> 'tuition'`),
    check('ledger_charges_total_check', sql`${t.total} = ${t.amount} * ${t.quantity} and ${t.total} <> 0`),
  ],
);

/** `bank`: a bank debit (decision 067), in `bank_debits` until it clears. */
export const PAYMENT_METHODS = ['cash', 'check', 'terminal', 'card', 'credit', 'bank'] as const;

/** A payment received (or credit applied: method `credit`, the spec's type CREDIT). */
export const ledgerPayments = pgTable(
  'ledger_payments',
  {
    txId: uuid('tx_id')
      .primaryKey()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    invoiceId: uuid('invoice_id').references(() => ledgerInvoices.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** A check's number, a terminal's receipt, a processor's transfer id. */
    reference: text('reference').notNull().default(''),
    total: integer('total').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('ledger_payments_family_idx').on(t.companyId, t.familyId, t.receivedOn),
    index('ledger_payments_date_idx').on(t.companyId, t.receivedOn),
    check('ledger_payments_total_check', sql`${t.total} > 0`),
  ],
);

/**
 * Money of a payment (or of credit) put against a charge; a negative row takes it back (a check
 * bounced, an item removed after it was paid). What a charge has been paid is the sum of its rows.
 */
export const ledgerAllocations = pgTable(
  'ledger_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The ledger transaction that made this allocation. */
    txId: uuid('tx_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    chargeTxId: uuid('charge_tx_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    /** The payment whose money it is (a payment or a credit application). */
    paymentTxId: uuid('payment_tx_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('ledger_allocations_family_idx').on(t.companyId, t.familyId),
    index('ledger_allocations_charge_idx').on(t.chargeTxId),
    index('ledger_allocations_payment_idx').on(t.paymentTxId),
    check('ledger_allocations_amount_check', sql`${t.amount} <> 0`),
  ],
);

export const REFUND_DESTINATIONS = ['cash', 'check', 'terminal', 'card', 'credit'] as const;

/** Money given back from a payment, for one of the charges it paid (or from the family's credit). */
export const ledgerRefunds = pgTable(
  'ledger_refunds',
  {
    txId: uuid('tx_id')
      .primaryKey()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    paymentTxId: uuid('payment_tx_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    /** The charge refunded; null for a refund of the family's credit. */
    chargeTxId: uuid('charge_tx_id').references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    index('ledger_refunds_payment_idx').on(t.paymentTxId),
    index('ledger_refunds_charge_idx').on(t.chargeTxId),
    // A family's refunds (its book), not every studio's (issue 39 point 3).
    index('ledger_refunds_family_idx').on(t.companyId, t.familyId),
    check('ledger_refunds_total_check', sql`${t.total} > 0`),
  ],
);

/**
 * The books' closed months (issue 34, decision 050): one row per studio, the last day of the last closed
 * month. Nothing is posted dated on or before it, in the family ledger or the studio's journal (a trigger
 * refuses it, migration 0022; posting reads it under FOR SHARE, so a close waits for postings under way).
 * Closing moves it forward to a month's end; reopening moves it back. Each act is logged.
 */
export const ledgerPeriods = pgTable('ledger_periods', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  closedThrough: date('closed_through', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PERIOD_ACTS = ['close', 'reopen'] as const;

/** Who closed or reopened which month, when, and why (a reopening always says why). */
export const ledgerPeriodActs = pgTable(
  'ledger_period_acts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    act: text('act', { enum: PERIOD_ACTS }).notNull(),
    /** The month closed or reopened, `YYYY-MM`. */
    month: text('month').notNull(),
    /** The closed-through day after the act (null: nothing closed). */
    closedThrough: date('closed_through', { mode: 'string' }),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_period_acts_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Each family's balances kept beside its entries (issue 39 point 3, decision 102): the sum of its
 * `receivable` entries (what it owes) and of its `credit` entries negated (what the studio holds for it),
 * written only by the ledger's trigger (migration 0039) as each statement of entries is inserted. A
 * family's postings hold its lock (post.ts), so its row is never waited on by another family's. The
 * studio's overview reads what families owe, how many owe and the families owing most from these rows.
 */
export const ledgerFamilyBalances = pgTable(
  'ledger_family_balances',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    receivable: bigint('receivable', { mode: 'number' }).notNull(),
    credit: bigint('credit', { mode: 'number' }).notNull(),
    /**
     * The family's name as the families owing most are ordered among equal balances (`lower(last_name)`),
     * kept by the same trigger as the row is made and by the families' own when the name changes
     * (migration 0041, decision 103).
     */
    sortName: text('sort_name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.familyId] }),
    // The families owing, most first, then by name: the overview's few read without the others, however
    // many families owe the same (decision 103).
    index('ledger_family_balances_owing_idx')
      .on(t.companyId, t.receivable.desc(), t.sortName, t.familyId)
      .where(sql`${t.receivable} > 0`),
  ],
);

/**
 * Each charge with something left to pay, and how much (issue 39 point 3, decision 103): what the kept
 * open sums below last counted for it. Written only by the ledger's triggers (migration 0040): each
 * statement that inserts charges, allocations or reversals recounts the charges it touched by
 * `ledger_charge_open` (the one rule paid.ts reads with), adds the change to `ledger_open_sums` and keeps
 * the new amount here; a charge with nothing open has no row. Recounting against the last count, the
 * sums come out right whatever the order of a transaction's statements, or several tables in one.
 */
export const ledgerOpenCharges = pgTable(
  'ledger_open_charges',
  {
    chargeTxId: uuid('charge_tx_id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    category: text('category').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** What is left to pay of it (above zero). */
    open: integer('open').notNull(),
  },
  // A family's open charges by due date: the families owing most's oldest due, one probe each.
  (t) => [index('ledger_open_charges_family_idx').on(t.companyId, t.familyId, t.dueDate)],
);

/**
 * What is open on the studio's charges, summed by category and due date (issue 39 point 3, decision 103):
 * the overview's aging reads these rows, a few per due date, instead of every open charge of the studio.
 * Written only by the ledger's triggers (migration 0040), with `ledger_open_charges`: each statement adds,
 * per category and due date it touched, the change in what is open and in how many charges have something
 * open. Rows are only inserted, so no two families' postings wait on one row; the minute's look
 * (`compactDaySums`, db/journal-sums.ts) replaces a due date's fresh rows by one.
 */
export const ledgerOpenSums = pgTable(
  'ledger_open_sums',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The change in what is open on the charges of the category due that day (the sum of rows: what is open). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The change in how many of those charges have something open. */
    charges: integer('charges').notNull(),
    /** False for a row a posting wrote, true for one the compaction wrote. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('ledger_open_sums_due_idx').on(t.companyId, t.category, t.dueDate),
    // The rows the compaction has still to look at: few, whatever the books' size.
    index('ledger_open_sums_fresh_idx').on(t.companyId, t.category, t.dueDate).where(sql`not ${t.compacted}`),
  ],
);

/**
 * The studio's takings by day and method (issue 39 point 3): the overview's takings of today and of the
 * month read these rows, a few per day, instead of every payment of the month. Written only by the
 * ledger's triggers (migration 0047, decision 115): a statement that inserts payments adds, per day received and
 * method, their total and how many; one that inserts reversals of payments takes those off again (a
 * reversed payment is not a taking). Rows are only inserted, so no two families' payments wait on one
 * row; the minute's look (`compactDaySums`, db/journal-sums.ts) replaces a day's fresh rows by one.
 */
export const ledgerTakings = pgTable(
  'ledger_takings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The payments' `received_on`. */
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The change in what the payments of the day and method total, in cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The change in how many payments of the day and method stand (not reversed). */
    payments: integer('payments').notNull(),
    /** False for a row a posting wrote, true for one the compaction wrote. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('ledger_takings_day_idx').on(t.companyId, t.day, t.method),
    // The rows the compaction has still to look at: few, whatever the books' size.
    index('ledger_takings_fresh_idx').on(t.companyId, t.day, t.method).where(sql`not ${t.compacted}`),
  ],
);

/**
 * The studio's balances, kept (issue 39 point 3, decision 103): what its families owe in all, the credit
 * it holds for them, and how many families owe, as insert-only changes. The ledger's trigger writes a
 * row per studio with each statement of entries, beside the families' own rows (`ledger_family_balances`,
 * whose change it sums: a family that comes to owe counts 1, one that stops owing -1); the minute's look
 * (`compactDaySums`) folds a studio's rows into one. The overview's figures are the sum of its rows.
 */
export const ledgerStudioBalances = pgTable(
  'ledger_studio_balances',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    receivable: bigint('receivable', { mode: 'number' }).notNull(),
    credit: bigint('credit', { mode: 'number' }).notNull(),
    owing: integer('owing').notNull(),
    /** False for a row a posting wrote, true for one the compaction wrote. */
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('ledger_studio_balances_company_idx').on(t.companyId),
    index('ledger_studio_balances_fresh_idx').on(t.companyId).where(sql`not ${t.compacted}`),
  ],
);
