import { randomUUID } from 'node:crypto';
import { webhookCalls } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { processorEvents } from '../../db/schema/payments';
import { SANDBOX_APPLICATION_ID, SANDBOX_WEBHOOK_TOKEN } from '../../sandbox/finix/sandbox';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { checkout, saveTestCard } from './payments.fixture';
import { paymentsFor, WEBHOOKS_OFF_WARNING } from './providers';
import { receiveWebhook, webhookMessages, webhookRule } from './webhooks';

/**
 * Webhooks cannot fill the disk (issue 31 item 9, decision 038): a call is authenticated before anything
 * is written, so forged events store nothing; bodies are bounded (413) and so is the rate (429); of an
 * authenticated event only its id, type and resource are kept; and with Finix configured without
 * `FINIX_WEBHOOK_*`, every call is refused.
 */

const { t, s } = useTwoStudios();
const BEARER = { authorization: `Bearer ${SANDBOX_WEBHOOK_TOKEN}` };

/** A Finix-shaped event about a transfer, padded to about `pad` bytes (as the forged ones were). */
const forged = (pad = 0) => ({
  id: `EV${randomUUID().replaceAll('-', '')}`,
  type: 'created',
  entity: 'transfer',
  occurred_at: new Date().toISOString(),
  _embedded: { transfers: [{ id: 'TRforged', application: SANDBOX_APPLICATION_ID, note: 'x'.repeat(pad) }] },
});

const post = (payload: unknown, headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: webhookCalls.receive.path,
    headers,
    payload: payload as object,
    remoteAddress,
  });

const storedEvents = async () => (await t.database.db.select().from(processorEvents)).length;

let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

describe('the webhook stores only what is authenticated', () => {
  it('300 forged events, without credentials or with wrong ones, store nothing', async () => {
    const before = await storedEvents();
    const guesses: Record<string, string>[] = [
      {},
      { authorization: 'Bearer pirouette-sandbox-webhook' },
      { authorization: 'Basic Z3Vlc3M6Z3Vlc3M=' },
    ];
    for (let i = 0; i < 300; i++) {
      const res = await post(forged(32 * 1024), guesses[i % guesses.length]!, '203.0.113.10');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual([false, webhookMessages.notAuthorized]);
    }
    expect(await storedEvents()).toBe(before);
  });

  it('refuses a body past 64 KiB with 413 before reading it, even with the credentials', async () => {
    const before = await storedEvents();
    const res = await post(forged(70 * 1024), BEARER, '203.0.113.11');
    expect(res.statusCode).toBe(413);
    expect(await storedEvents()).toBe(before);
  });

  it('keeps of an authenticated event its id, type and resource, never the body as sent', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'hook-guard@example.com');
    await saveTestCard(t, fam.parent);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    await ok(checkout(fam.parent, money.current.id, money.balance));
    const event = forged(20 * 1024);
    const res = await post(event, BEARER, '203.0.113.12');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(processorEvents);
    const row = rows.find((r) => r.eventId === event.id)!;
    expect(row.body).toEqual({
      id: event.id,
      type: 'transfer.created',
      resource: 'TRforged',
      createdAt: event.occurred_at,
    });
    expect(JSON.stringify(row.body).length).toBeLessThan(300);
  });

  it('answers 429 past the rate of a client, and still stores nothing', async () => {
    const before = await storedEvents();
    const statuses: number[] = [];
    for (let i = 0; i <= webhookRule.limit; i++) {
      statuses.push((await post(forged(), {}, '203.0.113.13')).statusCode);
    }
    expect(statuses.slice(0, webhookRule.limit).every((x) => x === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client (the processor's own address) is not held back by this one.
    expect((await post(forged(), {}, '203.0.113.14')).statusCode).toBe(401);
    expect(await storedEvents()).toBe(before);
  });
});

describe('Finix configured without webhook credentials', () => {
  const env = {
    FINIX_API_URL: 'http://127.0.0.1:9',
    FINIX_USERNAME: 'USfake',
    FINIX_PASSWORD: 'secret',
    FINIX_MERCHANT_ID: 'MUfake',
    FINIX_APPLICATION_ID: 'APfake',
    FINIX_ENVIRONMENT: 'sandbox',
  };

  it('says so at start, and refuses every call, with whatever credentials, storing nothing', async () => {
    const payments = paymentsFor({ db: t.database.db, clock: t.clock, env });
    expect(payments.warning).toBe(WEBHOOKS_OFF_WARNING);
    expect(
      paymentsFor({ db: t.database.db, clock: t.clock, env: { ...env, FINIX_WEBHOOK_TOKEN: 'tok' } }).warning,
    ).toBeNull();
    const before = await storedEvents();
    const deps = { db: t.database.db, clock: t.clock, provider: payments.provider };
    const event = { ...forged(), _embedded: { transfers: [{ id: 'TRx', application: 'APfake' }] } };
    for (const headers of [{}, { authorization: 'Bearer anything' }, { authorization: 'Basic dTpw' }]) {
      await expect(receiveWebhook(deps, { headers, ip: '203.0.113.20' }, event)).rejects.toMatchObject({
        code: 'unauthorized',
        message: webhookMessages.notAuthorized,
      });
    }
    expect(await storedEvents()).toBe(before);
  });
});
