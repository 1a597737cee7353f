import { eq } from 'drizzle-orm';
import { recitalTickets, ticketOrders } from '../../src/db/schema/recitals';
import { makeRecital, type TestRecital } from '../../src/modules/tickets/tickets.fixture';
import { holdSeats } from '../../src/modules/tickets/tickets.hold';
import { showContext } from '../../src/modules/tickets/tickets.queries';
import { sandboxToken } from '../fuzz/card-scene';
import { EVERYONE, type Kit, OWNER_OF_X, PARENT_OF_A, PARENTS, type Row } from './kit';

/**
 * The access matrix of recital tickets (issue 38 item 4, decision 074). A parent sees the studio's
 * recitals on sale and holds, pays and releases their own family's orders (parent B finds none of family
 * A's); the public calls are anyone's, found by the recital's public token and an order's secret; the
 * owner lists, opens and refunds studio X's orders (studio Y's owner finds none). Each write acts on a
 * throwaway hold of its own seat.
 */
export function ticketRows({ scene }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const db = () => scene().t.database.db;
  let recital: TestRecital | null = null;
  let cursor = 0;
  const theRecital = async () => {
    recital ??= await makeRecital(db(), x().company, { rows: 8, perRow: 20 });
    return recital;
  };
  /** The next seat nobody has had yet. */
  const nextSeat = async () => {
    const r = await theRecital();
    // Past the front row (priced apart): every seat here is $20.00 for an adult.
    const ids = [...r.seats].filter(([label]) => !label.startsWith('A ')).map(([, id]) => id);
    return ids[cursor++]!;
  };
  /** A hold of family A's (or the public's) of one fresh seat in the first show, as the service makes it. */
  const held = async (familyId: string | null) => {
    const r = await theRecital();
    const ctx = (await showContext(db(), { companyId: x().company }, r.shows[0]))!;
    const { order } = await holdSeats(db(), scene().t.clock.now(), {
      ctx,
      seatIds: [await nextSeat()],
      channel: familyId ? 'family' : 'public',
      familyId,
      buyerName: 'Pat Parent',
      buyerEmail: 'pat@example.com',
      createdBy: null,
    });
    const [ticket] = await db().select().from(recitalTickets).where(eq(recitalTickets.orderId, order.id));
    return { order, ticket: ticket! };
  };
  const anonymous = (o: Parameters<ReturnType<typeof scene>['send']>[1]) => scene().send('anonymous', o);
  /** A public order held and paid by a good card: its id, its secret, its ticket's code. */
  const paidPublic = async () => {
    const r = await theRecital();
    const hold = await anonymous({
      method: 'POST',
      url: `/api/tickets/${r.token}/shows/${r.shows[0]}/hold`,
      payload: { seatIds: [await nextSeat()] },
    });
    const h = (hold.body as [boolean, { orderId: string; secret: string; seats: { seatId: string }[] }])[1];
    const paid = await anonymous({
      method: 'POST',
      url: `/api/tickets/orders/${h.orderId}/pay`,
      payload: {
        secret: h.secret,
        buyerName: 'Robin Guest',
        buyerEmail: 'robin@example.com',
        tickets: [{ seatId: h.seats[0]!.seatId, kind: 'adult' }],
        total: 2000,
        token: await sandboxToken(anonymous),
      },
    });
    const order = (paid.body as [boolean, { order: { id: string; tickets: { code: string }[] } }])[1].order;
    return { id: order.id, secret: h.secret, code: order.tickets[0]!.code };
  };

  return {
    'GET /api/parents/recitals': {
      access: 'parent',
      expect: PARENTS,
      request: async () => {
        await theRecital();
        return { url: '/api/parents/recitals' };
      },
    },
    'GET /api/parents/recitals/shows/:showId/seats': {
      access: 'parent',
      expect: PARENTS,
      request: async () => ({ url: `/api/parents/recitals/shows/${(await theRecital()).shows[0]}/seats` }),
    },
    'POST /api/parents/recitals/shows/:showId/hold': {
      access: 'parent',
      expect: PARENTS,
      request: async () => ({
        url: `/api/parents/recitals/shows/${(await theRecital()).shows[1]}/hold`,
        payload: { seatIds: [await nextSeat()] },
      }),
    },
    'POST /api/parents/ticket-orders/:id/pay': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async () => {
        const { order, ticket } = await held(x().family);
        return {
          url: `/api/parents/ticket-orders/${order.id}/pay`,
          payload: {
            tickets: [{ seatId: ticket.seatId, kind: 'adult' }],
            total: 2000,
            method: 'card_token',
            token: await sandboxToken(anonymous),
          },
        };
      },
    },
    'DELETE /api/parents/ticket-orders/:id': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async () => ({ url: `/api/parents/ticket-orders/${(await held(x().family)).order.id}` }),
    },
    'GET /api/parents/ticket-orders': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/ticket-orders' }),
    },
    'GET /api/tickets/:token': {
      access: 'public',
      expect: EVERYONE,
      request: async () => ({ url: `/api/tickets/${(await theRecital()).token}` }),
    },
    'GET /api/tickets/:token/shows/:showId/seats': {
      access: 'public',
      expect: EVERYONE,
      request: async () => {
        const r = await theRecital();
        return { url: `/api/tickets/${r.token}/shows/${r.shows[0]}/seats` };
      },
    },
    'POST /api/tickets/:token/shows/:showId/hold': {
      access: 'public',
      expect: EVERYONE,
      request: async () => {
        const r = await theRecital();
        return {
          url: `/api/tickets/${r.token}/shows/${r.shows[1]}/hold`,
          payload: { seatIds: [await nextSeat()] },
        };
      },
    },
    'POST /api/tickets/orders/:id/pay': {
      access: 'public',
      expect: EVERYONE,
      request: async () => {
        const r = await theRecital();
        const hold = await anonymous({
          method: 'POST',
          url: `/api/tickets/${r.token}/shows/${r.shows[0]}/hold`,
          payload: { seatIds: [await nextSeat()] },
        });
        const h = (
          hold.body as [boolean, { orderId: string; secret: string; seats: { seatId: string }[] }]
        )[1];
        return {
          url: `/api/tickets/orders/${h.orderId}/pay`,
          payload: {
            secret: h.secret,
            buyerName: 'Robin Guest',
            buyerEmail: 'robin@example.com',
            tickets: [{ seatId: h.seats[0]!.seatId, kind: 'adult' }],
            total: 2000,
            token: await sandboxToken(anonymous),
          },
        };
      },
    },
    'POST /api/tickets/orders/:id/release': {
      access: 'public',
      expect: EVERYONE,
      request: async () => {
        const r = await theRecital();
        const hold = await anonymous({
          method: 'POST',
          url: `/api/tickets/${r.token}/shows/${r.shows[0]}/hold`,
          payload: { seatIds: [await nextSeat()] },
        });
        const h = (hold.body as [boolean, { orderId: string; secret: string }])[1];
        return { url: `/api/tickets/orders/${h.orderId}/release`, payload: { secret: h.secret } };
      },
    },
    'GET /api/tickets/orders/:id': {
      access: 'public',
      expect: EVERYONE,
      request: async () => {
        const p = await paidPublic();
        return { url: `/api/tickets/orders/${p.id}?secret=${p.secret}` };
      },
    },
    'GET /api/tickets/ticket/:code': {
      access: 'public',
      expect: EVERYONE,
      request: async () => ({ url: `/api/tickets/ticket/${(await paidPublic()).code}` }),
    },
    'GET /api/mystudio/recitals/:id/orders': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/recitals/${(await theRecital()).id}/orders` }),
    },
    'GET /api/mystudio/ticket-orders/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const { order } = await held(null);
        await db()
          .update(ticketOrders)
          .set({ buyerName: 'Robin Guest' })
          .where(eq(ticketOrders.id, order.id));
        return { url: `/api/mystudio/ticket-orders/${order.id}` };
      },
    },
    'POST /api/mystudio/ticket-orders/:id/refund': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `/api/mystudio/ticket-orders/${(await paidPublic()).id}/refund`,
        payload: { all: true, reason: 'Cannot come' },
      }),
    },
  };
}
