import { createHash, randomUUID } from 'node:crypto';
import { achFee } from './engine-bank';
import { settled } from './engine-charges';
import {
  type DisputeBody,
  type EngineContext,
  listBody,
  notFound,
  render,
  type TransferBody,
} from './engine-json';
import type { EngineRecord, JsonObject } from './engine-store';
import type { FinixResponse } from './http';

/**
 * Settlements at the simulated Finix (issue 34, decision 051), made as Finix makes a merchant's daily
 * net settlements: when a day is over (by the engine's clock, days in UTC), each merchant's succeeded
 * sales of that day, less its refunds and the money its disputes took (plus what a won dispute gave
 * back), with the fee profile's fee on each sale, become one settlement; on the next business day
 * (Monday to Friday, no holidays) it is APPROVED and its funding transfer pays the net amount out, a
 * CREDIT to the merchant's bank account (a DEBIT from it when refunds and disputes outweigh the sales).
 * Made when settlements are read, in the order of the engine's requests, each item in one settlement.
 */

/** The sandbox's fee profile: 2.9 % of each sale (rounded to the cent) plus 30¢; refunds and disputes cost nothing. */
export const SANDBOX_FEE_PROFILE = {
  id: 'FPsandboxDefault',
  basis_points: 290,
  fixed_fee: 30,
} as const;

/** When on its payout day the funding transfer is made: 09:00 UTC, the same date from Hawaii to Moscow. */
const PAYOUT_HOUR_UTC = 9;

export const saleFee = (amount: number) =>
  Math.round((amount * SANDBOX_FEE_PROFILE.basis_points) / 10_000) + SANDBOX_FEE_PROFILE.fixed_fee;

type SettlementSandbox = { merchant: string; day: string; pay_on: string; items: string[]; fees: number[] };

type Item = { record: EngineRecord; merchant: string; day: string; signed: number; fee: number };

const utcDay = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/** The next Monday-to-Friday after `day`. */
export function nextBusinessDay(day: string): string {
  let t = Date.parse(`${day}T00:00:00Z`);
  do t += 86_400_000;
  while ([0, 6].includes(new Date(t).getUTCDay()));
  return utcDay(new Date(t));
}

/** A sale's merchant: the one it was made for (kept when it was made), else the engine's own. */
function merchantOf(ctx: EngineContext, body: JsonObject): string {
  const kept = (body.sandbox as { merchant?: string } | undefined)?.merchant;
  return kept ?? ctx.merchantId;
}

/** An id of Finix's shape that is the same for the same `seed`: two closings make one record. */
const stableId = (prefix: string, seed: string) =>
  prefix + createHash('sha256').update(seed).digest('hex').slice(0, 22);

/** A dispute's money movement: taken when it opened, returned when the merchant won. */
async function disputeAdjustments(ctx: EngineContext): Promise<EngineRecord[]> {
  const made: EngineRecord[] = [];
  for (const record of await ctx.store.all('dispute')) {
    const dispute = record.body as DisputeBody;
    const sale = await ctx.store.get(dispute.transfer);
    if (!sale) continue;
    const moves: ['taken' | 'returned', string][] = [['taken', dispute.created_at]];
    if (dispute.state === 'WON') moves.push(['returned', dispute.updated_at]);
    for (const [move, at] of moves) {
      const key = `${dispute.id}:${move}`;
      const found = await ctx.store.byIdempotency('adjustment', key);
      if (found) {
        made.push(found);
        continue;
      }
      const body: TransferBody = {
        ...(sale.body as TransferBody),
        id: stableId('TR', key),
        created_at: at,
        updated_at: at,
        amount: dispute.amount,
        amount_requested: dispute.amount,
        fee: 0,
        idempotency_id: null,
        ready_to_settle_at: at,
        state: 'SUCCEEDED',
        subtype: move === 'taken' ? 'MERCHANT_DEBIT' : 'MERCHANT_CREDIT',
        type: 'DISPUTE',
        tags: {},
        trace_id: randomUUID(),
        sandbox: { request_hash: null, answer: 201, settles_as: null, merchant: merchantOf(ctx, sale.body) },
      };
      const adjustment: EngineRecord = {
        id: body.id,
        kind: 'adjustment',
        idempotencyId: key,
        parentId: sale.id,
        body,
        createdAt: new Date(at),
        updatedAt: new Date(at),
      };
      await ctx.store.insert(adjustment);
      made.push(adjustment);
    }
  }
  return made;
}

/** What may be settled: succeeded sales and refunds, and disputes' movements, with their sign and fee. */
async function settleable(ctx: EngineContext): Promise<Item[]> {
  const items: Item[] = [];
  const add = (record: EngineRecord, signed: number, fee: number, on?: string) =>
    items.push({
      record,
      merchant: merchantOf(ctx, record.body),
      day: utcDay(on ?? (record.body as TransferBody).created_at),
      signed,
      fee,
    });
  for (const pending of await ctx.store.all('transfer')) {
    // A bank debit moved forward first: settled only once SUCCEEDED, on the day it succeeded, with the
    // ACH fee (decision 067); a PENDING one is left out, as Finix does.
    const record = await settled(ctx, pending);
    const body = record.body as TransferBody;
    if (body.type !== 'DEBIT' || body.state !== 'SUCCEEDED') continue;
    if (body.sandbox.bank)
      add(record, body.amount, achFee(body.amount), body.ready_to_settle_at ?? undefined);
    else add(record, body.amount, saleFee(body.amount));
  }
  for (const pending of await ctx.store.all('reversal')) {
    const record = await settled(ctx, pending);
    const body = record.body as TransferBody;
    const parent = record.parentId ? await ctx.store.get(record.parentId) : null;
    const merchant = parent ? merchantOf(ctx, parent.body) : ctx.merchantId;
    const withMerchant = { ...record, body: { ...body, sandbox: { ...body.sandbox, merchant } } };
    if (body.state === 'SUCCEEDED') add(withMerchant, -body.amount, 0);
  }
  for (const record of await disputeAdjustments(ctx)) {
    const body = record.body as TransferBody;
    add(record, body.subtype === 'MERCHANT_DEBIT' ? -body.amount : body.amount, 0);
  }
  return items;
}

/**
 * Closes every day before today: what was not settled yet becomes settlements, one a merchant and day
 * (an item that came late to a day already closed gets a settlement of its own), and approves and
 * funds each whose payout time has come.
 */
export async function closeSettlements(ctx: EngineContext): Promise<void> {
  const now = ctx.clock.now();
  const today = utcDay(now);
  const existing = await ctx.store.all('settlement');
  const done = new Set(existing.flatMap((s) => (s.body.sandbox as SettlementSandbox).items));
  const groups = new Map<string, Item[]>();
  for (const item of await settleable(ctx)) {
    if (item.day >= today || done.has(item.record.id)) continue;
    const key = `${item.merchant}:${item.day}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const [key, items] of groups) {
    const { merchant, day } = items[0]!;
    // Closed already (by another engine over the same records, at the same time): what it holds is not
    // settled twice, and what came late gets a settlement keyed by its items, made once.
    const taken = await ctx.store.byIdempotency('settlement', key);
    const held = new Set(taken ? (taken.body.sandbox as SettlementSandbox).items : []);
    const rest = items.filter((i) => !held.has(i.record.id));
    if (rest.length === 0) continue;
    const late = taken
      ? `:${stableId(
          '',
          rest
            .map((i) => i.record.id)
            .sort()
            .join(','),
        )}`
      : '';
    await openSettlement(ctx, `${key}${late}`, merchant, day, rest);
  }
  for (const record of await ctx.store.all('settlement')) await fundIfDue(ctx, record, now);
}

async function openSettlement(
  ctx: EngineContext,
  key: string,
  merchant: string,
  day: string,
  items: Item[],
): Promise<void> {
  const total = items.reduce((sum, i) => sum + i.signed, 0);
  const fee = items.reduce((sum, i) => sum + i.fee, 0);
  const closedAt = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const sandbox: SettlementSandbox = {
    merchant,
    day,
    pay_on: nextBusinessDay(day),
    items: items.map((i) => i.record.id),
    fees: items.map((i) => i.fee),
  };
  const body = {
    id: stableId('ST', key),
    created_at: closedAt.toISOString(),
    updated_at: closedAt.toISOString(),
    application: ctx.applicationId,
    currency: 'USD',
    destination: null,
    funds_flow: null,
    identity: merchant === ctx.merchantId ? ctx.merchantIdentityId : `ID${merchant.replace(/^MU/, '')}`,
    merchant_id: merchant,
    net_amount: total - fee,
    payment_type: null,
    processor: 'DUMMY_V1',
    status: 'AWAITING_APPROVAL',
    tags: {},
    total_amount: total,
    total_fee: fee,
    total_fees: fee,
    type: 'MERCHANT_REVENUE',
    sandbox,
  };
  await ctx.store.insert({
    id: body.id,
    kind: 'settlement',
    idempotencyId: key,
    parentId: null,
    body,
    createdAt: closedAt,
    updatedAt: closedAt,
  });
}

/** On its payout day the settlement is approved and its net paid out by a funding transfer. */
async function fundIfDue(ctx: EngineContext, record: EngineRecord, now: Date): Promise<void> {
  const sandbox = record.body.sandbox as SettlementSandbox;
  const paidAt = new Date(`${sandbox.pay_on}T${String(PAYOUT_HOUR_UTC).padStart(2, '0')}:00:00Z`);
  if (record.body.status === 'APPROVED' || now < paidAt) return;
  const net = record.body.net_amount as number;
  if (net !== 0) {
    const at = paidAt.toISOString();
    const body: TransferBody = {
      id: stableId('TR', `funding:${record.id}`),
      created_at: at,
      updated_at: at,
      additional_buyer_charges: null,
      additional_healthcare_data: null,
      address_verification: null,
      amount: Math.abs(net),
      amount_requested: Math.abs(net),
      application: ctx.applicationId,
      currency: 'USD',
      destination: net > 0 ? `PI${sandbox.merchant.replace(/^MU/, '')}Bank` : null,
      externally_funded: 'FALSE',
      failure_code: null,
      failure_message: null,
      fee: 0,
      idempotency_id: null,
      merchant_identity: record.body.identity as string,
      messages: [],
      raw: null,
      ready_to_settle_at: at,
      security_code_verification: null,
      source: net > 0 ? null : `PI${sandbox.merchant.replace(/^MU/, '')}Bank`,
      state: 'SUCCEEDED',
      statement_descriptor: 'FNX*PIROUETTE',
      subtype: net > 0 ? 'MERCHANT_CREDIT' : 'MERCHANT_DEBIT',
      tags: {},
      trace_id: randomUUID(),
      type: net > 0 ? 'CREDIT' : 'DEBIT',
      sandbox: { request_hash: null, answer: 201, settles_as: null, merchant: sandbox.merchant },
    };
    await ctx.store.insert({
      id: body.id,
      kind: 'funding',
      idempotencyId: `funding:${record.id}`,
      parentId: record.id,
      body,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
  }
  await ctx.store.update(
    record.id,
    { ...record.body, status: 'APPROVED', updated_at: paidAt.toISOString() },
    paidAt,
  );
}

async function loadSettlement(ctx: EngineContext, id: string): Promise<EngineRecord> {
  await closeSettlements(ctx);
  const record = await ctx.store.get(id);
  return record?.kind === 'settlement' ? record : notFound('Settlement', id);
}

/** GET /settlements: oldest first, from `created_at.gte`, a page (`limit`) after `after_cursor`. */
export async function listSettlements(
  ctx: EngineContext,
  query: Record<string, string>,
): Promise<FinixResponse> {
  await closeSettlements(ctx);
  const from = query['created_at.gte'] ? Date.parse(query['created_at.gte']) : Number.NEGATIVE_INFINITY;
  const limit = Math.min(Math.max(Number(query.limit) || 20, 1), 100);
  const all = (await ctx.store.all('settlement')).filter((s) => s.createdAt.getTime() >= from);
  const start = query.after_cursor ? all.findIndex((s) => s.id === query.after_cursor) + 1 : 0;
  const page = all.slice(start, start + limit);
  const more = start + limit < all.length;
  const body = listBody(
    ctx,
    '/settlements',
    'settlements',
    page.map((s) => render(ctx, s)),
    'cursor',
  );
  return {
    status: 200,
    body: { ...body, page: { limit, next_cursor: more ? (page.at(-1)?.id ?? null) : null } },
  };
}

export async function getSettlement(ctx: EngineContext, id: string): Promise<FinixResponse> {
  return { status: 200, body: render(ctx, await loadSettlement(ctx, id)) };
}

/** GET /settlements/{id}/transfers: its sales, refunds and disputes' movements, each with its fee. */
export async function settlementTransfers(ctx: EngineContext, id: string): Promise<FinixResponse> {
  const record = await loadSettlement(ctx, id);
  const sandbox = record.body.sandbox as SettlementSandbox;
  const items: JsonObject[] = [];
  for (const [i, itemId] of sandbox.items.entries()) {
    const item = await ctx.store.get(itemId);
    if (item) items.push({ ...render(ctx, item), fee: sandbox.fees[i] ?? 0 });
  }
  return { status: 200, body: listBody(ctx, `/settlements/${id}/transfers`, 'transfers', items, 'cursor') };
}

/** GET /settlements/{id}/funding_transfers: the payout (none before its day, or when it nets to zero). */
export async function settlementFunding(ctx: EngineContext, id: string): Promise<FinixResponse> {
  await loadSettlement(ctx, id);
  const items = (await ctx.store.children('funding', id)).map((f) => render(ctx, f));
  return {
    status: 200,
    body: listBody(ctx, `/settlements/${id}/funding_transfers`, 'transfers', items, 'cursor'),
  };
}
