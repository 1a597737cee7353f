import { sql } from 'drizzle-orm';
import {
  check,
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
import { familyAccounts } from './families';

/**
 * Card payments (issue 17, decision 028): the family's buyer and card at the processor, each attempt to
 * move card money (written before the processor is called; its id is the idempotency id), auto-pay
 * consent and runs, the processor's webhook events and disputes. The money itself is in the ledger; these
 * say what was asked of the processor and what it answered.
 */

/** The family's buyer identity at the processor (one per provider). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    buyerId: text('buyer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_customers_family_idx').on(t.companyId, t.familyId, t.provider)],
);

/** A method on file is a card or a bank account (issue 37, decision 066). */
export const METHOD_KINDS = ['card', 'bank'] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];
/** The family's first method, and the one charged when the first fails hard (with its own consent). */
export const METHOD_RANKS = ['primary', 'backup'] as const;
export type MethodRank = (typeof METHOD_RANKS)[number];

/**
 * A family's method on file (the table keeps its first name, from when it held cards only): a card or a
 * bank account, as the processor describes it, never its number. One live method a family and rank
 * (`primary`, `backup`). A bank account carries the authorization the parent gave for debits (Nacha: its
 * words, version and time); a backup carries the family's consent to be charged when the first fails.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: METHOD_KINDS }).notNull().default('card'),
    rank: text('rank', { enum: METHOD_RANKS }).notNull().default('primary'),
    instrumentId: text('instrument_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    /** A card's network ("Visa"); a bank account's bank ("Chase Bank"), or "Bank account". */
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** A card's expiry; none for a bank account. */
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    /** A card's type as the processor reads it (CREDIT, DEBIT, PREPAID, UNKNOWN): only CREDIT is surcharged. */
    cardType: text('card_type'),
    /** A bank account's type: CHECKING or SAVINGS. */
    accountType: text('account_type'),
    name: text('name'),
    fingerprint: text('fingerprint'),
    addedBy: uuid('added_by'),
    addedByName: text('added_by_name').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByName: text('removed_by_name'),
    /** The expiry month (`YYYY-MM`) the family was told about, so it is told once. */
    expiryNoticeFor: text('expiry_notice_for'),
    /** A bank account's debit authorization (Nacha), as the parent accepted it: words, version, when, who. */
    mandateText: text('mandate_text'),
    mandateVersion: text('mandate_version'),
    mandateAt: timestamp('mandate_at', { withTimezone: true }),
    /** A backup's consent to be charged when the first method fails hard: words, version, when. */
    backupConsentText: text('backup_consent_text'),
    backupConsentVersion: text('backup_consent_version'),
    backupConsentAt: timestamp('backup_consent_at', { withTimezone: true }),
    /** Set when the method can no longer be charged (a hard decline, a closed or unauthorized account). */
    unusableAt: timestamp('unusable_at', { withTimezone: true }),
    unusableCode: text('unusable_code'),
    /** The account updater's last word on a card (CARD_EXPIRATION_UPDATED, NO_CHANGE_FOUND, …), and when. */
    updaterResult: text('updater_result'),
    updaterCheckedAt: timestamp('updater_checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_methods_live_idx')
      .on(t.companyId, t.familyId, t.rank)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('payment_cards_instrument_idx').on(t.provider, t.instrumentId),
    check(
      'payment_cards_exp_check',
      sql`${t.kind} = 'bank' or (${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2200)`,
    ),
    check('payment_cards_mandate_check', sql`${t.kind} = 'card' or ${t.mandateAt} is not null`),
    check('payment_cards_backup_check', sql`${t.rank} = 'primary' or ${t.backupConsentAt} is not null`),
  ],
);

export const ATTEMPT_KINDS = ['sale', 'refund'] as const;
/** `represent`: a returned bank debit presented again (issue 37, decision 066). */
export const ATTEMPT_ORIGINS = ['checkout', 'autopay', 'owner', 'refund', 'represent'] as const;
/**
 * created: written, the processor not called yet or its answer not heard; unknown: the call's outcome is
 * not known (a timeout, a 5xx, the server stopped): the reconciler looks it up; pending: the processor
 * answered PENDING; succeeded / failed: final. A state only moves forward.
 */
export const ATTEMPT_STATES = ['created', 'unknown', 'pending', 'succeeded', 'failed'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];
/**
 * The card a sale takes (issue 31 item 2, decision 038): the card on file; or a card typed at checkout,
 * used for this sale only (`once`), or to become the card on file once the sale succeeded (`save`).
 */
export const CARD_USES = ['on_file', 'once', 'save'] as const;
export type CardUse = (typeof CARD_USES)[number];

/**
 * One attempt to move card money, written (and committed) before the processor is called. Its id is the
 * idempotency id the processor gets, so a retry of the same attempt is the same call, and the reconciler
 * finds what became of it. `family_id` is not a foreign key: like the ledger, it outlives the family.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ATTEMPT_KINDS }).notNull(),
    origin: text('origin', { enum: ATTEMPT_ORIGINS }).notNull(),
    /** The request that asked for it (a checkout's requestId): the same request, the same attempt. */
    requestKey: text('request_key'),
    /** The bill it pays and the items picked (none: the oldest open first). */
    invoiceId: uuid('invoice_id'),
    picked: jsonb('picked').$type<string[]>().notNull().default([]),
    amount: integer('amount').notNull(),
    cardId: uuid('card_id'),
    cardUse: text('card_use', { enum: CARD_USES }).notNull().default('on_file'),
    instrumentId: text('instrument_id').notNull(),
    /**
     * What is charged (decision 066): a card (settles at once) or a bank account (a debit pending for
     * days, booked when the processor takes it, reversed if it is returned).
     */
    method: text('method', { enum: METHOD_KINDS }).notNull().default('card'),
    /**
     * The card surcharge included in `amount` (a credit card only, decision 066): the studio's income,
     * booked as its own paid charge with the payment.
     */
    surcharge: integer('surcharge').notNull().default(0),
    /** A re-presented debit's first debit, and which presentment this one is (1 the first, at most 3). */
    firstAttemptId: uuid('first_attempt_id'),
    presentment: integer('presentment').notNull().default(1),
    /**
     * The studio's merchant the sale was made for (decision 049), recorded before the processor is called;
     * a refund's is its sale's. Null only on attempts made before merchants were per studio.
     */
    merchantId: text('merchant_id'),
    /** A refund's sale. */
    parentId: uuid('parent_id'),
    /** A refund of one item the sale paid. */
    chargeId: uuid('charge_id'),
    /** Why (a refund's reason, kept for the ledger's entry when the processor confirms). */
    note: text('note').notNull().default(''),
    state: text('state', { enum: ATTEMPT_STATES }).notNull().default('created'),
    transferId: text('transfer_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** What the ledger booked for it: a sale's card payment, a refund's refund. */
    ledgerTxId: uuid('ledger_tx_id'),
    /** Lookups by the reconciler so far. */
    lookups: integer('lookups').notNull().default(0),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_attempts_family_idx').on(t.companyId, t.familyId, t.createdAt),
    // The attempt that booked a ledger payment (its surcharge, its auto-pay run, its refunds), found by the
    // payment, not among every studio's attempts (issue 39 point 3).
    index('payment_attempts_ledger_tx_idx')
      .on(t.companyId, t.ledgerTxId)
      .where(sql`${t.ledgerTxId} is not null`),
    uniqueIndex('payment_attempts_request_idx').on(t.companyId, t.kind, t.requestKey),
    uniqueIndex('payment_attempts_transfer_idx').on(t.provider, t.transferId),
    // At most one sale in flight a family: two tabs, a double click and auto-pay never charge at once.
    // A bank debit booked while pending (for days) does not hold the family's other payments back.
    uniqueIndex('payment_attempts_in_flight_idx')
      .on(t.companyId, t.familyId)
      .where(
        sql`${t.kind} = 'sale' and (${t.state} in ('created', 'unknown') or (${t.state} = 'pending' and ${t.method} = 'card'))`,
      ),
    // A returned debit is presented again at most once per presentment number.
    uniqueIndex('payment_attempts_presentment_idx')
      .on(t.firstAttemptId, t.presentment)
      .where(sql`${t.firstAttemptId} is not null`),
    index('payment_attempts_unsettled_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} in ('created', 'unknown', 'pending')`),
    check('payment_attempts_amount_check', sql`${t.amount} > 0 and ${t.amount} <= 10000000`),
    check(
      'payment_attempts_surcharge_check',
      sql`${t.surcharge} >= 0 and ${t.surcharge} < ${t.amount} and (${t.surcharge} = 0 or ${t.method} = 'card')`,
    ),
    check('payment_attempts_presentment_check', sql`${t.presentment} between 1 and 3`),
  ],
);

/**
 * A family's consent to be charged automatically on its due dates: who, when, the terms' version and
 * text as shown. Withdrawn by the family; paused by the owner. One live consent a family.
 */
export const autopayConsents = pgTable(
  'autopay_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    consentedBy: uuid('consented_by'),
    consentedByName: text('consented_by_name').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    termsVersion: text('terms_version').notNull(),
    termsText: text('terms_text').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnByName: text('withdrawn_by_name'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedByName: text('paused_by_name'),
  },
  (t) => [
    uniqueIndex('autopay_consents_live_idx').on(t.companyId, t.familyId).where(sql`${t.withdrawnAt} is null`),
  ],
);

export const AUTOPAY_TRIGGERS = ['scheduled', 'retry', 'new_method', 'backup', 'studio'] as const;
export type AutopayTrigger = (typeof AUTOPAY_TRIGGERS)[number];

/**
 * One automatic charge of a family for a due date, and its retries (try 1 on the day, 2 three days
 * later, 3 seven days later): unique by family, day and try, so a job run twice charges once.
 */
export const autopayRuns = pgTable(
  'autopay_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** The due date the run is for. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    tryNo: integer('try_no').notNull(),
    ranOn: date('ran_on', { mode: 'string' }).notNull(),
    /** The balance charged (the balance on the day), or null when nothing was charged. */
    amount: integer('amount'),
    /** charged, declined, unknown, skipped (nothing due, no card, paused, withdrawn). */
    result: text('result').notNull(),
    reason: text('reason').notNull().default(''),
    attemptId: uuid('attempt_id'),
    /**
     * What started the try (decision 066): the billing day (`scheduled`), a soft decline's `retry`, a
     * method saved (`new_method`), the backup after a hard decline (`backup`), the studio (`studio`).
     */
    trigger: text('trigger', { enum: AUTOPAY_TRIGGERS }).notNull().default('scheduled'),
    /** The method on file charged (payment_cards.id). */
    methodId: uuid('method_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autopay_runs_try_idx').on(t.companyId, t.familyId, t.dueOn, t.tryNo),
    index('autopay_runs_company_idx').on(t.companyId, t.ranOn),
  ],
);

/** Webhook events from the processor, stored once by their id, applied after re-reading the resource. */
export const processorEvents = pgTable(
  'processor_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    resourceId: text('resource_id'),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    result: text('result'),
  },
  (t) => [uniqueIndex('processor_events_pk').on(t.provider, t.eventId)],
);

/** A dispute of a card payment, as the processor last described it, and what the ledger booked for it. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    provider: text('provider').notNull(),
    disputeId: text('dispute_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    transferId: text('transfer_id').notNull(),
    state: text('state').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    ledgerTxId: uuid('ledger_tx_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_disputes_dispute_idx').on(t.provider, t.disputeId)],
);

/**
 * The sandbox processor's own records (src/sandbox/finix/): what Finix would hold on its side, kept in our
 * database only because the sandbox runs in our process. Written outside our transactions, as a remote
 * processor's are, so a rollback of ours never undoes what "the processor" did.
 */
export const sandboxFinixResources = pgTable(
  'sandbox_finix_resources',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    idempotencyId: text('idempotency_id'),
    parentId: text('parent_id'),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_finix_idempotency_idx')
      .on(t.kind, t.idempotencyId)
      .where(sql`${t.idempotencyId} is not null`),
    index('sandbox_finix_parent_idx').on(t.kind, t.parentId),
  ],
);

/** The limits of card attempts a family or a studio can hit (issue 31 item 3, decision 038). */
export const CARD_LIMIT_KINDS = ['declines', 'cards', 'studio'] as const;

/**
 * A family refused by a card limit, one row a family, limit and day (UTC): when it was first and last
 * refused and how often, for the owner's dashboard. Written after the refusal, outside any transaction.
 */
export const paymentLimitHits = pgTable(
  'payment_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CARD_LIMIT_KINDS }).notNull(),
    day: date('day').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    refused: integer('refused').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payment_limit_hits_day_idx').on(t.companyId, t.familyId, t.kind, t.day),
    index('payment_limit_hits_last_idx').on(t.companyId, t.lastAt),
  ],
);

export const MERCHANT_STATES = ['provisioning', 'approved', 'rejected'] as const;
export type MerchantState = (typeof MERCHANT_STATES)[number];

/**
 * The studio's merchant account at the processor (issue 34, decision 049): the Identity that is its
 * business and the Merchant its card money settles into. No row: not onboarded. Only what the processor
 * answers is kept (never a bank account's numbers): ids, state, its reasons, and a summary to show.
 */
export const studioMerchants = pgTable(
  'studio_merchants',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    identityId: text('identity_id'),
    merchantId: text('merchant_id'),
    onboardingFormId: text('onboarding_form_id'),
    state: text('state', { enum: MERCHANT_STATES }).notNull(),
    /** Why the processor rejected it, or what it still needs, in its words. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** What the owner sees: legal name, doing-business-as, owner's name, the bank account's last four. */
    summary: jsonb('summary').$type<Record<string, string>>().notNull().default({}),
    submittedBy: uuid('submitted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A merchant is one studio's: two studios never share one (invariant 14).
  (t) => [uniqueIndex('studio_merchants_merchant_idx').on(t.provider, t.merchantId)],
);

/** Why a bank debit came back, in Nacha's groups (decision 066): what may be tried again, what is watched. */
export const RETURN_GROUPS = ['funds', 'unauthorized', 'administrative', 'other'] as const;
export type ReturnGroup = (typeof RETURN_GROUPS)[number];

/**
 * A bank debit returned (issue 37 item 2): one row a debit, whatever told us first (the debit's own
 * failure, a return transfer, a webhook, the reconciler). Its payment is reversed, its fee posted once
 * (under the return's keys), and, for insufficient funds, the debit presented again at most twice.
 */
export const paymentReturns = pgTable(
  'payment_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    /** The processor's transfer that carried the return (the debit itself when it failed while pending). */
    transferId: text('transfer_id').notNull(),
    /** Nacha's code: R01, R02, … */
    code: text('code').notNull(),
    group: text('group', { enum: RETURN_GROUPS }).notNull(),
    amount: integer('amount').notNull(),
    returnedOn: date('returned_on', { mode: 'string' }).notNull(),
    /** The payment's reversal and the returned-payment fee, as the ledger booked them. */
    reversalTxId: uuid('reversal_tx_id'),
    feeTxId: uuid('fee_tx_id'),
    /** The debit that presents it again, when one is made. */
    representAttemptId: uuid('represent_attempt_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_returns_attempt_idx').on(t.attemptId),
    index('payment_returns_company_idx').on(t.companyId, t.returnedOn),
  ],
);

/**
 * A studio's batch for the card account updater (Finix `/instrument_updates`, issue 37 item 4): the cards
 * on auto-pay sent before a billing day, one batch a studio and day, and when its answers were applied.
 */
export const instrumentUpdateBatches = pgTable(
  'instrument_update_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    merchantId: text('merchant_id').notNull(),
    /** The processor's batch (IU…), once it answered. */
    batchId: text('batch_id'),
    /** The instruments sent. */
    instruments: jsonb('instruments').$type<string[]>().notNull().default([]),
    state: text('state').notNull().default('created'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('instrument_update_batches_day_idx').on(t.companyId, t.day)],
);
