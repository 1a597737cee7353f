import { randomUUID } from 'node:crypto';
import { CARD_LIMITS, cardLimitLabels, cardLimitMessages } from '@pirouette/domain';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { consume } from '../../lib/rate-limit';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import type { FinixTransport } from './finix/transport';
import { checkout, saveTestCard, TEST_CARDS, tokenFor } from './payments.fixture';
import { createSandboxProvider, SANDBOX_TOKEN_PATH } from './providers';

/**
 * Card testing is limited (issue 31 item 3, decision 038): a family's declined cards (5 in 24 hours), the
 * cards it adds (5 in 24 hours) and the studio's declines in an hour (made 8 here, so two families reach
 * it), each in the shared atomic limiter. Past a limit: 429 with the limit's sentence, and the processor is
 * never called (its calls are counted); bursts at once never pass a limit; the owner's dashboard lists
 * the families refused.
 */

/** The processor's calls, by method and path ('POST /transfers': sales). */
const calls = new Map<string, number>();
const counted =
  (inner: FinixTransport): FinixTransport =>
  (req) => {
    const key = `${req.method} ${req.path}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    return inner(req);
  };
const sales = () => calls.get('POST /transfers') ?? 0;
const instruments = () => calls.get('POST /payment_instruments') ?? 0;

const STUDIO_BRAKE = 8;
const { t, s } = useTwoStudios(
  { cardLimits: { ...CARD_LIMITS, studio: { ...CARD_LIMITS.studio, limit: STUDIO_BRAKE } } },
  {
    payments: (database, clock) => {
      const sandbox = createSandboxProvider({
        db: database.db,
        clock,
        tokenUrl: SANDBOX_TOKEN_PATH,
        wrap: counted,
      });
      return { provider: sandbox, sandbox: sandbox.engine };
    },
  },
);

let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});
// Each test in an hour of its own: the studio's declines of one never weigh on the next.
beforeEach(() => {
  t.clock.advanceMinutes(61);
});

/** A family registered in Jazz 1 (it owes $50.00) with `card` on file. */
async function family(email: string, card: string = TEST_CARDS.insufficient) {
  const { fam } = await registerInJazz(t, s, setting, email);
  await saveTestCard(t, fam.parent, card);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, bill: money.current.id as string, balance: money.balance as number };
}

describe('declined cards of a family', () => {
  it('the sixth in 24 hours is refused with 429, by the card on file or another, and the processor never hears of it', async () => {
    const { fam, bill, balance } = await family('limit-declines@example.com');
    for (let i = 0; i < CARD_LIMITS.declines.limit; i++) {
      expect((await checkout(fam.parent, bill, balance)).status).toBe(402);
    }
    const before = { sales: sales(), instruments: instruments() };
    const refused = await checkout(fam.parent, bill, balance);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual([false, cardLimitMessages.declines]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const typed = await checkout(fam.parent, bill, balance, {
      token: await tokenFor(t, TEST_CARDS.good),
      saveCard: true,
    });
    expect(typed.status).toBe(429);
    expect({ sales: sales(), instruments: instruments() }).toEqual(before);
  });

  it('payments that go through do not count', async () => {
    const { fam } = await family('limit-paid@example.com', TEST_CARDS.good);
    for (let i = 0; i < CARD_LIMITS.declines.limit + 2; i++) {
      await ok(
        s.a.post(`/api/transactions/item/${fam.id}`, {
          item: { typeID: 'costume', item: `Costume ${i}`, amount: 5, quantity: 1, total: 5 },
        }),
      );
    }
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    const costumes = money.current.items.filter((i: { item: string }) => i.item.startsWith('Costume'));
    expect(costumes.length).toBe(CARD_LIMITS.declines.limit + 2);
    for (const item of costumes) {
      const paid = await ok(checkout(fam.parent, money.current.id, 5, { items: [item.id] }));
      expect(paid.state).toBe('succeeded');
    }
  });

  it('a burst of checkouts at once never passes the limit', async () => {
    const { fam, bill, balance } = await family('limit-burst@example.com');
    const before = sales();
    const sent: number[] = [];
    // Any other answer, with what it said (a failure on a loaded CI machine once gave a status outside
    // these three, and only its absence was reported).
    const odd: { status: number; body: unknown }[] = [];
    // Bursts until a whole burst is refused by the limit: a burst lets one checkout of the family reach
    // the processor at a time (the others 409 or 429), so how many declines one burst holds depends on
    // the machine's speed; whatever it is, the limit is reached and never passed.
    for (let round = 0; round < 4 * CARD_LIMITS.declines.limit; round++) {
      const burst = await Promise.all(Array.from({ length: 8 }, () => checkout(fam.parent, bill, balance)));
      sent.push(...burst.map((r) => r.status));
      odd.push(
        ...burst
          .filter((r) => ![402, 409, 429].includes(r.status))
          .map(({ status, body }) => ({ status, body })),
      );
      if (burst.every((r) => r.status === 429)) break;
    }
    expect(sales() - before).toBe(CARD_LIMITS.declines.limit);
    expect(sent.filter((x) => x === 402)).toHaveLength(CARD_LIMITS.declines.limit);
    expect(odd).toEqual([]);
    expect(sent.at(-1)).toBe(429);
  });
});

describe('the window', () => {
  it('slides: five in 24 hours at any moment, never ten across a day’s end', async () => {
    let now = Date.parse('2026-11-21T23:30:00Z');
    const clock = { now: () => new Date(now) };
    const key = `card:test:${randomUUID()}`;
    const take = () => consume(t.database.db, clock, key, CARD_LIMITS.declines);
    for (let i = 0; i < CARD_LIMITS.declines.limit; i++) await take();
    now += 60 * 60_000; // the next day, an hour later
    await expect(take()).rejects.toMatchObject({ code: 'rate_limited' });
    now += 22 * 60 * 60_000; // 23 hours after the five
    await expect(take()).rejects.toMatchObject({ code: 'rate_limited' });
    now += 2 * 60 * 60_000; // 25 hours after
    await take();
  });
});

describe('cards a family adds', () => {
  it('twenty saved at once: five reach the processor, the others are refused with 429', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'limit-cards@example.com');
    const tokens = await Promise.all(Array.from({ length: 20 }, () => tokenFor(t, TEST_CARDS.good)));
    const before = instruments();
    const saved = await Promise.all(
      tokens.map((token) => fam.parent.post('/api/finix/customer/paymentInstrument', { token })),
    );
    expect(saved.filter((r) => r.status === 200)).toHaveLength(CARD_LIMITS.cards.limit);
    const refused = saved.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20 - CARD_LIMITS.cards.limit);
    expect(refused[0]!.body).toEqual([false, cardLimitMessages.cards]);
    expect(instruments() - before).toBe(CARD_LIMITS.cards.limit);
    // A card typed at checkout to be saved is a card added too; one for this payment only is not.
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    const token = await tokenFor(t, TEST_CARDS.good);
    const toSave = await checkout(fam.parent, money.current.id, money.balance, { token, saveCard: true });
    expect(toSave.body).toEqual([false, cardLimitMessages.cards]);
    const once = await checkout(fam.parent, money.current.id, money.balance, { token, saveCard: false });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
  });
});

describe('the studio’s brake', () => {
  it('past its declines in an hour, refuses every family’s checkout, and the owner sees who was refused', async () => {
    const first = await family('brake-1@example.com');
    const second = await family('brake-2@example.com');
    const third = await family('brake-3@example.com', TEST_CARDS.good);
    for (let i = 0; i < 5; i++)
      expect((await checkout(first.fam.parent, first.bill, first.balance)).status).toBe(402);
    for (let i = 5; i < STUDIO_BRAKE; i++)
      expect((await checkout(second.fam.parent, second.bill, second.balance)).status).toBe(402);
    const before = sales();
    const refused = await checkout(second.fam.parent, second.bill, second.balance);
    expect(refused.body).toEqual([false, cardLimitMessages.studio]);
    const good = await checkout(third.fam.parent, third.bill, third.balance);
    expect(good.status).toBe(429);
    expect(sales()).toBe(before);

    const page = await ok(s.a.get('/api/mystudio/payments/limits'));
    const rows = page.items.map((r: { coAcctMemID: string; kind: string }) => [r.coAcctMemID, r.kind]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [second.fam.id, 'studio'],
        [third.fam.id, 'studio'],
      ]),
    );
    expect(page.items[0]).toMatchObject({ label: cardLimitLabels.studio, refused: 1 });
    expect(page.items[0].lastAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The other studio's owner sees none of them; a parent is refused.
    expect((await ok(s.b.get('/api/mystudio/payments/limits'))).items).toEqual([]);
    expect((await first.fam.parent.get('/api/mystudio/payments/limits')).status).toBe(403);

    // Within the hour the brake lets go.
    t.clock.advanceMinutes(61);
    expect(
      (await checkout(third.fam.parent, third.bill, third.balance, { requestId: randomUUID() })).status,
    ).toBe(200);
  });
});
