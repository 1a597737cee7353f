import { z } from 'zod';
import { idSchema } from '../ids';
import { ledgerTransaction } from '../ledger/schema';
import { dollarsSchema, MAX_AMOUNT_CENTS } from '../money';
import { surchargeOffer } from './surcharge';

/** Card payments' calls' shapes and sentences (issue 17, decision 028). Money travels in dollars. */

export const cardMessages = {
  noCard: 'There is no card on file: add a card first.',
  methodUnusable:
    'The payment method on file can no longer be charged: pay with another card, or add a new card or bank account.',
  cardSaved: 'Card saved.',
  cardReplaced: 'Card replaced: the new card will be charged from now on.',
  cardRemoved: 'Card removed.',
  cardRemovedAutopayOff: 'Card removed. Automatic payments are off until a card is added again.',
  noToken: 'The card could not be read: please enter it again.',
  paid: (amount: string) => `Payment of ${amount} received. Thank you!`,
  pending: 'The card payment is being processed: the balance will show it shortly.',
  unknown:
    'We did not hear back from the card processor in time. Nothing will be charged twice: we are checking, and the balance will show the payment if it went through.',
  inFlight:
    'A card payment for this family is already under way: wait a moment and look at the balance again.',
  processorDown:
    'The card processor could not be reached: nothing was charged. Please try again in a few minutes.',
  processorRefused: (why: string) => `The card processor refused the payment: ${why}`,
  notConfigured: 'Card payments are not set up for this studio yet.',
} as const;

const money = z.number();

/** The card on file, as the processor describes it: never its number. */
export const cardOnFile = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  name: z.string().nullable(),
  /** ok, soon (expires this month or next), expired. */
  expiry: z.enum(['ok', 'soon', 'expired']),
  addedOn: z.string(),
  addedBy: z.string(),
});
export type CardOnFile = z.infer<typeof cardOnFile>;

/** How the browser turns a card into a token: Finix.js's hosted fields, or the sandbox's stand-in form. */
export const tokenizer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('finix'), applicationId: z.string(), environment: z.enum(['sandbox', 'live']) }),
  z.object({ kind: z.literal('sandbox'), applicationId: z.string(), tokenUrl: z.string() }),
]);

/** GET finix/customer/paymentInstrument/default: the family's card, and how to add one. */
export const paymentInstrumentAnswer = z.object({
  card: cardOnFile.nullable(),
  tokenizer,
  /** False when the studio has no approved merchant account: no card form is shown (decision 049). */
  takesCards: z.boolean(),
  /** Why not, in plain words: the studio takes payment by other means for now. */
  notice: z.string().nullable(),
  /** The studio's card surcharge and whether the card on file is credit (decision 069). */
  surcharge: surchargeOffer.optional(),
});

/** POST finix/customer/paymentInstrument: the token the processor's card form gave. */
export const saveCardInput = z.object({
  token: z
    .string({ error: cardMessages.noToken })
    .trim()
    .min(1, cardMessages.noToken)
    .max(200, cardMessages.noToken),
  requestId: idSchema.optional(),
});

/** POST finix/customer/transaction/authorize/{transID}/payment: what the parent saw, only compared. */
export const authorizeInput = z.object({
  /** The amount the checkout showed, in dollars: refused when the server's differs. */
  balance: z
    .number({ error: 'The payment amount must be greater than "0".' })
    .pipe(dollarsSchema)
    .refine((cents) => cents > 0, 'The payment amount must be greater than "0".')
    .refine((cents) => cents <= MAX_AMOUNT_CENTS, 'An amount can be at most $100,000.00.'),
  /** The items paid; none: the transaction's open items, then the oldest of the family's. */
  items: z.array(idSchema).max(200).optional().default([]),
  /** Sent again with the same id (a retry, a double click), the card is charged once. */
  requestId: idSchema.optional(),
  /**
   * Another card, typed at checkout ("Use another card"): the processor's token of it. It pays this
   * sale only; without it, the card on file pays (issue 31 item 2, decision 038).
   */
  token: z
    .string({ error: cardMessages.noToken })
    .trim()
    .min(1, cardMessages.noToken)
    .max(200, cardMessages.noToken)
    .optional(),
  /** With `token`: the card becomes the card on file once its payment succeeded (never when declined). */
  saveCard: z.boolean().optional().default(false),
  /**
   * The card surcharge the checkout showed, in dollars (none: $0): refused with 409 when the server's
   * differs, and nothing is charged (decision 069). `balance` stays what is paid without it.
   */
  surcharge: z
    .number()
    .pipe(dollarsSchema)
    .refine((cents) => cents >= 0 && cents <= MAX_AMOUNT_CENTS, 'A card surcharge cannot be below $0.00.')
    .optional(),
});

export const cardPaymentAnswer = z.object({
  msg: z.string(),
  /** succeeded: booked; pending or unknown: the processor's answer is awaited, the reconciler books it. */
  state: z.enum(['succeeded', 'pending', 'unknown']),
  amount: money,
  card: z.string(),
  /** The card paid with became the family's card on file (another card, saved at checkout). */
  saved: z.boolean().optional(),
  transaction: ledgerTransaction.nullable(),
});
export type CardPaymentAnswer = z.infer<typeof cardPaymentAnswer>;

/** The owner's view of a family's card: the card (never its number) and its auto-pay. */
export const familyCardAnswer = z.object({
  card: cardOnFile.nullable(),
});

// ——— Auto-pay ———

/** The version of the auto-pay authorization a family agrees to; a new wording is a new version. */
export const AUTOPAY_TERMS_VERSION = 'autopay-2026-12';

/**
 * The version a family agrees to when the studio surcharges credit cards at `bps` (decision 069): the
 * rate is part of what is agreed, so an automatic charge carries a surcharge only at the rate its consent
 * names, and a new rate asks for the consent again.
 */
export const autopayTermsVersion = (bps: number) =>
  bps > 0 ? `${AUTOPAY_TERMS_VERSION}+surcharge-${bps}` : AUTOPAY_TERMS_VERSION;

/** The authorization as the parent reads it before turning auto-pay on, and as the consent keeps it. */
export const autopayTermsText = (studio: string, method: string) =>
  `I authorize ${studio} to charge ${method}, my payment method on file, for the balance due on each payment's due date. If a charge is declined for a reason that may pass, such as insufficient funds, it is tried again on up to seven more days within 30 days, chosen after the usual paydays, and never after a card is refused as expired, lost or closed. A bank debit takes a few business days to clear. I am e-mailed three days before each charge, a receipt after it, and at once if it fails. I can turn automatic payments off at any time from my family's page.`;

export const autopayMessages = {
  on: 'Automatic payments are on: your payment method is charged on each due date.',
  off: 'Automatic payments are off: pay from your balance when you are ready.',
  termsChanged:
    'The authorization changed since the page was loaded: read it again before turning automatic payments on.',
  paused: (family: string) => `Automatic payments for the ${family} family are paused.`,
  resumed: (family: string) => `Automatic payments for the ${family} family are on again.`,
  notOn: 'This family has not turned automatic payments on.',
  nothingDue: 'Nothing is due on this family’s account today.',
} as const;

/** Why a family's auto-pay is paused: the studio paused it, or a card payment was disputed (decision 028). */
export const AUTOPAY_PAUSES = ['studio', 'dispute'] as const;

/** The family's auto-pay as the parent sees it. */
export const autopayAnswer = z.object({
  on: z.boolean(),
  /** The studio paused it (the family's consent stands). */
  paused: z.boolean(),
  /** Who paused it: the studio, or the product itself when a card payment was disputed. */
  pausedFor: z.enum(AUTOPAY_PAUSES).nullable(),
  consentedOn: z.string().nullable(),
  consentedBy: z.string().nullable(),
  /** What turning it on authorizes, for the card on file (null without a card). */
  terms: z.object({ version: z.string(), text: z.string() }).nullable(),
  /** The next automatic charge: its day and what is due then, as it stands today. */
  next: z.object({ on: z.string(), amount: money }).nullable(),
});
export type AutopayAnswer = z.infer<typeof autopayAnswer>;

export const autopayInput = z.object({
  on: z.boolean({ error: 'Say whether automatic payments are on.' }),
  /** The version of the authorization the parent read (required to turn it on). */
  termsVersion: z.string().max(60).optional(),
});

/** One automatic charge of a family, as the owner's page lists it. */
export const autopayRunRow = z.object({
  id: z.string(),
  family: z.string(),
  coAcctMemID: z.string(),
  dueOn: z.string(),
  ranOn: z.string(),
  tryNo: z.number().int(),
  amount: money.nullable(),
  /** charged, declined, processing (the processor's answer awaited), skipped. */
  result: z.enum(['charged', 'declined', 'processing', 'skipped']),
  reason: z.string(),
  card: z.string(),
  /** Why the try was made (decision 070): the billing day, a retry, a method saved, the backup, the studio. */
  trigger: z.enum(['scheduled', 'retry', 'new_method', 'backup', 'studio']),
});

// ——— Failed payments recovered (decision 070) ———

const countAndAmount = z.object({ count: z.number().int(), amount: money });

/**
 * One month of failed automatic charges (by the month of each charge's first decline) and how they were
 * recovered: by a retry on the schedule, by a method saved (a new card or bank account), by the backup, by
 * hand (the parent at checkout, the desk, or the studio's "Charge now"), or not (yet). Amounts are what the
 * ledger's payments recovered, up to what failed.
 */
export const autopayRecoveryMonth = z.object({
  /** YYYY-MM. */
  month: z.string(),
  failed: countAndAmount,
  byRetry: countAndAmount,
  byNewMethod: countAndAmount,
  byBackup: countAndAmount,
  byHand: countAndAmount,
  notRecovered: countAndAmount,
  /** Recovered ÷ failed, by amount (0 to 1). */
  rate: z.number(),
  /** The average days from the first decline to the recovery (null when nothing was recovered). */
  averageDays: z.number().nullable(),
});
export type AutopayRecoveryMonth = z.infer<typeof autopayRecoveryMonth>;

export const autopayPage = z.object({
  /** The next billing day's automatic charges: who and how much, as the books stand today. */
  next: z.object({
    on: z.string().nullable(),
    families: z.array(
      z.object({
        coAcctMemID: z.string(),
        family: z.string(),
        amount: money,
        card: z.string(),
        expiry: z.string(),
      }),
    ),
    total: money,
  }),
  /** Families with auto-pay on, paused or not. */
  enrolled: z.array(
    z.object({
      coAcctMemID: z.string(),
      family: z.string(),
      card: z.string(),
      /** Whether a card is on file (`card` then names it, else says there is none). */
      hasCard: z.boolean(),
      paused: z.boolean(),
      pausedFor: z.enum(AUTOPAY_PAUSES).nullable(),
      consentedOn: z.string(),
      lastResult: z.string().nullable(),
    }),
  ),
  runs: z.object({
    items: z.array(autopayRunRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  totals: z.object({
    charged: money,
    declined: money,
    charges: z.number().int(),
    declines: z.number().int(),
  }),
  /** Failed automatic charges and their recovery, month by month, newest first (decision 070). */
  recovery: z.array(autopayRecoveryMonth),
});
export type AutopayPage = z.infer<typeof autopayPage>;

export const autopayPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});

export const autopayPauseInput = z.object({ paused: z.boolean({ error: 'Say whether to pause.' }) });

/** A webhook call's body: the processor's event as it sends it (Finix's shape, read by the server). */
export const webhookInput = z.record(z.string(), z.unknown());

/** What became of a webhook event: applied now, applied before (sent again), or not about our money. */
export const webhookAnswer = z.object({
  event: z.string(),
  result: z.enum(['applied', 'duplicate', 'ignored']),
  msg: z.string(),
});

// ——— The backup method (issue 37 item 5, decision 071) ———

/** The version of the consent a family gives for its backup; a new wording is a new version. */
export const BACKUP_CONSENT_VERSION = 'backup-2026-11';

/** The consent as the parent reads it before saving a backup, and as the backup's row keeps it. */
export const backupConsentText = (studio: string) =>
  `I authorize ${studio} to charge this backup card when a payment to my first payment method is declined for good (the card is lost, stolen, closed or invalid, or the bank account is closed or the debit refused), for the same amount that was due, instead of the first method. I am e-mailed when that happens. I can remove the backup at any time from my family's page.`;

export const backupMessages = {
  saved: 'Backup card saved: it is charged only when your first payment method fails for good.',
  replaced: 'Backup card replaced: the new card is your backup from now on.',
  removed: 'Backup card removed.',
  noBackup: 'There is no backup payment method to remove.',
  consentNeeded: 'Tick the box to agree that the backup may be charged when your first method fails.',
  consentChanged:
    'The backup consent was reworded while you read it: read the new words and tick the box again.',
  primaryFirst: 'Add your first payment method before a backup.',
  sameAsPrimary: 'This card is already your first payment method: a backup must be a different card.',
  cardsOnly: 'A backup must be a card for now. Save a bank account as your first payment method instead.',
} as const;

/** The family's backup as the portal and the owner see it: never its number, with its consent. */
export const backupMethod = cardOnFile.extend({
  consentVersion: z.string(),
  consentOn: z.string(),
});
export type BackupMethod = z.infer<typeof backupMethod>;

/** GET finix/customer/paymentInstrument/backup: the backup, and the words to accept before saving one. */
export const backupAnswer = z.object({
  backup: backupMethod.nullable(),
  /** Whether the family has a first method (a backup needs one). */
  hasPrimary: z.boolean(),
  consentText: z.string(),
  consentVersion: z.string(),
  tokenizer,
  takesCards: z.boolean(),
});
export type BackupAnswer = z.infer<typeof backupAnswer>;

/** POST finix/customer/paymentInstrument/backup: the token, and the consent ticked (its version compared). */
export const saveBackupInput = z.object({
  token: saveCardInput.shape.token,
  consent: z.literal(true, { error: backupMessages.consentNeeded }),
  consentVersion: z.string().trim().min(1).max(40),
});
export type SaveBackupInput = z.infer<typeof saveBackupInput>;

/** GET mystudio/account/{id}/card with the family's backup (decision 071): `backup` added, compatibly. */
export const familyCardWithBackupAnswer = familyCardAnswer.extend({
  backup: backupMethod.nullable().optional(),
});
