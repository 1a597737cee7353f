import { createHash } from 'node:crypto';
import { accountNumberValid, routingNumberValid } from '@pirouette/domain';
import { finixId } from './engine-cards';
import {
  type BankBehaviour,
  type BankDebitSandbox,
  type BankTokenBody,
  type EngineContext,
  type InstrumentBody,
  newRecord,
  recordEvent,
  refuse,
  type TransferBody,
} from './engine-json';
import type { EngineRecord, JsonObject } from './engine-store';
import type { FinixResponse } from './http';

/**
 * Bank accounts and bank debits (ACH) at the simulated Finix (issue 37, decision 067). The stand-in
 * bank form tokenizes an account (its numbers seen here only, then known by a fingerprint and the last
 * four); a DEBIT from a BANK_ACCOUNT instrument answers PENDING and moves forward by the engine's clock
 * whenever it is read, listed or settled: SUCCEEDED two business days after it was made, or FAILED with
 * Nacha's return code one business day after, or (a late return) SUCCEEDED and then, three business
 * days later, returned by a REVERSAL the processor makes itself (no idempotency id; parent the debit;
 * `failure_code` the return code). Each step records the webhook event a card's would.
 *
 * The test accounts (any routing number with a valid check digit, e.g. 110000000 or 021000021):
 *
 * | account number | what the debit does |
 * |---|---|
 * | 000123456789 (and any other) | settles after 2 business days |
 * | 000222222227 | R01 insufficient funds, within the window |
 * | 000222222235 | R09 uncollected funds, within the window |
 * | 000111111113 | R02 account closed |
 * | 000111111116 | R03 no account / unable to locate account |
 * | 000111111124 | R04 invalid account number |
 * | 000444444440 | R29 corporate customer advises not authorized |
 * | 000333333335 | settles, then R10 (customer advises not authorized) 3 business days later |
 * | 000333333343 | settles, then R07 (authorization revoked) 3 business days later |
 * | 000555555550 | R01 the first time the instrument is debited; settles when presented again |
 */

export const BANK_SETTLE_BUSINESS_DAYS = 2;
const RETURN_BUSINESS_DAYS = 1;
const LATE_RETURN_BUSINESS_DAYS = 3;

/** What Nacha's return codes say, in plain words (the debit's or the return's `failure_message`). */
export const RETURN_MESSAGES: Record<string, string> = {
  R01: 'Insufficient funds in the bank account.',
  R02: 'The bank account is closed.',
  R03: 'No bank account was found with these numbers.',
  R04: 'The account number is not valid.',
  R07: 'The account holder revoked the authorization for this debit.',
  R09: 'The funds in the bank account are not yet available.',
  R10: 'The account holder says the debit was not authorized.',
  R29: 'The business account holder says the debit was not authorized.',
};

export const TEST_BANK_ACCOUNTS: Record<string, BankBehaviour> = {
  '000123456789': { kind: 'settles' },
  '000222222227': { kind: 'returns', code: 'R01' },
  '000222222235': { kind: 'returns', code: 'R09' },
  '000111111113': { kind: 'returns', code: 'R02' },
  '000111111116': { kind: 'returns', code: 'R03' },
  '000111111124': { kind: 'returns', code: 'R04' },
  '000444444440': { kind: 'returns', code: 'R29' },
  '000333333335': { kind: 'late', code: 'R10' },
  '000333333343': { kind: 'late', code: 'R07' },
  '000555555550': { kind: 'returnsOnce', code: 'R01' },
};

/** The same account always has the same fingerprint (routing and account number together). */
export function bankFingerprint(routing: string, account: string): string {
  const digest = createHash('sha256').update(`pirouette-sandbox-bank:${routing}:${account}`).digest();
  return `FPR${digest.toString('base64url').replace(/[-_]/g, '').slice(0, 25)}`;
}

/** What the account's debits do, kept in the engine's part of its token and instrument (never shown). */
const behaviourOf = (instrument: EngineRecord): BankBehaviour =>
  (instrument.body.sandbox as { behaviour?: BankBehaviour } | undefined)?.behaviour ?? { kind: 'settles' };

/** The sandbox's ACH fee: 0.8 % of the debit, rounded to the cent, at most $5.00 (decision 067). */
export const achFee = (amount: number) => Math.min(Math.round((amount * 80) / 10_000), 500);

/** `days` business days (Monday to Friday, UTC) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  let t = from.getTime();
  let left = days;
  while (left > 0) {
    t += 86_400_000;
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return new Date(t);
}

/** A bank account as the stand-in for Finix.js's bank form posts it: the only place its numbers are seen. */
export type BankInput = {
  name: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
};

/** POST to the sandbox's token route with a bank account: a token (201) or Finix's 422. */
export async function tokenizeBank(
  ctx: EngineContext,
  input: BankInput,
  lifetimeMs: number,
): Promise<FinixResponse> {
  const routing = input.routingNumber.replace(/\s/g, '');
  const account = input.accountNumber.replace(/[\s-]/g, '');
  if (!input.name.trim()) refuse(422, 'INVALID_FIELD', 'The name on the account is required.', 'name');
  if (!routingNumberValid(routing)) {
    refuse(422, 'INVALID_FIELD', 'The routing number is not valid.', 'bank_code');
  }
  if (!accountNumberValid(account)) {
    refuse(422, 'INVALID_FIELD', 'The account number must have 4 to 17 digits.', 'account_number');
  }
  const now = ctx.clock.now();
  const fingerprint = bankFingerprint(routing, account);
  const body: BankTokenBody = {
    id: finixId('TK'),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
    fingerprint,
    instrument_type: 'BANK_ACCOUNT',
    currency: 'USD',
    sandbox: {
      bank_code: routing,
      last_four: account.slice(-4),
      account_type: input.accountType,
      name: input.name.trim(),
      used: false,
      behaviour: TEST_BANK_ACCOUNTS[account] ?? { kind: 'settles' },
    },
  };
  await ctx.store.insert(newRecord(ctx, 'token', body));
  const { sandbox: _account, ...token } = body;
  return { status: 201, body: token };
}

/** The BANK_ACCOUNT instrument a bank token makes, shaped as Finix's ("Payment Instrument - Bank Account"). */
export function bankInstrumentBody(
  ctx: EngineContext,
  token: BankTokenBody,
  identity: string,
  tags: JsonObject,
): InstrumentBody {
  const now = ctx.clock.now().toISOString();
  return {
    id: finixId('PI'),
    created_at: now,
    updated_at: now,
    account_type: token.sandbox.account_type,
    application: ctx.applicationId,
    bank_account_validation_check: 'NOT_ATTEMPTED',
    bank_code: token.sandbox.bank_code,
    country: 'USA',
    created_via: 'API',
    currency: 'USD',
    enabled: true,
    fingerprint: token.fingerprint,
    identity,
    instrument_type: 'BANK_ACCOUNT',
    masked_account_number: `XXXXX${token.sandbox.last_four}`,
    name: token.sandbox.name,
    tags,
    type: 'BANK_ACCOUNT',
    sandbox: { behaviour: token.sandbox.behaviour },
  };
}

export const isBankInstrument = (record: EngineRecord) =>
  (record.body as { instrument_type?: unknown }).instrument_type === 'BANK_ACCOUNT';

/**
 * A debit's outcome and its times, decided when it is made: by the account's test number, and for the
 * account that returns once, by whether the instrument was debited before.
 */
export async function bankDebitPlan(
  ctx: EngineContext,
  instrument: EngineRecord,
): Promise<{ settles_as: NonNullable<TransferBody['sandbox']['settles_as']>; bank: BankDebitSandbox }> {
  const now = ctx.clock.now();
  let behaviour = behaviourOf(instrument);
  if (behaviour.kind === 'returnsOnce') {
    const earlier = (await ctx.store.all('transfer')).some(
      (t) => (t.body as TransferBody).source === instrument.id,
    );
    behaviour = earlier ? { kind: 'settles' } : { kind: 'returns', code: behaviour.code };
  }
  if (behaviour.kind === 'returns') {
    return {
      settles_as: {
        state: 'FAILED',
        failure_code: behaviour.code,
        failure_message: RETURN_MESSAGES[behaviour.code] ?? 'The bank returned the debit.',
      },
      bank: { settles_at: addBusinessDays(now, RETURN_BUSINESS_DAYS).toISOString(), late_return: null },
    };
  }
  const settlesAt = addBusinessDays(now, BANK_SETTLE_BUSINESS_DAYS);
  return {
    settles_as: { state: 'SUCCEEDED', failure_code: null, failure_message: null },
    bank: {
      settles_at: settlesAt.toISOString(),
      late_return:
        behaviour.kind === 'late'
          ? {
              code: behaviour.code,
              at: addBusinessDays(settlesAt, LATE_RETURN_BUSINESS_DAYS).toISOString(),
              reversal: null,
            }
          : null,
    },
  };
}

/**
 * A bank debit moved forward to now: its outcome once its time has come (transfer.updated), and a late
 * return's REVERSAL once its time has come (transfer.created). A state only moves forward.
 */
export async function advanceBankDebit(ctx: EngineContext, record: EngineRecord): Promise<EngineRecord> {
  let current = record;
  const now = ctx.clock.now();
  const body = current.body as TransferBody;
  const bank = body.sandbox.bank!;
  const outcome = body.sandbox.settles_as;
  if (body.state === 'PENDING' && outcome && now.getTime() >= Date.parse(bank.settles_at)) {
    const next: TransferBody = {
      ...body,
      ...outcome,
      ready_to_settle_at: outcome.state === 'SUCCEEDED' ? bank.settles_at : null,
      updated_at: now.toISOString(),
      sandbox: { ...body.sandbox, settles_as: null },
    };
    await ctx.store.update(current.id, next, now);
    current = { ...current, body: next, updatedAt: now };
    await recordEvent(ctx, 'transfer', 'updated', current);
  }
  const late = (current.body as TransferBody).sandbox.bank?.late_return;
  const settledBody = current.body as TransferBody;
  if (settledBody.state === 'SUCCEEDED' && late && !late.reversal && now.getTime() >= Date.parse(late.at)) {
    const reversal = await makeReturn(ctx, current, late);
    const next: TransferBody = {
      ...settledBody,
      sandbox: { ...settledBody.sandbox, bank: { ...bank, late_return: { ...late, reversal: reversal.id } } },
    };
    await ctx.store.update(current.id, next, now);
    current = { ...current, body: next, updatedAt: now };
  }
  return current;
}

/** The processor's own REVERSAL of a settled debit the bank returned late (no idempotency id). */
async function makeReturn(
  ctx: EngineContext,
  debit: EngineRecord,
  late: { code: string; at: string },
): Promise<EngineRecord> {
  const sale = debit.body as TransferBody;
  const at = new Date(late.at);
  const body: TransferBody = {
    ...sale,
    id: finixId('TR'),
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    amount: sale.amount,
    amount_requested: sale.amount,
    destination: sale.source,
    source: null,
    failure_code: late.code,
    failure_message: RETURN_MESSAGES[late.code] ?? 'The bank returned the debit.',
    fee: 0,
    idempotency_id: null,
    ready_to_settle_at: at.toISOString(),
    state: 'SUCCEEDED',
    subtype: 'API',
    tags: {},
    trace_id: finixId('TC'),
    type: 'REVERSAL',
    sandbox: { request_hash: null, answer: 201, settles_as: null, merchant: sale.sandbox.merchant },
  };
  const record = {
    ...newRecord(ctx, 'reversal', body, { parentId: debit.id }),
    createdAt: at,
    updatedAt: at,
  };
  await ctx.store.insert(record);
  await recordEvent(ctx, 'transfer', 'created', record);
  return record;
}
