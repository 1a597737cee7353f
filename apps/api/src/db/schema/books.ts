import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * The studio's own books past the family (issue 34, decision 050): a journal of balanced transactions
 * that are not a family's (a payout from the processor, a bank deposit of cash and checks), written once
 * like the family ledger (triggers, migration 0022). The general ledger is the family ledger's entries
 * (each family account mapped to a book account, modules/books/accounts.ts) plus these lines.
 */

/** `ticket_sale`, `ticket_refund`: a recital's ticket order paid or refunded (issue 38, decision 074). */
export const BOOKS_KINDS = [
  'payout',
  'deposit',
  'returned_deposit',
  'adjustment',
  'ticket_sale',
  'ticket_refund',
] as const;
export type BooksKind = (typeof BOOKS_KINDS)[number];

export const booksTransactions = pgTable(
  'books_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKS_KINDS }).notNull(),
    /** The day it counts from, in the studio's time zone (the same name as the family ledger's). */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** `payout:<settlement id>`, `deposit:<number>` …: posted twice is posted once. */
    idempotencyKey: text('idempotency_key').notNull(),
    reversesId: uuid('reverses_id'),
    /**
     * The processor's transfer this posting records (a ticket sale's DEBIT, its refund's REVERSAL), so a
     * payout's item is matched to it as a family payment is matched by its attempt (decision 074).
     */
    transferId: text('transfer_id'),
    /** What it is, as the bank statement shows it: "Finix payout Dec 2, 2026", "Deposit #12". */
    reason: text('reason').notNull(),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('books_transactions_key_idx').on(t.companyId, t.idempotencyKey),
    uniqueIndex('books_transactions_reverses_idx').on(t.reversesId),
    // A page of the general ledger walks a period's transactions in the books' order (decision 102).
    index('books_transactions_date_idx').on(t.companyId, t.effectiveDate, t.seq),
    uniqueIndex('books_transactions_transfer_idx').on(t.companyId, t.transferId),
  ],
);

/** Book accounts (modules/books/accounts.ts): `bank`, `card_clearing`, `undeposited_funds`, `processor_fees` … A debit is positive. */
export const booksEntries = pgTable(
  'books_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txId: uuid('tx_id')
      .notNull()
      .references(() => booksTransactions.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('books_entries_account_idx').on(t.companyId, t.account),
    index('books_entries_tx_idx').on(t.txId),
    check('books_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/** A bank deposit of cash, checks (and terminal slips): one line on the bank statement. */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per studio: the slip's number. */
    number: integer('number').notNull(),
    depositedOn: date('deposited_on', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    memo: text('memo').notNull().default(''),
    txId: uuid('tx_id')
      .notNull()
      .references(() => booksTransactions.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_deposits_number_idx').on(t.companyId, t.number),
    check('bank_deposits_total_check', sql`${t.total} > 0`),
  ],
);

/** The family payments in a deposit: each payment is deposited once. */
export const bankDepositItems = pgTable(
  'bank_deposit_items',
  {
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => bankDeposits.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The family ledger's payment transaction (ledger_payments.tx_id). */
    paymentTxId: uuid('payment_tx_id').notNull(),
    familyId: uuid('family_id').notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    uniqueIndex('bank_deposit_items_payment_idx').on(t.companyId, t.paymentTxId),
    index('bank_deposit_items_deposit_idx').on(t.depositId),
  ],
);

/** A payout from the processor (a settlement and its funding transfer): one line on the bank statement. */
export const processorPayouts = pgTable(
  'processor_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    merchantId: text('merchant_id').notNull(),
    settlementId: text('settlement_id').notNull(),
    fundingTransferId: text('funding_transfer_id'),
    /** The day the money reaches the bank. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** Sales less refunds and disputes, before fees. */
    gross: integer('gross').notNull(),
    fees: integer('fees').notNull(),
    /** What the bank receives: gross − fees. */
    net: integer('net').notNull(),
    txId: uuid('tx_id').references(() => booksTransactions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('processor_payouts_settlement_idx').on(t.companyId, t.settlementId),
    index('processor_payouts_paid_idx').on(t.companyId, t.paidOn),
    check('processor_payouts_net_check', sql`${t.net} = ${t.gross} - ${t.fees}`),
  ],
);

/** The processor's transfers a payout contains, each with the family payment it was, when we know it. */
export const processorPayoutItems = pgTable(
  'processor_payout_items',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => processorPayouts.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    transferId: text('transfer_id').notNull(),
    /** sale, refund, dispute, fee. */
    kind: text('kind').notNull(),
    /** Signed: a sale positive, a refund or dispute negative. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull().default(0),
    paymentTxId: uuid('payment_tx_id'),
    familyId: uuid('family_id'),
  },
  (t) => [
    uniqueIndex('processor_payout_items_transfer_idx').on(t.companyId, t.transferId),
    index('processor_payout_items_payout_idx').on(t.payoutId),
  ],
);
