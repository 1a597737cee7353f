import { randomUUID } from 'node:crypto';
import { COSTUME_ORDER_TEXT } from '@pirouette/domain';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { costumeOrderLines, costumeOrders, costumeShipments } from '../../db/schema/costumes';
import { ledgerCharges, ledgerTransactions } from '../../db/schema/ledger';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { addNumber } from '../schedule/schedule.fixture';

/**
 * Orders to a costume company through their calls (issue 18, decision 029 "Orders"; 001 §3–§7): a cart
 * made from assigned costumes and replaced, a costume removed from its dancer leaving the cart, the
 * order completed (each balance on its family's bill once, whatever is sent twice), shipped in two
 * parts with what is still missing, bad input refused with nothing changed, and the studio's walls.
 */

const C = '/api/mystudio/costumes';
const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

type Line = { costumeAssignedID: string; price_buy: number };

/**
 * A company with a style of two sizes on a new dance number of Jazz 1, a deposit of 25%, and three
 * dancers of three families: Emma (CS at $80), Emma (CM at $60), Emma (CS at $80).
 */
async function threeDancers() {
  await ok(s.a.put(`${C}/settings`, { depositKind: 'percent', depositPercent: 25, refundableUntil: null }));
  const fams = [];
  for (const email of ['order1@example.com', 'order2@example.com', 'order3@example.com']) {
    fams.push((await registerInJazz(t, s, setting, email)).fam);
  }
  const number = await addNumber(setting.st, setting.classes.tuesday, { name: 'Order number' });
  const { id: company } = await ok(s.a.post(`${C}/company`, { name: 'Curtain Call Costumes' }));
  const style = await ok(
    s.a.post(`${C}/v2/style`, {
      costCoID: company,
      styleNumber: 'CC-101',
      styleName: 'Sparkle Tutu',
      dncNumID: number.id,
      colors: ['Pink'],
      sizeColors: ['CS', 'CM'].map((size) => ({ size, color: 'Pink', price_buy: 45, price_sell: 80 })),
    }),
  );
  const [cs, cm] = style.sizeColors as { priceID: string }[];
  const list = await ok(s.a.get(`${C}/v2/assigned/${number.id}`));
  const activityOf = (studentId: string) =>
    list.dancers.find((d: { studentID: string }) => d.studentID === studentId).dncNumActID as string;
  const a1 = (
    await ok(
      s.a.post(`${C}/style/assign`, { dncNumActID: activityOf(fams[0]!.students[0]!), priceID: cs!.priceID }),
    )
  ).id as string;
  const a2 = (
    await ok(
      s.a.post(`${C}/style/assign`, {
        dncNumActID: activityOf(fams[1]!.students[0]!),
        priceID: cm!.priceID,
        price: 60,
      }),
    )
  ).id as string;
  const a3 = (
    await ok(
      s.a.post(`${C}/style/assign`, { dncNumActID: activityOf(fams[2]!.students[0]!), priceID: cs!.priceID }),
    )
  ).id as string;
  return { fams, company: company as string, style: style.id as string, a1, a2, a3 };
}

const balanceCharges = (familyId: string) =>
  t.database.db
    .select({
      key: ledgerTransactions.idempotencyKey,
      item: ledgerCharges.item,
      total: ledgerCharges.total,
      lines: ledgerCharges.lines,
    })
    .from(ledgerCharges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerCharges.txId))
    .where(
      and(eq(ledgerCharges.familyId, familyId), like(ledgerTransactions.idempotencyKey, 'costume-balance:%')),
    );

const balanceOf = async (familyId: string) =>
  (await ok(s.a.get(`/api/mystudio/account/${familyId}/money`))).balance as number;

const linesIn = async (orderId: string) =>
  (await t.database.db.select().from(costumeOrderLines).where(eq(costumeOrderLines.orderId, orderId)))
    .map((l) => [l.assignmentId, l.priceBuy])
    .sort();

describe('costume orders', () => {
  it('a cart from assigned costumes, replaced, completed once, shipped in two parts with what is missing', async () => {
    const { fams, company, style, a1, a2, a3 } = await threeDancers();
    const url = (id: string, tail = '') => `${C}/v2/order/${id}${tail}`;

    const empty = await ok(s.a.get(`${C}/v2/order/company/${company}`));
    expect(empty).toMatchObject({
      costumeCompanyID: company,
      company: 'Curtain Call Costumes',
      cart: null,
      orders: [],
    });
    expect(empty.toOrder).toEqual([
      expect.objectContaining({ costumeID: style, size: 'CM', color: 'Pink', quantity: 1, price_buy: 45 }),
      expect.objectContaining({ costumeID: style, size: 'CS', color: 'Pink', quantity: 2, price_buy: 45 }),
    ]);

    // A cart made with a client's id; a second POST with another id goes into the same open cart.
    const cartId = randomUUID();
    const made = await ok(
      s.a.post(url(cartId), { costumeCompanyID: company, items: [{ costumeAssignedID: a1, price_buy: 40 }] }),
    );
    expect(made).toMatchObject({
      orderID: cartId,
      number: 1,
      name: 'Curtain Call Costumes — order 1',
      status: 'cart',
      subtotal: 40,
      msg: COSTUME_ORDER_TEXT.cartSaved,
    });
    expect(made.lines).toEqual([
      expect.objectContaining({
        costumeAssignedID: a1,
        dancer: 'Emma Dancer',
        size: 'CS',
        price_buy: 40,
        price_sell: 80,
        deposit: 20,
      }),
    ]);
    const reused = await ok(
      s.a.post(url(randomUUID()), {
        costumeCompanyID: company,
        items: [
          { costumeAssignedID: a2, price_buy: 42 },
          { costumeAssignedID: a3, price_buy: 40 },
        ],
      }),
    );
    expect(reused.orderID).toBe(cartId);
    expect(reused.subtotal).toBe(122);
    expect(
      await t.database.db.select().from(costumeOrders).where(eq(costumeOrders.costumeCompanyId, company)),
    ).toHaveLength(1);

    // PUT replaces the list.
    const replaced = await ok(s.a.put(url(cartId), { items: [{ costumeAssignedID: a2, price_buy: 45 }] }));
    expect(replaced.lines.map((l: Line) => l.costumeAssignedID)).toEqual([a2]);
    expect(replaced.subtotal).toBe(45);
    const full: Line[] = [
      { costumeAssignedID: a1, price_buy: 40 },
      { costumeAssignedID: a2, price_buy: 45 },
      { costumeAssignedID: a3, price_buy: 40 },
    ];
    expect((await ok(s.a.put(url(cartId), { costumeCompanyID: company, items: full }))).subtotal).toBe(125);
    const withCart = await ok(s.a.get(`${C}/v2/order/company/${company}`));
    expect(withCart.cart.orderID).toBe(cartId);
    expect(withCart.toOrder).toEqual([]);

    // Bad input: a sentence, nothing changed.
    const before = await linesIn(cartId);
    const refusals: [Promise<{ status: number; body: unknown }>, number, string][] = [
      [s.a.put(url('not-an-order'), { items: [] }), 400, COSTUME_ORDER_TEXT.orderIdInvalid],
      [s.a.put(url(`${cartId}x`), { items: [] }), 400, COSTUME_ORDER_TEXT.orderIdInvalid],
      [s.a.put(url(cartId), { items: [full[0], full[0]] }), 400, COSTUME_ORDER_TEXT.itemTwice],
      [
        s.a.put(url(cartId), { items: [{ costumeAssignedID: randomUUID(), price_buy: 1 }] }),
        422,
        COSTUME_ORDER_TEXT.assignmentMissing,
      ],
      [s.a.post(url(randomUUID()), { items: [] }), 400, COSTUME_ORDER_TEXT.companyRequired],
      [s.a.put(url(randomUUID()), { items: [] }), 404, COSTUME_ORDER_TEXT.orderNotFound],
      [s.a.put(url(cartId, '/shipment'), { items: [a1] }), 409, COSTUME_ORDER_TEXT.stillCart],
    ];
    for (const [res, status, msg] of refusals) {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body).toEqual([false, msg]);
    }
    expect((await s.a.put(url(cartId), { items: [{ costumeAssignedID: a1, price_buy: -1 }] })).status).toBe(
      400,
    );
    expect(await linesIn(cartId)).toEqual(before);

    // A costume taken from its dancer leaves the cart (its deposit, before any refundable date, too).
    expect((await ok(s.a.delete(`${C}/assign/${a3}`))).depositRemoved).toBe(true);
    expect((await linesIn(cartId)).map(([id]) => id)).toEqual([a1, a2].sort());
    const gone = await s.a.put(url(cartId), { items: full });
    expect(gone.status).toBe(422);

    // Completed: each balance (price less the deposit) on its family's bill, once, though sent twice.
    const owed = [await balanceOf(fams[0]!.id), await balanceOf(fams[1]!.id)];
    const done = await ok(s.a.put(url(cartId, '/complete')));
    expect(done).toMatchObject({
      status: 'ordered',
      msg: COSTUME_ORDER_TEXT.completed,
      subtotal: 85,
      received: 0,
    });
    const again = await ok(s.a.put(url(cartId, '/complete')));
    expect(again).toMatchObject({ status: 'ordered', msg: COSTUME_ORDER_TEXT.alreadyCompleted });
    expect(await balanceOf(fams[0]!.id)).toBe(owed[0]! + 60);
    expect(await balanceOf(fams[1]!.id)).toBe(owed[1]! + 45);
    expect(await balanceCharges(fams[0]!.id)).toEqual([
      {
        key: `costume-balance:${a1}`,
        item: 'Costume balance: Sparkle Tutu — Emma',
        total: 6000,
        lines: [{ label: 'Sparkle Tutu #CC-101 (CS, Pink) at $80.00 less the $20.00 deposit', amount: 6000 }],
      },
    ]);
    expect(await balanceCharges(fams[1]!.id)).toHaveLength(1);
    expect(await balanceCharges(fams[2]!.id)).toEqual([]);
    const changed = await s.a.put(url(cartId), { items: full.slice(0, 1) });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual([false, COSTUME_ORDER_TEXT.notCart]);

    // Shipped in two parts; what is missing shrinks; nothing received twice or from elsewhere.
    const first = await ok(s.a.put(url(cartId, '/shipment'), { items: [a1], note: 'Box 1 of 2' }));
    expect(first).toMatchObject({ received: 1, msg: COSTUME_ORDER_TEXT.shipmentSaved });
    expect(first.missing.map((l: Line) => l.costumeAssignedID)).toEqual([a2]);
    for (const [items, status, msg] of [
      [[a1], 409, COSTUME_ORDER_TEXT.receivedTwice],
      [[a3], 422, COSTUME_ORDER_TEXT.notInOrder],
      [[], 400, COSTUME_ORDER_TEXT.shipmentEmpty],
    ] as const) {
      const r = await s.a.put(url(cartId, '/shipment'), { items });
      expect(r.status).toBe(status);
      expect(r.body).toEqual([false, msg]);
    }
    const second = await ok(s.a.put(url(cartId, '/shipment'), { items: [a2], receivedOn: '2030-01-15' }));
    expect(second).toMatchObject({ received: 2, missing: [] });
    expect(second.shipments).toEqual([
      expect.objectContaining({ note: 'Box 1 of 2', items: [a1] }),
      expect.objectContaining({ receivedOn: '2030-01-15', items: [a2] }),
    ]);
    expect(
      await t.database.db.select().from(costumeShipments).where(eq(costumeShipments.orderId, cartId)),
    ).toHaveLength(2);

    const after = await ok(s.a.get(`${C}/v2/order/company/${company}`));
    expect(after.cart).toBeNull();
    expect(after.orders).toEqual([
      expect.objectContaining({ orderID: cartId, status: 'ordered', received: 2 }),
    ]);

    // An ordered costume taken from its dancer keeps its deposit and balance on the bill.
    const removed = await ok(s.a.delete(`${C}/assign/${a1}`));
    expect(removed).toMatchObject({ msg: COSTUME_ORDER_TEXT.orderedKept, depositRemoved: false });
    expect(await balanceOf(fams[0]!.id)).toBe(owed[0]! + 60);
    const kept = await ok(s.a.get(`${C}/v2/order/company/${company}`));
    expect(kept.orders[0].lines.find((l: Line) => l.costumeAssignedID === a1)).toMatchObject({
      removed: true,
    });

    // A new cart is number 2; an empty one is not completed.
    const next = randomUUID();
    expect(await ok(s.a.post(url(next), { costumeCompanyID: company, items: [] }))).toMatchObject({
      number: 2,
    });
    const nothing = await s.a.put(url(next, '/complete'));
    expect(nothing.status).toBe(422);
    expect(nothing.body).toEqual([false, COSTUME_ORDER_TEXT.emptyCart]);
    const [still] = await t.database.db.select().from(costumeOrders).where(eq(costumeOrders.id, next));
    expect(still!.status).toBe('cart');
  });

  it("studio B's owner finds none of studio A's orders; a parent may not call them", async () => {
    const { fam } = await registerInJazz(t, s, setting, 'walls-order@example.com');
    const { id: company } = await ok(s.a.post(`${C}/company`, { name: 'Revolution Dancewear' }));
    const cart = randomUUID();
    await ok(s.a.post(`${C}/v2/order/${cart}`, { costumeCompanyID: company, items: [] }));
    for (const res of [
      s.b.get(`${C}/v2/order/company/${company}`),
      s.b.post(`${C}/v2/order/${cart}`, { items: [] }),
      s.b.put(`${C}/v2/order/${cart}`, { items: [] }),
      s.b.put(`${C}/v2/order/${cart}/complete`),
      s.b.put(`${C}/v2/order/${cart}/shipment`, { items: [randomUUID()] }),
      s.b.post(`${C}/v2/order/${randomUUID()}`, { costumeCompanyID: company, items: [] }),
    ]) {
      expect((await res).status).toBe(404);
    }
    expect((await fam.parent.get(`${C}/v2/order/company/${company}`)).status).toBe(403);
    expect((await fam.parent.put(`${C}/v2/order/${cart}/complete`)).status).toBe(403);
    const rows = await t.database.db
      .select()
      .from(costumeOrders)
      .where(eq(costumeOrders.costumeCompanyId, company));
    expect(rows.map((r) => [r.id, r.status])).toEqual([[cart, 'cart']]);
    // A company with only an empty cart is deleted, its cart with it.
    await ok(s.a.delete(`${C}/company/${company}`));
    expect(await t.database.db.select().from(costumeOrders).where(eq(costumeOrders.id, cart))).toEqual([]);
  });
});
