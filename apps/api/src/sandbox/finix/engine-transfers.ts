import { z } from 'zod';
import { bankDebitPlan, isBankInstrument } from './engine-bank';
import { chargeOutcome, countsEarlierSales, refundFails } from './engine-cards';
import {
  answerFor,
  chargeableCard,
  chargeRequest,
  debitMade,
  disableAfter,
  failureOf,
  idempotencyId,
  insertOnce,
  parseRequest,
  replayed,
  settled,
  tags,
  transferBody,
} from './engine-charges';
import {
  type DisputeBody,
  type EngineContext,
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
import type { EngineRecord, JsonObject } from './engine-store';
import type { FinixResponse } from './http';

/**
 * Transfers at the simulated Finix: sales (DEBIT), refunds (REVERSAL, PENDING until the processor
 * settles them) and the disputes of a sale.
 */

const reversalRequest = z.object({
  refund_amount: z.number().int().positive(),
  idempotency_id: idempotencyId,
  tags,
});

/** A transfer (a sale or a refund), its refund settled first if the processor has had the time. */
export async function loadTransfer(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  if (!record || (record.kind !== 'transfer' && record.kind !== 'reversal')) return notFound('Transfer', id);
  return settled(ctx, record);
}

/** POST /transfers: a sale from the card, or its decline (402, the FAILED transfer kept and linked). */
export async function createTransfer(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const charge = parseRequest(chargeRequest, raw, 422);
  const hash = requestHash(raw);
  const replay = await replayed(ctx, 'transfer', charge.idempotency_id, hash);
  if (replay) return replay;
  const card = await chargeableCard(ctx, charge);
  if (isBankInstrument(card)) return bankDebit(ctx, charge, card, hash);
  const fingerprint = (card.body as InstrumentBody).fingerprint;
  const outcome = chargeOutcome(fingerprint, charge.amount, {
    earlierSales: countsEarlierSales(fingerprint) ? await earlierSales(ctx, card.id) : 0,
    day: ctx.clock.now(),
  });
  const failure = failureOf(outcome);
  const body = transferBody(
    ctx,
    {
      type: 'DEBIT',
      amount: charge.amount,
      source: card.id,
      destination: null,
      state: outcome.state,
      ...failure,
      idempotency_id: charge.idempotency_id ?? null,
      tags: charge.tags ?? {},
      sandbox: {
        request_hash: hash,
        answer: outcome.state === 'FAILED' ? 402 : 201,
        settles_as: null,
        merchant: charge.merchant,
      },
    },
    card.merchantIdentity,
  );
  const record = newRecord(ctx, 'transfer', body, { idempotencyId: charge.idempotency_id });
  const earlier = await insertOnce(ctx, record, hash);
  if (earlier) return earlier;
  await debitMade(ctx, record);
  await disableAfter(ctx, card, failure.failure_code);
  return answerFor(ctx, record);
}

/** The sales made from an instrument before (decision 070: the sandbox's cards that recover). */
async function earlierSales(ctx: EngineContext, instrumentId: string): Promise<number> {
  const sales = await ctx.store.all('transfer');
  return sales.filter((t) => (t.body as TransferBody).source === instrumentId).length;
}

/** A DEBIT from a bank account: PENDING, its outcome and times decided now (engine-bank.ts). */
async function bankDebit(
  ctx: EngineContext,
  charge: z.infer<typeof chargeRequest>,
  account: EngineRecord & { merchantIdentity: string },
  hash: string,
): Promise<FinixResponse> {
  const plan = await bankDebitPlan(ctx, account);
  const body = transferBody(
    ctx,
    {
      type: 'DEBIT',
      amount: charge.amount,
      source: account.id,
      destination: null,
      state: 'PENDING',
      failure_code: null,
      failure_message: null,
      idempotency_id: charge.idempotency_id ?? null,
      tags: charge.tags ?? {},
      sandbox: {
        request_hash: hash,
        answer: 201,
        settles_as: plan.settles_as,
        merchant: charge.merchant,
        bank: plan.bank,
      },
    },
    account.merchantIdentity,
  );
  const record = newRecord(ctx, 'transfer', body, { idempotencyId: charge.idempotency_id });
  const earlier = await insertOnce(ctx, record, hash);
  if (earlier) return earlier;
  await recordEvent(ctx, 'transfer', 'created', record);
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
  const body = transferBody(
    ctx,
    {
      type: 'REVERSAL',
      amount: input.refund_amount,
      source: null,
      destination: sale.source,
      state: 'PENDING',
      failure_code: null,
      failure_message: null,
      idempotency_id: input.idempotency_id ?? null,
      tags: input.tags ?? {},
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
    },
    sale.merchant_identity,
  );
  const record = newRecord(ctx, 'reversal', body, { idempotencyId: input.idempotency_id, parentId });
  const earlier = await insertOnce(ctx, record, hash);
  if (earlier) return earlier;
  await recordEvent(ctx, 'transfer', 'created', record);
  return { status: 201, body: render(ctx, record) };
}

/** GET /transfers/{id}/disputes (the transfer's `_links.disputes`). */
/**
 * GET /transfers/{id}/reversals: a transfer's reversals, its refunds and, for a bank debit, the return the
 * processor made of it (the debit moved forward to now first, as any read does).
 */
export async function transferReversals(ctx: EngineContext, transferId: string): Promise<FinixResponse> {
  await loadTransfer(ctx, transferId);
  const reversals = await ctx.store.children('reversal', transferId);
  const items: JsonObject[] = [];
  for (const record of reversals) items.push(render(ctx, await settled(ctx, record)));
  return {
    status: 200,
    body: listBody(ctx, `/transfers/${transferId}/reversals`, 'transfers', items, 'cursor'),
  };
}

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
