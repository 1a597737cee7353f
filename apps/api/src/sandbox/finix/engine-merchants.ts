import { z } from 'zod';
import { finixId } from './engine-cards';
import {
  type EngineContext,
  newRecord,
  notFound,
  parseRequest,
  recordEvent,
  refuse,
  render,
  type Tags,
} from './engine-json';
import type { EngineRecord, JsonObject } from './engine-store';
import type { FinixResponse } from './http';

/**
 * The simulated Finix's onboarding of merchants (issue 34 item 1, decision 049): a business's Identity,
 * its BANK_ACCOUNT payment instrument, and the Merchant made under it, whose `onboarding_state` the
 * sandbox decides from the business's name, as Finix's sandbox lets one test each outcome:
 * - a name containing "Reject": REJECTED at once, its verification FAILED with the reasons;
 * - a name containing "Pending": PROVISIONING, and APPROVED the first time it is read (or the engine
 *   settles what is due) at least PENDING_MS after it was made, by the engine's clock;
 * - any other: APPROVED at once.
 * Each change sends `merchant.created` / `merchant.updated`, as Finix does. The engine's own merchant
 * (`ctx.merchantId`, the demo studio's) is approved from the start and has no record.
 */

/** How long a "Pending" merchant stays PROVISIONING: ten minutes of the engine's clock. */
export const PENDING_MS = 10 * 60_000;

/** The reasons a "Reject" merchant is refused with (its verification's messages). */
export const SANDBOX_REJECTION_REASONS = [
  'The business tax id does not match the legal business name.',
  'The owner’s identity could not be verified.',
];

export type MerchantBody = {
  id: string;
  created_at: string;
  updated_at: string;
  application: string;
  card_cvv_required: boolean;
  card_expiration_date_required: boolean;
  convenience_charges_enabled: boolean;
  creating_transfer_from_report_enabled: boolean;
  default_partial_authorization_enabled: boolean;
  fee_ready_to_settle_upon: 'RECONCILIATION';
  gross_settlement_enabled: boolean;
  identity: string;
  level_two_level_three_data_enabled: boolean;
  mcc: string;
  merchant_name: string;
  merchant_profile: string;
  mid: string;
  onboarding_state: 'PROVISIONING' | 'APPROVED' | 'REJECTED';
  processing_enabled: boolean;
  processor: string;
  processor_details: JsonObject;
  ready_to_settle_upon: 'RECONCILIATION';
  rent_surcharges_enabled: boolean;
  settlement_enabled: boolean;
  settlement_funding_identifier: 'UNSET';
  tags: Tags;
  verification: string;
};

const businessRequest = z.object({
  entity: z.object({
    business_name: z.string().min(1),
    business_type: z.string().min(1),
    doing_business_as: z.string().min(1).nullish(),
    business_tax_id: z.string().regex(/^\d{9}$/, 'business_tax_id must have 9 digits.'),
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    email: z.string().min(1).nullish(),
    phone: z.string().min(1).nullish(),
    mcc: z.string().nullish(),
  }),
  tags: z.record(z.string(), z.string()).nullish(),
});

/** Whether POST /identities is for a merchant: Finix reads `entity.business_type` so. */
export const isBusinessIdentity = (raw: unknown) =>
  Boolean((raw as { entity?: { business_type?: unknown } } | null)?.entity?.business_type);

/** POST /identities with a business: kept with its entity (the tax ids left out, as Finix shows). */
export async function createBusinessIdentity(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const input = parseRequest(businessRequest, raw, 400);
  const now = ctx.clock.now().toISOString();
  const { business_tax_id: _tax, ...entity } = input.entity;
  const body = {
    id: finixId('ID'),
    application: ctx.applicationId,
    created_at: now,
    updated_at: now,
    entity: { ...entity, doing_business_as: entity.doing_business_as ?? entity.business_name },
    tags: input.tags ?? {},
  };
  const record = newRecord(ctx, 'identity', body);
  await ctx.store.insert(record);
  return { status: 201, body: render(ctx, record) };
}

const bankAccountRequest = z.object({
  type: z.literal('BANK_ACCOUNT'),
  identity: z.string().min(1),
  name: z.string().min(1),
  bank_code: z.string().regex(/^\d{9}$/, 'bank_code must be a 9-digit routing number.'),
  account_number: z.string().regex(/^\d{4,17}$/, 'account_number must have 4 to 17 digits.'),
  account_type: z.enum(['CHECKING', 'SAVINGS']),
  country: z.string().nullish(),
  currency: z.string().nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
});

/** POST /payment_instruments, type BANK_ACCOUNT: kept under its identity, its number masked. */
export async function createBankAccount(ctx: EngineContext, raw: unknown): Promise<FinixResponse> {
  const input = parseRequest(bankAccountRequest, raw, 400);
  const identity = await ctx.store.get(input.identity);
  if (identity?.kind !== 'identity')
    refuse(400, 'INVALID_FIELD', `Identity ${input.identity} not found.`, 'identity');
  const now = ctx.clock.now().toISOString();
  const body = {
    id: finixId('PI'),
    created_at: now,
    updated_at: now,
    account_type: input.account_type,
    application: ctx.applicationId,
    bank_account_validation_check: 'NOT_ATTEMPTED',
    bank_code: input.bank_code,
    country: 'USA',
    currency: 'USD',
    enabled: true,
    fingerprint: finixId('FP'),
    identity: input.identity,
    instrument_type: 'BANK_ACCOUNT',
    masked_account_number: `XXXXX${input.account_number.slice(-4)}`,
    name: input.name,
    tags: input.tags ?? {},
    type: 'BANK_ACCOUNT',
  };
  const record = newRecord(ctx, 'instrument', body, { parentId: input.identity });
  await ctx.store.insert(record);
  return { status: 201, body: render(ctx, record) };
}

const merchantRequest = z.object({
  processor: z.string().min(1).nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
});

/** POST /identities/{id}/merchants: one merchant an identity, only with its bank account. */
export async function createMerchant(
  ctx: EngineContext,
  identityId: string,
  raw: unknown,
): Promise<FinixResponse> {
  const input = parseRequest(merchantRequest, raw, 422);
  const identity = await ctx.store.get(identityId);
  if (identity?.kind !== 'identity') return notFound('Identity', identityId);
  const entity = (identity.body.entity ?? {}) as { business_name?: string; mcc?: string | null };
  if (!entity.business_name) {
    refuse(422, 'INVALID_FIELD', `Identity ${identityId} is not a business: it cannot be a merchant.`);
  }
  const banks = await ctx.store.children('instrument', identityId);
  if (banks.length === 0) {
    refuse(422, 'INVALID_FIELD', `Identity ${identityId} has no bank account: add one before the merchant.`);
  }
  if ((await ctx.store.children('merchant', identityId)).length > 0) {
    refuse(422, 'INVALID_FIELD', `Identity ${identityId} has a merchant already.`, 'processor');
  }
  const name = entity.business_name!;
  const state = /reject/i.test(name) ? 'REJECTED' : /pending/i.test(name) ? 'PROVISIONING' : 'APPROVED';
  const now = ctx.clock.now().toISOString();
  const verification = newRecord(
    ctx,
    'verification',
    {
      id: finixId('VI'),
      created_at: now,
      updated_at: now,
      application: ctx.applicationId,
      identity: identityId,
      messages:
        state === 'REJECTED'
          ? SANDBOX_REJECTION_REASONS.map((message) => ({ code: 'REJECTED', message }))
          : [],
      state: state === 'REJECTED' ? 'FAILED' : state === 'APPROVED' ? 'SUCCEEDED' : 'PENDING',
      tags: {},
    },
    { parentId: identityId },
  );
  await ctx.store.insert(verification);
  const body: MerchantBody = {
    id: finixId('MU'),
    created_at: now,
    updated_at: now,
    application: ctx.applicationId,
    card_cvv_required: false,
    card_expiration_date_required: true,
    convenience_charges_enabled: false,
    creating_transfer_from_report_enabled: false,
    default_partial_authorization_enabled: false,
    fee_ready_to_settle_upon: 'RECONCILIATION',
    gross_settlement_enabled: false,
    identity: identityId,
    level_two_level_three_data_enabled: false,
    mcc: entity.mcc ?? '7911',
    merchant_name: name,
    merchant_profile: finixId('MP'),
    mid: finixId('FNX'),
    onboarding_state: state,
    processing_enabled: state === 'APPROVED',
    processor: input.processor ?? 'DUMMY_V1',
    processor_details: {},
    ready_to_settle_upon: 'RECONCILIATION',
    rent_surcharges_enabled: false,
    settlement_enabled: state === 'APPROVED',
    settlement_funding_identifier: 'UNSET',
    tags: input.tags ?? {},
    verification: verification.id,
  };
  const record = newRecord(ctx, 'merchant', body, { parentId: identityId });
  await ctx.store.insert(record);
  await recordEvent(ctx, 'merchant', 'created', record);
  return { status: 201, body: render(ctx, record) };
}

/** A merchant, a "Pending" one approved first when its time has come. */
export async function loadMerchant(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  if (record?.kind !== 'merchant') return notFound('Merchant', id);
  return provisioned(ctx, record);
}

/** A PROVISIONING merchant approved once PENDING_MS have passed since it was made (merchant.updated). */
export async function provisioned(ctx: EngineContext, record: EngineRecord): Promise<EngineRecord> {
  const merchant = record.body as MerchantBody;
  const now = ctx.clock.now();
  if (merchant.onboarding_state !== 'PROVISIONING') return record;
  if (now.getTime() - new Date(merchant.created_at).getTime() < PENDING_MS) return record;
  const next: MerchantBody = {
    ...merchant,
    onboarding_state: 'APPROVED',
    processing_enabled: true,
    settlement_enabled: true,
    updated_at: now.toISOString(),
  };
  await ctx.store.update(record.id, next, now);
  const verification = await ctx.store.get(merchant.verification);
  if (verification) {
    const done = { ...verification.body, state: 'SUCCEEDED', updated_at: now.toISOString() };
    await ctx.store.update(verification.id, done, now);
  }
  const updated = { ...record, body: next, updatedAt: now };
  await recordEvent(ctx, 'merchant', 'updated', updated);
  return updated;
}

export async function loadVerification(ctx: EngineContext, id: string): Promise<EngineRecord> {
  const record = await ctx.store.get(id);
  return record?.kind === 'verification' ? record : notFound('Verification', id);
}

/**
 * The identity of the merchant a charge names: the engine's own merchant, or an APPROVED one onboarded
 * here. Any other is refused: unknown (403, as credentials that may not charge for it), or not approved
 * (422: it cannot take a card yet).
 */
export async function merchantIdentityOf(ctx: EngineContext, merchantId: string): Promise<string> {
  if (merchantId === ctx.merchantId) return ctx.merchantIdentityId;
  const record = await ctx.store.get(merchantId);
  if (record?.kind !== 'merchant') {
    return refuse(403, 'FORBIDDEN', `These credentials may not charge for merchant ${merchantId}.`);
  }
  const merchant = (await provisioned(ctx, record)).body as MerchantBody;
  if (merchant.onboarding_state !== 'APPROVED') {
    refuse(
      422,
      'INVALID_FIELD',
      `Merchant ${merchantId} is ${merchant.onboarding_state}: it cannot process payments.`,
      'merchant',
    );
  }
  return merchant.identity;
}
