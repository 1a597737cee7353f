import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  type ChargeOutcome,
  chargeOutcome,
  DISABLING_CODES,
  FAILURE_MESSAGES,
  finixId,
  isDisputedAmount,
  refundFails,
} from './engine-cards';
import {
  type AuthorizationBody,
  type DisputeBody,
  type EngineContext,
  errorBody,
  href,
  type InstrumentBody,
  listBody,
  newRecord,
  notFound,
  recordEvent,
  refuse,
  render,
  requestHash,
  type TransferBody,
} from './engine-json';
import type { EngineRecord, JsonObject, RecordKind } from './engine-store';
import type { FinixResponse } from './transport';

/**
 * Money movements of the simulated Finix: sales (DEBIT transfers), refunds (REVERSAL transfers, PENDING
 * until the processor settles them), disputes, and authorizations captured or voided. A state only moves
 * forward: PENDING to a final state, an open dispute to WON or LOST, never back.
 */

const tags = z.record(z.string(), z.string()).nullish();
const idempotencyId = z.string().min(1).nullish();

/** The request, or a refusal naming the first field that is wrong (Finix's INVALID_FIELD). */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown, status: 400 | 422): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return refuse(status, 'INVALID_FIELD', `${field || 'body'}: ${issue.message}`, field || undefined);
}

const chargeRequest = z.object({
  merchant: z.string().min(1),
  source: z.string().min(1),
  amount: z.number().int().positive().max(99_999_999),
  currency: z.string(),
  idempotency_id: idempotencyId,
  tags,
});

const reversalRequest = z.object({
  refund_amount: z.number().int().positive(),
  idempotency_id: idempotencyId,
  tags,
});

const authorizationUpdate = z.object({
  capture_amount: z.number().int().positive().optional(),
  void_me: z.boolean().optional(),
  tags,
});

const iso = (ctx: EngineContext) => ctx.clock.now().toISOString();

/** A transfer (a sale or a refund), its refund settled first if the processor has had the time. */
export async function loadTransfer(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  if (!record || (record.kind !== 'transfer' && record.kind !== 'reversal')) return notFound('Transfer', id);
  return settled(ctx, record);
}

/** A PENDING refund whose time has come takes the outcome the processor gives it (transfer.updated). */
export async function settled(ctx: EngineContext, record: EngineRecord): Promise<EngineRecord> {
  const body = record.body as TransferBody;
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
async function replayed(
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
async function insertOnce(
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
function answerFor(ctx: EngineContext, record: EngineRecord): FinixResponse {
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

/** The card a charge takes money from: it must exist and be enabled. */
async function chargeableCard(
  ctx: EngineContext,
  charge: z.infer<typeof chargeRequest>,
): Promise<EngineRecord> {
  if (charge.merchant !== ctx.merchantId) {
    refuse(403, 'FORBIDDEN', `These credentials may not charge for merchant ${charge.merchant}.`);
  }
  if (charge.currency !== 'USD') refuse(422, 'INVALID_FIELD', 'Only USD is supported.', 'currency');
  const card = await ctx.store.get(charge.source);
  if (card?.kind !== 'instrument') {
    return refuse(422, 'INVALID_FIELD', `Payment instrument ${charge.source} not found.`, 'source');
  }
  if (!(card.body as InstrumentBody).enabled) {
    refuse(422, 'INVALID_FIELD', `Payment instrument ${charge.source} is disabled.`, 'source');
  }
  return card;
}

/** After a decline whose code says so, the card is disabled at Finix for good. */
async function disableAfter(
  ctx: EngineContext,
  card: EngineRecord,
  failureCode: string | null,
): Promise<void> {
  if (!failureCode || !DISABLING_CODES.has(failureCode)) return;
  const now = ctx.clock.now();
  await ctx.store.update(card.id, { ...card.body, enabled: false, updated_at: now.toISOString() }, now);
}

function debitBody(
  ctx: EngineContext,
  fields: Pick<
    TransferBody,
    'amount' | 'source' | 'state' | 'failure_code' | 'failure_message' | 'idempotency_id'
  > & {
    tags: Record<string, string>;
    request_hash: string | null;
  },
): TransferBody {
  const now = iso(ctx);
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
    destination: null,
    externally_funded: 'FALSE',
    failure_code: fields.failure_code,
    failure_message: fields.failure_message,
    fee: 0,
    idempotency_id: fields.idempotency_id,
    merchant_identity: ctx.merchantIdentityId,
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
    type: 'DEBIT',
    sandbox: {
      request_hash: fields.request_hash,
      answer: fields.state === 'FAILED' ? 402 : 201,
      settles_as: null,
    },
  };
}

/** A sale made (transfer.created); the test amount 888888 is disputed at once (dispute.created). */
async function debitMade(ctx: EngineContext, record: EngineRecord): Promise<void> {
  await recordEvent(ctx, 'transfer', 'created', record);
  const body = record.body as TransferBody;
  if (body.state === 'SUCCEEDED' && isDisputedAmount(body.amount)) await openDispute(ctx, record);
}

/** A decline's code and message, or nulls. */
function failureOf(outcome: ChargeOutcome) {
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
    identity: ctx.merchantIdentityId,
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

/** POST /transfers: a sale from the card, or its decline (402, the FAILED transfer kept and linked). */
export async function createTransfer(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const charge = parseRequest(chargeRequest, raw, 422);
  const hash = requestHash(raw);
  const replay = await replayed(ctx, 'transfer', charge.idempotency_id, hash);
  if (replay) return replay;
  const card = await chargeableCard(ctx, charge);
  const outcome = chargeOutcome((card.body as InstrumentBody).fingerprint, charge.amount);
  const failure = failureOf(outcome);
  const body = debitBody(ctx, {
    amount: charge.amount,
    source: card.id,
    state: outcome.state,
    ...failure,
    idempotency_id: charge.idempotency_id ?? null,
    tags: charge.tags ?? {},
    request_hash: hash,
  });
  const record = newRecord(ctx, 'transfer', body, { idempotencyId: charge.idempotency_id });
  const earlier = await insertOnce(ctx, record, hash);
  if (earlier) return earlier;
  await debitMade(ctx, record);
  await disableAfter(ctx, card, failure.failure_code);
  return answerFor(ctx, record);
}

/** GET /transfers, filtered by idempotency_id when asked (sales and refunds alike). */
export async function listTransfers(
  ctx: EngineContext,
  query: Record<string, string>,
): Promise<FinixResponse> {
  const wanted = query.idempotency_id;
  const found = wanted
    ? [await ctx.store.byIdempotency('transfer', wanted), await ctx.store.byIdempotency('reversal', wanted)]
    : [...(await ctx.store.all('transfer')), ...(await ctx.store.all('reversal'))];
  const items: JsonObject[] = [];
  for (const record of found) if (record) items.push(render(ctx, await settled(ctx, record)));
  return { status: 200, body: listBody(ctx, '/transfers', 'transfers', items, 'cursor') };
}

/** POST /transfers/{id}/reversals: a refund of what is left of a succeeded, undisputed sale. */
export async function createReversal(
  ctx: EngineContext,
  parentId: string,
  raw: unknown,
): Promise<FinixResponse> {
  const input = parseRequest(reversalRequest, raw, 422);
  const parent = await loadTransfer(ctx, parentId);
  // The same idempotency id against another transfer is another request.
  const hash = requestHash({ parent: parentId, request: raw });
  const replay = await replayed(ctx, 'reversal', input.idempotency_id, hash);
  if (replay) return replay;
  const sale = parent.body as TransferBody;
  if (parent.kind !== 'transfer' || sale.state !== 'SUCCEEDED') {
    refuse(
      422,
      'UNPROCESSABLE_ENTITY',
      `Transfer ${parentId} is not a succeeded debit: it cannot be reversed.`,
    );
  }
  const disputes = await ctx.store.children('dispute', parentId);
  if (disputes.some((d) => (d.body as DisputeBody).state !== 'WON')) {
    refuse(422, 'UNPROCESSABLE_ENTITY', `Transfer ${parentId} is disputed: it cannot be reversed.`);
  }
  let refunded = 0;
  for (const reversal of await ctx.store.children('reversal', parentId)) {
    const body = (await settled(ctx, reversal)).body as TransferBody;
    if (body.state !== 'FAILED') refunded += body.amount;
  }
  const left = sale.amount - refunded;
  if (input.refund_amount > left) {
    refuse(
      422,
      'INVALID_FIELD',
      `refund_amount ${input.refund_amount} is more than is left to reverse of transfer ${parentId} (${left}).`,
      'refund_amount',
    );
  }
  const card = await ctx.store.get(sale.source ?? '');
  const fails = card !== null && refundFails((card.body as InstrumentBody).fingerprint);
  const body: TransferBody = {
    ...debitBody(ctx, {
      amount: input.refund_amount,
      source: null,
      state: 'PENDING',
      failure_code: null,
      failure_message: null,
      idempotency_id: input.idempotency_id ?? null,
      tags: input.tags ?? {},
      request_hash: hash,
    }),
    type: 'REVERSAL',
    destination: sale.source,
    sandbox: {
      request_hash: hash,
      answer: 201,
      settles_as: fails
        ? {
            state: 'FAILED',
            failure_code: 'GENERIC_DECLINE',
            failure_message: 'The refund to the card failed.',
          }
        : { state: 'SUCCEEDED', failure_code: null, failure_message: null },
    },
  };
  const record = newRecord(ctx, 'reversal', body, { idempotencyId: input.idempotency_id, parentId });
  const earlier = await insertOnce(ctx, record, hash);
  if (earlier) return earlier;
  await recordEvent(ctx, 'transfer', 'created', record);
  return { status: 201, body: render(ctx, record) };
}

/** GET /transfers/{id}/disputes (the transfer's `_links.disputes`). */
export async function transferDisputes(ctx: EngineContext, transferId: string): Promise<FinixResponse> {
  await loadTransfer(ctx, transferId);
  const disputes = (await ctx.store.children('dispute', transferId)).map((d) => render(ctx, d));
  return {
    status: 200,
    body: listBody(ctx, `/transfers/${transferId}/disputes`, 'disputes', disputes, 'offset'),
  };
}

export async function loadDispute(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  return record?.kind === 'dispute' ? record : notFound('Dispute', id);
}

/** POST /authorizations: a hold on the card, declined (402) by the same test cards and amounts as a sale. */
export async function createAuthorization(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const charge = parseRequest(chargeRequest, raw, 422);
  const hash = requestHash(raw);
  const replay = await replayed(ctx, 'authorization', charge.idempotency_id, hash);
  if (replay) return replay;
  const card = await chargeableCard(ctx, charge);
  const outcome = chargeOutcome((card.body as InstrumentBody).fingerprint, charge.amount);
  const failure = failureOf(outcome);
  const now = ctx.clock.now();
  const body: AuthorizationBody = {
    id: finixId('AU'),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    '3ds_redirect_url': null,
    additional_buyer_charges: null,
    additional_healthcare_data: null,
    address_verification: null,
    amount: charge.amount,
    amount_requested: charge.amount,
    application: ctx.applicationId,
    currency: 'USD',
    device: null,
    // Finix holds a card-not-present authorization for seven days.
    expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    ...failure,
    idempotency_id: charge.idempotency_id ?? null,
    is_void: false,
    merchant_identity: ctx.merchantIdentityId,
    messages: [],
    raw: null,
    security_code_verification: null,
    source: card.id,
    state: outcome.state,
    tags: charge.tags ?? {},
    trace_id: randomUUID(),
    transfer: null,
    void_state: 'UNATTEMPTED',
    sandbox: { request_hash: hash, answer: outcome.state === 'FAILED' ? 402 : 201 },
  };
  const record = newRecord(ctx, 'authorization', body, { idempotencyId: charge.idempotency_id });
  const earlier = await insertOnce(ctx, record, hash);
  if (earlier) return earlier;
  await recordEvent(ctx, 'authorization', 'created', record);
  await disableAfter(ctx, card, failure.failure_code);
  return answerFor(ctx, record);
}

export async function loadAuthorization(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  return record?.kind === 'authorization' ? record : notFound('Authorization', id);
}

/** PUT /authorizations/{id}: capture (a DEBIT transfer of `capture_amount`) or void, once. */
export async function updateAuthorization(
  ctx: EngineContext,
  id: string,
  raw: unknown,
): Promise<FinixResponse> {
  const input = parseRequest(authorizationUpdate, raw, 422);
  const record = await loadAuthorization(ctx, id);
  const auth = record.body as AuthorizationBody;
  const capturing = input.capture_amount !== undefined;
  if (capturing === (input.void_me === true)) {
    refuse(422, 'INVALID_FIELD', 'Send either capture_amount or void_me: true.', 'capture_amount');
  }
  const now = ctx.clock.now();
  if (auth.state !== 'SUCCEEDED' || auth.is_void || auth.transfer || now.toISOString() > auth.expires_at) {
    refuse(
      422,
      'INVALID_FIELD',
      `Authorization ${id} is expired, voided or already captured (AUTHORIZATION_EXPIRED_OR_ALREADY_CAPTURED).`,
      capturing ? 'capture_amount' : 'void_me',
    );
  }
  let next: AuthorizationBody;
  if (input.capture_amount !== undefined) {
    if (input.capture_amount > auth.amount) {
      refuse(
        422,
        'INVALID_FIELD',
        `capture_amount is more than the authorized ${auth.amount}.`,
        'capture_amount',
      );
    }
    const debit = newRecord(
      ctx,
      'transfer',
      debitBody(ctx, {
        amount: input.capture_amount,
        source: auth.source,
        state: 'SUCCEEDED',
        failure_code: null,
        failure_message: null,
        idempotency_id: null,
        tags: auth.tags,
        request_hash: null,
      }),
    );
    await ctx.store.insert(debit);
    await debitMade(ctx, debit);
    next = {
      ...auth,
      capture_amount: input.capture_amount,
      transfer: debit.id,
      updated_at: now.toISOString(),
    };
  } else {
    next = { ...auth, is_void: true, void_state: 'SUCCEEDED', updated_at: now.toISOString() };
  }
  await ctx.store.update(id, next, now);
  const updated = { ...record, body: next, updatedAt: now };
  await recordEvent(ctx, 'authorization', 'updated', updated);
  return { status: 200, body: render(ctx, updated) };
}
