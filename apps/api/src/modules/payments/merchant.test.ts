import { randomUUID } from 'node:crypto';
import { AUTOPAY_TERMS_VERSION, cardMessages, merchantMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPerson, joinFamily } from '../../../test/factories';
import { registerStudio, signIn } from '../../../test/flows';
import { addItem } from '../../../test/fuzz/ledger-scene';
import { MERCHANT_PATH, merchantForm, onboard } from '../../../test/merchants';
import { caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { jobs } from '../../db/schema/jobs';
import { paymentAttempts, studioMerchants } from '../../db/schema/payments';
import { runDue } from '../../jobs/runner';
import type { FinixEngine } from '../../sandbox/finix/engine';
import { SANDBOX_WEBHOOK_TOKEN } from '../../sandbox/finix/sandbox';
import { deliverSandboxEvents } from '../../sandbox/finix/webhooks';
import { chargeFamily } from './autopay-charging';
import type { FinixTransport } from './finix/transport';
import { paymentJobHandlers } from './job-handlers';
import { checkout, saveTestCard, tokenFor } from './payments.fixture';
import { type PaymentProvider, ProviderError } from './provider';
import { createSandboxProvider, SANDBOX_TOKEN_PATH } from './providers';

/**
 * A merchant per studio (issue 34 item 1, decision 049): the owner's onboarding and each outcome the
 * sandbox gives (approved, rejected with reasons, provisioning settled by the job or the webhook), the
 * bank account's numbers never kept, and every card sale of a studio made into its own merchant, never
 * another's: a studio without an approved merchant takes no card.
 */

/** Onboarding's last call fails while set: the processor does not answer. */
let merchantCallFails = false;
const faulty =
  (inner: FinixTransport): FinixTransport =>
  async (req) => {
    if (merchantCallFails && /^\/identities\/[^/]+\/merchants$/.test(req.path))
      throw new ProviderError('unavailable', 'The connection was reset.');
    return inner(req);
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

const row = async (companyId: string) =>
  (await t.database.db.select().from(studioMerchants).where(eq(studioMerchants.companyId, companyId)))[0];

/** A studio registered now: no merchant yet. Its owner's caller. */
async function newStudio(name: string) {
  const email = `owner-${randomUUID().slice(0, 8)}@new.example`;
  const { cID } = await registerStudio(t, email, {
    studioInfo: {
      name,
      address: '1 Pine St',
      city: 'Trenton',
      state: 'NJ',
      zipcode: '08608',
      phone: '6095550101',
      email: 'hello@new.example',
    },
  } as never);
  const session = await signIn(t, email);
  return Object.assign(caller(t, session.token), { companyId: cID });
}

/** A parent of a studio with a $12.00 item on the family's bill. */
async function payingParent(owner: ReturnType<typeof caller>, companyId: string) {
  const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
  const db = t.database.db;
  await createPerson(db, { email, companyId, role: 'user' });
  const family = await createFamily(db, companyId);
  await joinFamily(db, { companyId, familyId: family.id, email });
  const { bill, item } = await addItem(owner, family.id, 12);
  const parent = caller(t, (await signIn(t, email, 'Parent123')).token);
  return { parent, bill, item, familyId: family.id };
}

const runJobs = () => runDue({ db: t.database.db, clock: t.clock, handlers: paymentJobHandlers(provider) });

describe('the owner’s onboarding', () => {
  it('a studio onboarded is approved at once; what it shows keeps no number of the bank account', async () => {
    const answer = (await s.ownerA.get(MERCHANT_PATH)).body[1];
    expect(answer).toMatchObject({ state: 'approved', reasons: [], msg: merchantMessages.approved });
    expect(answer.merchantId).toMatch(/^MU/);
    expect(answer.summary).toEqual({
      legalName: 'Studio A Dance LLC',
      doingBusinessAs: 'Studio A Dance',
      owner: 'Ada Owner',
      bankAccount: 'Account ending 6789',
    });
    const kept = JSON.stringify(await row(s.companyA));
    for (const secret of ['021000021', '000123456789', '123456789', '123-45-6789']) {
      expect(kept).not.toContain(secret);
      expect(JSON.stringify(answer)).not.toContain(secret);
    }
    // Two studios, two merchants.
    const b = (await s.ownerB.get(MERCHANT_PATH)).body[1];
    expect(b.merchantId).toMatch(/^MU/);
    expect(b.merchantId).not.toBe(answer.merchantId);
  });

  it('a new studio has none; a rejected one says why and may be sent again; approved is final', async () => {
    const owner = await newStudio('Rejected Then Fine Dance');
    expect((await owner.get(MERCHANT_PATH)).body[1]).toMatchObject({ state: 'none', summary: null });
    const rejected = await owner.post(MERCHANT_PATH, merchantForm('Reject Me Dance LLC'));
    expect(rejected.status).toBe(200);
    expect(rejected.body[1].state).toBe('rejected');
    expect(rejected.body[1].reasons).toEqual([
      'The business tax id does not match the legal business name.',
      'The owner’s identity could not be verified.',
    ]);
    const again = await owner.post(MERCHANT_PATH, merchantForm('Fine Dance LLC'));
    expect(again.body[1]).toMatchObject({ state: 'approved', reasons: [] });
    const twice = await owner.post(MERCHANT_PATH, merchantForm('Fine Dance LLC'));
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual([false, merchantMessages.alreadyApproved]);
  });

  it('refuses a form with a sentence, sending nothing and keeping nothing', async () => {
    const owner = await newStudio('Typo Dance');
    const before = (await engine.events()).length;
    const res = await owner.post(
      MERCHANT_PATH,
      merchantForm('Typo Dance LLC', {
        bank: { accountName: 'Typo', routingNumber: '12', accountNumber: '1', accountType: 'CHECKING' },
      }),
    );
    expect(res.status).toBe(400);
    expect(typeof res.body[1]).toBe('string');
    expect(await row(owner.companyId)).toBeUndefined();
    expect((await engine.events()).length).toBe(before);
    const parentRefused = await s.parent.get(MERCHANT_PATH);
    expect(parentRefused.status).toBe(403);
  });

  it('the processor not answering: a sentence, and the studio left as it was, to send again', async () => {
    const owner = await newStudio('Flaky Line Dance');
    merchantCallFails = true;
    const lost = await owner.post(MERCHANT_PATH, merchantForm('Flaky Line Dance LLC'));
    merchantCallFails = false;
    expect(lost.status).toBe(503);
    expect(lost.body).toEqual([false, cardMessages.processorDown]);
    expect(await row(owner.companyId)).toBeUndefined();
    expect((await owner.post(MERCHANT_PATH, merchantForm('Flaky Line Dance LLC'))).body[1].state).toBe(
      'approved',
    );
  });

  it('a submission that never got its merchant (the process stopped mid-way) may be sent again once stale', async () => {
    const owner = await newStudio('Stopped Mid Way Dance');
    // What a submission leaves when the process stops between the processor's answer and our write.
    const claimed = {
      companyId: owner.companyId,
      provider: provider.name,
      state: 'provisioning' as const,
      summary: { legalName: 'Stopped Mid Way Dance LLC' },
    };
    await t.database.db.insert(studioMerchants).values({ ...claimed, updatedAt: t.clock.now() });
    const busy = await owner.post(MERCHANT_PATH, merchantForm('Stopped Mid Way Dance LLC'));
    expect([busy.status, busy.body]).toEqual([409, [false, merchantMessages.underReview]]);
    await t.database.db
      .update(studioMerchants)
      .set({ updatedAt: new Date(t.clock.now().getTime() - 3_600_000) })
      .where(eq(studioMerchants.companyId, owner.companyId));
    expect((await owner.get(MERCHANT_PATH)).body[1]).toMatchObject({
      state: 'none',
      reasons: [merchantMessages.unfinished],
    });
    const again = await owner.post(MERCHANT_PATH, merchantForm('Stopped Mid Way Dance LLC'));
    expect(again.body[1]).toMatchObject({ state: 'approved' });
    expect((await row(owner.companyId))?.merchantId).toMatch(/^MU/);
  });

  it('a merchant under review is settled by the job that asks, once its time has come', async () => {
    const owner = await newStudio('Pending Job Dance');
    const sent = await owner.post(MERCHANT_PATH, merchantForm('Pending Job Dance LLC'));
    expect(sent.body[1]).toMatchObject({ state: 'provisioning', msg: merchantMessages.submitted });
    expect((await owner.post(MERCHANT_PATH, merchantForm('Pending Job Dance LLC'))).body).toEqual([
      false,
      merchantMessages.underReview,
    ]);
    const merchantId = sent.body[1].merchantId as string;
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, merchantId));
    expect(job).toMatchObject({ kind: 'payments.merchant-check', state: 'queued' });
    t.clock.advanceMinutes(16);
    await runJobs();
    expect((await owner.get(MERCHANT_PATH)).body[1]).toMatchObject({ state: 'approved', merchantId });
    // Run again: nothing moves back.
    await runJobs();
    expect((await row(owner.companyId))!.state).toBe('approved');
  });

  it('a merchant under review is settled by the processor’s webhook, read again before acting', async () => {
    const owner = await newStudio('Pending Hook Dance');
    const sent = await owner.post(MERCHANT_PATH, merchantForm('Pending Hook Dance LLC'));
    expect(sent.body[1].state).toBe('provisioning');
    // A forged event naming the merchant changes nothing: the processor still says PROVISIONING.
    const forged = await t.call({
      method: 'POST',
      url: '/api/finix/webhooks',
      headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_TOKEN}` },
      payload: {
        id: `EV${randomUUID().replaceAll('-', '')}`,
        type: 'updated',
        entity: 'merchant',
        occurred_at: t.clock.now().toISOString(),
        _embedded: { merchants: [{ id: sent.body[1].merchantId, onboarding_state: 'APPROVED' }] },
      },
    });
    expect(forged.status).toBe(200);
    expect((await row(owner.companyId))!.state).toBe('provisioning');
    t.clock.advanceMinutes(11);
    await engine.settleDue();
    await deliverSandboxEvents(t.app, engine);
    expect((await row(owner.companyId))!.state).toBe('approved');
  });
});

describe('card money goes to the studio’s own merchant', () => {
  it('without an approved merchant: no card form, card save and checkout refused in plain words', async () => {
    const owner = await newStudio('Cashbox Dance');
    const { parent, bill } = await payingParent(owner, owner.companyId);
    const sentence = merchantMessages.noCards('Cashbox Dance');
    expect((await parent.get('/api/finix/customer/paymentInstrument/default')).body[1]).toMatchObject({
      takesCards: false,
      notice: sentence,
    });
    const save = await parent.post('/api/finix/customer/paymentInstrument', { token: await tokenFor(t) });
    expect(save.body).toEqual([false, sentence]);
    const paid = await checkout(parent, bill, 12, { token: await tokenFor(t) });
    expect(paid.status).toBe(422);
    expect(paid.body).toEqual([false, sentence]);
    expect(
      await t.database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.companyId, owner.companyId)),
    ).toEqual([]);

    // Onboarded and approved: the same checkout goes through, into the studio's own merchant.
    const { merchantId } = await onboard(owner, 'Cashbox Dance LLC');
    const through = await checkout(parent, bill, 12, { token: await tokenFor(t) });
    expect(through.status, JSON.stringify(through.body)).toBe(200);
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.companyId, owner.companyId));
    expect(attempt!.merchantId).toBe(merchantId);
    const transfer = await provider.getTransfer(attempt!.transferId!);
    expect(transfer.merchantIdentityId).toBe((await row(owner.companyId))!.identityId);
  });

  it('auto-pay charges nothing without an approved merchant, and says why on the studio’s page', async () => {
    const owner = await newStudio('Autopay Pause Dance');
    await onboard(owner, 'Autopay Pause Dance LLC');
    const { parent, familyId } = await payingParent(owner, owner.companyId);
    await saveTestCard(t, parent);
    const on = await parent.put('/api/finix/customer/autopay', {
      on: true,
      termsVersion: AUTOPAY_TERMS_VERSION,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await t.database.db
      .update(studioMerchants)
      .set({ state: 'rejected' })
      .where(eq(studioMerchants.companyId, owner.companyId));
    const today = t.clock.now().toISOString().slice(0, 10);
    const outcome = await chargeFamily(
      { db: t.database.db, provider, clock: t.clock },
      { companyId: owner.companyId, familyId, dueOn: today, tryNo: 1, today, by: { system: 'Test' } },
    );
    expect(outcome).toEqual({
      kind: 'skipped',
      code: 'noMerchant',
      reason: merchantMessages.autopayNoMerchant,
    });
    const page = (await owner.get('/api/mystudio/autopay')).body[1];
    expect(JSON.stringify(page)).toContain(merchantMessages.autopayNoMerchant);
    expect(
      await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.familyId, familyId)),
    ).toEqual([]);
  });

  it('two studios paying at once: each sale in its own merchant, never the other’s, after a restart too', async () => {
    const a = await payingParent(s.ownerA, s.companyA);
    const b = await payingParent(s.ownerB, s.companyB);
    await saveTestCard(t, a.parent);
    await saveTestCard(t, b.parent);
    const answers = await Promise.all([checkout(a.parent, a.bill, 12), checkout(b.parent, b.bill, 12)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [merchantA, merchantB] = [await row(s.companyA), await row(s.companyB)];
    // A new process over the same database: the processor's records and ours, read afresh.
    const restarted = createSandboxProvider({ db: t.database.db, tokenUrl: SANDBOX_TOKEN_PATH });
    for (const [family, merchant, other] of [
      [a.familyId, merchantA!, merchantB!],
      [b.familyId, merchantB!, merchantA!],
    ] as const) {
      const [attempt] = await t.database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.familyId, family));
      expect(attempt!.merchantId).toBe(merchant.merchantId);
      const transfer = await restarted.getTransfer(attempt!.transferId!);
      expect(transfer.merchantIdentityId).toBe(merchant.identityId);
      expect(transfer.merchantIdentityId).not.toBe(other.identityId);
    }
  });
});

beforeAll(async () => {
  // What the studios' onboarding recorded is not this file's business.
  await engine.drainEvents();
});
