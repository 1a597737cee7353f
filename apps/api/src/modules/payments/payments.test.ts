import { randomUUID } from 'node:crypto';
import { cardMessages } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { jobs } from '../../db/schema/jobs';
import { paymentAttempts, paymentCards } from '../../db/schema/payments';
import { runDue } from '../../jobs/runner';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger/book';
import { registerInJazz } from '../ledger/ledger.fixture';
import { ledgerSnapshot, rowsAdded } from '../ledger/ledger-model.fixture';
import { paymentJobHandlers } from './job-handlers';
import {
  checkout,
  expectCapturedBookedOnce,
  ledgerCardPayments,
  processorReversals,
  processorSales,
  saveTestCard,
  TEST_CARDS,
  tokenFor,
} from './payments.fixture';
import { paymentsFor } from './providers';

/**
 * Card payments through their calls on the sandbox processor (issue 17, decision 028): the card on file,
 * the parent's checkout, declines, and a checkout sent many times at once. Faults between us and the
 * processor are in payments-faults.test.ts.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** A family registered in Jazz 1: it owes $50.00 (the $35.00 fee and November's $15.00) on its bill. */
async function registered(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, bill: money.current.id as string, balance: money.balance as number };
}

describe('the card on file', () => {
  it('a parent saves, replaces and removes it; the owner sees it, never its number', async () => {
    const { fam } = await registered('card1@example.com');
    const empty = await ok(fam.parent.get('/api/finix/customer/paymentInstrument/default'));
    expect(empty).toMatchObject({
      card: null,
      tokenizer: { kind: 'sandbox', tokenUrl: '/sandbox/finix/tokens' },
    });

    const saved = await saveTestCard(t, fam.parent);
    expect(saved.msg).toBe(cardMessages.cardSaved);
    expect(saved.card).toMatchObject({
      brand: 'Visa',
      last4: '0006',
      expMonth: 12,
      expYear: 2030,
      expiry: 'ok',
    });
    expect(await ok(s.a.get(`/api/mystudio/account/${fam.id}/card`))).toMatchObject({
      card: { brand: 'Visa', last4: '0006' },
    });

    const replaced = await saveTestCard(t, fam.parent, TEST_CARDS.mastercard);
    expect(replaced.msg).toBe(cardMessages.cardReplaced);
    expect(replaced.card).toMatchObject({ brand: 'Mastercard', last4: '4444' });
    const cards = await t.database.db.select().from(paymentCards).where(eq(paymentCards.familyId, fam.id));
    expect(cards.filter((c) => c.removedAt === null)).toHaveLength(1);

    // No card number anywhere in our tables, nor in the sandbox processor's beyond its last four.
    const everything = (await t.database.db.execute(
      sql`select string_agg(x::text, '|') as all from (
            select to_jsonb(c)::text as x from payment_cards c
            union all select body::text from sandbox_finix_resources) q`,
    )) as unknown as { rows: { all: string }[] };
    expect(everything.rows[0]!.all).not.toContain(TEST_CARDS.good);
    expect(everything.rows[0]!.all).not.toContain(TEST_CARDS.mastercard);

    expect(await ok(fam.parent.delete('/api/finix/customer/paymentInstrument/default'))).toEqual({
      msg: cardMessages.cardRemoved,
    });
    expect((await ok(fam.parent.get('/api/finix/customer/paymentInstrument/default'))).card).toBeNull();
    const again = await fam.parent.delete('/api/finix/customer/paymentInstrument/default');
    expect(again.status).toBe(404);
    expect(again.body).toEqual([false, cardMessages.noCard]);
    expect(again.headers['x-error-reason']).toBe('no_card');
  });

  it('is its own family’s: another parent sees theirs, another studio’s owner nothing', async () => {
    const { fam } = await registered('card2@example.com');
    await saveTestCard(t, fam.parent);
    const other = await familyOf(t, s.companyA, 'card2b@example.com', [{ firstName: 'Lia' }]);
    expect((await ok(other.parent.get('/api/finix/customer/paymentInstrument/default'))).card).toBeNull();
    expect((await s.b.get(`/api/mystudio/account/${fam.id}/card`)).status).toBe(404);
    expect((await s.b.delete(`/api/mystudio/account/${fam.id}/card`)).status).toBe(404);
    expect((await fam.parent.get(`/api/mystudio/account/${fam.id}/card`)).status).toBe(403);
    // The owner removes it.
    expect((await ok(s.a.delete(`/api/mystudio/account/${fam.id}/card`))).msg).toBe(cardMessages.cardRemoved);
  });

  it('refuses a token the processor will not make a card of, with a sentence, keeping nothing', async () => {
    const { fam } = await registered('card3@example.com');
    const token = await tokenFor(t);
    await ok(fam.parent.post('/api/finix/customer/paymentInstrument', { token }));
    // A token is good once.
    const reused = await fam.parent.post('/api/finix/customer/paymentInstrument', { token });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual([false, cardMessages.noToken]);
    const made = await fam.parent.post('/api/finix/customer/paymentInstrument', { token: 'TKnot-a-token' });
    expect(made.status).toBe(422);
    const cards = await t.database.db.select().from(paymentCards).where(eq(paymentCards.familyId, fam.id));
    expect(cards).toHaveLength(1);
  });

  it('the sandbox form refuses a number that is not a card', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/sandbox/finix/tokens',
      payload: { number: '4111111111111112', expMonth: 12, expYear: 2030 },
    });
    expect(res.status).toBe(422);
    expect(res.body[0]).toBe(false);
  });
});

describe('checkout', () => {
  it('charges the balance once, records the card payment and its receipt', async () => {
    const { fam, bill, balance } = await registered('pay1@example.com');
    await saveTestCard(t, fam.parent);
    const { result, statements } = await countQueries(t, () => checkout(fam.parent, bill, balance));
    const paid = await ok(Promise.resolve(result));
    // The family's books are read twice, each time under its lock: to work out what is paid before the
    // processor is called, and to book the payment after its answer; the answer shows the books as the
    // booking left them, not read a third time (decision 053).
    const bookReads = statements.filter((q) =>
      /from "ledger_charges" inner join "ledger_transactions"/.test(q),
    );
    expect(bookReads).toHaveLength(2);
    expect(paid).toMatchObject({ state: 'succeeded', amount: 50, card: 'Visa •••• 0006' });
    expect(paid.msg).toBe(cardMessages.paid('$50.00'));
    expect(paid.transaction).toMatchObject({ balance: 0, status: 1 });
    const card = paid.transaction.payments.find((p: { type: string }) => p.type === 'CARD');
    expect(card).toMatchObject({ total: 50, payProc_TransferID: 'Visa •••• 0006' });

    expect(await processorSales(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5000 }]);
    await expectCapturedBookedOnce(t, fam.id);
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.familyId, fam.id));
    expect(attempt).toMatchObject({ state: 'succeeded', amount: 5000, origin: 'checkout' });
    expect(attempt!.transferId).toMatch(/^TR/);
    // Its reconcile job was queued with it (it finds the attempt settled and does nothing).
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, attempt!.id));
    expect(job).toMatchObject({ kind: 'payments.reconcile' });
    const receipts = (await t.database.db.execute(
      sql`select subject, text from mail_outbox where template = 'payment-receipt' and "to" = 'pay1@example.com'`,
    )) as unknown as { rows: { text: string }[] };
    expect(receipts.rows).toHaveLength(1);
    expect(receipts.rows[0]!.text).toContain('Visa •••• 0006');
    // The confirmation call answers the paid transaction: the same as the checkout's answer showed.
    const confirmed = await ok(fam.parent.post(`/api/transactions/${bill}/payment/confirmation`, {}));
    expect(confirmed).toMatchObject({ balance: 0 });
    // (A payment's allocations, written in one statement, are read back in no set order.)
    const inOrder = (tx: { payments: { allocations: { itemID: string }[] }[] }) => ({
      ...tx,
      payments: tx.payments.map((p) => ({
        ...p,
        allocations: [...p.allocations].sort((a, b) => a.itemID.localeCompare(b.itemID)),
      })),
    });
    expect(inOrder(paid.transaction)).toEqual(inOrder(confirmed));
  });

  it('pays only the items picked', async () => {
    const { fam, bill } = await registered('pay2@example.com');
    await saveTestCard(t, fam.parent);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    const fee = money.current.items.find((i: { category: string }) => i.category === 'registration_fee');
    const paid = await ok(checkout(fam.parent, bill, 35, { items: [fee.id] }));
    expect(paid.transaction.balance).toBe(15);
    const items = paid.transaction.items.map((i: { category: string; status: string }) => [
      i.category,
      i.status,
    ]);
    expect(items).toEqual([
      ['registration_fee', 'paid'],
      ['tuition', 'open'],
    ]);
  });

  it.each([
    [TEST_CARDS.insufficient, 'The card was declined: there are not enough funds on it.'],
    [TEST_CARDS.declined, "The card was declined by the card's bank."],
    [TEST_CARDS.expired, 'The card has expired: add a new card.'],
    [TEST_CARDS.lost, 'The card was reported lost or stolen: add another card.'],
  ])('a declined card (%s) says why and changes nothing in the books', async (number, why) => {
    const { fam, bill, balance } = await registered(`decline${number.slice(-4)}@example.com`);
    await saveTestCard(t, fam.parent, number);
    const snap = await ledgerSnapshot(t.database.db);
    const res = await checkout(fam.parent, bill, balance);
    expect(res.status).toBe(402);
    expect(res.body).toEqual([false, why]);
    expect(rowsAdded(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.familyId, fam.id));
    expect(attempt!.state).toBe('failed');
    // The family may try again (nothing is in flight).
    await saveTestCard(t, fam.parent);
    expect((await ok(checkout(fam.parent, bill, balance))).state).toBe('succeeded');
  });

  it('a declining test amount ($1.02) is declined', async () => {
    const { fam } = await registered('pay102@example.com');
    await saveTestCard(t, fam.parent);
    const item = await ok(
      s.a.post(`/api/transactions/item/${fam.id}`, {
        item: { typeID: 'other', item: 'Water bottle', amount: 1.02, quantity: 1, total: 1.02 },
      }),
    );
    const bottle = item.items.find((i: { item: string }) => i.item === 'Water bottle');
    const res = await checkout(fam.parent, item.id, 1.02, { items: [bottle.id] });
    expect(res.status).toBe(402);
    expect(res.body[1]).toBe("The card was declined by the card's bank.");
  });

  it('refuses, writing nothing, when the balance shown is not the balance, when nothing is owed, without a card', async () => {
    const { fam, bill, balance } = await registered('pay3@example.com');
    const none = await checkout(fam.parent, bill, balance);
    expect(none.status).toBe(422);
    expect(none.body).toEqual([false, cardMessages.noCard]);
    expect(none.headers['x-error-reason']).toBe('no_card');
    await saveTestCard(t, fam.parent);
    const snap = await ledgerSnapshot(t.database.db);
    const stale = await checkout(fam.parent, bill, balance - 5);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual([false, 'The balance changed: it is now $50.00.']);
    expect(rowsAdded(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
    expect(
      await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.familyId, fam.id)),
    ).toEqual([]);
    await ok(checkout(fam.parent, bill, balance));
    const settled = await checkout(fam.parent, bill, balance);
    expect(settled.status).toBe(422);
    expect(settled.body).toEqual([false, "Oops, this account doesn't have a balance outstanding."]);
  });

  it('another family’s bill is not found', async () => {
    const { bill, balance } = await registered('pay4@example.com');
    const { fam: other } = await registered('pay4b@example.com');
    await saveTestCard(t, other.parent);
    const res = await checkout(other.parent, bill, balance);
    expect(res.status).toBe(404);
    expect((await checkout(s.a as never, bill, balance)).status).toBe(403);
  });

  it('the same checkout sent ten times at once charges once', async () => {
    const { fam, bill, balance } = await registered('pay5@example.com');
    await saveTestCard(t, fam.parent);
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkout(fam.parent, bill, balance, { requestId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await processorSales(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5000 }]);
    expect(await ledgerCardPayments(t, fam.id)).toHaveLength(1);
    expect((await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`))).balance).toBe(0);
  });

  it('ten checkouts of two tabs at once (each its own request) charge once', async () => {
    const { fam, bill, balance } = await registered('pay6@example.com');
    await saveTestCard(t, fam.parent);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(fam.parent, bill, balance)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    // The others are told a payment is under way, or that nothing is owed any more.
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([409, 422]).toContain(a.status);
      expect([cardMessages.inFlight, "Oops, this account doesn't have a balance outstanding."]).toContain(
        a.body[1],
      );
    }
    expect(await processorSales(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5000 }]);
    await expectCapturedBookedOnce(t, fam.id);
  });
});

describe('refunds to the card', () => {
  /** The reconcile jobs due three minutes on (the server's runner), on a provider of the same sandbox. */
  const reconcile = async () => {
    const deps = {
      db: t.database.db,
      clock: { now: () => new Date(t.clock.now().getTime() + 3 * 60_000) },
      handlers: paymentJobHandlers(paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider),
    };
    // Every job due (the earlier tests' checkouts queued theirs too), batch after batch.
    while ((await runDue(deps)).length > 0);
  };
  const refundTo = (familyId: string, body: Record<string, unknown>) =>
    s.a.post(`/api/transactions/refund/${familyId}`, { reason: 'Class cancelled', to: 'card', ...body });

  async function paidByCard(email: string, card: string = TEST_CARDS.good) {
    const { fam, bill, balance } = await registered(email);
    await saveTestCard(t, fam.parent, card);
    const paid = await ok(checkout(fam.parent, bill, balance));
    const payment = paid.transaction.payments.find((p: { type: string }) => p.type === 'CARD');
    const items = paid.transaction.items as { id: string; category: string }[];
    return {
      fam,
      payment: payment.id as string,
      fee: items.find((i) => i.category === 'registration_fee')!.id,
      tuition: items.find((i) => i.category === 'tuition')!.id,
    };
  }

  it('go through the processor and are booked when it confirms, never beyond what was captured', async () => {
    const { fam, payment, fee, tuition } = await paidByCard('refund1@example.com');
    const snap = await ledgerSnapshot(t.database.db);
    const sent = await ok(refundTo(fam.id, { paymentID: payment, itemID: fee, total: 35 }));
    // The processor confirms a reversal later: nothing is on the books until it does.
    expect(sent.msg).toBe(
      'Refund sent to the card: it shows on the books once the card processor confirms it.',
    );
    expect(rowsAdded(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
    // Beyond what is left of the item, or of the payment counting the refund under way: refused.
    const tooMuch = await refundTo(fam.id, { paymentID: payment, itemID: tuition, total: 20 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toEqual([false, 'At most $15.00 of this payment can be refunded.']);

    await reconcile();
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.refunds.map((r) => [r.total, r.to])).toEqual([[3500, 'card']]);
    expect(book.payments.find((p) => p.id === payment)!.refunded).toBe(3500);
    expect(await processorReversals(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 3500 }]);

    await ok(refundTo(fam.id, { paymentID: payment, itemID: tuition, total: 15 }));
    const none = await refundTo(fam.id, { paymentID: payment, itemID: tuition, total: 1 });
    expect(none.status).toBe(422);
    await reconcile();
    await reconcile();
    expect(
      (await readBook(t.database.db, s.companyA, fam.id)).payments.find((p) => p.id === payment)!.refunded,
    ).toBe(5000);
  });

  it('sent twice with one requestId, go back once', async () => {
    const { fam, payment, fee } = await paidByCard('refund2@example.com');
    const body = { paymentID: payment, itemID: fee, total: 35, requestId: randomUUID() };
    await ok(refundTo(fam.id, body));
    await ok(refundTo(fam.id, body));
    await reconcile();
    const refunds = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(
        eq(
          paymentAttempts.parentId,
          (
            await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.ledgerTxId, payment))
          )[0]!.id,
        ),
      );
    expect(refunds).toHaveLength(1);
    expect((await readBook(t.database.db, s.companyA, fam.id)).refunds).toHaveLength(1);
  });

  it('refused by the processor, leave the books as they were', async () => {
    const { fam, payment, fee } = await paidByCard('refund3@example.com', '4000000000000135');
    const snap = await ledgerSnapshot(t.database.db);
    await refundTo(fam.id, { paymentID: payment, itemID: fee, total: 35 });
    await reconcile();
    expect(rowsAdded(snap, await ledgerSnapshot(t.database.db))).toEqual([]);
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.familyId, fam.id), eq(paymentAttempts.kind, 'refund')));
    expect(attempt!.state).toBe('failed');
  });

  it('of a card payment to credit stay the ledger’s own; a desk payment cannot go to a card it never came from', async () => {
    const { fam, payment, fee } = await paidByCard('refund4@example.com');
    const credit = await ok(refundTo(fam.id, { paymentID: payment, itemID: fee, total: 35, to: 'credit' }));
    expect(credit.credit).toBe(35);
  });
});
