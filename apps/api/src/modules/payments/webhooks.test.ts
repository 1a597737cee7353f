import { randomUUID } from 'node:crypto';
import { AUTOPAY_TERMS_VERSION } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { autopayConsents, paymentAttempts, paymentDisputes, processorEvents } from '../../db/schema/payments';
import { paymentJobs } from '../../jobs/payment-jobs';
import { runDue } from '../../jobs/runner';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger/book';
import { registerInJazz } from '../ledger/ledger.fixture';
import { ledgerBreaches, ledgerSnapshot, rowsChanged } from '../ledger/ledger-model.fixture';
import { applyDispute, DISPUTE_PAUSE } from './disputes';
import type { FinixEngine } from './finix/engine';
import { createSandboxProvider, SANDBOX_APPLICATION_ID, SANDBOX_WEBHOOK_TOKEN } from './finix/sandbox';
import type { FinixTransport } from './finix/transport';
import { checkout, ledgerCardPayments, processorSales, saveTestCard } from './payments.fixture';
import { type PaymentProvider, ProviderError } from './provider';
import { SANDBOX_TOKEN_PATH } from './providers';
import { deliverSandboxEvents } from './sandbox-webhooks';
import { webhookMessages } from './webhooks';

/**
 * The processor's webhook (issue 17 point 6, decision 028 point 9): authenticated as configured, each
 * event stored once, the resource read again before anything is booked; a sale whose answer was lost is
 * booked by its event; events sent twice or out of order come to the same books; a dispute takes the
 * payment back, blocks its refunds, and gives it back when the studio wins.
 */

const WEBHOOK = '/api/finix/webhooks';
const BEARER = { authorization: `Bearer ${SANDBOX_WEBHOOK_TOKEN}` };

/** Sales take the next fault queued: 'lost' is an answer lost after the processor acted. */
const faults: ('lost' | 'none')[] = [];
const faulty =
  (inner: FinixTransport): FinixTransport =>
  async (req) => {
    const fault = req.method === 'POST' && req.path === '/transfers' ? (faults.shift() ?? 'none') : 'none';
    const answer = await inner(req);
    if (fault === 'lost') throw new ProviderError('unavailable', 'The connection was reset.');
    return answer;
  };

let engine: FinixEngine;
let provider: PaymentProvider;
const { t, s } = useTwoStudios(
  {},
  {
    payments: (database, clock) => {
      const sandbox = createSandboxProvider({
        db: database.db,
        clock,
        tokenUrl: SANDBOX_TOKEN_PATH,
        wrap: faulty,
      });
      provider = sandbox;
      engine = sandbox.engine;
      return { provider, sandbox: engine };
    },
  },
);

let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
  // What earlier families' checkouts recorded is not this file's business.
  await engine.drainEvents();
});

/** A family registered in Jazz 1 with a card on file: it owes $50.00 on its bill. */
async function payingFamily(email: string, extra = 0) {
  const { fam } = await registerInJazz(t, s, setting, email);
  await saveTestCard(t, fam.parent);
  if (extra > 0) {
    await ok(
      s.a.post(`/api/transactions/item/${fam.id}`, {
        item: { typeID: 'costume', item: 'Recital costume', amount: extra, quantity: 1, total: extra },
      }),
    );
  }
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, bill: money.current.id as string, balance: money.balance as number };
}

/** The family's card sale (its attempt: the idempotency id, the transfer, the ledger payment). */
async function saleOf(familyId: string) {
  const [sale] = await t.database.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.familyId, familyId), eq(paymentAttempts.kind, 'sale')));
  return sale!;
}

const post = (payload: unknown, headers: Record<string, string> = BEARER) =>
  t.call({ method: 'POST', url: WEBHOOK, headers, payload: payload as object });

/** The events the sandbox recorded since the last look, in Finix's shape. */
const drain = () => engine.drainEvents();

describe('the webhook endpoint', () => {
  it('refuses a call without the processor’s credentials, and a body that is not an event, storing nothing', async () => {
    const { fam, bill, balance } = await payingFamily('hook-auth@example.com');
    await ok(checkout(fam.parent, bill, balance));
    const [event] = await drain();
    const before = await t.database.db.select().from(processorEvents);
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer guess' },
      { authorization: 'Basic Z3Vlc3M6Z3Vlc3M=' },
    ];
    for (const headers of wrong) {
      const res = await post(event, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual([false, webhookMessages.notAuthorized]);
    }
    const junk = await post({ hello: 'world' });
    expect(junk.status).toBe(422);
    expect(junk.body).toEqual([false, webhookMessages.notAnEvent]);
    // Another application's event (a sandbox pointed at the wrong server) is not ours either.
    const foreign = structuredClone(event) as { _embedded: { transfers: { application: string }[] } };
    foreign._embedded.transfers[0]!.application = 'APsomeoneElse';
    expect((await post(foreign)).status).toBe(422);
    expect(await t.database.db.select().from(processorEvents)).toEqual(before);
  });

  it('a sale whose answer was lost is booked by its event, once, however often and in whatever order events come', async () => {
    const { fam, bill, balance } = await payingFamily('hook-lost@example.com');
    faults.push('lost');
    const res = await checkout(fam.parent, bill, balance);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1].state).toBe('unknown');
    expect(await ledgerCardPayments(t, fam.id)).toEqual([]);

    const events = await drain();
    expect(events.map((e) => `${e.entity}.${e.type}`)).toEqual(['transfer.created']);
    // A forged body (another amount, another state) changes nothing: the transfer is read again.
    const forged = structuredClone(events[0]!) as { _embedded: { transfers: { amount: number }[] } };
    forged._embedded.transfers[0]!.amount = 1;
    const first = await post(forged);
    expect(first.body).toEqual([
      true,
      { event: events[0]!.id, result: 'applied', msg: webhookMessages.applied },
    ]);
    const again = await post(events[0]);
    expect(again.body[1]).toMatchObject({ result: 'duplicate' });

    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.familyId, fam.id));
    expect(attempt).toMatchObject({ state: 'succeeded' });
    expect(await ledgerCardPayments(t, fam.id)).toEqual([{ total: 5000, key: `card:${attempt!.id}` }]);
    expect((await processorSales(t, fam.id)).filter((x) => x.state === 'SUCCEEDED')).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.eventId, String(events[0]!.id)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'transfer.created', result: 'succeeded' });
    expect((await readBook(t.database.db, s.companyA, fam.id)).balance).toBe(0);
  });

  it('events of a transfer that is not ours are noted and change nothing', async () => {
    const snap = await ledgerSnapshot(t.database.db);
    const res = await post({
      id: `EV${randomUUID().replaceAll('-', '')}`,
      type: 'created',
      entity: 'merchant',
      occurred_at: new Date().toISOString(),
      _embedded: { merchants: [{ id: 'MUother', application: SANDBOX_APPLICATION_ID }] },
    });
    expect(res.body[1]).toMatchObject({ result: 'ignored' });
    const missing = await post({
      id: `EV${randomUUID().replaceAll('-', '')}`,
      type: 'updated',
      entity: 'transfer',
      occurred_at: new Date().toISOString(),
      _embedded: { transfers: [{ id: 'TRnobodyKnowsThisOne', application: SANDBOX_APPLICATION_ID }] },
    });
    expect(missing.body[1]).toMatchObject({ result: 'ignored' });
    expect(rowsChanged(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
  });
});

describe('disputes', () => {
  /** A family that paid $8,888.88, the sandbox's amount a cardholder disputes at once. */
  async function disputedPayment(email: string) {
    const paying = await payingFamily(email, 8838.88);
    expect(paying.balance).toBe(8888.88);
    const paid = await ok(checkout(paying.fam.parent, paying.bill, paying.balance));
    expect(paid.state).toBe('succeeded');
    const events = await drain();
    expect(events.map((e) => `${e.entity}.${e.type}`)).toEqual(['transfer.created', 'dispute.created']);
    const dispute = events[1]!._embedded as { disputes: { id: string }[] };
    const paymentId = (await saleOf(paying.fam.id)).ledgerTxId!;
    return { ...paying, events, disputeId: dispute.disputes[0]!.id, paymentId };
  }

  it('take the payment back, open what it paid, block its refunds and pause auto-pay; sent twice, once', async () => {
    const { fam, bill, events, disputeId, paymentId } = await disputedPayment('dispute1@example.com');
    await ok(
      fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }),
    );
    // Out of order and twice: the dispute's event first.
    for (const e of [events[1], events[0], events[1]]) expect((await post(e)).status).toBe(200);

    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.balance).toBe(888888);
    const payment = book.payments.find((p) => p.id === paymentId)!;
    expect(payment.returned?.reason).toMatch(
      /^The cardholder disputed the card payment of .*: the card processor took the money back\.$/,
    );
    const [row] = await t.database.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.disputeId, disputeId));
    expect(row).toMatchObject({ state: 'PENDING', amount: 888888, familyId: fam.id });
    // Its auto-pay is paused: it would charge the card again what its holder just disputed.
    const [consent] = await t.database.db
      .select()
      .from(autopayConsents)
      .where(eq(autopayConsents.familyId, fam.id));
    expect(consent).toMatchObject({ pausedByName: DISPUTE_PAUSE, withdrawnAt: null });
    expect(consent!.pausedAt).not.toBeNull();
    expect(await ok(fam.parent.get('/api/finix/customer/autopay'))).toMatchObject({
      on: true,
      paused: true,
      pausedFor: 'dispute',
    });
    const page = await ok(s.a.get('/api/mystudio/autopay'));
    expect(page.enrolled.find((f: { coAcctMemID: string }) => f.coAcctMemID === fam.id)).toMatchObject({
      paused: true,
      pausedFor: 'dispute',
    });
    // The parent and the owner see it disputed, and the history says what happened.
    const seen = await ok(fam.parent.get(`/api/transactions/current/${bill}`));
    expect(seen.payments.find((p: { id: string }) => p.id === paymentId).status).toBe('disputed');
    const panel = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(panel.history[0]).toMatchObject({
      kind: 'dispute',
      description: 'Card payment disputed (Visa •••• 0006)',
      balance: 8888.88,
    });
    expect(await ledgerBreaches(t.database.db)).toEqual([]);

    const refund = await s.a.post(`/api/transactions/refund/${fam.id}`, {
      paymentID: paymentId,
      total: 10,
      to: 'card',
      reason: 'Asked for it',
    });
    expect(refund.status).toBeGreaterThanOrEqual(400);
    expect(
      await t.database.db.execute(
        sql`select 1 from payment_attempts where kind = 'refund' and family_id = ${fam.id}`,
      ),
    ).toMatchObject({ rows: [] });
  });

  it('won, give the payment back once; lost, leave the debit standing', async () => {
    const won = await disputedPayment('dispute-won@example.com');
    for (const e of won.events) expect((await post(e)).status).toBe(200);
    expect((await readBook(t.database.db, s.companyA, won.fam.id)).balance).toBe(888888);
    await engine.resolveDispute(won.disputeId, 'WON');
    const updates = await drain();
    expect(updates.map((e) => `${e.entity}.${e.type}`)).toEqual(['dispute.updated']);
    for (const e of [updates[0], updates[0]]) expect((await post(e)).status).toBe(200);
    // The first event again, after the studio won: read again, it says WON, and nothing moves.
    expect((await post({ ...won.events[1]!, id: `EV${randomUUID().replaceAll('-', '')}` })).status).toBe(200);
    const afterWin = await readBook(t.database.db, s.companyA, won.fam.id);
    expect(afterWin.balance).toBe(0);
    expect(afterWin.payments.filter((p) => p.method === 'card' && !p.returned)).toHaveLength(1);
    const [wonRow] = await t.database.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.disputeId, won.disputeId));
    expect(wonRow!.state).toBe('WON');

    const lost = await disputedPayment('dispute-lost@example.com');
    for (const e of lost.events) expect((await post(e)).status).toBe(200);
    await engine.resolveDispute(lost.disputeId, 'LOST');
    await deliverSandboxEvents(t.app, engine);
    const afterLoss = await readBook(t.database.db, s.companyA, lost.fam.id);
    expect(afterLoss.balance).toBe(888888);
    const [lostRow] = await t.database.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.disputeId, lost.disputeId));
    expect(lostRow!.state).toBe('LOST');
    expect(await ledgerBreaches(t.database.db)).toEqual([]);
  });

  it('of a payment refunded in part, open again what was not refunded, and removed when won', async () => {
    // The sandbox refuses to refund a disputed sale and disputes only at once: the dispute comes by hand.
    const { fam, bill, balance } = await payingFamily('dispute-part@example.com', 20);
    await ok(checkout(fam.parent, bill, balance));
    const costume = (await readBook(t.database.db, s.companyA, fam.id)).charges.find(
      (c) => c.item === 'Recital costume',
    )!;
    await ok(
      s.a.post(`/api/transactions/refund/${fam.id}`, {
        paymentID: (await saleOf(fam.id)).ledgerTxId,
        itemID: costume.id,
        total: 20,
        to: 'card',
        reason: 'Smaller size',
      }),
    );
    const sale = await saleOf(fam.id);
    const deps = { db: t.database.db, provider, clock: t.clock };
    const dispute = {
      id: `DP${randomUUID().replaceAll('-', '')}`,
      transferId: sale.transferId!,
      state: 'PENDING' as const,
      amount: 7000,
      reason: '13.1',
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    };
    expect(await applyDispute(deps, sale, dispute)).toBe('opened');
    expect(await applyDispute(deps, sale, dispute)).toBe('unchanged');
    const opened = await readBook(t.database.db, s.companyA, fam.id);
    const item = opened.charges.find((c) => c.item.startsWith('Disputed card payment of '))!;
    expect(item).toMatchObject({ total: 5000, category: 'other' });
    expect(opened.balance).toBe(5000);

    expect(await applyDispute(deps, sale, { ...dispute, state: 'WON' })).toBe('won');
    expect(await applyDispute(deps, sale, { ...dispute, state: 'WON' })).toBe('unchanged');
    const won = await readBook(t.database.db, s.companyA, fam.id);
    expect(won.charges.find((c) => c.id === item.id)!.removed).not.toBeNull();
    expect(won.balance).toBe(0);
    // The refund sent before the dispute is confirmed after it, and booked on the payment as ever.
    const later = { now: () => new Date(t.clock.now().getTime() + 60 * 60_000) };
    while ((await runDue({ db: t.database.db, clock: later, handlers: paymentJobs(provider) })).length > 0);
    const refunded = await readBook(t.database.db, s.companyA, fam.id);
    expect(refunded.payments.find((p) => p.method === 'card')!.refunded).toBe(2000);
    expect(await ledgerBreaches(t.database.db)).toEqual([]);
  });
});
