import { z } from 'zod';
import { idSchema } from '../ids';
import { ledgerTransaction } from '../ledger/schema';
import { dollarsSchema, MAX_AMOUNT_CENTS } from '../money';

/** Card payments' calls' shapes and sentences (issue 17, decision 028). Money travels in dollars. */

export const cardMessages = {
  noCard: 'There is no card on file: add a card first.',
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
});

export const cardPaymentAnswer = z.object({
  msg: z.string(),
  /** succeeded: booked; pending or unknown: the processor's answer is awaited, the reconciler books it. */
  state: z.enum(['succeeded', 'pending', 'unknown']),
  amount: money,
  card: z.string(),
  transaction: ledgerTransaction.nullable(),
});
export type CardPaymentAnswer = z.infer<typeof cardPaymentAnswer>;

/** The owner's view of a family's card: the card (never its number) and its auto-pay. */
export const familyCardAnswer = z.object({
  card: cardOnFile.nullable(),
});
