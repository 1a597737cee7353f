import {
  type Actor,
  can,
  type OwnerTicketOrder,
  type OwnerTicketOrdersPage,
  type OwnerTicketOrdersQuery,
  TICKETS_TEXT,
} from '@pirouette/domain';
import { and, count, desc, eq, ilike, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitals, ticketOrders } from '../../db/schema/recitals';
import { forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { presentOrder, presentShow, seatsLine, stateNow } from './tickets.presenters';
import { heldPast, ordersWithShows, showContext, showsOf, ticketsOfOrders } from './tickets.queries';
import { refundRefusal } from './tickets.refund';

/**
 * The owner's ticket orders (issue 38 item 4, decision 074): a recital's orders a page at a time, by show,
 * state or buyer, with the recital's sums; one order with its tickets and whether it can be refunded.
 */

type OwnerDeps = { db: Db; clock: Clock; actor: Actor };

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/**
 * The orders in a state as read now (`stateNow`): a hold that has ended counts as expired, not held.
 * With no state asked, abandoned holds (expired, failed) are left out.
 */
function stateWhere(state: OwnerTicketOrdersQuery['state'], now: Date) {
  if (!state) return and(sql`${ticketOrders.state} not in ('expired', 'failed')`, not(heldPast(now)));
  if (state === 'held') return and(eq(ticketOrders.state, 'held'), not(heldPast(now)));
  if (state === 'expired') return or(eq(ticketOrders.state, 'expired'), heldPast(now));
  return eq(ticketOrders.state, state);
}

/** GET /api/mystudio/recitals/:id/orders. Abandoned holds (expired, released) are left out unless asked. */
export async function ownerOrders(
  deps: OwnerDeps,
  recitalId: string,
  q: OwnerTicketOrdersQuery,
): Promise<OwnerTicketOrdersPage> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const [recital] = await db
    .select()
    .from(recitals)
    .where(and(eq(recitals.companyId, actor.companyId), eq(recitals.id, recitalId)));
  if (!recital) throw notFound(TICKETS_TEXT.recitalNotFound);
  const search = q.search?.trim();
  const where = and(
    eq(ticketOrders.companyId, actor.companyId),
    eq(ticketOrders.recitalId, recitalId),
    q.showId ? eq(ticketOrders.showId, q.showId) : undefined,
    stateWhere(q.state, deps.clock.now()),
    search
      ? or(
          ilike(ticketOrders.buyerName, `%${search.replace(/[%_\\]/g, '\\$&')}%`),
          ilike(ticketOrders.buyerEmail, `%${search.replace(/[%_\\]/g, '\\$&')}%`),
          /^\d+$/.test(search) ? eq(ticketOrders.number, Number(search)) : undefined,
        )
      : undefined,
  );
  const [rows, [total], shows, [sums]] = await Promise.all([
    ordersWithShows(db, where)
      .orderBy(desc(ticketOrders.createdAt), desc(ticketOrders.number))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(ticketOrders).where(where),
    showsOf(db, [recitalId]),
    db
      .select({
        sold: sql<number>`(select count(*)::int from recital_tickets t join ticket_orders o on o.id = t.order_id
          where o.company_id = ${actor.companyId} and o.recital_id = ${recitalId} and t.state = 'sold')`,
        income: sql<number>`coalesce(sum(${ticketOrders.total}) filter (where ${ticketOrders.state} in ('paid', 'refunded')), 0)::int`,
        refunded: sql<number>`coalesce(sum(${ticketOrders.refunded}), 0)::int`,
      })
      .from(ticketOrders)
      .where(and(eq(ticketOrders.companyId, actor.companyId), eq(ticketOrders.recitalId, recitalId))),
  ]);
  const tickets = await ticketsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    recitalId,
    shows: shows.map(presentShow),
    orders: rows.map((r) => {
      const own = tickets.filter((t) => t.ticket.orderId === r.order.id);
      const live = own.filter((t) => t.ticket.state !== 'released');
      return {
        id: r.order.id,
        number: r.order.number,
        showId: r.show.id,
        showName: r.show.name,
        channel: r.order.channel,
        buyerName: r.order.buyerName,
        buyerEmail: r.order.buyerEmail,
        seats: seatsLine(live.length > 0 ? live : own),
        tickets: own.filter((t) => t.ticket.state === 'sold').length,
        total: r.order.total,
        refunded: r.order.refunded,
        state: stateNow(r.order, deps.clock.now()),
        paidAt: r.order.paidAt?.toISOString() ?? null,
        createdAt: r.order.createdAt.toISOString(),
      };
    }),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    sums: {
      sold: Number(sums?.sold ?? 0),
      income: Number(sums?.income ?? 0),
      refunded: Number(sums?.refunded ?? 0),
    },
    refundsUntil: recital.refundsUntil,
  };
}

/** GET /api/mystudio/ticket-orders/:id. */
export async function ownerOrder(deps: OwnerDeps, orderId: string): Promise<OwnerTicketOrder> {
  requireOwner(deps.actor);
  const [row] = await ordersWithShows(
    deps.db,
    and(eq(ticketOrders.companyId, deps.actor.companyId), eq(ticketOrders.id, orderId)),
  );
  if (!row) throw notFound(TICKETS_TEXT.orderNotFound);
  const [tickets, ctx] = await Promise.all([
    ticketsOfOrders(deps.db, [orderId]),
    showContext(deps.db, { companyId: deps.actor.companyId }, row.order.showId),
  ]);
  const refusal = ctx ? refundRefusal(ctx, row.order, deps.clock.now()) : TICKETS_TEXT.orderNotFound;
  return {
    ...presentOrder(row, tickets, deps.clock.now()),
    buyerPhone: row.order.buyerPhone,
    transferId: row.order.transferId,
    refundable: refusal === null,
    refundRefusal: refusal,
  };
}
