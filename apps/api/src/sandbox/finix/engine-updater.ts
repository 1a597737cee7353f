import { z } from 'zod';
import { cardFingerprint, finixId } from './engine-cards';
import {
  type EngineContext,
  href,
  type InstrumentBody,
  newRecord,
  notFound,
  parseRequest,
  refuse,
} from './engine-json';
import type { EngineRecord, JsonObject } from './engine-store';
import type { FinixMethod, FinixRequest, FinixResponse } from './http';

/**
 * The simulated Finix's card account updater (issue 37 item 4, decision 071; finix-api.yaml
 * `/instrument_updates`): a batch is made from a multipart body (a CSV file of payment instrument ids and
 * a `request` JSON field naming the merchant and an idempotency id), PENDING until it is first read, then
 * COMPLETED; its results are downloaded as a CSV. What the networks say is decided by the card:
 * - 4000 0000 0000 1000: its expiry renewed (CARD_EXPIRATION_UPDATED): a new instrument, three years
 *   later, the old one kept;
 * - 4000 0000 0000 1109: its account closed (CLOSED_ACCOUNT);
 * - an instrument disabled, or not the merchant's application's: INVALID_CARD;
 * - every other card: NO_CHANGE_FOUND.
 */

export const UPDATER_CARDS = { renewed: '4000000000001000', closed: '4000000000001109' } as const;

const RENEWED = cardFingerprint(UPDATER_CARDS.renewed);
const CLOSED = cardFingerprint(UPDATER_CARDS.closed);
/** How many years a renewed card's new expiry is past its old one. */
const RENEWAL_YEARS = 3;

type UpdaterRoute = {
  method: FinixMethod;
  path: string;
  handle(ctx: EngineContext, req: FinixRequest, params: string[]): Promise<FinixResponse>;
};

type Row = { original: string; updated: string | null; result: string };

type BatchBody = JsonObject & {
  id: string;
  created_at: string;
  updated_at: string;
  idempotency_id: string;
  merchant: string;
  state: 'PENDING' | 'COMPLETED';
  sandbox: { instruments: string[]; rows: Row[] | null };
};

const requestField = z.object({
  merchant: z.string().min(1, 'merchant is required.'),
  idempotency_id: z.string().min(1, 'idempotency_id is required.'),
});

function shown(ctx: EngineContext, record: EngineRecord): FinixResponse {
  const { sandbox: _ours, ...body } = record.body as BatchBody;
  return {
    status: 200,
    body: {
      ...body,
      _links: {
        self: href(ctx, `/instrument_updates/${record.id}`),
        application: href(ctx, `/applications/${ctx.applicationId}`),
      },
    },
  };
}

/** The ids of the CSV file: one a line (or separated by commas), a header line left out. */
function idsOf(content: string): string[] {
  return content
    .split(/[\r\n,]+/)
    .map((cell) => cell.trim())
    .filter((cell) => /^PI[A-Za-z0-9]+$/.test(cell));
}

/** POST /instrument_updates: the batch, once per idempotency id. */
async function createBatch(ctx: EngineContext, req: FinixRequest): Promise<FinixResponse> {
  const form = req.multipart;
  if (!form?.fields.request || !form.file.content)
    return refuse(400, 'BAD_REQUEST', 'A multipart body with a `file` and a `request` field is required.');
  let json: unknown;
  try {
    json = JSON.parse(form.fields.request);
  } catch {
    return refuse(400, 'BAD_REQUEST', 'The `request` field is not valid JSON.');
  }
  const input = parseRequest(requestField, json, 400);
  const known = await ctx.store.byIdempotency('instrument_update', input.idempotency_id);
  if (known) return shown(ctx, known);
  const instruments = idsOf(form.file.content);
  if (instruments.length === 0) refuse(400, 'INVALID_FIELD', 'The file names no payment instrument.', 'file');
  const now = ctx.clock.now().toISOString();
  const body: BatchBody = {
    id: finixId('IU'),
    created_at: now,
    updated_at: now,
    idempotency_id: input.idempotency_id,
    merchant: input.merchant,
    state: 'PENDING',
    sandbox: { instruments, rows: null },
  };
  const record = newRecord(ctx, 'instrument_update', body, { idempotencyId: input.idempotency_id });
  if (!(await ctx.store.insert(record))) {
    const winner = await ctx.store.byIdempotency('instrument_update', input.idempotency_id);
    if (winner) return shown(ctx, winner);
  }
  return shown(ctx, record);
}

/** A renewed card: a new instrument, its expiry three years on, the old one left as it was. */
async function renewed(ctx: EngineContext, old: InstrumentBody): Promise<string> {
  const now = ctx.clock.now().toISOString();
  const body: InstrumentBody = {
    ...old,
    id: finixId('PI'),
    created_at: now,
    updated_at: now,
    expiration_year: Number(old.expiration_year) + RENEWAL_YEARS,
  };
  await ctx.store.insert(newRecord(ctx, 'instrument', body));
  return body.id;
}

async function outcomeOf(ctx: EngineContext, id: string): Promise<Row> {
  const record = await ctx.store.get(id);
  const card = record?.kind === 'instrument' ? (record.body as InstrumentBody) : null;
  if (!card?.enabled || card.instrument_type !== 'PAYMENT_CARD')
    return { original: id, updated: null, result: 'INVALID_CARD' };
  if (card.fingerprint === RENEWED)
    return { original: id, updated: await renewed(ctx, card), result: 'CARD_EXPIRATION_UPDATED' };
  if (card.fingerprint === CLOSED) return { original: id, updated: null, result: 'CLOSED_ACCOUNT' };
  return { original: id, updated: null, result: 'NO_CHANGE_FOUND' };
}

/** The batch, answered by the networks at its first look (once: its rows are kept). */
async function loadBatch(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  if (record?.kind !== 'instrument_update') return notFound('Instrument update', id);
  const batch = record.body as BatchBody;
  if (batch.state === 'COMPLETED') return record;
  const rows: Row[] = [];
  for (const instrument of batch.sandbox.instruments) rows.push(await outcomeOf(ctx, instrument));
  const now = ctx.clock.now();
  const next: BatchBody = {
    ...batch,
    state: 'COMPLETED',
    updated_at: now.toISOString(),
    sandbox: { ...batch.sandbox, rows },
  };
  await ctx.store.update(id, next, now);
  return { ...record, body: next, updatedAt: now };
}

/** GET /instrument_updates/{id}/download: the CSV (or, with `format=json`, the same rows as JSON). */
async function download(ctx: EngineContext, req: FinixRequest, id: string): Promise<FinixResponse> {
  const batch = (await loadBatch(ctx, id)).body as BatchBody;
  const rows = batch.sandbox.rows ?? [];
  if (req.query?.format === 'json')
    return {
      status: 200,
      body: rows.map((r) => ({
        payment_instrument_original: r.original,
        payment_instrument_new: r.updated ?? '',
        result: r.result,
      })),
    };
  const lines = rows.map((r) => `${r.original},${r.updated ?? ''},${r.result}`);
  return {
    status: 200,
    body: `payment_instrument_original,payment_instrument_new,result\n${lines.join('\n')}\n`,
  };
}

/** The updater's operations, added to the engine's routes (engine.ts). */
export const UPDATER_ROUTES: UpdaterRoute[] = [
  { method: 'POST', path: '/instrument_updates', handle: (ctx, req) => createBatch(ctx, req) },
  {
    method: 'GET',
    path: '/instrument_updates/{instrument_updates_id}',
    handle: async (ctx, _req, [id]) => shown(ctx, await loadBatch(ctx, id!)),
  },
  {
    method: 'GET',
    path: '/instrument_updates/{instrument_updates_id}/download',
    handle: (ctx, req, [id]) => download(ctx, req, id!),
  },
];
