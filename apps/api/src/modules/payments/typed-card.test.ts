import { cardMessages, declineSentence } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { paymentAttempts, paymentCards } from '../../db/schema/payments';
import { runDue } from '../../jobs/runner';
import type { FinixEngine } from '../../sandbox/finix/engine';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import type { FinixTransport } from './finix/transport';
import { paymentJobHandlers } from './job-handlers';
import {
  checkout,
  expectCapturedBookedOnce,
  ledgerCardPayments,
  saveTestCard,
  TEST_CARDS,
  tokenFor,
} from './payments.fixture';
import { type PaymentProvider, ProviderError } from './provider';
import { createSandboxProvider, SANDBOX_TOKEN_PATH } from './providers';

/**
 * "Use another card" at checkout (issue 31 item 2, decision 038): a card typed at checkout pays that
 * sale only. A declined one leaves the card on file as it was (it was replaced by •••• 0069, which
 * auto-pay then charged); a paid one becomes the card on file only when the parent asked, and only once
 * its sale succeeded, whoever settles it (the request, or the reconciler when the answer was lost).
 */

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

let provider: PaymentProvider;
let engine: FinixEngine;
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
});

/** A family registered in Jazz 1 (it owes $50.00) with the good Visa •••• 0006 on file. */
async function familyWithCard(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const saved = await saveTestCard(t, fam.parent, TEST_CARDS.good);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, bill: money.current.id as string, balance: money.balance as number, onFile: saved.card };
}

const cardOnFile = async (parent: Caller) =>
  (await ok(parent.get('/api/finix/customer/paymentInstrument/default'))).card as {
    id: string;
    last4: string;
  } | null;

const liveCards = (familyId: string) =>
  t.database.db.select().from(paymentCards).where(eq(paymentCards.familyId, familyId));

describe('another card at checkout', () => {
  it('declined (•••• 0069), leaves the card on file as it was, even when asked to save it', async () => {
    const { fam, bill, balance, onFile } = await familyWithCard('typed-declined@example.com');
    for (const saveCard of [true, false]) {
      const token = await tokenFor(t, TEST_CARDS.insufficient);
      const res = await checkout(fam.parent, bill, balance, { token, saveCard });
      expect(res.status, JSON.stringify(res.body)).toBe(402);
      expect(res.body).toEqual([false, declineSentence('INSUFFICIENT_FUNDS')]);
    }
    expect(await cardOnFile(fam.parent)).toMatchObject({ id: onFile.id, last4: '0006' });
    // The owner's view and auto-pay read the same card.
    expect(await ok(s.a.get(`/api/mystudio/account/${fam.id}/card`))).toMatchObject({
      card: { last4: '0006' },
    });
    const live = (await liveCards(fam.id)).filter((c) => c.removedAt === null);
    expect(live.map((c) => c.last4)).toEqual(['0006']);
    // The card on file still pays, and was never disabled at the processor.
    const paid = await ok(checkout(fam.parent, bill, balance));
    expect(paid).toMatchObject({ state: 'succeeded', card: 'Visa •••• 0006' });
    expect(await ledgerCardPayments(t, fam.id)).toHaveLength(1);
  });

  it('paid, and not to be saved: the payment is the typed card’s, the card on file stays', async () => {
    const { fam, bill, balance, onFile } = await familyWithCard('typed-once@example.com');
    const token = await tokenFor(t, TEST_CARDS.mastercard);
    const paid = await ok(checkout(fam.parent, bill, balance, { token, saveCard: false }));
    expect(paid).toMatchObject({ state: 'succeeded', card: 'Mastercard •••• 4444', saved: false });
    expect(await cardOnFile(fam.parent)).toMatchObject({ id: onFile.id, last4: '0006' });
    await expectCapturedBookedOnce(t, fam.id);
  });

  it('paid, and to be saved: it becomes the card on file, the old one disabled at the processor', async () => {
    const { fam, bill, balance, onFile } = await familyWithCard('typed-save@example.com');
    const [old] = (await liveCards(fam.id)).filter((c) => c.id === onFile.id);
    const token = await tokenFor(t, TEST_CARDS.mastercard);
    const paid = await ok(checkout(fam.parent, bill, balance, { token, saveCard: true }));
    expect(paid).toMatchObject({ state: 'succeeded', card: 'Mastercard •••• 4444', saved: true });
    expect(await cardOnFile(fam.parent)).toMatchObject({ last4: '4444' });
    expect((await liveCards(fam.id)).filter((c) => c.removedAt === null).map((c) => c.last4)).toEqual([
      '4444',
    ]);
    expect((await provider.getInstrument(old!.instrumentId)).enabled).toBe(false);
  });

  it('to be saved, its answer lost: not on file until the reconciler finds it paid', async () => {
    const { fam, bill, balance } = await familyWithCard('typed-lost@example.com');
    faults.push('lost');
    const token = await tokenFor(t, TEST_CARDS.mastercard);
    const res = await ok(checkout(fam.parent, bill, balance, { token, saveCard: true }));
    expect(res).toMatchObject({ state: 'unknown', msg: cardMessages.unknown, saved: false });
    expect(await cardOnFile(fam.parent)).toMatchObject({ last4: '0006' });
    const clock = { now: () => new Date(t.clock.now().getTime() + 3 * 60_000) };
    await runDue({ db: t.database.db, clock, handlers: paymentJobHandlers(provider) });
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.familyId, fam.id), eq(paymentAttempts.cardUse, 'save')));
    expect(attempt).toMatchObject({ state: 'succeeded' });
    expect(await cardOnFile(fam.parent)).toMatchObject({ last4: '4444' });
    await expectCapturedBookedOnce(t, fam.id);
  });

  it('pays without a card on file, which it becomes only when asked', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'typed-first@example.com');
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    const refused = await checkout(fam.parent, money.current.id, money.balance);
    expect(refused.body).toEqual([false, cardMessages.noCard]);
    const token = await tokenFor(t, TEST_CARDS.good);
    await ok(checkout(fam.parent, money.current.id, money.balance, { token, saveCard: false }));
    expect(await cardOnFile(fam.parent)).toBeNull();
  });
});
