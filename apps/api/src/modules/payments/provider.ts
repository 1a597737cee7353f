/**
 * The card processor as the rest of the product sees it (issue 17, decision 028). Two providers speak
 * it: `finix` (Finix's API over HTTP, finix/client.ts) and `sandbox` (the same client over an
 * in-process simulator of Finix with its own tables, src/sandbox/finix/), so the product's code is one
 * whichever runs. Amounts are integer cents in USD.
 *
 * What a call can end in:
 * - an answer: the resource as the processor holds it (a declined sale is an answer too: a transfer in
 *   state FAILED with the processor's failure code and message);
 * - `ProviderError` with `kind`:
 *   - 'invalid': the processor refused the request as it stands (422/400: a bad token, an instrument
 *     disabled, an amount it will not take) — nothing happened, and sending it again will not help;
 *   - 'not_found': no such resource (404);
 *   - 'config': our credentials or merchant are wrong (401/403) — nothing happened;
 *   - 'conflict': the idempotency id was used with another body (Finix answers 422 or 409) — the first
 *     call's outcome stands and must be looked up;
 *   - 'unavailable': no answer we can trust (a timeout, a dropped connection, a 5xx): the call may or
 *     may not have happened. The caller leaves its attempt UNKNOWN and looks it up later by its
 *     idempotency id; it never calls again blindly.
 */

export type ProviderName = 'finix' | 'sandbox';

/** A card as the processor describes it: never its number. */
export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The name on the card, when given. */
  name: string | null;
};

/** A card's type as its network tells the processor (Finix `card_type`): only CREDIT may be surcharged. */
export type CardType = 'CREDIT' | 'DEBIT' | 'PREPAID' | 'UNKNOWN';

/**
 * A payment instrument: a card or a bank account (Finix `instrument_type` PAYMENT_CARD or BANK_ACCOUNT,
 * decision 066), as the processor describes it, never its numbers. A bank account has no expiry
 * (`expMonth`/`expYear` null), its bank's name or "Bank account" as `brand`, and the last four of its
 * account number (Finix's `masked_account_number`).
 */
export type Instrument = Omit<CardDetails, 'expMonth' | 'expYear'> & {
  id: string;
  buyerId: string;
  type: 'PAYMENT_CARD' | 'BANK_ACCOUNT';
  expMonth: number | null;
  expYear: number | null;
  /** A card's type; null for a bank account. */
  cardType: CardType | null;
  /** A bank account's type; null for a card. */
  accountType: 'CHECKING' | 'SAVINGS' | null;
  /** The processor's fingerprint of the card number (the same card saved twice has the same). */
  fingerprint: string | null;
  enabled: boolean;
};

/** Finix's transfer states; a transfer's state only moves forward (PENDING → SUCCEEDED | FAILED | CANCELED). */
export type TransferState = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';

export type Transfer = {
  id: string;
  /** DEBIT: money from the card (a sale); REVERSAL: money back to it (a refund of a DEBIT). */
  type: 'DEBIT' | 'REVERSAL' | 'OTHER';
  state: TransferState;
  amount: number;
  idempotencyId: string | null;
  /** The card's instrument (a DEBIT's source, a REVERSAL's destination). */
  instrumentId: string | null;
  /** A REVERSAL's parent DEBIT. */
  parentTransferId: string | null;
  /** When FAILED: Finix's failure code (GENERIC_DECLINE, INSUFFICIENT_FUNDS, EXPIRED_CARD, …). */
  failureCode: string | null;
  failureMessage: string | null;
  /** Our tags, as sent. */
  tags: Record<string, string>;
  /** The identity of the merchant the transfer is for (Finix's `merchant_identity`): whose money it is. */
  merchantIdentityId: string | null;
  createdAt: string;
  updatedAt: string;
};

export type DisputeState = 'PENDING' | 'INQUIRY' | 'WON' | 'LOST';

export type Dispute = {
  id: string;
  transferId: string;
  state: DisputeState;
  amount: number;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * A settlement (issue 34, decision 051): a day's card money of one merchant, less the processor's fees,
 * paid out to the studio's bank by its funding transfer once APPROVED.
 */
export type Settlement = {
  id: string;
  merchantId: string;
  /** PENDING (still accruing), AWAITING_APPROVAL, APPROVED (its funding transfer is made). */
  status: string;
  /** Sales less refunds and disputes, before fees. */
  total: number;
  fees: number;
  /** What reaches the bank: total − fees. */
  net: number;
  createdAt: string;
};

/** A transfer a settlement contains: `amount` signed as it counts for the studio (a refund negative). */
export type SettlementTransfer = {
  id: string;
  kind: 'sale' | 'refund' | 'dispute' | 'other';
  amount: number;
  fee: number;
  /** A refund's or a dispute's sale. */
  parentTransferId: string | null;
};

/** The payout of a settlement: a CREDIT to the studio's bank (a DEBIT when it nets below zero). */
export type FundingTransfer = {
  id: string;
  /** Signed: positive paid to the bank, negative taken from it. */
  amount: number;
  state: TransferState;
  createdAt: string;
};

/** A webhook event as delivered: the processor's own id (stored once), its type, the resource it is about. */
export type WebhookEvent = {
  id: string;
  /** `transfer.created`, `transfer.updated`, `dispute.created`, `merchant.updated`, … (entity.type). */
  type: string;
  entity: 'transfer' | 'dispute' | 'merchant' | 'other';
  /** The resource's id (a transfer's or a dispute's), to re-read from the processor before acting. */
  resourceId: string | null;
  createdAt: string;
};

export type ProviderErrorKind = 'invalid' | 'not_found' | 'config' | 'conflict' | 'unavailable';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** The processor's code when it gave one (Finix's error `code`, or `failure_code`). */
    readonly code: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What the browser needs to turn a card into a token without the number reaching our server. */
export type BrowserTokenizer =
  /** Finix.js's hosted fields, loaded from Finix's own address (never bundled). */
  | { kind: 'finix'; applicationId: string; environment: 'sandbox' | 'live' }
  /** Our stand-in for the hosted form: it posts the card to the simulated processor's token endpoint. */
  | { kind: 'sandbox'; applicationId: string; tokenUrl: string };

export type PaymentProvider = {
  readonly name: ProviderName;
  readonly browser: BrowserTokenizer;
  /** A buyer identity for a family (Finix: POST /identities with entity first/last name, email, phone). */
  createBuyer(input: {
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    tags: Record<string, string>;
  }): Promise<{ id: string }>;
  /** A card instrument from the browser's token (Finix: POST /payment_instruments, type TOKEN). */
  createInstrument(input: {
    token: string;
    buyerId: string;
    tags: Record<string, string>;
  }): Promise<Instrument>;
  getInstrument(id: string): Promise<Instrument>;
  /** The card no longer usable (Finix: PUT /payment_instruments/{id} enabled false). */
  disableInstrument(id: string): Promise<void>;
  /**
   * A sale: a DEBIT transfer from the card to the merchant (Finix: POST /transfers with merchant,
   * source, amount, currency USD, idempotency_id). A decline answers a FAILED transfer.
   */
  sale(input: {
    /** The studio's own approved merchant (MU…): its money, never another studio's (decision 049). */
    merchantId: string;
    instrumentId: string;
    amount: number;
    idempotencyId: string;
    tags: Record<string, string>;
  }): Promise<Transfer>;
  /** The transfer sent with this idempotency id, or null when the processor has none (GET /transfers?idempotency_id=). */
  findTransfer(idempotencyId: string): Promise<Transfer | null>;
  getTransfer(id: string): Promise<Transfer>;
  /** A refund of part or all of a DEBIT (Finix: POST /transfers/{id}/reversals with refund_amount). */
  refund(input: {
    transferId: string;
    amount: number;
    idempotencyId: string;
    tags: Record<string, string>;
  }): Promise<Transfer>;
  /**
   * A transfer's reversals (GET /transfers/{id}/reversals): our refunds and, for a bank debit, the return
   * the processor made of it with Nacha's code (decision 067), so a late return is found without its webhook.
   */
  reversalsOf(transferId: string): Promise<Transfer[]>;
  getDispute(id: string): Promise<Dispute>;
  /** The disputes of a transfer (GET /transfers/{id}/disputes or /disputes filtered). */
  disputesOf(transferId: string): Promise<Dispute[]>;
  /** A studio's merchant account: onboarding and its state (decision 049, finix/merchants.ts). */
  readonly merchants: MerchantOnboarding;
  /**
   * The settlements of a merchant created since `since` (all when null), oldest first (Finix: GET
   * /settlements, every page, filtered to the merchant here).
   */
  settlementsOf(merchantId: string, since: string | null): Promise<Settlement[]>;
  getSettlement(id: string): Promise<Settlement>;
  /** The sales, refunds and disputes a settlement contains, each with its fee (GET /settlements/{id}/transfers). */
  settlementTransfers(settlementId: string): Promise<SettlementTransfer[]>;
  /** Its payout (GET /settlements/{id}/funding_transfers): none until it is approved. */
  fundingTransfers(settlementId: string): Promise<FundingTransfer[]>;
  /** Whether a webhook call carries the authentication the processor is configured with (Basic or Bearer). */
  webhookAuthorized(headers: Record<string, string | string[] | undefined>): boolean;
  /** The event a webhook body describes, or null when it is not one. */
  parseWebhook(body: unknown): WebhookEvent | null;
  /**
   * The card account updater (decision 071): a batch of cards sent to the networks for their news
   * (Finix: POST /instrument_updates, multipart: a CSV of instrument ids and a `request` JSON naming the
   * merchant and the idempotency id). Sent again with the same id, the same batch answers.
   */
  createInstrumentUpdate(input: {
    merchantId: string;
    idempotencyId: string;
    instrumentIds: string[];
  }): Promise<InstrumentUpdateBatch>;
  /** The batch as the processor holds it now (GET /instrument_updates/{id}). */
  getInstrumentUpdate(id: string): Promise<InstrumentUpdateBatch>;
  /** What the networks said of each card (GET /instrument_updates/{id}/download, its CSV read). */
  instrumentUpdateResults(id: string): Promise<InstrumentUpdateResult[]>;
};

/** A merchant's onboarding state at the processor: PROVISIONING moves once, to APPROVED or REJECTED. */
export type MerchantState = 'PROVISIONING' | 'APPROVED' | 'REJECTED';

export type Merchant = {
  id: string;
  /** The business's identity the merchant belongs to. */
  identityId: string;
  state: MerchantState;
  /** When REJECTED: why, in the processor's words (its verification's messages). */
  reasons: string[];
  updatedAt: string;
};

/** A business as the processor onboards it (Finix: an Identity with `business_type`). */
export type BusinessIdentityInput = {
  business: {
    legalName: string;
    doingBusinessAs: string;
    type: string;
    taxId: string;
    phone: string;
    email: string;
    url: string | null;
    address: { line1: string; city: string; region: string; postalCode: string };
  };
  owner: { firstName: string; lastName: string; title: string; dob: string; ssn: string };
  tags: Record<string, string>;
};

/** The bank account a merchant is paid into, as the processor answers it: never its numbers. */
export type BankAccount = { id: string; last4: string; bankName: string | null };

export type MerchantOnboarding = {
  /** The business's identity (Finix: POST /identities with the business's entity). */
  createBusiness(input: BusinessIdentityInput): Promise<{ id: string }>;
  /** Its bank account for payouts (Finix: POST /payment_instruments, type BANK_ACCOUNT). */
  addBankAccount(input: {
    identityId: string;
    name: string;
    routingNumber: string;
    accountNumber: string;
    accountType: 'CHECKING' | 'SAVINGS';
    tags: Record<string, string>;
  }): Promise<BankAccount>;
  /** Starts the underwriting (Finix: POST /identities/{id}/merchants). */
  createMerchant(identityId: string, tags: Record<string, string>): Promise<Merchant>;
  /** The merchant as the processor holds it now, with its reasons when rejected. */
  getMerchant(id: string): Promise<Merchant>;
};

/** A batch of the card account updater: PENDING until the networks answered. */
export type InstrumentUpdateBatch = { id: string; state: string; merchantId: string | null };

/** The account updater's word on a card (Finix's results). */
export const INSTRUMENT_UPDATE_RESULTS = [
  'CARD_EXPIRATION_UPDATED',
  'CARD_NOT_FOUND',
  'CONTACT_CARDHOLDER',
  'CLOSED_ACCOUNT',
  'INVALID_CARD',
  'NO_CHANGE_FOUND',
  'UNKNOWN',
] as const;
export type InstrumentUpdateResultCode = (typeof INSTRUMENT_UPDATE_RESULTS)[number];

/** One card of a batch: the instrument sent, the new one when the card was renewed, and the result. */
export type InstrumentUpdateResult = {
  original: string;
  updated: string | null;
  result: InstrumentUpdateResultCode;
};
