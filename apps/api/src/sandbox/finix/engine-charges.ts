import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { advanceBankDebit } from './engine-bank';
import {
  type ChargeOutcome,
  DISABLING_CODES,
  FAILURE_MESSAGES,
  finixId,
  isDisputedAmount,
} from './engine-cards';
import {
  type AuthorizationBody,
  type DisputeBody,
  type EngineContext,
  errorBody,
  href,
  type InstrumentBody,
  newRecord,
  recordEvent,
  refuse,
  render,
  type TransferBody,
} from './engine-json';
import { merchantIdentityOf } from './engine-merchants';
import type { EngineRecord, RecordKind } from './engine-store';
import type { FinixResponse } from './http';

/**
 * What the simulated Finix's money movements share (engine-transfers.ts, engine-authorizations.ts): the
 * requests' shapes, idempotency (the same request answered again, another one refused), the card a
 * charge takes money from, the transfer's JSON, and what follows a sale (a dispute, a disabled card). A
 * state only moves forward: PENDING to a final state, an open dispute to WON or LOST, never back.
 */

export const tags = z.record(z.string(), z.string()).nullish();
export const idempotencyId = z.string().min(1).nullish();

/** The request, or a refusal naming the first field that is wrong (engine-json.ts). */
export { parseRequest } from './engine-json';

export const chargeRequest = z.object({
  merchant: z.string().min(1),
  source: z.string().min(1),
  amount: z.number().int().positive().max(99_999_999),
  currency: z.string(),
  idempotency_id: idempotencyId,
  tags,
});

/** A PENDING refund whose time has come takes the outcome the processor gives it (transfer.updated). */
export async function settled(ctx: EngineContext, record: EngineRecord): Promise<EngineRecord> {
  const body = record.body as TransferBody;
  // A bank debit moves by its own business days (engine-bank.ts).
  if (body.sandbox.bank) return advanceBankDebit(ctx, record);
  const outcome = body.sandbox.settles_as;
  if (body.state !== 'PENDING' || !outcome) return record;
  if (ctx.clock.now().getTime() < record.createdAt.getTime() + ctx.settleDelayMs) return record;
  const now = ctx.clock.now();
  const next: TransferBody = {
    ...body,
    ...outcome,
    ready_to_settle_at: outcome.state === 'SUCCEEDED' ? now.toISOString() : null,
    updated_at: now.toISOString(),
    sandbox: { ...body.sandbox, settles_as: null },
  };
  await ctx.store.update(record.id, next, now);
  const updated = { ...record, body: next, updatedAt: now };
  await recordEvent(ctx, 'transfer', 'updated', updated);
  return updated;
}

/**
 * The first answer again, when this idempotency id was used before with the same request; a refusal
 * when it was used with another; null when it is new.
 */
export async function replayed(
  ctx: EngineContext,
  kind: RecordKind,
  id: string | null | undefined,
  hash: string,
): Promise<FinixResponse | null> {
  if (!id) return null;
  const first = await ctx.store.byIdempotency(kind, id);
  if (!first) return null;
  const body = first.body as TransferBody | AuthorizationBody;
  if (body.sandbox.request_hash !== hash) {
    return refuse(
      422,
      'INVALID_FIELD',
      `idempotency_id ${id} was already used with a different request`,
      'idempotency_id',
    );
  }
  return answerFor(ctx, kind === 'authorization' ? first : await settled(ctx, first));
}

/** Inserts a record made under an idempotency id; a request at the same time that got there first answers. */
export async function insertOnce(
  ctx: EngineContext,
  record: EngineRecord,
  hash: string,
): Promise<FinixResponse | null> {
  if (await ctx.store.insert(record)) return null;
  const answer = await replayed(ctx, record.kind, record.idempotencyId, hash);
  if (!answer) throw new Error(`Record ${record.id} clashed with another of the same id.`);
  return answer;
}

/** A created transfer or authorization as first answered: 201, or 402 with the decline linking it. */
export function answerFor(ctx: EngineContext, record: EngineRecord): FinixResponse {
  const body = record.body as TransferBody | AuthorizationBody;
  if (body.sandbox.answer === 201) return { status: 201, body: render(ctx, record) };
  const collection = record.kind === 'authorization' ? 'authorizations' : 'transfers';
  return {
    status: 402,
    body: errorBody('DECLINED', body.failure_message ?? 'The card was declined.', {
      failure_code: body.failure_code,
      failure_message: body.failure_message,
      _links: {
        source: href(ctx, `/${collection}`),
        [record.kind === 'authorization' ? 'authorization' : 'transfer']: href(
          ctx,
          `/${collection}/${record.id}`,
        ),
      },
    }),
  };
}

/**
 * The card a charge takes money from: it must exist and be enabled; and the identity of the merchant it
 * is for, which must be the engine's own or an approved one (engine-merchants.ts).
 */
export async function chargeableCard(
  ctx: EngineContext,
  charge: z.infer<typeof chargeRequest>,
): Promise<EngineRecord & { merchantIdentity: string }> {
  const merchantIdentity = await merchantIdentityOf(ctx, charge.merchant);
  if (charge.currency !== 'USD') refuse(422, 'INVALID_FIELD', 'Only USD is supported.', 'currency');
  const card = await ctx.store.get(charge.source);
  if (card?.kind !== 'instrument') {
    return refuse(422, 'INVALID_FIELD', `Payment instrument ${charge.source} not found.`, 'source');
  }
  if (!(card.body as InstrumentBody).enabled) {
    refuse(422, 'INVALID_FIELD', `Payment instrument ${charge.source} is disabled.`, 'source');
  }
  return { ...card, merchantIdentity };
}

/** After a decline whose code says so, the card is disabled at Finix for good. */
export async function disableAfter(
  ctx: EngineContext,
  card: EngineRecord,
  failureCode: string | null,
): Promise<void> {
  if (!failureCode || !DISABLING_CODES.has(failureCode)) return;
  const now = ctx.clock.now();
  await ctx.store.update(card.id, { ...card.body, enabled: false, updated_at: now.toISOString() }, now);
}

/** A transfer as Finix shows one, with what the engine keeps of it. */
export function transferBody(
  ctx: EngineContext,
  fields: Pick<
    TransferBody,
    | 'type'
    | 'amount'
    | 'source'
    | 'destination'
    | 'state'
    | 'failure_code'
    | 'failure_message'
    | 'idempotency_id'
    | 'tags'
    | 'sandbox'
  >,
  /** The merchant's identity the money is for (a refund's: its sale's). */
  merchantIdentity: string,
): TransferBody {
  const now = ctx.clock.now().toISOString();
  return {
    id: finixId('TR'),
    created_at: now,
    updated_at: now,
    additional_buyer_charges: null,
    additional_healthcare_data: null,
    address_verification: null,
    amount: fields.amount,
    amount_requested: fields.amount,
    application: ctx.applicationId,
    currency: 'USD',
    destination: fields.destination,
    externally_funded: 'FALSE',
    failure_code: fields.failure_code,
    failure_message: fields.failure_message,
    fee: 0,
    idempotency_id: fields.idempotency_id,
    merchant_identity: merchantIdentity,
    messages: [],
    raw: null,
    ready_to_settle_at: fields.state === 'SUCCEEDED' ? now : null,
    security_code_verification: null,
    source: fields.source,
    state: fields.state,
    statement_descriptor: 'FNX*PIROUETTE',
    subtype: 'API',
    tags: fields.tags,
    trace_id: randomUUID(),
    type: fields.type,
    sandbox: fields.sandbox,
  };
}

/** A sale made (transfer.created); the test amount 888888 is disputed at once (dispute.created). */
export async function debitMade(ctx: EngineContext, record: EngineRecord): Promise<void> {
  await recordEvent(ctx, 'transfer', 'created', record);
  const body = record.body as TransferBody;
  if (body.state === 'SUCCEEDED' && isDisputedAmount(body.amount)) await openDispute(ctx, record);
}

/** A decline's code and message, or nulls. */
export function failureOf(outcome: ChargeOutcome) {
  return outcome.state === 'FAILED'
    ? { failure_code: outcome.failureCode, failure_message: FAILURE_MESSAGES[outcome.failureCode] }
    : { failure_code: null, failure_message: null };
}

async function openDispute(ctx: EngineContext, transfer: EngineRecord): Promise<void> {
  const now = ctx.clock.now();
  const body: DisputeBody = {
    id: finixId('DI'),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    action: null,
    amount: (transfer.body as TransferBody).amount,
    application: ctx.applicationId,
    dispute_details: { reason_code: '10.4' },
    identity: (transfer.body as TransferBody).merchant_identity,
    message: null,
    occurred_at: now.toISOString(),
    reason: 'FRAUD',
    respond_by: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    state: 'PENDING',
    tags: {},
    transfer: transfer.id,
  };
  const record = newRecord(ctx, 'dispute', body, { parentId: transfer.id });
  await ctx.store.insert(record);
  await recordEvent(ctx, 'dispute', 'created', record);
}
