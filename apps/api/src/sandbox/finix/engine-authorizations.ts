import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { chargeOutcome, finixId } from './engine-cards';
import {
  answerFor,
  chargeableCard,
  chargeRequest,
  debitMade,
  disableAfter,
  failureOf,
  insertOnce,
  parseRequest,
  replayed,
  tags,
  transferBody,
} from './engine-charges';
import {
  type AuthorizationBody,
  type EngineContext,
  type InstrumentBody,
  newRecord,
  notFound,
  recordEvent,
  refuse,
  render,
  requestHash,
} from './engine-json';
import type { EngineRecord } from './engine-store';
import type { FinixResponse } from './http';

/** Authorizations at the simulated Finix: a hold on the card, captured into a DEBIT or voided, once. */

const authorizationUpdate = z.object({
  capture_amount: z.number().int().positive().optional(),
  void_me: z.boolean().optional(),
  tags,
});

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
    merchant_identity: card.merchantIdentity,
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
      transferBody(
        ctx,
        {
          type: 'DEBIT',
          amount: input.capture_amount,
          source: auth.source,
          destination: null,
          state: 'SUCCEEDED',
          failure_code: null,
          failure_message: null,
          idempotency_id: null,
          tags: auth.tags,
          sandbox: { request_hash: null, answer: 201, settles_as: null },
        },
        auth.merchant_identity,
      ),
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
