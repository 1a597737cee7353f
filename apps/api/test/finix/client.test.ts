/**
 * The Finix client against a fake Finix over real HTTP (fake-finix.ts): buyers, cards, sales and their
 * declines, idempotency, the lost answer, refunds, disputes, authorizations and webhooks.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFinixClient, type FinixClient } from '../../src/modules/payments/finix/client';
import { httpTransport } from '../../src/modules/payments/finix/transport';
import type { FinixWebhookAuth } from '../../src/modules/payments/finix/webhook';
import { ProviderError } from '../../src/modules/payments/provider';
import { CARDS, tokenOf } from './cards';
import { type FakeFinix, startFakeFinix } from './fake-finix';

const WEBHOOK: FinixWebhookAuth = { kind: 'basic', username: 'finix-hooks', password: 'hook-secret' };

/** A clock the test moves (tokens expire, refunds settle). */
const clock = {
  at: Date.parse('2026-11-21T15:00:00Z'),
  now: () => new Date(clock.at),
};

let fake: FakeFinix;
let client: FinixClient;
/** The same client with a short timeout, for the faults: each costs a quarter of a second. */
let hasty: FinixClient;

function clientOf(
  f: FakeFinix,
  { password = f.password, timeoutMs = 5000 }: { password?: string; timeoutMs?: number } = {},
): FinixClient {
  return createFinixClient({
    transport: httpTransport({ baseUrl: f.url, username: f.username, password, timeoutMs }),
    merchantId: f.merchantId,
    applicationId: f.applicationId,
    webhook: WEBHOOK,
    browser: { kind: 'finix', applicationId: f.applicationId, environment: 'sandbox' },
    name: 'finix',
  });
}

beforeAll(async () => {
  fake = await startFakeFinix({ clock });
  client = clientOf(fake);
  hasty = clientOf(fake, { timeoutMs: 250 });
});

afterAll(async () => {
  await fake.close();
});

async function buyer(): Promise<string> {
  const { id } = await client.createBuyer({
    firstName: 'Ada',
    lastName: 'Russo',
    email: 'ada@example.com',
    phone: '+1 (415) 555-0134',
    tags: { family: 'russo' },
  });
  return id;
}

async function cardOn(number: string, buyerId?: string) {
  return client.createInstrument({
    token: await tokenOf(fake.engine, number),
    buyerId: buyerId ?? (await buyer()),
    tags: {},
  });
}

const sale = (instrumentId: string, amount: number, idempotencyId = randomUUID()) =>
  client.sale({
    merchantId: client.demoMerchantId,
    instrumentId,
    amount,
    idempotencyId,
    tags: { attempt: idempotencyId },
  });

const hastySale = (instrumentId: string, amount: number, idempotencyId = randomUUID()) =>
  hasty.sale({
    merchantId: hasty.demoMerchantId,
    instrumentId,
    amount,
    idempotencyId,
    tags: { attempt: idempotencyId },
  });

async function refusal(work: () => Promise<unknown>): Promise<ProviderError> {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`Expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('buyers and cards', () => {
  it('saves a tokenized card for a buyer and tells its brand, last four, expiry, name and fingerprint', async () => {
    const buyerId = await buyer();
    expect(buyerId).toMatch(/^ID/);
    const card = await cardOn(CARDS.succeeds, buyerId);
    expect(card).toMatchObject({
      buyerId,
      brand: 'Visa',
      last4: '0006',
      expMonth: 12,
      expYear: 2040,
      name: 'Ada Russo',
      enabled: true,
    });
    expect(card.id).toMatch(/^PI/);
    // The same number saved again is recognisably the same card.
    const again = await cardOn(CARDS.succeeds, buyerId);
    expect(again.fingerprint).toBe(card.fingerprint);
    expect((await cardOn('5555555555554444', buyerId)).brand).toBe('Mastercard');
    expect((await cardOn('378282246310005', buyerId)).brand).toBe('American Express');
    expect((await cardOn('6011111111111117', buyerId)).brand).toBe('Discover');
    expect(await client.getInstrument(card.id)).toEqual(card);
  });

  it('refuses a card number that fails the Luhn check and an expired card when tokenizing', async () => {
    const bad = await fake.engine.tokenize({ number: '4895142232120007', expMonth: 12, expYear: 2040 });
    expect(bad.status).toBe(422);
    const expired = await fake.engine.tokenize({ number: CARDS.succeeds, expMonth: 10, expYear: 2026 });
    expect(expired.status).toBe(422);
    expect(JSON.stringify(expired.body)).toContain('expired');
  });

  it('makes one instrument of a token, within its 30 minutes', async () => {
    const buyerId = await buyer();
    const token = await tokenOf(fake.engine, CARDS.succeeds);
    await client.createInstrument({ token, buyerId, tags: {} });
    expect((await refusal(() => client.createInstrument({ token, buyerId, tags: {} }))).kind).toBe('invalid');
    const late = await tokenOf(fake.engine, CARDS.succeeds);
    clock.at += 31 * 60_000;
    expect((await refusal(() => client.createInstrument({ token: late, buyerId, tags: {} }))).kind).toBe(
      'invalid',
    );
  });

  it('disables a card: it takes no more sales', async () => {
    const card = await cardOn(CARDS.succeeds);
    await client.disableInstrument(card.id);
    expect((await client.getInstrument(card.id)).enabled).toBe(false);
    const error = await refusal(() => sale(card.id, 5000));
    expect(error.kind).toBe('invalid');
  });

  it('answers not_found for an unknown card and config for wrong credentials', async () => {
    expect((await refusal(() => client.getInstrument('PInothing'))).kind).toBe('not_found');
    const stranger = clientOf(fake, { password: 'wrong' });
    const error = await refusal(() => stranger.getTransfer('TRanything'));
    expect([error.kind, error.status]).toEqual(['config', 401]);
  });
});

describe('sales', () => {
  it('takes a sale from the test card that succeeds', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    const transfer = await sale(card.id, 12_345, idempotencyId);
    expect(transfer).toMatchObject({
      type: 'DEBIT',
      state: 'SUCCEEDED',
      amount: 12_345,
      idempotencyId,
      instrumentId: card.id,
      parentTransferId: null,
      failureCode: null,
      tags: { attempt: idempotencyId },
    });
    expect(await client.getTransfer(transfer.id)).toEqual(transfer);
    expect(await client.findTransfer(idempotencyId)).toEqual(transfer);
    expect(await client.findTransfer(randomUUID())).toBeNull();
  });

  it('speaks Finix’s API version with Basic authentication and JSON', async () => {
    const card = await cardOn(CARDS.succeeds);
    await sale(card.id, 700);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/transfers' });
    expect(sent.headers).toMatchObject({
      'finix-version': '2022-02-01',
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${fake.username}:${fake.password}`).toString('base64')}`,
    });
  });

  it('makes one transfer of the same request sent twice at once', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    const [a, b] = await Promise.all([
      sale(card.id, 6100, idempotencyId),
      sale(card.id, 6100, idempotencyId),
    ]);
    expect(a.id).toBe(b.id);
  });

  it.each([
    ['the generic decline card', CARDS.genericDecline, 5000, 'GENERIC_DECLINE'],
    ['the insufficient funds card', CARDS.insufficientFunds, 5000, 'INSUFFICIENT_FUNDS'],
    ['the expired card', CARDS.expired, 5000, 'EXPIRED_CARD'],
    ['the lost or stolen card', CARDS.lostOrStolen, 5000, 'LOST_OR_STOLEN_CARD'],
    ['the amount 102', CARDS.succeeds, 102, 'GENERIC_DECLINE'],
    ['the amount 193', CARDS.succeeds, 193, 'INSUFFICIENT_FUNDS'],
    ['the amount 194', CARDS.succeeds, 194, 'INVALID_CARD'],
  ])('declines %s as a FAILED transfer with its code', async (_name, number, amount, code) => {
    const card = await cardOn(number);
    const idempotencyId = randomUUID();
    const transfer = await sale(card.id, amount, idempotencyId);
    expect(transfer).toMatchObject({
      type: 'DEBIT',
      state: 'FAILED',
      amount,
      failureCode: code,
      idempotencyId,
    });
    expect(transfer.id).toMatch(/^TR/);
    expect(transfer.failureMessage).toBeTruthy();
    expect(await client.findTransfer(idempotencyId)).toEqual(transfer);
  });

  it('cancels the amount 103', async () => {
    const card = await cardOn(CARDS.succeeds);
    expect((await sale(card.id, 103)).state).toBe('CANCELED');
  });

  it('disables a lost or stolen card after its decline', async () => {
    const card = await cardOn(CARDS.lostOrStolen);
    await sale(card.id, 5000);
    expect((await client.getInstrument(card.id)).enabled).toBe(false);
  });

  it('answers the same idempotency id with the same request with the first answer: one transfer', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    const first = await sale(card.id, 4200, idempotencyId);
    const second = await sale(card.id, 4200, idempotencyId);
    expect(second).toEqual(first);
    const declinedCard = await cardOn(CARDS.genericDecline);
    const declineId = randomUUID();
    const declined = await sale(declinedCard.id, 4200, declineId);
    expect(await sale(declinedCard.id, 4200, declineId)).toEqual(declined);
  });

  it('refuses the same idempotency id with another request as a conflict', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    await sale(card.id, 4200, idempotencyId);
    const error = await refusal(() => sale(card.id, 4300, idempotencyId));
    expect(error.kind).toBe('conflict');
  });
});

describe('when no answer comes', () => {
  it('a timeout before Finix acted: unavailable, and no transfer under the idempotency id', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    fake.failNext(1, 'timeout');
    expect((await refusal(() => hastySale(card.id, 5000, idempotencyId))).kind).toBe('unavailable');
    expect(await client.findTransfer(idempotencyId)).toBeNull();
    // Sent again with the same id, it is made once.
    const transfer = await sale(card.id, 5000, idempotencyId);
    expect(await client.findTransfer(idempotencyId)).toEqual(transfer);
  });

  it('an answer lost after Finix acted: unavailable, and the transfer is found by its idempotency id', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    fake.failNext(1, 'dropAfterCommit');
    expect((await refusal(() => hastySale(card.id, 5000, idempotencyId))).kind).toBe('unavailable');
    const found = await client.findTransfer(idempotencyId);
    expect(found).toMatchObject({ state: 'SUCCEEDED', amount: 5000, idempotencyId });
    // The retry with the same id is answered with the same transfer: no second charge.
    expect((await sale(card.id, 5000, idempotencyId)).id).toBe(found!.id);
  });

  it('an answer too slow: unavailable, and once Finix is done the transfer is found', async () => {
    const card = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    fake.failNext(1, 'slow');
    expect((await refusal(() => hastySale(card.id, 5000, idempotencyId))).kind).toBe('unavailable');
    await fake.idle();
    expect(await client.findTransfer(idempotencyId)).toMatchObject({ state: 'SUCCEEDED' });
  });

  it('a 500: unavailable', async () => {
    const card = await cardOn(CARDS.succeeds);
    fake.failNext(1, 'status500');
    const error = await refusal(() => hastySale(card.id, 5000));
    expect([error.kind, error.status]).toEqual(['unavailable', 500]);
  });
});

describe('refunds and disputes', () => {
  it('refunds part of a sale, settles it, and refuses more than is left', async () => {
    const card = await cardOn(CARDS.succeeds);
    const paid = await sale(card.id, 10_000);
    const refundId = randomUUID();
    const refund = await client.refund({
      transferId: paid.id,
      amount: 6000,
      idempotencyId: refundId,
      tags: {},
    });
    expect(refund).toMatchObject({
      type: 'REVERSAL',
      state: 'PENDING',
      amount: 6000,
      instrumentId: card.id,
      parentTransferId: paid.id,
      idempotencyId: refundId,
    });
    expect((await client.getTransfer(refund.id)).state).toBe('SUCCEEDED');
    expect((await client.findTransfer(refundId))?.id).toBe(refund.id);
    const tooMuch = await refusal(() =>
      client.refund({ transferId: paid.id, amount: 4001, idempotencyId: randomUUID(), tags: {} }),
    );
    expect(tooMuch.kind).toBe('invalid');
    const rest = await client.refund({
      transferId: paid.id,
      amount: 4000,
      idempotencyId: randomUUID(),
      tags: {},
    });
    expect(rest.amount).toBe(4000);
  });

  it('fails the refund of the card whose refunds fail, and what it did not refund is left', async () => {
    const card = await cardOn(CARDS.refundFails);
    const paid = await sale(card.id, 3000);
    expect(paid.state).toBe('SUCCEEDED');
    const refund = await client.refund({
      transferId: paid.id,
      amount: 3000,
      idempotencyId: randomUUID(),
      tags: {},
    });
    const settled = await client.getTransfer(refund.id);
    expect(settled).toMatchObject({ state: 'FAILED', failureCode: 'GENERIC_DECLINE' });
  });

  it('disputes the amount 888888, and refuses to refund a disputed sale', async () => {
    const card = await cardOn(CARDS.succeeds);
    const paid = await sale(card.id, 888_888);
    expect(paid.state).toBe('SUCCEEDED');
    const [dispute, ...others] = await client.disputesOf(paid.id);
    expect(others).toEqual([]);
    expect(dispute).toMatchObject({
      transferId: paid.id,
      state: 'PENDING',
      amount: 888_888,
      reason: 'FRAUD',
    });
    expect(await client.getDispute(dispute!.id)).toEqual(dispute);
    expect(await client.disputesOf((await sale(card.id, 100)).id)).toEqual([]);
    const error = await refusal(() =>
      client.refund({ transferId: paid.id, amount: 100, idempotencyId: randomUUID(), tags: {} }),
    );
    expect(error.kind).toBe('invalid');
    expect((await refusal(() => client.getDispute('DInothing'))).kind).toBe('not_found');
  });
});

describe('authorizations', () => {
  it('captures part of an authorization into a DEBIT, once', async () => {
    const card = await cardOn(CARDS.succeeds);
    const held = await client.authorize({
      merchantId: client.demoMerchantId,
      instrumentId: card.id,
      amount: 5000,
      idempotencyId: randomUUID(),
      tags: {},
    });
    expect(held).toMatchObject({ state: 'SUCCEEDED', amount: 5000, transferId: null, isVoid: false });
    const captured = await client.capture(held.id, 4500);
    expect(captured.transferId).toMatch(/^TR/);
    expect(await client.getTransfer(captured.transferId!)).toMatchObject({
      type: 'DEBIT',
      state: 'SUCCEEDED',
      amount: 4500,
      instrumentId: card.id,
    });
    expect(await client.getAuthorization(held.id)).toEqual(captured);
    expect((await refusal(() => client.capture(held.id, 100))).kind).toBe('invalid');
  });

  it('voids an authorization, which then cannot be captured; a declining card fails it', async () => {
    const card = await cardOn(CARDS.succeeds);
    const held = await client.authorize({
      merchantId: client.demoMerchantId,
      instrumentId: card.id,
      amount: 5000,
      idempotencyId: randomUUID(),
      tags: {},
    });
    expect((await client.voidAuthorization(held.id)).isVoid).toBe(true);
    expect((await refusal(() => client.capture(held.id, 5000))).kind).toBe('invalid');
    const declining = await cardOn(CARDS.insufficientFunds);
    const failed = await client.authorize({
      merchantId: client.demoMerchantId,
      instrumentId: declining.id,
      amount: 5000,
      idempotencyId: randomUUID(),
      tags: {},
    });
    expect(failed).toMatchObject({ state: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' });
  });
});

describe('webhooks', () => {
  const basic = (username: string, password: string) =>
    `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  it('accepts only the configured Basic credentials', () => {
    expect(client.webhookAuthorized({ authorization: basic('finix-hooks', 'hook-secret') })).toBe(true);
    expect(client.webhookAuthorized({ Authorization: basic('finix-hooks', 'hook-secret') })).toBe(true);
    expect(client.webhookAuthorized({ authorization: basic('finix-hooks', 'hook-secreT') })).toBe(false);
    expect(client.webhookAuthorized({ authorization: 'Bearer hook-secret' })).toBe(false);
    expect(client.webhookAuthorized({})).toBe(false);
  });

  it('accepts only the configured Bearer token', () => {
    const bearer = createFinixClient({
      transport: httpTransport({ baseUrl: fake.url, username: fake.username, password: fake.password }),
      merchantId: fake.merchantId,
      applicationId: fake.applicationId,
      webhook: { kind: 'bearer', token: 'tok-123' },
      browser: { kind: 'finix', applicationId: fake.applicationId, environment: 'sandbox' },
      name: 'finix',
    });
    expect(bearer.webhookAuthorized({ authorization: 'Bearer tok-123' })).toBe(true);
    expect(bearer.webhookAuthorized({ authorization: 'Bearer tok-124' })).toBe(false);
    expect(bearer.webhookAuthorized({ authorization: basic('tok', '123') })).toBe(false);
  });

  it('reads the engine’s events delivered twice and out of order, each once by its id', async () => {
    await fake.engine.drainEvents();
    const card = await cardOn(CARDS.succeeds);
    const paid = await sale(card.id, 888_888);
    const received: { headers: IncomingHttpHeaders; body: unknown }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(client.webhookAuthorized(req.headers) ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const deliveries = await fake.webhooks.deliver(url, { auth: WEBHOOK, times: 2, order: 'reversed' });
      expect(deliveries.map((d) => d.type)).toEqual([
        'dispute.created',
        'transfer.created',
        'dispute.created',
        'transfer.created',
      ]);
      expect(deliveries.every((d) => d.status === 200)).toBe(true);
      const events = received.map((r) => client.parseWebhook(r.body));
      expect(new Set(events.map((e) => e?.id)).size).toBe(2);
      const [dispute] = await client.disputesOf(paid.id);
      expect(events.slice(0, 2)).toEqual([
        {
          id: expect.stringMatching(/^EV/),
          type: 'dispute.created',
          entity: 'dispute',
          resourceId: dispute!.id,
          createdAt: expect.any(String),
        },
        {
          id: expect.stringMatching(/^EV/),
          type: 'transfer.created',
          entity: 'transfer',
          resourceId: paid.id,
          createdAt: expect.any(String),
        },
      ]);
      // Drained: nothing is delivered twice by the fake itself.
      expect(await fake.webhooks.deliver(url, { auth: WEBHOOK })).toEqual([]);
    } finally {
      receiver.close();
    }
  });

  it('reads an update and a refund’s settling as transfer.updated, and refuses what is not an event of ours', async () => {
    // Earlier tests' refunds settled and their events handed out first.
    await fake.engine.settleDue();
    await fake.engine.drainEvents();
    const card = await cardOn(CARDS.succeeds);
    const paid = await sale(card.id, 2000);
    const refund = await client.refund({
      transferId: paid.id,
      amount: 2000,
      idempotencyId: randomUUID(),
      tags: {},
    });
    await fake.engine.settleDue();
    const events = (await fake.engine.drainEvents()).map((e) => client.parseWebhook(e));
    expect(events.map((e) => [e?.type, e?.resourceId])).toEqual([
      ['transfer.created', paid.id],
      ['transfer.created', refund.id],
      ['transfer.updated', refund.id],
    ]);
    expect(client.parseWebhook({ hello: 'world' })).toBeNull();
    expect(
      client.parseWebhook({
        id: 'EVx',
        type: 'created',
        entity: 'transfer',
        occurred_at: '2026-11-21T15:00:00Z',
        _embedded: { transfers: [{ id: 'TRx', application: 'APsomeoneElse' }] },
      }),
    ).toBeNull();
    expect(
      client.parseWebhook({
        id: 'EVy',
        type: 'created',
        entity: 'merchant',
        occurred_at: '2026-11-21T15:00:00Z',
      }),
    ).toEqual({
      id: 'EVy',
      type: 'merchant.created',
      entity: 'merchant',
      resourceId: null,
      createdAt: '2026-11-21T15:00:00Z',
    });
  });
});

describe('the card account updater (decision 071)', () => {
  it('sends a batch as multipart over HTTP, once per idempotency id, and reads its CSV answers', async () => {
    const renewed = await cardOn('4000000000001000');
    const steady = await cardOn(CARDS.succeeds);
    const idempotencyId = randomUUID();
    const input = {
      merchantId: client.demoMerchantId,
      idempotencyId,
      instrumentIds: [renewed.id, steady.id],
    };
    const batch = await client.createInstrumentUpdate(input);
    expect(batch).toMatchObject({ id: expect.stringMatching(/^IU/), state: 'PENDING' });
    expect((await client.createInstrumentUpdate(input)).id).toBe(batch.id);
    expect((await client.getInstrumentUpdate(batch.id)).state).toBe('COMPLETED');
    const results = await client.instrumentUpdateResults(batch.id);
    expect(results).toEqual([
      { original: renewed.id, updated: expect.stringMatching(/^PI/), result: 'CARD_EXPIRATION_UPDATED' },
      { original: steady.id, updated: null, result: 'NO_CHANGE_FOUND' },
    ]);
    const fresh = await client.getInstrument(results[0]!.updated!);
    expect(fresh).toMatchObject({
      last4: '1000',
      expYear: renewed.expYear! + 3,
      fingerprint: renewed.fingerprint,
    });
    await expect(client.getInstrumentUpdate('IUnothing')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
