import { BANK_MANDATE_VERSION, bankMessages } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/build-test-app';
import type { Caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { jobs } from '../../db/schema/jobs';
import { paymentAttempts, paymentCards, paymentReturns } from '../../db/schema/payments';
import { runDue } from '../../jobs/runner';
import type { FinixEngine } from '../../sandbox/finix/engine';
import { deliverSandboxEvents } from '../../sandbox/finix/webhooks';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { settle } from './attempts';
import { paymentJobHandlers } from './job-handlers';
import { checkout, tokenFor } from './payments.fixture';
import { syncPayouts } from './payouts';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, SANDBOX_TOKEN_PATH } from './providers';
import { reconcileAttempt } from './reconcile';

/**
 * Bank debit on the sandbox processor (issue 37, decision 067): a bank account saved with its debit
 * authorization, a checkout debiting it (booked pending at once, the balance paid), cleared after two
 * business days by the clock, returned (reversed, its charges open again, the returned-payment fee once
 * however many times the return is reported), returned late after it cleared; the books balanced.
 */

let engine: FinixEngine;
let provider: PaymentProvider;
/** The processor's and the jobs' clock, moved by business days (sessions live by the app's own). */
const later = testClock();
const { t, s } = useTwoStudios(
  {},
  {
    payments: (database) => {
      const sandbox = createSandboxProvider({ db: database.db, clock: later, tokenUrl: SANDBOX_TOKEN_PATH });
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

const ACCOUNTS = {
  settles: '000123456789',
  r01: '000222222227',
  r02: '000111111113',
  lateR10: '000333333335',
} as const;

async function bankToken(account: string): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: SANDBOX_TOKEN_PATH,
    payload: {
      name: 'Maya Lopez',
      routingNumber: '110000000',
      accountNumber: account,
      accountType: 'CHECKING',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[1].id;
}

const saveBank = async (parent: Caller, account: string, extra: Record<string, unknown> = {}) =>
  parent.post('/api/finix/customer/bankAccount', {
    token: await bankToken(account),
    mandateVersion: BANK_MANDATE_VERSION,
    mandateAccepted: true,
    ...extra,
  });

/** A family registered in Jazz 1 (it owes $50.00) with a bank account on file. */
async function payingByBank(email: string, account: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  expect((await saveBank(fam.parent, account)).status).toBe(200);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, bill: money.current.id as string, balance: money.balance as number };
}

const days = (n: number) => later.advanceMinutes(n * 24 * 60);
const reconcile = async () => {
  while (
    (await runDue({ db: t.database.db, clock: later, handlers: paymentJobHandlers(provider) })).length > 0
  );
};
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function saleOf(familyId: string) {
  const [sale] = await t.database.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.familyId, familyId), eq(paymentAttempts.kind, 'sale')));
  return sale!;
}

/** A family's ledger accounts, summed. */
async function accountsOf(familyId: string) {
  const found = await rows<{ account: string; sum: number }>(
    sql`select account, sum(amount)::int as sum from ledger_entries where family_id = ${familyId} group by account`,
  );
  return Object.fromEntries(found.map((r) => [r.account, r.sum]));
}

async function expectBooksBalanced() {
  const unbalanced = await rows(sql`select tx_id from ledger_entries group by tx_id having sum(amount) <> 0`);
  expect(unbalanced).toEqual([]);
}

async function feesOf(familyId: string) {
  return rows<{ total: number }>(
    sql`select c.total from ledger_charges c where c.family_id = ${familyId} and c.category = 'returned_check'`,
  );
}

describe('a bank account on file', () => {
  it('is saved with the debit authorization, shown, and removed; the owner sees it', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'bank1@example.com');
    const before = await ok(fam.parent.get('/api/finix/customer/bankAccount'));
    expect(before).toMatchObject({ bank: null, mandate: { version: BANK_MANDATE_VERSION }, takesBank: true });
    expect(before.mandate.text).toContain('I authorize');

    const saved = await ok(saveBank(fam.parent, ACCOUNTS.settles));
    expect(saved.msg).toBe(bankMessages.saved);
    expect(saved.bank).toMatchObject({ bank: 'Bank account', last4: '6789', accountType: 'CHECKING' });
    const [row] = await t.database.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.familyId, fam.id), eq(paymentCards.kind, 'bank')));
    expect(row).toMatchObject({ mandateVersion: BANK_MANDATE_VERSION, rank: 'primary', expMonth: null });
    expect(row!.mandateText).toBe(before.mandate.text);
    expect(row!.mandateAt).not.toBeNull();
    // Never the account number, in our tables or the processor's beyond its last four.
    const all = await rows<{ all: string }>(
      sql`select string_agg(x, '|') as all from (select to_jsonb(c)::text as x from payment_cards c
          union all select body::text from sandbox_finix_resources) q`,
    );
    expect(all[0]!.all).not.toContain(ACCOUNTS.settles);

    expect((await ok(s.a.get(`/api/mystudio/account/${fam.id}/bank`))).bank).toMatchObject({ last4: '6789' });
    expect((await s.b.get(`/api/mystudio/account/${fam.id}/bank`)).status).toBe(404);
    // Saving a card replaces it, as the primary method.
    const card = await fam.parent.post('/api/finix/customer/paymentInstrument', { token: await tokenFor(t) });
    expect(card.status).toBe(200);
    expect((await ok(fam.parent.get('/api/finix/customer/bankAccount'))).bank).toBeNull();
    await ok(saveBank(fam.parent, ACCOUNTS.settles));
    expect((await ok(fam.parent.delete('/api/finix/customer/bankAccount'))).msg).toBe(bankMessages.removed);
    expect((await fam.parent.delete('/api/finix/customer/bankAccount')).status).toBe(404);
  });

  it('is refused, with a sentence and nothing written, without the authorization, on old words, or for a card', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'bank2@example.com');
    const count = async () =>
      (await t.database.db.select().from(paymentCards).where(eq(paymentCards.familyId, fam.id))).length;
    const refused = await saveBank(fam.parent, ACCOUNTS.settles, { mandateAccepted: false });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual([false, bankMessages.notAccepted]);
    const stale = await saveBank(fam.parent, ACCOUNTS.settles, { mandateVersion: 'ach-debit-2020-01' });
    expect(stale.status).toBe(409);
    expect(stale.headers['x-error-reason']).toBe('terms_changed');
    const card = await fam.parent.post('/api/finix/customer/bankAccount', {
      token: await tokenFor(t),
      mandateVersion: BANK_MANDATE_VERSION,
      mandateAccepted: true,
    });
    expect(card.status).toBe(422);
    expect(card.body).toEqual([false, bankMessages.notABank]);
    const bankAsCard = await fam.parent.post('/api/finix/customer/paymentInstrument', {
      token: await bankToken(ACCOUNTS.settles),
    });
    expect(bankAsCard.status).toBe(422);
    expect(bankAsCard.body).toEqual([false, bankMessages.notACard]);
    expect(await count()).toBe(0);
  });

  it('refuses a routing number whose check digit is wrong at the stand-in form', async () => {
    const res = await t.call({
      method: 'POST',
      url: SANDBOX_TOKEN_PATH,
      payload: {
        name: 'Maya',
        routingNumber: '110000001',
        accountNumber: ACCOUNTS.settles,
        accountType: 'CHECKING',
      },
    });
    expect(res.status).toBe(422);
  });
});

describe('paying by bank', () => {
  it('is booked pending at once (the balance paid), and cleared after two business days', async () => {
    const { fam, bill, balance } = await payingByBank('bank3@example.com', ACCOUNTS.settles);
    const paid = await checkout(fam.parent, bill, balance);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body[1]).toMatchObject({ state: 'pending', msg: bankMessages.pending('$50.00') });
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(money.balance).toBe(0);
    const payment = money.current.payments.find((p: { payProcID: string }) => p.payProcID === 'bank');
    expect(payment).toMatchObject({ status: 'pending', type: 'BANK', total: 50 });
    expect(await accountsOf(fam.id)).toMatchObject({ bank_debits: 5000 });

    days(1);
    await reconcile();
    expect((await saleOf(fam.id)).state).toBe('pending');

    days(3);
    await reconcile();
    const sale = await saleOf(fam.id);
    expect(sale.state).toBe('succeeded');
    const after = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(after.balance).toBe(0);
    expect(after.current.payments.find((p: { payProcID: string }) => p.payProcID === 'bank').status).toBe(
      'received',
    );
    const accounts = await accountsOf(fam.id);
    expect(accounts.bank_debits ?? 0).toBe(0);
    expect(accounts.card).toBe(5000);
    // Cleared once, however often it is reported again.
    await settle(
      { db: t.database.db, provider, clock: later },
      sale.id,
      await provider.getTransfer(sale.transferId!),
    );
    await deliverSandboxEvents(t.app, engine);
    expect((await accountsOf(fam.id)).card).toBe(5000);
    await expectBooksBalanced();
  });
});

/** The ways a return is reported: the webhook, the reconciler's look, the settling again. */
type Reporter = 'webhook' | 'reconciler' | 'settle';

async function report(by: Reporter, attemptId: string) {
  const deps = { db: t.database.db, provider, clock: later };
  if (by === 'webhook') await deliverSandboxEvents(t.app, engine);
  else if (by === 'reconciler') await reconcileAttempt(deps, attemptId).catch(() => undefined);
  else {
    const [a] = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
    await settle(deps, attemptId, await provider.findTransfer(a!.id).then((x) => x!));
  }
}

async function expectReturnedOnce(familyId: string, code: string) {
  const sale = await saleOf(familyId);
  const returns = await t.database.db
    .select()
    .from(paymentReturns)
    .where(eq(paymentReturns.attemptId, sale.id));
  expect(returns).toHaveLength(1);
  expect(returns[0]).toMatchObject({ code, amount: 5000 });
  expect(returns[0]!.reversalTxId).not.toBeNull();
  expect(await feesOf(familyId)).toEqual([{ total: 3500 }]);
  const followUps = await t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'payments.return-follow-up'), eq(jobs.key, returns[0]!.id)));
  expect(followUps).toHaveLength(1);
  const money = await ok(s.a.get(`/api/mystudio/account/${familyId}/money`));
  // The $50.00 it paid is owed again, and the $35.00 fee.
  expect(money.balance).toBe(85);
  await expectBooksBalanced();
  return { sale, ret: returns[0]! };
}

describe('a returned debit', () => {
  it('reverses its payment, reopens its charges and posts its fee once, reported by all', async () => {
    const { fam, bill, balance } = await payingByBank('bank4@example.com', ACCOUNTS.r01);
    expect((await checkout(fam.parent, bill, balance)).status).toBe(200);
    days(4);
    for (const by of ['webhook', 'reconciler', 'settle', 'webhook'] as const)
      await report(by, (await saleOf(fam.id)).id);
    const { sale, ret } = await expectReturnedOnce(fam.id, 'R01');
    expect(sale).toMatchObject({ state: 'failed', failureCode: 'R01' });
    expect(ret.group).toBe('funds');
    const accounts = await accountsOf(fam.id);
    expect(accounts.bank_debits ?? 0).toBe(0);
    expect(accounts.card ?? 0).toBe(0);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    const items = money.current.items.filter((i: { category: string }) => i.category !== 'returned_check');
    expect(items.every((i: { open: number }) => i.open > 0)).toBe(true);
  });

  it('is booked once in whatever order and however often it is reported (property)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Reporter>('webhook', 'reconciler', 'settle'), {
          minLength: 1,
          maxLength: 5,
        }),
        async (reporters) => {
          n += 1;
          const { fam, bill, balance } = await payingByBank(`bank-prop${n}@example.com`, ACCOUNTS.r02);
          expect((await checkout(fam.parent, bill, balance)).status).toBe(200);
          days(4);
          const id = (await saleOf(fam.id)).id;
          for (const by of reporters) await report(by, id);
          // Whatever reported it, the reconciler's look finds it at last.
          await report('reconciler', id);
          const { ret } = await expectReturnedOnce(fam.id, 'R02');
          expect(ret.group).toBe('administrative');
        },
      ),
      { numRuns: 4 },
    );
  });

  it('late, after it cleared, is reversed from the clearing account and charged its fee once', async () => {
    const { fam, bill, balance } = await payingByBank('bank5@example.com', ACCOUNTS.lateR10);
    expect((await checkout(fam.parent, bill, balance)).status).toBe(200);
    days(4);
    await reconcile();
    expect((await saleOf(fam.id)).state).toBe('succeeded');
    expect((await accountsOf(fam.id)).card).toBe(5000);
    days(7);
    await engine.settleDue();
    await deliverSandboxEvents(t.app, engine);
    await deliverSandboxEvents(t.app, engine);
    const { sale, ret } = await expectReturnedOnce(fam.id, 'R10');
    expect(sale.state).toBe('succeeded');
    expect(ret.group).toBe('unauthorized');
    expect(ret.transferId).not.toBe(sale.transferId);
    const accounts = await accountsOf(fam.id);
    expect(accounts.card ?? 0).toBe(0);
    expect(accounts.bank_debits ?? 0).toBe(0);
  });
});

describe('a late return without its webhook', () => {
  it('is found by the reconciler’s looks after the debit cleared, and booked once', async () => {
    const { fam, bill, balance } = await payingByBank('bank6@example.com', ACCOUNTS.lateR10);
    expect((await checkout(fam.parent, bill, balance)).status).toBe(200);
    days(4);
    await reconcile();
    expect((await saleOf(fam.id)).state).toBe('succeeded');
    // No webhook is delivered: the daily look lists the debit's reversals and finds the return.
    days(7);
    await reconcile();
    days(1);
    await reconcile();
    const { sale, ret } = await expectReturnedOnce(fam.id, 'R10');
    expect(sale.state).toBe('succeeded');
    expect(ret.group).toBe('unauthorized');
    const accounts = await accountsOf(fam.id);
    expect(accounts.card ?? 0).toBe(0);
    expect(accounts.bank_debits ?? 0).toBe(0);
  });
});

describe('the books', () => {
  it('explain card clearing with bank debits cleared and paid out, and a late return taken back', async () => {
    await reconcile();
    days(7);
    await engine.settleDue();
    await deliverSandboxEvents(t.app, engine);
    const sync = await syncPayouts(
      { db: t.database.db, provider },
      { companyId: s.companyA, timeZone: 'America/New_York' },
    );
    expect(sync.booked.length).toBeGreaterThan(0);
    const clearing = await ok(s.a.get('/api/mystudio/payouts/clearing'));
    expect(clearing.balance).toBeCloseTo(clearing.unpaid.sum - clearing.unmatched.sum, 2);
    // Every bank debit paid out was matched to its clearing, the late return to its reversal.
    const unmatched = await rows<{ n: number }>(
      sql`select count(*)::int as n from processor_payout_items i where i.payment_tx_id is null
          and i.transfer_id in (select transfer_id from payment_attempts where method = 'bank'
                                union select transfer_id from payment_returns)`,
    );
    expect(unmatched[0]!.n).toBe(0);
    await expectBooksBalanced();
  });
});
