import { z } from 'zod';
import { type Clock, systemClock } from '../../lib/clock';
import { createAuthorization, loadAuthorization, updateAuthorization } from './engine-authorizations';
import { type BankInput, bankInstrumentBody, tokenizeBank } from './engine-bank';
import { cardBrand, cardFingerprint, cardType, finixId, luhnValid } from './engine-cards';
import { parseRequest, settled } from './engine-charges';
import {
  type BankTokenBody,
  type DisputeBody,
  type EngineContext,
  type InstrumentBody,
  newRecord,
  notFound,
  Refusal,
  recordEvent,
  refuse,
  render,
  type TokenBody,
} from './engine-json';
import {
  createBankAccount,
  createBusinessIdentity,
  createMerchant,
  isBusinessIdentity,
  loadMerchant,
  loadVerification,
  provisioned,
} from './engine-merchants';
import { getSettlement, listSettlements, settlementFunding, settlementTransfers } from './engine-settlements';
import type { EngineRecord, EngineStore, EventSandbox, JsonObject } from './engine-store';
import {
  createReversal,
  createTransfer,
  listTransfers,
  loadDispute,
  loadTransfer,
  transferDisputes,
  transferReversals,
} from './engine-transfers';
import { UPDATER_ROUTES } from './engine-updater';
import type { FinixMethod, FinixRequest, FinixResponse } from './http';

/**
 * An in-process simulator of Finix's side of card payments, with Finix's semantics and the sandbox's test
 * cards and amounts (engine-cards.ts). It answers the same requests as Finix's API, so the Finix client
 * over `engineTransport(engine)` (modules/payments/providers.ts) is the product's sandbox, and over the fake HTTP server the client's
 * tests meet Finix's wire format. Requests are taken one at a time; records live in the given store.
 */

export type FinixEngineOptions = {
  store: EngineStore;
  merchantId: string;
  applicationId: string;
  clock?: Clock;
  /** Where the answers' `_links` point: Finix's sandbox for the product's (`FINIX_SANDBOX_URL`). */
  baseUrl: string;
  /** How long a refund stays PENDING: 0 settles it at the first look after it was made. */
  settleDelayMs?: number;
};

/** A card as the stand-in for Finix.js's hosted form posts it: the only place the number is ever seen. */
export type CardInput = {
  number: string;
  expMonth: number;
  expYear: number;
  cvv?: string | null;
  name?: string | null;
  postalCode?: string | null;
};

export type FinixEngine = {
  handle(req: FinixRequest): Promise<FinixResponse>;
  /** A token for a card (201, Finix.js's token), or Finix's 422 when the card cannot be one. */
  tokenize(card: CardInput): Promise<FinixResponse>;
  /** A token for a bank account (Finix.js's bank form, decision 067), or Finix's 422. */
  tokenizeBank(account: BankInput): Promise<FinixResponse>;
  /** Every webhook event recorded, oldest first, in Finix's shape. */
  events(): Promise<JsonObject[]>;
  /** The events not handed out yet, oldest first; each is handed out once. */
  drainEvents(): Promise<JsonObject[]>;
  /** Events handed out whose delivery failed, to be handed out again (Finix retries a failed delivery). */
  redeliver(eventIds: string[]): Promise<void>;
  /** Settles every refund and "Pending" merchant whose time has come (reads settle the one they read anyway). */
  settleDue(): Promise<void>;
  /** The dispute decided (dispute.updated): only an open one, and only once. */
  resolveDispute(disputeId: string, outcome: 'WON' | 'LOST'): Promise<void>;
};

/** How long a token may wait to become a payment instrument (Finix.js's tokens last 30 minutes). */
const TOKEN_LIFETIME_MS = 30 * 60_000;

type Route = {
  method: FinixMethod;
  /** Finix's path, its parameters named as in the API description. */
  path: string;
  handle(ctx: EngineContext, req: FinixRequest, params: string[]): Promise<FinixResponse>;
};

const shown = (ctx: EngineContext, record: EngineRecord): FinixResponse => ({
  status: 200,
  body: render(ctx, record),
});

const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/identities',
    handle: (ctx, req) =>
      isBusinessIdentity(req.body) ? createBusinessIdentity(ctx, req.body) : createIdentity(ctx, req.body),
  },
  {
    method: 'POST',
    path: '/payment_instruments',
    handle: (ctx, req) =>
      (req.body as { type?: unknown } | null)?.type === 'BANK_ACCOUNT'
        ? createBankAccount(ctx, req.body)
        : createInstrument(ctx, req.body),
  },
  {
    method: 'POST',
    path: '/identities/{identity_id}/merchants',
    handle: (ctx, req, [id]) => createMerchant(ctx, id!, req.body),
  },
  {
    method: 'GET',
    path: '/merchants/{merchant_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadMerchant(ctx, id!)),
  },
  {
    method: 'GET',
    path: '/verifications/{verification_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadVerification(ctx, id!)),
  },
  {
    method: 'GET',
    path: '/payment_instruments/{payment_instrument_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadInstrument(ctx, id!)),
  },
  {
    method: 'PUT',
    path: '/payment_instruments/{payment_instrument_id}',
    handle: (ctx, req, [id]) => updateInstrument(ctx, id!, req.body),
  },
  { method: 'POST', path: '/transfers', handle: (ctx, req) => createTransfer(ctx, req.body) },
  { method: 'GET', path: '/transfers', handle: (ctx, req) => listTransfers(ctx, req.query ?? {}) },
  {
    method: 'GET',
    path: '/transfers/{transfer_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadTransfer(ctx, id!)),
  },
  {
    method: 'POST',
    path: '/transfers/{transfer_id}/reversals',
    handle: (ctx, req, [id]) => createReversal(ctx, id!, req.body),
  },
  {
    method: 'GET',
    path: '/transfers/{transfer_id}/reversals',
    handle: (ctx, _req, [id]) => transferReversals(ctx, id!),
  },
  // Not a path of the API description, but the href of every transfer's `_links.disputes`.
  {
    method: 'GET',
    path: '/transfers/{transfer_id}/disputes',
    handle: (ctx, _req, [id]) => transferDisputes(ctx, id!),
  },
  {
    method: 'GET',
    path: '/disputes/{dispute_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadDispute(ctx, id!)),
  },
  { method: 'POST', path: '/authorizations', handle: (ctx, req) => createAuthorization(ctx, req.body) },
  {
    method: 'GET',
    path: '/authorizations/{authorization_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadAuthorization(ctx, id!)),
  },
  {
    method: 'PUT',
    path: '/authorizations/{authorization_id}',
    handle: (ctx, req, [id]) => updateAuthorization(ctx, id!, req.body),
  },
  { method: 'GET', path: '/settlements', handle: (ctx, req) => listSettlements(ctx, req.query ?? {}) },
  {
    method: 'GET',
    path: '/settlements/{settlement_id}',
    handle: (ctx, _req, [id]) => getSettlement(ctx, id!),
  },
  {
    method: 'GET',
    path: '/settlements/{settlement_id}/transfers',
    handle: (ctx, _req, [id]) => settlementTransfers(ctx, id!),
  },
  {
    method: 'GET',
    path: '/settlements/{settlement_id}/funding_transfers',
    handle: (ctx, _req, [id]) => settlementFunding(ctx, id!),
  },
  // The card account updater (decision 071).
  ...UPDATER_ROUTES,
];

/** The operations the engine answers, as `METHOD /path/{param}` (the contract test checks each). */
export const ENGINE_ROUTES = ROUTES.map(({ method, path }) => ({ method, path }));

const MATCHERS = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
}));

export function createFinixEngine(opts: FinixEngineOptions): FinixEngine {
  const ctx: EngineContext = {
    store: opts.store,
    clock: opts.clock ?? systemClock,
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    merchantId: opts.merchantId,
    applicationId: opts.applicationId,
    merchantIdentityId: `ID${opts.merchantId.replace(/^MU/, '')}`,
    settleDelayMs: opts.settleDelayMs ?? 0,
    nextSequence: () => {
      // The real time in microseconds (not the given clock's, which a test may stop), never repeated here.
      lastSequence = Math.max(
        Math.round((performance.timeOrigin + performance.now()) * 1000),
        lastSequence + 1,
      );
      return lastSequence;
    },
  };
  let lastSequence = 0;

  // One request at a time: a check and the write it allows (what is left to refund, an idempotency id)
  // are never interleaved with another request's.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const answering = (work: () => Promise<FinixResponse>) =>
    serially(async () => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof Refusal) return error.answer;
        throw error;
      }
    });
  const sequenceOf = (record: EngineRecord) => (record.body.sandbox as EventSandbox).sequence;
  const eventsOf = (records: EngineRecord[]) =>
    records.sort((a, b) => sequenceOf(a) - sequenceOf(b)).map((record) => render(ctx, record));

  return {
    handle(req) {
      return answering(async () => {
        for (const { route, pattern } of MATCHERS) {
          const match = route.method === req.method ? pattern.exec(req.path) : null;
          if (match) return route.handle(ctx, req, match.slice(1).map(decodeURIComponent));
        }
        return refuse(404, 'NOT_FOUND', `No such resource: ${req.method} ${req.path}`);
      });
    },
    tokenize: (card) => answering(() => tokenize(ctx, card)),
    tokenizeBank: (account) => answering(() => tokenizeBank(ctx, account, TOKEN_LIFETIME_MS)),
    events: () => serially(async () => eventsOf(await ctx.store.all('event'))),
    drainEvents: () => serially(async () => eventsOf(await ctx.store.drainEvents())),
    redeliver: (eventIds) =>
      serially(async () => {
        for (const id of eventIds) {
          const record = await ctx.store.get(id);
          if (record?.kind !== 'event') continue;
          const sandbox = { ...(record.body.sandbox as EventSandbox), delivered: false };
          await ctx.store.update(id, { ...record.body, sandbox }, record.updatedAt);
        }
      }),
    settleDue: () =>
      serially(async () => {
        for (const reversal of await ctx.store.all('reversal')) await settled(ctx, reversal);
        // Bank debits move by the clock too (engine-bank.ts): settled, returned, or returned late.
        for (const transfer of await ctx.store.all('transfer')) {
          await settled(ctx, transfer);
        }
        for (const merchant of await ctx.store.all('merchant')) await provisioned(ctx, merchant);
      }),
    resolveDispute: (disputeId, outcome) =>
      serially(async () => {
        const record = await loadDispute(ctx, disputeId).catch(() => {
          throw new Error(`No dispute ${disputeId}.`);
        });
        const dispute = record.body as DisputeBody;
        if (dispute.state !== 'PENDING' && dispute.state !== 'INQUIRY') {
          throw new Error(
            `Dispute ${disputeId} is ${dispute.state} already: a dispute's state only moves forward.`,
          );
        }
        const now = ctx.clock.now();
        const next: DisputeBody = { ...dispute, state: outcome, updated_at: now.toISOString() };
        await ctx.store.update(disputeId, next, now);
        await recordEvent(ctx, 'dispute', 'updated', { ...record, body: next, updatedAt: now });
      }),
  };
}

async function tokenize(ctx: EngineContext, card: CardInput): Promise<FinixResponse> {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    refuse(422, 'INVALID_FIELD', 'The card number is not valid.', 'number');
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    refuse(422, 'INVALID_FIELD', 'The expiration month must be from 1 to 12.', 'expiration_month');
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2200) {
    refuse(422, 'INVALID_FIELD', 'The expiration year must have four digits.', 'expiration_year');
  }
  const now = ctx.clock.now();
  // A card is good through the last day of its expiration month.
  if (card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    refuse(422, 'INVALID_FIELD', 'The card has expired.', 'expiration_year');
  }
  if (card.cvv && !/^\d{3,4}$/.test(card.cvv)) {
    refuse(422, 'INVALID_FIELD', 'The security code must have 3 or 4 digits.', 'security_code');
  }
  const body: TokenBody = {
    id: finixId('TK'),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    fingerprint: cardFingerprint(number),
    instrument_type: 'PAYMENT_CARD',
    currency: 'USD',
    sandbox: {
      brand: cardBrand(number),
      card_type: cardType(number),
      bin: number.slice(0, 6),
      last_four: number.slice(-4),
      expiration_month: card.expMonth,
      expiration_year: card.expYear,
      name: card.name?.trim() || null,
      postal_code: card.postalCode?.trim() || null,
      security_code_given: Boolean(card.cvv),
      used: false,
    },
  };
  const record = newRecord(ctx, 'token', body);
  await ctx.store.insert(record);
  const { sandbox: _card, ...token } = body;
  return { status: 201, body: token };
}

const identityRequest = z.object({
  entity: z.object({
    first_name: z.string().min(1).nullish(),
    last_name: z.string().min(1).nullish(),
    email: z.string().min(1).nullish(),
    phone: z.string().min(1).nullish(),
  }),
  tags: z.record(z.string(), z.string()).nullish(),
});

async function createIdentity(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const input = parseRequest(identityRequest, raw, 400);
  const now = ctx.clock.now().toISOString();
  const { first_name, last_name, email, phone } = input.entity;
  const body = {
    id: finixId('ID'),
    application: ctx.applicationId,
    created_at: now,
    updated_at: now,
    entity: {
      first_name: first_name ?? null,
      last_name: last_name ?? null,
      email: email ?? null,
      phone: phone ?? null,
    },
    tags: input.tags ?? {},
  };
  const record = newRecord(ctx, 'identity', body);
  await ctx.store.insert(record);
  return { status: 201, body: render(ctx, record) };
}

const instrumentRequest = z.object({
  type: z.literal('TOKEN', { error: 'Only TOKEN instruments can be made here.' }),
  token: z.string().min(1),
  identity: z.string().min(1),
  tags: z.record(z.string(), z.string()).nullish(),
});

/** POST /payment_instruments from a token: a token makes one instrument, within its 30 minutes. */
async function createInstrument(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const input = parseRequest(instrumentRequest, raw, 400);
  const identity = await ctx.store.get(input.identity);
  if (identity?.kind !== 'identity')
    refuse(400, 'INVALID_FIELD', `Identity ${input.identity} not found.`, 'identity');
  const tokenRecord = await ctx.store.get(input.token);
  const token = tokenRecord?.kind === 'token' ? (tokenRecord.body as TokenBody | BankTokenBody) : null;
  const now = ctx.clock.now();
  if (!token) return refuse(400, 'INVALID_FIELD', `Token ${input.token} not found.`, 'token');
  if (token.sandbox.used)
    refuse(400, 'INVALID_FIELD', `Token ${input.token} has been used already.`, 'token');
  if (now.toISOString() >= token.expires_at)
    refuse(400, 'INVALID_FIELD', `Token ${input.token} has expired.`, 'token');
  await ctx.store.update(input.token, { ...token, sandbox: { ...token.sandbox, used: true } }, now);
  if (token.instrument_type === 'BANK_ACCOUNT') {
    const bank = newRecord(
      ctx,
      'instrument',
      bankInstrumentBody(ctx, token, input.identity, input.tags ?? {}),
    );
    await ctx.store.insert(bank);
    return { status: 201, body: render(ctx, bank) };
  }
  const card = token.sandbox;
  const body: InstrumentBody = {
    id: finixId('PI'),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    address: {
      line1: null,
      line2: null,
      city: null,
      region: null,
      postal_code: card.postal_code,
      country: 'USA',
    },
    address_verification: card.postal_code ? 'POSTAL_CODE_MATCH' : 'NO_ADDRESS',
    application: ctx.applicationId,
    bin: card.bin,
    brand: card.brand,
    card_name: null,
    card_type: card.card_type ?? 'CREDIT',
    currency: 'USD',
    enabled: true,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    fast_funds_indicator: 'UNKNOWN',
    fingerprint: token.fingerprint,
    identity: input.identity,
    instrument_type: 'PAYMENT_CARD',
    issuer_country: 'USA',
    last_four: card.last_four,
    name: card.name,
    online_gambing_block_indicator: 'UNKNOWN',
    payload_type: 'SOURCE',
    push_funds_block_indicator: 'UNKNOWN',
    security_code_verification: card.security_code_given ? 'MATCHED' : 'UNKNOWN',
    tags: input.tags ?? {},
    type: 'PAYMENT_CARD',
  };
  const record = newRecord(ctx, 'instrument', body);
  await ctx.store.insert(record);
  return { status: 201, body: render(ctx, record) };
}

async function loadInstrument(ctx: EngineContext, id: string) {
  const record = await ctx.store.get(id);
  return record?.kind === 'instrument' ? record : notFound('Payment instrument', id);
}

const instrumentUpdate = z.object({
  enabled: z.boolean().optional(),
  tags: z.record(z.string(), z.string()).nullish(),
});

/** PUT /payment_instruments/{id}: tags, or disabled for good (a disabled card is never enabled again). */
async function updateInstrument(ctx: EngineContext, id: string, raw: unknown): Promise<FinixResponse> {
  const input = parseRequest(instrumentUpdate, raw, 422);
  const record = await loadInstrument(ctx, id);
  const instrument = record.body as InstrumentBody;
  if (input.enabled === true && !instrument.enabled) {
    refuse(
      422,
      'INVALID_FIELD',
      `Payment instrument ${id} is disabled and cannot be enabled again.`,
      'enabled',
    );
  }
  const now = ctx.clock.now();
  const next: InstrumentBody = {
    ...instrument,
    enabled: input.enabled ?? instrument.enabled,
    tags: input.tags ?? (instrument.tags as JsonObject),
    updated_at: now.toISOString(),
  };
  await ctx.store.update(id, next, now);
  return { status: 200, body: render(ctx, { ...record, body: next, updatedAt: now }) };
}
