import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { finixId } from './engine-cards';
import type { EngineRecord, EngineStore, EventSandbox, JsonObject, RecordKind } from './engine-store';
import type { FinixResponse } from './http';

/**
 * What the simulated Finix's handlers share (engine.ts and the engine-*.ts beside it): its settings and
 * store, and the shapes of Finix's JSON they answer with (API version 2022-02-01, finix-api.yaml).
 */

export type EngineContext = {
  store: EngineStore;
  clock: Clock;
  /** Where the answers' `_links` point. */
  baseUrl: string;
  merchantId: string;
  applicationId: string;
  /** The merchant's own identity, named on its transfers and authorizations. */
  merchantIdentityId: string;
  /** How long a refund stays PENDING before the processor settles it. */
  settleDelayMs: number;
  /** The next event's place in the order of events: increasing, across restarts too. */
  nextSequence(): number;
};

export type Tags = Record<string, string>;

/** Finix's transfer, as stored; `sandbox` is ours and never shown. */
export type TransferBody = {
  id: string;
  created_at: string;
  updated_at: string;
  additional_buyer_charges: null;
  additional_healthcare_data: null;
  address_verification: null;
  amount: number;
  amount_requested: number;
  application: string;
  currency: 'USD';
  destination: string | null;
  externally_funded: 'FALSE';
  failure_code: string | null;
  failure_message: string | null;
  fee: number;
  idempotency_id: string | null;
  merchant_identity: string;
  messages: string[];
  raw: null;
  ready_to_settle_at: string | null;
  security_code_verification: null;
  source: string | null;
  state: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  statement_descriptor: string;
  subtype: 'API' | 'MERCHANT_CREDIT' | 'MERCHANT_DEBIT';
  tags: Tags;
  trace_id: string;
  type: 'DEBIT' | 'REVERSAL' | 'CREDIT' | 'DISPUTE';
  sandbox: {
    /** The merchant a sale was made for (a refund's and a dispute's are their sale's). */
    merchant?: string;
    /** The request that made it, so the same idempotency id with another request is told apart. */
    request_hash: string | null;
    /** The status of the first answer, given again to the same request. */
    answer: 201 | 402;
    /** A PENDING refund's outcome once the processor settles it. */
    settles_as: {
      state: 'SUCCEEDED' | 'FAILED';
      failure_code: string | null;
      failure_message: string | null;
    } | null;
    /** A bank debit's steps (engine-bank.ts): when it takes its outcome, and a late return. */
    bank?: BankDebitSandbox;
  };
};

export type AuthorizationBody = {
  id: string;
  created_at: string;
  updated_at: string;
  '3ds_redirect_url': null;
  additional_buyer_charges: null;
  additional_healthcare_data: null;
  address_verification: null;
  amount: number;
  amount_requested: number;
  application: string;
  capture_amount?: number;
  currency: 'USD';
  device: null;
  expires_at: string;
  failure_code: string | null;
  failure_message: string | null;
  idempotency_id: string | null;
  is_void: boolean;
  merchant_identity: string;
  messages: string[];
  raw: null;
  security_code_verification: null;
  source: string;
  state: 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  tags: Tags;
  trace_id: string;
  transfer: string | null;
  void_state: 'UNATTEMPTED' | 'SUCCEEDED';
  sandbox: { request_hash: string | null; answer: 201 | 402 };
};

export type DisputeBody = {
  id: string;
  created_at: string;
  updated_at: string;
  action: string | null;
  amount: number;
  application: string;
  dispute_details: Record<string, string>;
  identity: string;
  message: string | null;
  occurred_at: string;
  reason: 'FRAUD' | 'INQUIRY';
  respond_by: string;
  state: 'PENDING' | 'INQUIRY' | 'WON' | 'LOST';
  tags: Tags;
  transfer: string;
};

export type InstrumentBody = JsonObject & {
  id: string;
  identity: string;
  enabled: boolean;
  fingerprint: string;
};

/** A token the stand-in card form made: what Finix.js would hand the browser, and the card's details. */
export type TokenBody = {
  id: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  fingerprint: string;
  instrument_type: 'PAYMENT_CARD';
  currency: 'USD';
  sandbox: {
    brand: string;
    card_type: 'CREDIT' | 'DEBIT' | 'PREPAID';
    bin: string;
    last_four: string;
    expiration_month: number;
    expiration_year: number;
    name: string | null;
    postal_code: string | null;
    security_code_given: boolean;
    used: boolean;
  };
};

export type BankBehaviour =
  | { kind: 'settles' }
  | { kind: 'returns'; code: string }
  | { kind: 'late'; code: string }
  | { kind: 'returnsOnce'; code: string };

/** A bank token: what Finix.js would hand the browser, and the account's details the engine keeps. */
export type BankTokenBody = {
  id: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  fingerprint: string;
  instrument_type: 'BANK_ACCOUNT';
  currency: 'USD';
  sandbox: {
    bank_code: string;
    last_four: string;
    account_type: 'CHECKING' | 'SAVINGS';
    name: string;
    used: boolean;
    behaviour: BankBehaviour;
  };
};

/** The bank debit's own steps, kept under the transfer's `sandbox.bank`. */
export type BankDebitSandbox = {
  /** When the PENDING debit takes its outcome (`settles_as`). */
  settles_at: string;
  /** A return after it succeeded: its code and when; `reversal` once made. */
  late_return: { code: string; at: string; reversal: string | null } | null;
};

/** A refusal, thrown by a handler and answered by the engine as it stands. */
export class Refusal extends Error {
  constructor(readonly answer: FinixResponse) {
    super(`Finix refused: ${answer.status}`);
  }
}

/** Finix's error envelope: `{ total, _embedded: { errors: [{ code, message, … }] } }`. */
export function errorBody(code: string, message: string, extra: JsonObject = {}): JsonObject {
  return { total: 1, _embedded: { errors: [{ code, message, ...extra }] } };
}

export function refuse(status: number, code: string, message: string, field?: string): never {
  throw new Refusal({ status, body: errorBody(code, message, field ? { field } : {}) });
}

export function notFound(what: string, id: string): never {
  return refuse(404, 'NOT_FOUND', `${what} ${id} not found`);
}

/** The request, or a refusal naming the first field that is wrong (Finix's INVALID_FIELD). */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown, status: 400 | 422): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return refuse(status, 'INVALID_FIELD', `${field || 'body'}: ${issue.message}`, field || undefined);
}

export const href = (ctx: EngineContext, path: string) => ({ href: `${ctx.baseUrl}${path}` });

/** The request's canonical form (keys sorted at every depth), hashed: key order never tells requests apart. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as JsonObject)[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

export function newRecord(
  ctx: EngineContext,
  kind: RecordKind,
  body: JsonObject & { id: string },
  link: { idempotencyId?: string | null; parentId?: string | null } = {},
): EngineRecord {
  const now = ctx.clock.now();
  return {
    id: body.id,
    kind,
    idempotencyId: link.idempotencyId ?? null,
    parentId: link.parentId ?? null,
    body,
    createdAt: now,
    updatedAt: now,
  };
}

/** The resource as Finix shows it: its fields without ours, and its `_links` (an event has none). */
export function render(ctx: EngineContext, record: EngineRecord): JsonObject {
  const { sandbox: _ours, ...json } = record.body;
  const links = linksOf(ctx, record);
  return links ? { ...json, _links: links } : json;
}

function linksOf(ctx: EngineContext, record: EngineRecord): JsonObject | null {
  const body = record.body;
  const self = (collection: string) => ({
    self: href(ctx, `/${collection}/${record.id}`),
    application: href(ctx, `/applications/${ctx.applicationId}`),
  });
  switch (record.kind) {
    case 'identity':
      return {
        ...self('identities'),
        payment_instruments: href(ctx, `/identities/${record.id}/payment_instruments`),
      };
    case 'instrument':
      return { ...self('payment_instruments'), identity: href(ctx, `/identities/${body.identity}`) };
    case 'transfer':
      return {
        ...self('transfers'),
        merchant_identity: href(ctx, `/identities/${body.merchant_identity}`),
        source: href(ctx, `/payment_instruments/${body.source}`),
        reversals: href(ctx, `/transfers/${record.id}/reversals`),
        disputes: href(ctx, `/transfers/${record.id}/disputes`),
      };
    case 'reversal':
      return {
        ...self('transfers'),
        merchant_identity: href(ctx, `/identities/${body.merchant_identity}`),
        parent: href(ctx, `/transfers/${record.parentId}`),
        destination: href(ctx, `/payment_instruments/${body.destination}`),
      };
    case 'authorization':
      return {
        ...self('authorizations'),
        merchant_identity: href(ctx, `/identities/${body.merchant_identity}`),
        ...(body.transfer ? { transfer: href(ctx, `/transfers/${body.transfer}`) } : {}),
      };
    case 'dispute':
      return {
        ...self('disputes'),
        transfer: href(ctx, `/transfers/${body.transfer}`),
        evidence: href(ctx, `/disputes/${record.id}/evidence`),
        adjustment_transfers: href(ctx, `/disputes/${record.id}/adjustment_transfers`),
      };
    case 'merchant':
      return {
        ...self('merchants'),
        identity: href(ctx, `/identities/${body.identity}`),
        verification: href(ctx, `/verifications/${body.verification}`),
        verifications: href(ctx, `/merchants/${record.id}/verifications`),
        merchant_profile: href(ctx, `/merchant_profiles/${body.merchant_profile}`),
      };
    case 'verification':
      return self('verifications');
    case 'settlement': {
      const at = (path: string) => href(ctx, `/settlements/${record.id}${path}`);
      return {
        self: at(''),
        application: href(ctx, `/applications/${ctx.applicationId}`),
        funding_transfers: at('/funding_transfers'),
        transfers: at('/transfers'),
        fees: at('/transfers?type=fee'),
        reversals: at('/transfers?type=reverse'),
        debits: at('/transfers?type=debit'),
        disputes: at('/transfers?type=dispute'),
      };
    }
    case 'funding':
      return { ...self('transfers'), settlement: href(ctx, `/settlements/${record.parentId}`) };
    case 'adjustment':
      return { ...self('transfers'), parent: href(ctx, `/transfers/${record.parentId}`) };
    case 'instrument_update':
      return self('instrument_updates');
    case 'token':
    case 'event':
      return null;
  }
}

/** A list as Finix answers it (`_embedded.<key>`), paged by cursor (transfers) or by offset (disputes). */
export function listBody(
  ctx: EngineContext,
  path: string,
  key: string,
  items: JsonObject[],
  paging: 'cursor' | 'offset',
): JsonObject {
  const page =
    paging === 'cursor'
      ? { limit: Math.max(items.length, 20), next_cursor: null }
      : { offset: 0, limit: Math.max(items.length, 20), count: items.length };
  return { _embedded: { [key]: items }, _links: { self: href(ctx, path) }, page };
}

/**
 * Records the webhook event of a change (`transfer.created`, `dispute.updated`, …) in Finix's shape, the
 * resource embedded as it stood then. Delivered later by whoever drains them (a test, the sandbox).
 */
export async function recordEvent(
  ctx: EngineContext,
  entity: 'transfer' | 'authorization' | 'dispute' | 'merchant',
  type: 'created' | 'updated',
  record: EngineRecord,
): Promise<void> {
  const id = finixId('EV');
  const body = {
    id,
    type,
    entity,
    occurred_at: ctx.clock.now().toISOString(),
    _embedded: { [`${entity}s`]: [render(ctx, record)] },
    sandbox: { delivered: false, sequence: ctx.nextSequence() } satisfies EventSandbox,
  };
  await ctx.store.insert(newRecord(ctx, 'event', body));
}
