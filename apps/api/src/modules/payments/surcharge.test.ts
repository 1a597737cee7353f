import { randomUUID } from 'node:crypto';
import { autopayTermsVersion, cardMessages, SURCHARGE_TEXT } from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { paymentAttempts } from '../../db/schema/payments';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import {
  expectCapturedBookedOnce,
  processorSales,
  saveTestCard,
  TEST_CARDS,
  tokenFor,
} from './payments.fixture';

/**
 * Fair card fees (issue 37 item 3, decision 069) through the calls, on the sandbox processor: a credit
 * card is surcharged at the studio's rate and the surcharge booked as the studio's income, paid by the
 * same payment; a debit or prepaid card is not; a surcharge the parent was not shown is refused and
 * nothing charged; the setting refuses a rate past 3 % or past what cards cost.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

const DEBIT = '4000056655665556';
const PREPAID = '4000058260000005';

/** A family registered in Jazz 1: it owes $50.00 on its bill. */
async function registered(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, bill: money.current.id as string, balance: money.balance as number };
}

/** The studio's money settings with the surcharge's rate changed (the rest as they were). */
async function setRate(bps: number) {
  const { money } = await ok(s.a.get('/api/mystudio/settings'));
  return s.a.put('/api/mystudio/settings/money', { ...money, cardSurcharge: { bps } });
}

const pay = (
  parent: Awaited<ReturnType<typeof registered>>['fam']['parent'],
  bill: string,
  balance: number,
  opts: { surcharge?: number; token?: string } = {},
) =>
  parent.post(`/api/finix/customer/transaction/authorize/${bill}/payment`, {
    balance,
    items: [],
    requestId: randomUUID(),
    ...(opts.surcharge !== undefined ? { surcharge: opts.surcharge } : {}),
    ...(opts.token ? { token: opts.token } : {}),
  });

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe('the setting', () => {
  it('is off by default and refuses past 3 % in a sentence, and takes 3 %', async () => {
    const { money } = await ok(s.a.get('/api/mystudio/settings'));
    expect(money.cardSurcharge).toEqual({ bps: 0 });
    const tooHigh = await setRate(301);
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body).toEqual([false, SURCHARGE_TEXT.tooHigh]);
    expect((await ok(s.a.get('/api/mystudio/settings'))).money.cardSurcharge).toEqual({ bps: 0 });
    expect((await ok(setRate(300))).money.cardSurcharge).toEqual({ bps: 300 });
    expect((await ok(setRate(290))).money.cardSurcharge).toEqual({ bps: 290 });
    // Another studio's is its own.
    expect((await ok(s.b.get('/api/mystudio/settings'))).money.cardSurcharge).toEqual({ bps: 0 });
  });
});

describe('at checkout', () => {
  beforeAll(async () => {
    await ok(setRate(290));
  });

  it('a credit card is surcharged, shown first, booked as the studio’s income and paid with the bill', async () => {
    const { fam, bill, balance } = await registered('sur1@example.com');
    await saveTestCard(t, fam.parent);
    const onFile = await ok(fam.parent.get('/api/finix/customer/paymentInstrument/default'));
    expect(onFile.surcharge).toEqual({ bps: 290, onFileCredit: true });

    // Not shown the surcharge: refused with the new total, nothing charged, nothing written.
    const unseen = await pay(fam.parent, bill, balance);
    expect(unseen.status).toBe(409);
    expect(unseen.headers['x-error-reason']).toBe('surcharge_changed');
    expect(unseen.body).toEqual([false, SURCHARGE_TEXT.changed('$1.45', '$51.45', '2.9 %')]);
    expect(await processorSales(t, fam.id)).toEqual([]);
    expect(
      await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.familyId, fam.id)),
    ).toEqual([]);

    const paid = await ok(pay(fam.parent, bill, balance, { surcharge: 1.45 }));
    expect(paid).toMatchObject({ state: 'succeeded', amount: 51.45 });
    expect(paid.msg).toBe(cardMessages.paid('$51.45'));
    expect(await processorSales(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5145 }]);
    await expectCapturedBookedOnce(t, fam.id);
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.familyId, fam.id));
    expect(attempt).toMatchObject({ amount: 5145, surcharge: 145, method: 'card' });

    // Its own charge on the same bill, paid by the payment: the bill is settled.
    expect(paid.transaction.balance).toBe(0);
    const item = paid.transaction.items.find((i: { category: string }) => i.category === 'card_surcharge');
    expect(item).toMatchObject({ total: 1.45, status: 'paid' });
    const [charge] = await rows(sql`
      select c.invoice_id, c.lines, t.id as tx from ledger_charges c join ledger_transactions t on t.id = c.tx_id
      where c.family_id = ${fam.id} and c.category = 'card_surcharge'`);
    expect(charge!.invoice_id).toBe(bill);
    expect(charge!.lines).toEqual([{ label: '2.9 % on Visa •••• 0006 (credit)', amount: 145 }]);
    const entries = await rows(
      sql`select account, amount from ledger_entries where tx_id = ${charge!.tx as string} order by account`,
    );
    expect(entries).toEqual([
      { account: 'receivable', amount: 145 },
      { account: 'revenue:card_surcharge', amount: -145 },
    ]);
    const [allocated] = await rows(
      sql`select sum(amount)::int as paid from ledger_allocations where charge_tx_id = ${charge!.tx as string}`,
    );
    expect(allocated!.paid).toBe(145);
    // Every transaction of the family sums to zero, and nothing is owed.
    const sums = await rows(sql`select tx_id, sum(amount)::int as s from ledger_entries
      where family_id = ${fam.id} group by tx_id having sum(amount) <> 0`);
    expect(sums).toEqual([]);
    const [owed] = await rows(sql`select coalesce(sum(amount), 0)::int as owed from ledger_entries
      where family_id = ${fam.id} and account = 'receivable'`);
    expect(owed!.owed).toBe(0);

    // The receipt itemises it.
    const [receipt] = await rows(
      sql`select text from mail_outbox where template = 'payment-receipt' and "to" = 'sur1@example.com'`,
    );
    expect(receipt!.text).toContain('Card surcharge');
    // The studio's revenue by category lists it, and the books' chart of accounts has its income.
    const overview = await ok(s.a.get('/api/transactions/overview'));
    const surchargeRevenue = overview.revenue.filter(
      (r: { category: string }) => r.category === 'card_surcharge',
    );
    expect(
      surchargeRevenue.reduce((sum: number, r: { total: number }) => sum + r.total, 0),
    ).toBeGreaterThanOrEqual(1.45);
    const accounts = JSON.stringify(await ok(s.a.get('/api/mystudio/reports/accounts')));
    expect(accounts).toContain('Card surcharge');
  });

  it('a debit card is not surcharged, and a surcharge shown for it is refused', async () => {
    const { fam, bill, balance } = await registered('sur2@example.com');
    await saveTestCard(t, fam.parent, DEBIT);
    const onFile = await ok(fam.parent.get('/api/finix/customer/paymentInstrument/default'));
    expect(onFile.surcharge).toEqual({ bps: 290, onFileCredit: false });
    const shown = await pay(fam.parent, bill, balance, { surcharge: 1.45 });
    expect(shown.status).toBe(409);
    expect(shown.headers['x-error-reason']).toBe('surcharge_dropped');
    expect(await processorSales(t, fam.id)).toEqual([]);
    const paid = await ok(pay(fam.parent, bill, balance, { surcharge: 0 }));
    expect(paid).toMatchObject({ state: 'succeeded', amount: 50 });
    expect(paid.transaction.items.map((i: { category: string }) => i.category)).not.toContain(
      'card_surcharge',
    );
    expect(await processorSales(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5000 }]);
  });

  it('a prepaid card typed by a family without a method on file is not surcharged', async () => {
    const { fam, bill, balance } = await registered('sur3@example.com');
    const onFile = await ok(fam.parent.get('/api/finix/customer/paymentInstrument/default'));
    expect(onFile).toMatchObject({ card: null, surcharge: { bps: 290, onFileCredit: false } });
    const paid = await ok(pay(fam.parent, bill, balance, { token: await tokenFor(t, PREPAID) }));
    expect(paid).toMatchObject({ state: 'succeeded', amount: 50 });
    expect(await processorSales(t, fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5000 }]);
  });

  it('a typed card that turns out credit is refused with its surcharge, then paid when shown', async () => {
    const { fam, bill, balance } = await registered('sur4@example.com');
    const first = await pay(fam.parent, bill, balance, { token: await tokenFor(t, TEST_CARDS.mastercard) });
    expect(first.status).toBe(409);
    expect(first.headers['x-error-reason']).toBe('surcharge_changed');
    expect(await processorSales(t, fam.id)).toEqual([]);
    const paid = await ok(
      pay(fam.parent, bill, balance, { token: await tokenFor(t, TEST_CARDS.mastercard), surcharge: 1.45 }),
    );
    expect(paid).toMatchObject({ state: 'succeeded', amount: 51.45, card: 'Mastercard •••• 4444' });
  });

  it('a rate changed since the screen was read is refused with the new figure', async () => {
    const { fam, bill, balance } = await registered('sur5@example.com');
    await saveTestCard(t, fam.parent);
    await ok(setRate(200));
    try {
      const stale = await pay(fam.parent, bill, balance, { surcharge: 1.45 });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual([false, SURCHARGE_TEXT.changed('$1.00', '$51.00', '2 %')]);
      expect(await processorSales(t, fam.id)).toEqual([]);
      await ok(setRate(0));
      // Turned off: a credit card pays no surcharge, and one shown is refused.
      expect((await pay(fam.parent, bill, balance, { surcharge: 1 })).headers['x-error-reason']).toBe(
        'surcharge_dropped',
      );
      expect(await ok(pay(fam.parent, bill, balance))).toMatchObject({ amount: 50 });
    } finally {
      await ok(setRate(290));
    }
  });
});

describe('on auto-pay', () => {
  beforeAll(async () => {
    await ok(setRate(290));
  });

  it('the consent says a credit card is surcharged; a charge by credit card carries it, by debit not', async () => {
    const credit = await registered('sur-auto1@example.com');
    await saveTestCard(t, credit.fam.parent);
    const offer = await ok(credit.fam.parent.get('/api/finix/customer/autopay'));
    expect(offer.terms.text).toContain(SURCHARGE_TEXT.autopayClause('2.9 %'));
    // The rate is part of what the family agrees to: its consent's version names it.
    expect(offer.terms.version).toBe(autopayTermsVersion(290));
    await ok(
      credit.fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: offer.terms.version }),
    );
    const charged = await ok(s.a.post(`/api/mystudio/autopay/${credit.fam.id}/retry`, {}));
    expect(charged).toMatchObject({ state: 'succeeded', amount: 51.45 });
    expect(await processorSales(t, credit.fam.id)).toEqual([{ state: 'SUCCEEDED', amount: 5145 }]);
    const [charge] = await rows(sql`select total from ledger_charges
      where family_id = ${credit.fam.id} and category = 'card_surcharge'`);
    expect(charge!.total).toBe(145);
    const [owed] = await rows(sql`select coalesce(sum(amount), 0)::int as owed from ledger_entries
      where family_id = ${credit.fam.id} and account = 'receivable'`);
    expect(owed!.owed).toBe(0);

    const debit = await registered('sur-auto2@example.com');
    await saveTestCard(t, debit.fam.parent, DEBIT);
    expect(await ok(s.a.post(`/api/mystudio/autopay/${debit.fam.id}/retry`, {}))).toMatchObject({
      state: 'succeeded',
      amount: 50,
    });
  });
});
