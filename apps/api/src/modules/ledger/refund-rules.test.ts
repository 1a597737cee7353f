import { ledgerMessages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from './ledger.fixture';
import { ledgerSnapshot, rowsAdded } from './ledger-model.fixture';

/**
 * Issue 31 items 7 and 10 through the calls the web app makes (decision 037): a refund gives back money
 * paid on a settled item, never lowers what is still owed, and says why it refuses; a desk payment is
 * dated at most today and not before the family existed.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

type Item = { id: string; category: string };

/** A family owing the $35.00 fee and November's $15.00 on its open bill. */
async function registered(email: string) {
  const { fam, today } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  const items = money.current.items as Item[];
  return {
    fam,
    today,
    trans: money.current.id as string,
    fee: items.find((i) => i.category === 'registration_fee')!.id,
    tuition: items.find((i) => i.category === 'tuition')!.id,
  };
}

const pay = (family: string, trans: string, payment: Record<string, unknown>) =>
  s.a.post(`/api/transactions/payments/${family}/${trans}`, { payments: [payment] });
const refund = (family: string, body: Record<string, unknown>) =>
  s.a.post(`/api/transactions/refund/${family}`, { to: 'cash', reason: 'Class cancelled', ...body });

describe('a refund of an item (issue 31 item 7)', () => {
  it('of an item still open is refused with a sentence pointing to a waiver, and changes nothing', async () => {
    const { fam, trans, fee } = await registered('refund-open@example.com');
    // $20.00 picked for the $35.00 fee: it is $15.00 open.
    const paid = await ok(pay(fam.id, trans, { type: 'cash', total: 20, items: [fee] }));
    const payment = paid.payments[0].id;
    const before = await ledgerSnapshot(t.database.db);
    for (const to of ['cash', 'credit']) {
      const res = await refund(fam.id, { paymentID: payment, itemID: fee, total: 20, to });
      expect(res.status).toBe(422);
      expect(res.body).toEqual([false, ledgerMessages.refundOpenItem('$15.00')]);
    }
    expect(rowsAdded(before, await ledgerSnapshot(t.database.db))).toEqual([]);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(money.balance).toBe(30);
  });

  it('of an unpaid item, from a payment that paid another, is refused the same way', async () => {
    const { fam, trans, fee, tuition } = await registered('refund-unpaid@example.com');
    const paid = await ok(pay(fam.id, trans, { type: 'cash', total: 15, items: [tuition] }));
    const res = await refund(fam.id, { paymentID: paid.payments[0].id, itemID: fee, total: 10 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual([false, ledgerMessages.refundOpenItem('$35.00')]);
  });

  it('beyond what was paid of a settled item is refused with the item’s sentence', async () => {
    const { fam, trans, tuition } = await registered('refund-beyond@example.com');
    // $20.00 picked for the $15.00 tuition: paid, and $5.00 of credit.
    const paid = await ok(pay(fam.id, trans, { type: 'cash', total: 20, items: [tuition] }));
    const payment = paid.payments[0].id;
    const res = await refund(fam.id, { paymentID: payment, itemID: tuition, total: 30 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual([false, ledgerMessages.refundItemTooLarge('$15.00')]);
    const done = await ok(refund(fam.id, { paymentID: payment, itemID: tuition, total: 15 }));
    expect(done.msg).toBe(ledgerMessages.refunded);
  });
});

describe('the day of a desk payment (issue 31 item 10)', () => {
  it('is at most today and not before the family existed; refused, nothing is recorded', async () => {
    const { fam, trans, today } = await registered('payment-day@example.com');
    const before = await ledgerSnapshot(t.database.db);
    const future = await pay(fam.id, trans, { type: 'cash', total: 10, receivedOn: '2099-01-01' });
    expect(future.status).toBe(422);
    expect(future.body[1]).toMatch(/^A payment cannot be dated after today/);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await pay(fam.id, trans, { type: 'cash', total: 10, receivedOn: tomorrow })).status).toBe(422);
    const past = await pay(fam.id, trans, {
      type: 'check',
      total: 10,
      reference: '1',
      receivedOn: '1900-01-01',
    });
    expect(past.status).toBe(422);
    expect(past.body[1]).toMatch(/^A payment cannot be dated before the family's account was opened/);
    expect(rowsAdded(before, await ledgerSnapshot(t.database.db))).toEqual([]);
    const ok1 = await ok(pay(fam.id, trans, { type: 'cash', total: 10, receivedOn: today }));
    expect(ok1.payments[0].receivedOn).toBe(today);
  });
});
