import { z } from 'zod';
import type { CardType, Dispute, DisputeState, Instrument, Transfer, TransferState } from '../provider';

/**
 * Finix's JSON as the client reads it (API version 2022-02-01), and its translation into the provider's
 * types. Only the fields the product uses are read; Finix may add others at will.
 */

const link = z.object({ href: z.string() }).nullish();
const tags = z
  .record(z.string(), z.string())
  .nullish()
  .transform((t) => t ?? {});

export const identityJson = z.object({ id: z.string().min(1) });

export const instrumentJson = z.object({
  id: z.string().min(1),
  identity: z.string(),
  brand: z.string().nullish(),
  last_four: z.string().nullish(),
  expiration_month: z.number().int().nullish(),
  expiration_year: z.number().int().nullish(),
  /** PAYMENT_CARD or BANK_ACCOUNT (Finix also sends `type`, the same). */
  instrument_type: z.string().nullish(),
  card_type: z.string().nullish(),
  account_type: z.string().nullish(),
  bank_code: z.string().nullish(),
  masked_account_number: z.string().nullish(),
  name: z.string().nullish(),
  fingerprint: z.string().nullish(),
  enabled: z.boolean(),
});

export const transferJson = z.object({
  id: z.string().min(1),
  type: z.string(),
  state: z.string(),
  amount: z.number().int(),
  idempotency_id: z.string().nullish(),
  source: z.string().nullish(),
  destination: z.string().nullish(),
  failure_code: z.string().nullish(),
  failure_message: z.string().nullish(),
  tags,
  merchant_identity: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  _links: z.object({ parent: link }).nullish(),
});

export const authorizationJson = z.object({
  id: z.string().min(1),
  state: z.string(),
  amount: z.number().int(),
  source: z.string().nullish(),
  idempotency_id: z.string().nullish(),
  transfer: z.string().nullish(),
  is_void: z.boolean().nullish(),
  failure_code: z.string().nullish(),
  failure_message: z.string().nullish(),
  tags,
  expires_at: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const disputeJson = z.object({
  id: z.string().min(1),
  transfer: z.string(),
  state: z.string(),
  amount: z.number().int(),
  reason: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A HAL list: `_embedded` is left out altogether when nothing matched. */
export const listJson = <T extends z.ZodType>(key: string, item: T) =>
  z
    .object({ _embedded: z.record(z.string(), z.array(z.unknown())).nullish() })
    .transform((list) => list._embedded?.[key] ?? [])
    .pipe(z.array(item));

/** Finix's error envelope (`_embedded.errors[]`); a decline adds its failure code and a link to what failed. */
export const errorsJson = z.object({
  _embedded: z.object({
    errors: z
      .array(
        z.object({
          code: z.string().nullish(),
          message: z.string().nullish(),
          field: z.string().nullish(),
          failure_code: z.string().nullish(),
          failure_message: z.string().nullish(),
          _links: z.object({ transfer: link, authorization: link }).nullish(),
        }),
      )
      .min(1),
  }),
});
export type FinixError = z.infer<typeof errorsJson>['_embedded']['errors'][number];

/** A card as people say it: Finix's VISA is Visa, AMERICAN_EXPRESS is American Express; unknown is 'Card'. */
export function displayBrand(brand: string | null | undefined): string {
  switch (brand) {
    case 'MASTERCARD':
      return 'Mastercard';
    case 'AMERICAN_EXPRESS':
      return 'American Express';
    case 'UNKNOWN':
    case null:
    case undefined:
    case '':
      return 'Card';
    default:
      return brand
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(' ');
  }
}

/** The id at the end of a `_links` href (`…/transfers/TRabc` → `TRabc`). */
export function idFromHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const id = new URL(href, 'http://finix.invalid').pathname.split('/').filter(Boolean).pop();
  return id ?? null;
}

/**
 * Finix's UNKNOWN (the processor has not said yet) is no outcome: it reads as PENDING, which the product
 * looks up again later, never as a failure.
 */
function transferState(state: string): TransferState {
  return state === 'SUCCEEDED' || state === 'FAILED' || state === 'CANCELED' ? state : 'PENDING';
}

export function toInstrument(pi: z.infer<typeof instrumentJson>): Instrument {
  const bank = pi.instrument_type === 'BANK_ACCOUNT';
  return {
    id: pi.id,
    buyerId: pi.identity,
    type: bank ? 'BANK_ACCOUNT' : 'PAYMENT_CARD',
    brand: bank ? 'Bank account' : displayBrand(pi.brand),
    last4: bank ? (pi.masked_account_number ?? '').slice(-4) : (pi.last_four ?? ''),
    expMonth: bank ? null : (pi.expiration_month ?? null),
    expYear: bank ? null : (pi.expiration_year ?? null),
    cardType: bank ? null : cardTypeOf(pi.card_type),
    accountType: !bank ? null : pi.account_type === 'SAVINGS' ? 'SAVINGS' : 'CHECKING',
    name: pi.name ?? null,
    fingerprint: pi.fingerprint ?? null,
    enabled: pi.enabled,
  };
}

/** Finix's `card_type`; anything it may add later reads as UNKNOWN (never surcharged). */
function cardTypeOf(type: string | null | undefined): CardType {
  return type === 'CREDIT' || type === 'DEBIT' || type === 'PREPAID' ? type : 'UNKNOWN';
}

export function toTransfer(tr: z.infer<typeof transferJson>): Transfer {
  const type = tr.type === 'DEBIT' || tr.type === 'REVERSAL' ? tr.type : 'OTHER';
  return {
    id: tr.id,
    type,
    state: transferState(tr.state),
    amount: tr.amount,
    idempotencyId: tr.idempotency_id ?? null,
    instrumentId: (type === 'REVERSAL' ? tr.destination : tr.source) ?? null,
    parentTransferId: idFromHref(tr._links?.parent?.href),
    failureCode: tr.failure_code ?? null,
    failureMessage: tr.failure_message ?? null,
    tags: tr.tags,
    merchantIdentityId: tr.merchant_identity ?? null,
    createdAt: tr.created_at,
    updatedAt: tr.updated_at,
  };
}

/** An authorization (a hold on the card), captured into a DEBIT transfer or voided. */
export type Authorization = {
  id: string;
  state: TransferState;
  amount: number;
  instrumentId: string | null;
  idempotencyId: string | null;
  /** The DEBIT its capture made; null until captured. */
  transferId: string | null;
  isVoid: boolean;
  failureCode: string | null;
  failureMessage: string | null;
  tags: Record<string, string>;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export function toAuthorization(au: z.infer<typeof authorizationJson>): Authorization {
  return {
    id: au.id,
    state: transferState(au.state),
    amount: au.amount,
    instrumentId: au.source ?? null,
    idempotencyId: au.idempotency_id ?? null,
    transferId: au.transfer ?? null,
    isVoid: au.is_void ?? false,
    failureCode: au.failure_code ?? null,
    failureMessage: au.failure_message ?? null,
    tags: au.tags,
    expiresAt: au.expires_at ?? null,
    createdAt: au.created_at,
    updatedAt: au.updated_at,
  };
}

/** ARBITRATION is a dispute still open: it reads as PENDING. */
function disputeState(state: string): DisputeState {
  return state === 'INQUIRY' || state === 'WON' || state === 'LOST' ? state : 'PENDING';
}

export function toDispute(di: z.infer<typeof disputeJson>): Dispute {
  return {
    id: di.id,
    transferId: di.transfer,
    state: disputeState(di.state),
    amount: di.amount,
    reason: di.reason ?? null,
    createdAt: di.created_at,
    updatedAt: di.updated_at,
  };
}
