import { TICKETS_TEXT } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { booksEntries, booksTransactions } from '../../db/schema/books';
import { mailOutbox } from '../../db/schema/mail';
import { ticketOrders } from '../../db/schema/recitals';
import { runDue } from '../../jobs/runner';
import { familyOf, ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';
import { TEST_CARDS, tokenFor } from '../payments/payments.fixture';
import { approveMerchant, sandboxAt, syncAt } from '../payments/payouts.fixture';
import { ticketJobHandlers } from './job-handlers';
import {
  expectNoSeatTwice,
  familyHold,
  makeRecital,
  publicHold,
  publicPay,
  seatIds,
  type TestRecital,
  ticketsIn,
} from './tickets.fixture';

/**
 * Recital tickets, the selling side (issue 38 item 4, decision 074): seats held, never sold twice under
 * any number of buyers at once, paid through the studio's own merchant, booked as ticket income (never a
 * family's receivable) and matched to the payout, refunded by the owner until the refund day.
 */

const { t, s } = useTwoStudios();
const db = () => t.database.db;
let setting: Awaited<ReturnType<typeof registrationStudio>>;
let r: TestRecital;

beforeAll(async () => {
  setting = await registrationStudio(s);
  await approveMerchant(t, s.companyA);
  r = await makeRecital(db(), s.companyA, { rows: 4, perRow: 10, comps: 2 });
});

const seatsOf = async (show: string, token = r.token) =>
  (await t.call({ method: 'GET', url: `/api/tickets/${token}/shows/${show}/seats` })).body[1];

describe('holds', () => {
  it('the seat map lists every seat with its state, and a blocked seat cannot be held', async () => {
    const map = await seatsOf(r.shows[0]);
    expect(map.sections.map((x: { name: string }) => x.name)).toEqual(['Front', 'Orchestra']);
    expect(map.sections[1].rows.map((x: { name: string }) => x.name)).toEqual(['B', 'C', 'D']);
    expect(map.free).toBe(39);
    expect(map.sections[0].rows[0].seats[9]).toMatchObject({ label: 'A 10', state: 'blocked' });
    const refused = await publicHold(t, r, r.shows[0], [r.blocked]);
    expect(refused.status).toBe(422);
    expect(refused.body[1]).toBe(TICKETS_TEXT.seatBlocked(['A 10']));
  });

  it('a seat held is refused to the next buyer with its label, and freed when the hold runs out', async () => {
    const ids = seatIds(r, ['B 1', 'B 2']);
    const first = await publicHold(t, r, r.shows[0], ids);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await publicHold(t, r, r.shows[0], seatIds(r, ['B 2', 'B 3']), '10.0.0.2');
    expect(second.status).toBe(409);
    expect(second.body[1]).toBe(TICKETS_TEXT.seatsTaken(['B 2']));
    // Nothing of the refused hold stays: B 3 is still free.
    expect((await seatsOf(r.shows[0])).sections[1].rows[0].seats[2].state).toBe('free');

    t.clock.advanceMinutes(11);
    const paidLate = await publicPay(t, first.body[1], 4000);
    expect(paidLate.status).toBe(409);
    expect(paidLate.body[1]).toBe(TICKETS_TEXT.holdEnded);
    const third = await publicHold(t, r, r.shows[0], seatIds(r, ['B 1', 'B 2']), '10.0.0.3');
    expect(third.status).toBe(200);
    const [order] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, first.body[1].orderId));
    expect(order!.state).toBe('expired');
    await publicReleaseOf(third.body[1]);
  });

  it('the sweep job ends holds that ran out, so the map is right without another buyer', async () => {
    const held = await publicHold(t, r, r.shows[1], seatIds(r, ['C 5']), '10.0.0.4');
    expect(held.status).toBe(200);
    expect((await ticketsIn(db(), r.shows[1], 'held')).length).toBe(1);
    t.clock.advanceMinutes(15);
    await runDue({ db: db(), handlers: ticketJobHandlers(sandboxAt(t, t.clock), ''), clock: t.clock });
    expect((await ticketsIn(db(), r.shows[1], 'held')).length).toBe(0);
  });

  it('100 buyers racing for the last 20 seats: exactly 20 sold, no seat twice', async () => {
    const race = await makeRecital(db(), s.companyA, { rows: 3, perRow: 10 });
    const show = race.shows[0];
    const all = [...race.seats.values()].filter((id) => id !== race.blocked);
    const frontRow = new Set([...race.seats].filter(([label]) => label.startsWith('A ')).map(([, id]) => id));
    const priceOf = (ids: string[]) => ids.reduce((sum, id) => sum + (frontRow.has(id) ? 3000 : 2000), 0);
    // All but the last 20 seats sold already.
    const early = all.slice(0, all.length - 20);
    for (let i = 0; i < early.length; i += 3) {
      const slice = early.slice(i, i + 3);
      const h = await publicHold(t, race, show, slice, `10.1.0.${i}`);
      expect(h.status).toBe(200);
      expect((await publicPay(t, h.body[1], priceOf(slice), { ip: `10.1.0.${i}` })).status).toBe(200);
    }
    const last = all.slice(all.length - 20);
    // 100 buyers at once, five for each of the last seats: each holds, then pays.
    const buyers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const seat = last[i % 20]!;
        const ip = `10.2.0.${i}`;
        const h = await publicHold(t, race, show, [seat], ip);
        if (h.status !== 200) return h.status;
        return (await publicPay(t, h.body[1], priceOf([seat]), { ip })).status;
      }),
    );
    expect(buyers.filter((x) => x === 200)).toHaveLength(20);
    expect(buyers.filter((x) => x === 409)).toHaveLength(80);
    const sold = await ticketsIn(db(), show, 'sold');
    expect(sold).toHaveLength(all.length);
    expect(new Set(sold.map((x) => x.seatId)).size).toBe(all.length);
    await expectNoSeatTwice(db(), [show]);
    expect((await seatsOf(show, race.token)).free).toBe(0);
  }, 120_000);
});

async function publicReleaseOf(hold: { orderId: string; secret: string }) {
  const res = await t.call({
    method: 'POST',
    url: `/api/tickets/orders/${hold.orderId}/release`,
    payload: { secret: hold.secret },
  });
  expect(res.status).toBe(200);
}

describe('families', () => {
  it('a family with a balance is refused when only settled families may buy, and allowed when not', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'owing@example.com');
    const settled = await makeRecital(db(), s.companyA, { settledOnly: true });
    const list = await ok(fam.parent.get('/api/parents/recitals'));
    const mine = list.recitals.find((x: { id: string }) => x.id === settled.id);
    expect(mine.mayBuy).toBe(false);
    expect(mine.refusal).toMatchObject({ code: 'balance_owed', balance: 5000 });
    expect(mine.refusal.msg).toBe(TICKETS_TEXT.balanceOwed(5000));
    const refused = await familyHold(fam.parent, settled.shows[0], seatIds(settled, ['B 1']));
    expect(refused.status).toBe(422);
    expect(refused.body[1]).toBe(TICKETS_TEXT.balanceOwed(5000));

    const open = list.recitals.find((x: { id: string }) => x.id === r.id);
    expect(open).toMatchObject({ mayBuy: true, refusal: null, salesState: 'open' });
    const held = await familyHold(fam.parent, r.shows[1], seatIds(r, ['D 1', 'D 2']));
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const map = await ok(fam.parent.get(`/api/parents/recitals/shows/${r.shows[1]}/seats`));
    expect(map.myOrder.id).toBe(held.body[1].orderId);
    expect(map.sections[1].rows[2].seats[0]).toMatchObject({ state: 'held', mine: true });
    const paid = await fam.parent.post(`/api/parents/ticket-orders/${held.body[1].orderId}/pay`, {
      tickets: held.body[1].seats.map((x: { seatId: string }, i: number) => ({
        seatId: x.seatId,
        kind: i === 0 ? 'adult' : 'child',
      })),
      total: 3200,
      method: 'card_token',
      token: await tokenFor(t),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body[1].order).toMatchObject({ state: 'paid', total: 3200, channel: 'family' });
    // Ticket income is never the family's receivable: the balance is what it was.
    const again = await ok(fam.parent.get('/api/parents/recitals'));
    expect(again.recitals.find((x: { id: string }) => x.id === settled.id).refusal.balance).toBe(5000);
    const orders = await ok(fam.parent.get('/api/parents/ticket-orders'));
    expect(orders.orders[0].tickets.map((x: { code: string | null }) => typeof x.code)).toEqual([
      'string',
      'string',
    ]);
  });

  it('the lists say the seats left of each show itself, the same figure as its seat map', async () => {
    const fam = await familyOf(t, s.companyA, 'seatsleft@example.com', [{ firstName: 'Ivy' }]);
    const one = await makeRecital(db(), s.companyA, { rows: 2, perRow: 5 });
    const two = await makeRecital(db(), s.companyA, { rows: 3, perRow: 4 });
    // One: 9 seats to sell (A 5 blocked); in its matinee 3 sold and 2 held, its evening untouched.
    const sold = await publicHold(t, one, one.shows[0], seatIds(one, ['A 1', 'B 1', 'B 2']), '10.7.0.1');
    expect(sold.status).toBe(200);
    expect((await publicPay(t, sold.body[1], 7000, { ip: '10.7.0.1' })).status).toBe(200);
    const held = await publicHold(t, one, one.shows[0], seatIds(one, ['B 4', 'B 5']), '10.7.0.2');
    expect(held.status).toBe(200);
    // Two: 11 seats to sell (A 4 blocked); its evening has one seat held by the family.
    expect((await familyHold(fam.parent, two.shows[1], seatIds(two, ['C 2']))).status).toBe(200);
    const expected = new Map([
      [one.shows[0], 4],
      [one.shows[1], 9],
      [two.shows[0], 11],
      [two.shows[1], 10],
    ]);
    const list = await ok(fam.parent.get('/api/parents/recitals'));
    for (const rec of [one, two]) {
      const family = list.recitals.find((x: { id: string }) => x.id === rec.id);
      const pub = (await t.call({ method: 'GET', url: `/api/tickets/${rec.token}` })).body[1];
      for (const [i, show] of rec.shows.entries()) {
        const want = expected.get(show);
        expect(family.shows[i]).toMatchObject({ id: show, free: want });
        expect(pub.shows[i]).toMatchObject({ id: show, free: want });
        expect((await seatsOf(show, rec.token)).free).toBe(want);
      }
    }
    await publicReleaseOf(held.body[1]);
  });

  it('comps: as many as the family may take, free, and no more', async () => {
    const fam = await familyOf(t, s.companyA, 'comps@example.com', [{ firstName: 'Ava' }]);
    const held = await familyHold(fam.parent, r.shows[1], seatIds(r, ['D 5']));
    const res = await fam.parent.post(`/api/parents/ticket-orders/${held.body[1].orderId}/pay`, {
      tickets: [{ seatId: r.seats.get('D 5'), kind: 'comp' }],
      total: 0,
      method: 'card_on_file',
    });
    expect(res.status).toBe(422);
    expect(res.body[1]).toBe(TICKETS_TEXT.compsOver(0));
    const released = await fam.parent.delete(`/api/parents/ticket-orders/${held.body[1].orderId}`);
    expect(released.status).toBe(200);
  });
});

describe('paying', () => {
  it('a total different from the server’s is refused and nothing is charged', async () => {
    const held = await publicHold(t, r, r.shows[0], seatIds(r, ['A 1', 'B 9']), '10.5.0.1');
    const res = await publicPay(t, held.body[1], 4000, { ip: '10.5.0.1' });
    expect(res.status).toBe(409);
    expect(res.body[1]).toBe(TICKETS_TEXT.totalChanged(5000));
    const [order] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, held.body[1].orderId));
    expect(order).toMatchObject({ state: 'held', idempotencyId: null, transferId: null });
    const charged = await db().execute(
      sql`select count(*)::int as n from sandbox_finix_resources where kind = 'transfer' and body->'tags'->>'ticketOrder' = ${order!.id}`,
    );
    expect((charged as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const paid = await publicPay(t, held.body[1], 5000, { ip: '10.5.0.1' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body[1].msg).toBe(TICKETS_TEXT.paid(2));
  });

  it('a decline ends the order and frees its seats', async () => {
    const held = await publicHold(t, r, r.shows[0], seatIds(r, ['C 9']), '10.6.0.1');
    const res = await publicPay(t, held.body[1], 2000, { ip: '10.6.0.1', number: TEST_CARDS.declined });
    expect(res.status).toBe(402);
    expect(res.body[1]).toBe(TICKETS_TEXT.declined);
    const [order] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, held.body[1].orderId));
    expect(order!.state).toBe('failed');
    const again = await publicHold(t, r, r.shows[0], seatIds(r, ['C 9']), '10.6.0.2');
    expect(again.status).toBe(200);
    await publicReleaseOf(again.body[1]);
  });

  it('a paid order is one books posting of ticket income, its tickets mailed with their links', async () => {
    const held = await publicHold(t, r, r.shows[0], seatIds(r, ['C 1', 'C 2']), '10.7.0.1');
    const paid = await publicPay(t, held.body[1], 3200, { ip: '10.7.0.1', kind: undefined });
    expect(paid.status).toBe(409);
    const res = await publicPay(t, held.body[1], 4000, { ip: '10.7.0.1' });
    expect(res.status).toBe(200);
    const orderId = held.body[1].orderId;
    const [posting] = await db()
      .select()
      .from(booksTransactions)
      .where(
        and(
          eq(booksTransactions.companyId, s.companyA),
          eq(booksTransactions.idempotencyKey, `ticket-sale:${orderId}`),
        ),
      );
    expect(posting).toMatchObject({ kind: 'ticket_sale' });
    expect(posting!.transferId).toEqual(expect.any(String));
    const entries = await db().select().from(booksEntries).where(eq(booksEntries.txId, posting!.id));
    expect(entries.map((e) => [e.account, e.amount]).sort()).toEqual([
      ['card_clearing', 4000],
      ['ticket_income', -4000],
    ]);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `recital-tickets:${orderId}`));
    const codes = res.body[1].order.tickets.map((x: { code: string }) => x.code);
    for (const code of codes) expect(mail!.text).toContain(`/tickets/t/${code}`);
    expect(mail!.text).toContain('Doors open at 1:30 PM');
    const ticket = await t.call({ method: 'GET', url: `/api/tickets/ticket/${codes[0]}` });
    expect(ticket.body[1]).toMatchObject({
      state: 'sold',
      label: 'C 1',
      section: 'Orchestra',
      recitalName: 'Spring Recital',
    });
    const order = await t.call({
      method: 'GET',
      url: `/api/tickets/orders/${orderId}?secret=${held.body[1].secret}`,
    });
    expect(order.body[1].state).toBe('paid');
    const wrong = await t.call({
      method: 'GET',
      url: `/api/tickets/orders/${orderId}?secret=${'x'.repeat(43)}`,
    });
    expect(wrong.status).toBe(404);
  });
});

describe('the owner', () => {
  it('lists the orders, opens one, and another studio reaches neither', async () => {
    const page = await ok(s.a.get(`/api/mystudio/recitals/${r.id}/orders?state=paid`));
    expect(page.total).toBeGreaterThan(0);
    expect(page.orders[0]).toMatchObject({ state: 'paid', seats: expect.any(String) });
    const id = page.orders[0].id;
    const order = await ok(s.a.get(`/api/mystudio/ticket-orders/${id}`));
    expect(order).toMatchObject({ refundable: true, refundRefusal: null });
    expect((await s.b.get(`/api/mystudio/ticket-orders/${id}`)).status).toBe(404);
    expect((await s.b.get(`/api/mystudio/recitals/${r.id}/orders`)).status).toBe(404);
    expect(
      (await s.b.post(`/api/mystudio/ticket-orders/${id}/refund`, { all: true, reason: 'x' })).status,
    ).toBe(404);
  });

  it('a hold past its end reads expired to the buyer and the owner before the sweep, and nothing is written', async () => {
    const ended = await makeRecital(db(), s.companyA);
    const fam = await familyOf(t, s.companyA, 'ended-hold@example.com', [{ firstName: 'Eli' }]);
    const pub = await publicHold(t, ended, ended.shows[0], seatIds(ended, ['B 1']), '10.8.1.1');
    const mine = await familyHold(fam.parent, ended.shows[0], seatIds(ended, ['B 2']));
    expect([pub.status, mine.status]).toEqual([200, 200]);
    const readPublic = async () =>
      (
        await t.call({
          method: 'GET',
          url: `/api/tickets/orders/${pub.body[1].orderId}?secret=${pub.body[1].secret}`,
        })
      ).body[1];
    expect((await readPublic()).state).toBe('held');
    const owned = async (state?: string) =>
      (await ok(s.a.get(`/api/mystudio/recitals/${ended.id}/orders${state ? `?state=${state}` : ''}`)))
        .orders;
    expect((await owned('held')).map((o: { state: string }) => o.state)).toEqual(['held', 'held']);

    t.clock.advanceMinutes(11);
    const after = await readPublic();
    expect(after.state).toBe('expired');
    expect(after.tickets.map((x: { state: string }) => x.state)).toEqual(['released']);
    const detail = await ok(s.a.get(`/api/mystudio/ticket-orders/${pub.body[1].orderId}`));
    expect(detail.state).toBe('expired');
    expect(await owned()).toEqual([]);
    expect(await owned('held')).toEqual([]);
    expect((await owned('expired')).map((o: { state: string }) => o.state)).toEqual(['expired', 'expired']);
    const familyList = await ok(fam.parent.get('/api/parents/ticket-orders'));
    expect(familyList.orders.map((o: { id: string }) => o.id)).not.toContain(mine.body[1].orderId);
    // Read, not written: the sweep still has them to end.
    const stored = await db()
      .select({ state: ticketOrders.state })
      .from(ticketOrders)
      .where(eq(ticketOrders.recitalId, ended.id));
    expect(stored.map((o) => o.state)).toEqual(['held', 'held']);
  });

  it('refunds a ticket: the seat free again, the books reversed, the buyer mailed; trial balance balanced', async () => {
    const held = await publicHold(t, r, r.shows[1], seatIds(r, ['B 7', 'B 8']), '10.8.0.1');
    const paid = await publicPay(t, held.body[1], 4000, { ip: '10.8.0.1' });
    const order = paid.body[1].order;
    const res = await s.a.post(`/api/mystudio/ticket-orders/${order.id}/refund`, {
      ticketIds: [order.tickets[0].id],
      reason: 'Cannot come',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1].msg).toBe(TICKETS_TEXT.refunded(2000));
    expect(res.body[1].order).toMatchObject({ state: 'paid', refunded: 2000 });
    const twice = await s.a.post(`/api/mystudio/ticket-orders/${order.id}/refund`, {
      ticketIds: [order.tickets[0].id],
      reason: 'Cannot come',
    });
    expect(twice.status).toBe(422);
    const map = await seatsOf(r.shows[1]);
    expect(map.sections[1].rows[0].seats[6]).toMatchObject({ label: 'B 7', state: 'free' });
    const refunds = await db()
      .select()
      .from(booksTransactions)
      .where(and(eq(booksTransactions.companyId, s.companyA), eq(booksTransactions.kind, 'ticket_refund')));
    expect(refunds).toHaveLength(1);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.key} like 'recital-tickets-refund:%'`);
    expect(mails).toHaveLength(1);
    const tb = await ok(s.a.get('/api/mystudio/reports/trial-balance?date=2026-11-30'));
    expect(tb.totals.debit).toBe(tb.totals.credit);
    expect(tb.accounts.find((a: { code: string }) => a.code === 'ticket_income')).toMatchObject({
      name: 'Ticket income',
    });
  });

  it('refuses a refund after the refund day, with a sentence', async () => {
    const past = await makeRecital(db(), s.companyA, { refundsUntil: '2026-11-20' });
    const held = await publicHold(t, past, past.shows[0], seatIds(past, ['B 1']), '10.9.0.1');
    const paid = await publicPay(t, held.body[1], 2000, { ip: '10.9.0.1' });
    expect(paid.status).toBe(200);
    const res = await s.a.post(`/api/mystudio/ticket-orders/${held.body[1].orderId}/refund`, {
      all: true,
      reason: 'Late',
    });
    expect(res.status).toBe(422);
    expect(res.body[1]).toBe(TICKETS_TEXT.refundClosed('Nov 20, 2026'));
  });

  it('the payout matches the ticket sales and refunds, card clearing explained, fees booked', async () => {
    await syncAt(t, s.companyA, '2026-11-23T17:00:00Z');
    await syncAt(t, s.companyA, '2026-11-24T17:00:00Z');
    const clearing = await ok(s.a.get('/api/mystudio/payouts/clearing'));
    expect(clearing.explained).toBe(true);
    expect(clearing.unmatched.count).toBe(0);
    const list = await ok(s.a.get('/api/mystudio/payouts'));
    expect(list.payouts.length).toBeGreaterThan(0);
    expect(list.payouts[0].fees).toBeGreaterThan(0);
    const tb = await ok(s.a.get('/api/mystudio/reports/trial-balance?date=2026-11-30'));
    expect(tb.totals.debit).toBe(tb.totals.credit);
  });
});
