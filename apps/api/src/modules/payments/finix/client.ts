import type { z } from 'zod';
import {
  type BrowserTokenizer,
  type PaymentProvider,
  ProviderError,
  type ProviderName,
  type Transfer,
} from '../provider';
import { instrumentUpdateCalls } from './instrument-updates';
import { merchantCalls } from './merchants';
import { settlementCalls } from './settlements';
import type { FinixRequest, FinixResponse, FinixTransport } from './transport';
import { type FinixWebhookAuth, webhookAuthorized, webhookEvent } from './webhook';
import {
  type Authorization,
  authorizationJson,
  disputeJson,
  errorsJson,
  type FinixError,
  identityJson,
  idFromHref,
  instrumentJson,
  listJson,
  toAuthorization,
  toDispute,
  toInstrument,
  toTransfer,
  transferJson,
} from './wire';

export type { FinixWebhookAuth } from './webhook';
export type { Authorization } from './wire';

export type FinixClientOptions = {
  transport: FinixTransport;
  /**
   * The demo studio's merchant (MU…) of a single-studio setup (`FINIX_MERCHANT_ID`): every sale names
   * its studio's own merchant (decision 049), so this is only what the demo studio is given.
   */
  merchantId: string;
  /** The application (AP…) of our credentials: a webhook about another application's resource is not ours. */
  applicationId: string;
  webhook: FinixWebhookAuth | null;
  browser: BrowserTokenizer;
  name: ProviderName;
};

/**
 * The provider, and authorizations: a hold on the card, captured or voided later. The product sells
 * outright, so these are not part of PaymentProvider.
 */
export type FinixClient = PaymentProvider & {
  /** The demo studio's merchant of a single-studio setup (FinixClientOptions.merchantId). */
  readonly demoMerchantId: string;
  authorize(input: {
    merchantId: string;
    instrumentId: string;
    amount: number;
    idempotencyId: string;
    tags: Record<string, string>;
  }): Promise<Authorization>;
  /** Takes `amount` (at most the authorized amount) of the hold; the answer names the DEBIT it made. */
  capture(authorizationId: string, amount: number): Promise<Authorization>;
  /** Releases the hold without taking anything. */
  voidAuthorization(authorizationId: string): Promise<Authorization>;
  /** The authorization as Finix holds it: after a capture's answer was lost, it names the DEBIT made. */
  getAuthorization(authorizationId: string): Promise<Authorization>;
};

/** One call of Finix's API: any answer but the expected status becomes the ProviderError its status means. */
type FinixApi = {
  transport: FinixTransport;
  call<T extends z.ZodType>(req: FinixRequest, expect: number, schema: T): Promise<z.infer<T>>;
};

/** The client of Finix's API (provider.ts says what each call may end in). */
export function createFinixClient(opts: FinixClientOptions): FinixClient {
  const { transport } = opts;
  const api: FinixApi = {
    transport,
    async call(req, expect, schema) {
      const res = await transport(req);
      if (res.status !== expect) throw errorOf(req, res);
      return read(req, res, schema);
    },
  };
  return {
    name: opts.name,
    browser: opts.browser,
    ...buyerCalls(api),
    ...transferCalls(api),
    webhookAuthorized: (headers) => webhookAuthorized(opts.webhook, headers),
    parseWebhook: (body) => webhookEvent(body, opts.applicationId),
    ...authorizationCalls(api),
    demoMerchantId: opts.merchantId,
    merchants: merchantCalls(api.call, live(opts.browser) ? 'FINIX_V1' : 'DUMMY_V1'),
    ...settlementCalls(api.call),
    ...instrumentUpdateCalls(api.call),
  };
}

/** Buyers (identities) and their cards (payment instruments). */
function buyerCalls({
  call,
}: FinixApi): Pick<
  PaymentProvider,
  'createBuyer' | 'createInstrument' | 'getInstrument' | 'disableInstrument'
> {
  return {
    async createBuyer(input) {
      const phone = usPhone(input.phone);
      const body = {
        entity: {
          first_name: input.firstName,
          last_name: input.lastName,
          ...(input.email ? { email: input.email } : {}),
          ...(phone ? { phone } : {}),
        },
        tags: input.tags,
      };
      const identity = await call({ method: 'POST', path: '/identities', body }, 201, identityJson);
      return { id: identity.id };
    },

    async createInstrument(input) {
      const body = { type: 'TOKEN', token: input.token, identity: input.buyerId, tags: input.tags };
      return toInstrument(
        await call({ method: 'POST', path: '/payment_instruments', body }, 201, instrumentJson),
      );
    },

    async getInstrument(id) {
      const req: FinixRequest = { method: 'GET', path: `/payment_instruments/${enc(id)}` };
      return toInstrument(await call(req, 200, instrumentJson));
    },

    async disableInstrument(id) {
      const req: FinixRequest = {
        method: 'PUT',
        path: `/payment_instruments/${enc(id)}`,
        body: { enabled: false },
      };
      await call(req, 200, instrumentJson);
    },
  };
}

/** Sales, refunds (reversals) and disputes. */
function transferCalls(
  api: FinixApi,
): Pick<
  PaymentProvider,
  'sale' | 'findTransfer' | 'getTransfer' | 'refund' | 'reversalsOf' | 'getDispute' | 'disputesOf'
> {
  const { call, transport } = api;
  async function getTransfer(id: string): Promise<Transfer> {
    return toTransfer(await call({ method: 'GET', path: `/transfers/${enc(id)}` }, 200, transferJson));
  }

  async function findTransfer(idempotencyId: string): Promise<Transfer | null> {
    const req: FinixRequest = { method: 'GET', path: '/transfers', query: { idempotency_id: idempotencyId } };
    const found = await call(req, 200, listJson('transfers', transferJson));
    // Filtered again here: a filter Finix ignored would otherwise hand back someone else's transfer.
    const match = found.find((tr) => tr.idempotency_id === idempotencyId);
    return match ? toTransfer(match) : null;
  }

  /**
   * A sale Finix declined (402): the FAILED transfer it links, read back in full; without a link, the one
   * kept under the idempotency id; failing both, one made of the error's own fields, with the idempotency
   * id standing in for the id Finix did not give.
   */
  async function declinedSale(
    req: FinixRequest,
    res: FinixResponse,
    input: { instrumentId: string; amount: number; idempotencyId: string; tags: Record<string, string> },
  ): Promise<Transfer> {
    const error = firstError(res.body);
    if (!error) throw errorOf(req, res);
    const linked = idFromHref(error._links?.transfer?.href);
    if (linked) return getTransfer(linked);
    const kept = await findTransfer(input.idempotencyId);
    if (kept) return kept;
    const now = new Date().toISOString();
    return {
      id: input.idempotencyId,
      type: 'DEBIT',
      state: 'FAILED',
      amount: input.amount,
      idempotencyId: input.idempotencyId,
      instrumentId: input.instrumentId,
      parentTransferId: null,
      ...declineOf(error),
      tags: input.tags,
      merchantIdentityId: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  return {
    async sale(input) {
      const req: FinixRequest = {
        method: 'POST',
        path: '/transfers',
        body: {
          merchant: input.merchantId,
          source: input.instrumentId,
          amount: input.amount,
          currency: 'USD',
          idempotency_id: input.idempotencyId,
          tags: input.tags,
        },
      };
      const res = await transport(req);
      if (res.status === 201) return toTransfer(read(req, res, transferJson));
      if (res.status === 402) return declinedSale(req, res, input);
      throw errorOf(req, res);
    },

    findTransfer,
    getTransfer,

    async refund(input) {
      const req: FinixRequest = {
        method: 'POST',
        path: `/transfers/${enc(input.transferId)}/reversals`,
        body: { refund_amount: input.amount, idempotency_id: input.idempotencyId, tags: input.tags },
      };
      return toTransfer(await call(req, 201, transferJson));
    },

    async reversalsOf(transferId) {
      const req: FinixRequest = { method: 'GET', path: `/transfers/${enc(transferId)}/reversals` };
      return (await call(req, 200, listJson('transfers', transferJson))).map(toTransfer);
    },

    async getDispute(id) {
      return toDispute(await call({ method: 'GET', path: `/disputes/${enc(id)}` }, 200, disputeJson));
    },

    async disputesOf(transferId) {
      // The transfer's own `_links.disputes`: /disputes takes no transfer filter.
      const req: FinixRequest = { method: 'GET', path: `/transfers/${enc(transferId)}/disputes` };
      return (await call(req, 200, listJson('disputes', disputeJson))).map(toDispute);
    },
  };
}

/** Authorizations: a hold on the card, captured or voided later. */
function authorizationCalls(
  api: FinixApi,
): Pick<FinixClient, 'authorize' | 'capture' | 'voidAuthorization' | 'getAuthorization'> {
  const { call, transport } = api;
  async function getAuthorization(id: string): Promise<Authorization> {
    const req: FinixRequest = { method: 'GET', path: `/authorizations/${enc(id)}` };
    return toAuthorization(await call(req, 200, authorizationJson));
  }

  return {
    async authorize(input) {
      const req: FinixRequest = {
        method: 'POST',
        path: '/authorizations',
        body: {
          merchant: input.merchantId,
          source: input.instrumentId,
          amount: input.amount,
          currency: 'USD',
          idempotency_id: input.idempotencyId,
          tags: input.tags,
        },
      };
      const res = await transport(req);
      if (res.status === 201) return toAuthorization(read(req, res, authorizationJson));
      if (res.status !== 402) throw errorOf(req, res);
      // Declined: the FAILED authorization it links, else one made of the error's fields (as for a sale).
      const error = firstError(res.body);
      if (!error) throw errorOf(req, res);
      const linked = idFromHref(error._links?.authorization?.href);
      if (linked) return getAuthorization(linked);
      const now = new Date().toISOString();
      return {
        id: input.idempotencyId,
        state: 'FAILED',
        amount: input.amount,
        instrumentId: input.instrumentId,
        idempotencyId: input.idempotencyId,
        transferId: null,
        isVoid: false,
        ...declineOf(error),
        tags: input.tags,
        expiresAt: null,
        createdAt: now,
        updatedAt: now,
      };
    },

    async capture(authorizationId, amount) {
      const req: FinixRequest = {
        method: 'PUT',
        path: `/authorizations/${enc(authorizationId)}`,
        body: { capture_amount: amount },
      };
      return toAuthorization(await call(req, 200, authorizationJson));
    },

    async voidAuthorization(authorizationId) {
      const req: FinixRequest = {
        method: 'PUT',
        path: `/authorizations/${enc(authorizationId)}`,
        body: { void_me: true },
      };
      return toAuthorization(await call(req, 200, authorizationJson));
    },

    getAuthorization,
  };
}

const enc = encodeURIComponent;

const live = (browser: BrowserTokenizer) => browser.kind === 'finix' && browser.environment === 'live';

function read<T extends z.ZodType>(req: FinixRequest, res: FinixResponse, schema: T): z.infer<T> {
  const parsed = schema.safeParse(res.body);
  if (parsed.success) return parsed.data;
  // An answer we cannot read is no answer we can trust: the call may have happened.
  throw new ProviderError(
    'unavailable',
    `Finix answered ${req.method} ${req.path} with a body we cannot read (${parsed.error.issues[0]?.message}).`,
    null,
    res.status,
  );
}

/** A decline's code and words: Finix's `failure_code` and `failure_message`, else the error's own. */
function declineOf(error: FinixError): { failureCode: string | null; failureMessage: string | null } {
  return {
    failureCode: error.failure_code ?? error.code ?? null,
    failureMessage: error.failure_message ?? error.message ?? null,
  };
}

function firstError(body: unknown): FinixError | null {
  const parsed = errorsJson.safeParse(body);
  return parsed.success ? parsed.data._embedded.errors[0]! : null;
}

/** The ProviderError an unexpected answer means (provider.ts lists the kinds). */
function errorOf(req: FinixRequest, res: FinixResponse): ProviderError {
  const error = firstError(res.body);
  const message = error?.message ?? `Finix answered ${res.status} to ${req.method} ${req.path}.`;
  const code = error?.failure_code ?? error?.code ?? null;
  const status = res.status;
  const idempotencyClash =
    status === 409 ||
    ((status === 400 || status === 422) &&
      (error?.field === 'idempotency_id' || /idempotency/i.test(error?.message ?? '')));
  if (idempotencyClash) return new ProviderError('conflict', message, code, status);
  if (status === 400 || status === 402 || status === 422)
    return new ProviderError('invalid', message, code, status);
  if (status === 401 || status === 403) return new ProviderError('config', message, code, status);
  if (status === 404) return new ProviderError('not_found', message, code, status);
  // 5xx, 429 and anything else unforeseen: no answer we can trust.
  return new ProviderError('unavailable', message, code, status);
}

/**
 * A US phone number as Finix takes it (ten digits), or null: a buyer's phone is optional, and one Finix
 * would refuse must not stop the card from being saved.
 */
function usPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}
