/**
 * The sandbox provider on a real database: the simulated processor keeps its records in
 * `sandbox_finix_resources`, so what it did survives our server's restart, a lost answer is found by its
 * idempotency id, and a card number is never among what it keeps.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { sandboxFinixResources } from '../../src/db/schema/payments';
import { createFinixClient } from '../../src/modules/payments/finix/client';
import { ProviderError } from '../../src/modules/payments/provider';
import {
  createSandboxProvider,
  engineTransport,
  type SandboxProvider,
} from '../../src/modules/payments/providers';
import { dbEngineStore } from '../../src/sandbox/finix/engine-store';
import {
  SANDBOX_APPLICATION_ID,
  SANDBOX_MERCHANT_ID,
  SANDBOX_WEBHOOK_TOKEN,
} from '../../src/sandbox/finix/sandbox';
import { freshDatabase, testClock } from '../build-test-app';
import { CARDS, tokenOf } from './cards';

let database: Database;
const clock = testClock();
const sandbox = (): SandboxProvider =>
  createSandboxProvider({ db: database.db, clock, tokenUrl: '/api/payments/sandbox/tokens' });

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database.close();
});

async function savedCard(provider: SandboxProvider, number: string = CARDS.succeeds) {
  const buyer = await provider.createBuyer({
    firstName: 'Ada',
    lastName: 'Russo',
    email: null,
    phone: null,
    tags: {},
  });
  const token = await tokenOf(provider.engine, number);
  return provider.createInstrument({ token, buyerId: buyer.id, tags: {} });
}

describe('the sandbox provider', () => {
  it('says it is the sandbox, with the stand-in card form and its own webhook token', () => {
    const provider = sandbox();
    expect(provider.name).toBe('sandbox');
    expect(provider.browser).toEqual({
      kind: 'sandbox',
      applicationId: SANDBOX_APPLICATION_ID,
      tokenUrl: '/api/payments/sandbox/tokens',
    });
    expect(provider.webhookAuthorized({ authorization: `Bearer ${SANDBOX_WEBHOOK_TOKEN}` })).toBe(true);
    expect(provider.webhookAuthorized({ authorization: 'Bearer guess' })).toBe(false);
  });

  it('remembers cards, sales, refunds and events across a new provider over the same database', async () => {
    const before = sandbox();
    const card = await savedCard(before);
    const idempotencyId = randomUUID();
    const paid = await before.sale({
      merchantId: before.demoMerchantId,
      instrumentId: card.id,
      amount: 8000,
      idempotencyId,
      tags: { a: '1' },
    });
    expect(paid.state).toBe('SUCCEEDED');
    await before.refund({ transferId: paid.id, amount: 5000, idempotencyId: randomUUID(), tags: {} });

    // Our server restarts: a new provider, the same database.
    const after = sandbox();
    expect(await after.getInstrument(card.id)).toEqual(card);
    expect(await after.getTransfer(paid.id)).toEqual(paid);
    expect(await after.findTransfer(idempotencyId)).toEqual(paid);
    expect(
      await after.sale({
        merchantId: after.demoMerchantId,
        instrumentId: card.id,
        amount: 8000,
        idempotencyId,
        tags: { a: '1' },
      }),
    ).toEqual(paid);
    const tooMuch = await after
      .refund({ transferId: paid.id, amount: 3001, idempotencyId: randomUUID(), tags: {} })
      .catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(ProviderError);
    expect((tooMuch as ProviderError).kind).toBe('invalid');
    const events = await after.engine.drainEvents();
    expect(events.map((e) => `${e.entity}.${e.type}`)).toEqual([
      'transfer.created',
      'transfer.created',
      'transfer.updated',
    ]);
    expect(await before.engine.drainEvents()).toEqual([]);
  });

  it('finds a sale whose answer was lost by its idempotency id, and charges it once', async () => {
    const provider = sandbox();
    const card = await savedCard(provider);
    // The processor does the work; the answer never reaches us.
    const lossy = createFinixClient({
      transport: async (req) => {
        await engineTransport(provider.engine)(req);
        throw new ProviderError('unavailable', 'The connection was reset.');
      },
      merchantId: SANDBOX_MERCHANT_ID,
      applicationId: SANDBOX_APPLICATION_ID,
      webhook: null,
      browser: provider.browser,
      name: 'sandbox',
    });
    const idempotencyId = randomUUID();
    const lost = await lossy
      .sale({ merchantId: SANDBOX_MERCHANT_ID, instrumentId: card.id, amount: 2500, idempotencyId, tags: {} })
      .catch((e: unknown) => e);
    expect((lost as ProviderError).kind).toBe('unavailable');
    const found = await sandbox().findTransfer(idempotencyId);
    expect(found).toMatchObject({ state: 'SUCCEEDED', amount: 2500, idempotencyId });
    expect(
      (
        await provider.sale({
          merchantId: provider.demoMerchantId,
          instrumentId: card.id,
          amount: 2500,
          idempotencyId,
          tags: {},
        })
      ).id,
    ).toBe(found!.id);
    const kept = await database.db
      .select({ id: sandboxFinixResources.id })
      .from(sandboxFinixResources)
      .where(eq(sandboxFinixResources.idempotencyId, idempotencyId));
    expect(kept).toEqual([{ id: found!.id }]);
  });

  it('makes one transfer of a sale sent at once through two servers’ sandboxes', async () => {
    const card = await savedCard(sandbox());
    const idempotencyId = randomUUID();
    const send = (provider: SandboxProvider) =>
      provider.sale({
        merchantId: provider.demoMerchantId,
        instrumentId: card.id,
        amount: 1800,
        idempotencyId,
        tags: {},
      });
    const [a, b] = await Promise.all([send(sandbox()), send(sandbox())]);
    expect(a).toEqual(b);
  });

  it('keeps a declined card’s FAILED transfer and the dispute of 888888', async () => {
    const provider = sandbox();
    const declined = await savedCard(provider, CARDS.insufficientFunds);
    const failed = await provider.sale({
      merchantId: provider.demoMerchantId,
      instrumentId: declined.id,
      amount: 900,
      idempotencyId: randomUUID(),
      tags: {},
    });
    expect(failed).toMatchObject({ state: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' });
    const card = await savedCard(provider);
    const paid = await provider.sale({
      merchantId: provider.demoMerchantId,
      instrumentId: card.id,
      amount: 888_888,
      idempotencyId: randomUUID(),
      tags: {},
    });
    const [dispute] = await sandbox().disputesOf(paid.id);
    expect(dispute).toMatchObject({ state: 'PENDING', amount: 888_888 });
    await provider.engine.resolveDispute(dispute!.id, 'LOST');
    expect((await sandbox().getDispute(dispute!.id)).state).toBe('LOST');
    await expect(provider.engine.resolveDispute(dispute!.id, 'WON')).rejects.toThrow(/only moves forward/);
  });

  it('never keeps a card number', async () => {
    const provider = sandbox();
    await savedCard(provider, '5555555555554444');
    const rows = await database.db.select({ body: sandboxFinixResources.body }).from(sandboxFinixResources);
    const everything = JSON.stringify(rows);
    expect(everything).toContain('4444');
    expect(everything).not.toContain('5555555555554444');
    expect(everything).not.toContain(CARDS.succeeds);
  });

  it('refuses to write inside a transaction of ours', async () => {
    await database.db.transaction(async (tx) => {
      expect(() => dbEngineStore(tx)).toThrow(/outside our transactions/);
    });
  });
});
