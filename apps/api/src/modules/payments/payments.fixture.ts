import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import type { Caller } from '../../../test/studios';
import { SANDBOX_TOKEN_PATH } from './providers';

/**
 * What card payment tests share: the sandbox's test cards, a token as the stand-in form makes it, a card
 * saved by a parent, a checkout, and what the processor and our books hold of the family's money.
 */

export const TEST_CARDS = {
  good: '4895142232120006',
  insufficient: '4000000000000069',
  declined: '4000000000009979',
  expired: '4000000000009987',
  lost: '4000000000000127',
  mastercard: '5555555555554444',
} as const;

/** A sandbox token for a card (the stand-in form's post to the simulated processor). */
export async function tokenFor(
  t: TestApp,
  number: string = TEST_CARDS.good,
  expiry: { expMonth: number; expYear: number } = { expMonth: 12, expYear: 2030 },
): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: SANDBOX_TOKEN_PATH,
    payload: { number, ...expiry, cvv: '123', name: 'Maya Lopez', postalCode: '10001' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1].id;
}

/** The parent saves a test card as the family's card on file. */
export async function saveTestCard(t: TestApp, parent: Caller, number: string = TEST_CARDS.good) {
  const res = await parent.post('/api/finix/customer/paymentInstrument', {
    token: await tokenFor(t, number),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1];
}

export const checkout = (
  parent: Caller,
  bill: string,
  balance: number,
  opts: { items?: string[]; requestId?: string; token?: string; saveCard?: boolean } = {},
) =>
  parent.post(`/api/finix/customer/transaction/authorize/${bill}/payment`, {
    balance,
    items: opts.items ?? [],
    requestId: opts.requestId ?? randomUUID(),
    ...(opts.token ? { token: opts.token, saveCard: opts.saveCard ?? false } : {}),
  });

type Rows = { rows: Record<string, unknown>[] };

/** The DEBIT transfers the processor holds for a family (by our tag), and their states. */
export async function processorSales(t: TestApp, familyId: string) {
  const found = (await t.database.db.execute(
    sql`select body->>'state' as state, (body->>'amount')::int as amount from sandbox_finix_resources
        where kind = 'transfer' and body->>'type' = 'DEBIT' and body->'tags'->>'family' = ${familyId}`,
  )) as unknown as Rows;
  return found.rows as { state: string; amount: number }[];
}

/** The refunds (REVERSAL transfers) the processor holds for a family, and their states. */
export async function processorReversals(t: TestApp, familyId: string) {
  const found = (await t.database.db.execute(
    sql`select body->>'state' as state, (body->>'amount')::int as amount from sandbox_finix_resources
        where kind = 'reversal' and body->'tags'->>'family' = ${familyId}`,
  )) as unknown as Rows;
  return found.rows as { state: string; amount: number }[];
}

/** The card payments our ledger holds for a family. */
export async function ledgerCardPayments(t: TestApp, familyId: string) {
  const found = (await t.database.db.execute(
    sql`select p.total, t.idempotency_key as key from ledger_payments p
        join ledger_transactions t on t.id = p.tx_id
        where p.family_id = ${familyId} and p.method = 'card'`,
  )) as unknown as Rows;
  return found.rows as { total: number; key: string }[];
}

/** Every card sale the processor captured is booked exactly once, and nothing else is booked. */
export async function expectCapturedBookedOnce(t: TestApp, familyId: string) {
  const captured = (await processorSales(t, familyId)).filter((s) => s.state === 'SUCCEEDED');
  const booked = await ledgerCardPayments(t, familyId);
  expect(booked.map((b) => b.total).sort()).toEqual(captured.map((c) => c.amount).sort());
  expect(new Set(booked.map((b) => b.key)).size).toBe(booked.length);
}
