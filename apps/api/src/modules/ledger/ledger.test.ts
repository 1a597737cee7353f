import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { registerInJazz } from './ledger.fixture';

/**
 * The family ledger through its calls (issue 16): items, desk payments, credit, refunds, returned checks,
 * the spec's texts, and who may see what. The model-based test (ledger-model.test.ts) runs random
 * sequences of the same; this file says what each step does.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** A family registered in Jazz 1 ($60) on the monthly plan: the fee ($35) and November ($15) are charged. */
async function registered(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  return { fam, money, trans: money.current.id as string };
}

const pay = (family: string, trans: string, payments: unknown[], requestId?: string) =>
  s.a.post(`/api/transactions/payments/${family}/${trans}`, {
    payments,
    ...(requestId ? { requestId } : {}),
  });

describe('a family registered', () => {
  it('owes the fee and the payment already due, on one open transaction, explained', async () => {
    const { money } = await registered('ledger1@example.com');
    expect(money.balance).toBe(50);
    expect(money.current.status).toBe(0);
    expect(
      money.current.items.map((i: { category: string; total: number }) => [i.category, i.total]),
    ).toEqual([
      ['registration_fee', 35],
      ['tuition', 15],
    ]);
    for (const item of money.current.items) {
      const sum = item.lines.reduce((a: number, l: { amount: number }) => a + Math.round(l.amount * 100), 0);
      expect(sum).toBe(Math.round(item.total * 100));
    }
  });
});

describe('desk payments', () => {
  it('pay the oldest first; an overpayment becomes credit and pays the next charge', async () => {
    const { fam, trans } = await registered('ledger2@example.com');
    const first = await ok(pay(fam.id, trans, [{ type: 'cash', total: 40 }]));
    expect(first.balance).toBe(10);
    expect(first.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'partial']);
    const second = await ok(pay(fam.id, trans, [{ type: 'check', total: 30, reference: '#1042' }]));
    expect(second.balance).toBe(0);
    expect(second.status).toBe(1);
    expect(second.credit_overpayment).toBe(20);
    const credits = await ok(s.a.get(`/api/transactions/${fam.id}/credit/list`));
    expect(credits.total).toBe(20);
    // An item added now is paid by the credit at once, shown as a payment of type CREDIT.
    const added = await ok(
      s.a.post(`/api/transactions/item/${fam.id}`, {
        item: { typeID: 'other', item: 'Recital DVD', amount: 12.5, quantity: 2, total: 25 },
      }),
    );
    expect(added.msg).toBe('New item successful');
    expect(added.id).not.toBe(trans);
    expect(added.balance).toBe(5);
    expect(added.payments.map((p: { type: string; total: number }) => [p.type, p.total])).toEqual([
      ['CREDIT', 20],
    ]);
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(money).toMatchObject({ balance: 5, credit: 0 });
  });

  it('pay only the picked items; the rest of the money is credit', async () => {
    const { fam, trans, money } = await registered('ledger3@example.com');
    const tuition = money.current.items.find((i: { category: string }) => i.category === 'tuition');
    const after = await ok(pay(fam.id, trans, [{ type: 'cash', total: 20, items: [tuition.id] }]));
    expect(after.items.map((i: { status: string }) => i.status)).toEqual(['open', 'paid']);
    expect(after.balance).toBe(35);
    expect(after.credit_overpayment).toBe(5);
  });

  it('refuse what the spec refuses, with its texts, and change nothing', async () => {
    const { fam, trans } = await registered('ledger4@example.com');
    const zero = await pay(fam.id, trans, [{ type: 'cash', total: 0 }]);
    expect(zero.status).toBe(422);
    expect(zero.body[1]).toBe('The payment amount must be greater than "0".');
    const none = await s.a.post(`/api/transactions/item/${fam.id}`, { item: { typeID: 'other', item: '' } });
    expect(none.status).toBe(400);
    expect(none.body[1]).toBe('Invalid entry, please provide all the requested information.');
    // 001 §5: each of typeID, item, amount, quantity and total missing gets the same sentence.
    const whole = { typeID: 'other', item: 'Recital DVD', amount: 10, quantity: 1, total: 10 };
    for (const field of Object.keys(whole)) {
      const { [field]: _left, ...item } = whole as Record<string, unknown>;
      const missing = await s.a.post(`/api/transactions/item/${fam.id}`, { item });
      expect(missing.status, field).toBe(400);
      expect(missing.body[1], field).toBe('Invalid entry, please provide all the requested information.');
    }
    await ok(pay(fam.id, trans, [{ type: 'cash', total: 50 }]));
    const paidUp = await pay(fam.id, trans, [{ type: 'cash', total: 5 }]);
    expect(paidUp.status).toBe(422);
    expect(paidUp.body[1]).toBe('The payment amount must be greater than "0".');
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.payments).toHaveLength(1);
  });

  it("take a desk payment's type in capitals too, as every answer spells it (CASH)", async () => {
    const { fam, trans } = await registered('ledger-caps@example.com');
    const after = await ok(pay(fam.id, trans, [{ type: 'CASH', total: 10 }]));
    expect(after.payments.map((p: { type: string }) => p.type)).toContain('CASH');
    const check = await ok(pay(fam.id, trans, [{ type: 'Check', total: 5, reference: '1042' }]));
    expect(check.payments.map((p: { type: string }) => p.type)).toContain('CHECK');
    const bad = await pay(fam.id, trans, [{ type: 'BITCOIN', total: 5 }]);
    expect(bad.status).toBe(400);
    expect(bad.body[1]).toBe('Choose how it was paid.');
  });

  it('record once when the same request is sent twice', async () => {
    const { fam, trans } = await registered('ledger5@example.com');
    const requestId = randomUUID();
    await Promise.all([
      ok(pay(fam.id, trans, [{ type: 'cash', total: 10 }], requestId)),
      ok(pay(fam.id, trans, [{ type: 'cash', total: 10 }], requestId)),
    ]);
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.payments.map((p) => p.total)).toEqual([1000]);
    expect(book.balance).toBe(4000);
  });
});

describe('corrections', () => {
  it('remove a paid item: its money goes to credit and pays what is open', async () => {
    const { fam, trans, money } = await registered('ledger6@example.com');
    const fee = money.current.items.find((i: { category: string }) => i.category === 'registration_fee');
    await ok(pay(fam.id, trans, [{ type: 'cash', total: 35, items: [fee.id] }]));
    const removed = await ok(
      s.a.delete(`/api/transactions/item/${trans}/${fee.id}?reason=Sibling%20paid%20it`),
    );
    expect(removed.msg).toBe('Item deleted successfully.');
    expect(removed.items[0]).toMatchObject({
      status: 'removed',
      removed: { reason: 'Item removed: Sibling paid it' },
    });
    const after = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(after).toMatchObject({ balance: 0, credit: 20 });
    const again = await s.a.delete(`/api/transactions/item/${trans}/${fee.id}`);
    expect(again.status).toBe(409);
  });

  it('refund never more than was paid, per payment and per item', async () => {
    const { fam, trans, money } = await registered('ledger7@example.com');
    const fee = money.current.items.find((i: { category: string }) => i.category === 'registration_fee');
    const paid = await ok(pay(fam.id, trans, [{ type: 'cash', total: 50 }]));
    const paymentID = paid.payments[0].id;
    const tooMuch = await s.a.post(`/api/transactions/refund/${fam.id}`, {
      paymentID,
      itemID: fee.id,
      total: 36,
      to: 'cash',
      reason: 'Overcharged',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body[1]).toBe('At most $35.00 paid on this item can be refunded.');
    const back = await ok(
      s.a.post(`/api/transactions/refund/${fam.id}`, {
        paymentID,
        itemID: fee.id,
        total: 35,
        to: 'credit',
        reason: 'Waived',
      }),
    );
    expect(back).toMatchObject({ balance: 0, credit: 35, msg: 'Refund recorded.' });
    const item = back.current.items.find((i: { id: string }) => i.id === fee.id);
    expect(item).toMatchObject({ refund_total: 35, available_refund_total: 0 });
    const out = await s.a.post(`/api/transactions/refund/${fam.id}`, {
      paymentID,
      total: 16,
      to: 'cash',
      reason: 'Leaving',
    });
    expect(out.status).toBe(422);
  });

  it('a returned check reopens what it paid and posts the fee once', async () => {
    const { fam, trans } = await registered('ledger8@example.com');
    const paid = await ok(pay(fam.id, trans, [{ type: 'check', total: 60, reference: '#77' }]));
    expect(paid.credit_overpayment).toBe(10);
    const check = paid.payments[0].id;
    const back = await ok(s.a.post(`/api/transactions/payments/${fam.id}/${check}/returned`, {}));
    expect(back.msg).toBe(
      'The check was returned: its payment is reversed and the $35.00 returned-check fee posted.',
    );
    expect(back).toMatchObject({ balance: 85, credit: 0 });
    const twice = await s.a.post(`/api/transactions/payments/${fam.id}/${check}/returned`, {});
    expect(twice.status).toBe(409);
    const cash = await ok(pay(fam.id, trans, [{ type: 'cash', total: 5 }]));
    const notCheck = await s.a.post(
      `/api/transactions/payments/${fam.id}/${cash.payments.at(-1).id}/returned`,
      {},
    );
    expect(notCheck.status).toBe(422);
  });
});

describe('who sees what', () => {
  it('a parent reads their own transaction and money, never another family’s', async () => {
    const { fam, trans } = await registered('ledger9@example.com');
    const other = await registered('ledger10@example.com');
    const mine = await ok(fam.parent.get('/api/transactions/current'));
    expect(mine.id).toBe(trans);
    expect((await ok(fam.parent.get('/api/parents/money'))).balance).toBe(50);
    expect((await fam.parent.get(`/api/transactions/current/${other.trans}`)).status).toBe(404);
    expect((await fam.parent.get(`/api/transactions/${other.fam.id}/credit/list`)).status).toBe(404);
    expect((await fam.parent.get(`/api/transactions/list/${other.fam.id}/parent`)).status).toBe(404);
    const item = { typeID: 'other', item: 'Gift', amount: -5, quantity: 1, total: -5 };
    expect((await fam.parent.post(`/api/transactions/item/${fam.id}`, { item })).status).toBe(403);
  });

  it('another studio’s owner reaches nothing of it', async () => {
    const { fam, trans, money } = await registered('ledger11@example.com');
    expect((await s.b.get(`/api/mystudio/account/${fam.id}/money`)).status).toBe(404);
    expect((await s.b.get(`/api/transactions/current/${trans}`)).status).toBe(404);
    const payment = { payments: [{ type: 'cash', total: 5 }] };
    expect((await s.b.post(`/api/transactions/payments/${fam.id}/${trans}`, payment)).status).toBe(404);
    const item = money.current.items[0].id;
    expect((await s.b.delete(`/api/transactions/item/${trans}/${item}`)).status).toBe(404);
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.balance).toBe(5000);
  });
});
