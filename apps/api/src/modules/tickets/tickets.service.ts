import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type Actor,
  type FamilyTicketPayInput,
  type PublicTicketPayInput,
  TICKETS_TEXT,
  type TicketHoldAnswer,
  type TicketOrder,
  type TicketOrderList,
  type TicketPayAnswer,
} from '@pirouette/domain';
import { and, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recitalTickets, ticketOrders } from '../../db/schema/recitals';
import { users } from '../../db/schema/users';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { ownFamily } from '../../kernel/family-scope';
import { consume, type Rule } from '../../lib/rate-limit';
import { familyBalance } from '../ledger';
import { instrumentOfToken, liveMethod, ProviderError } from '../payments';
import { endOrders, holdSeats } from './tickets.hold';
import { payOrder, type TicketDeps } from './tickets.pay';
import { presentOrder } from './tickets.presenters';
import {
  familyComps,
  heldPast,
  type OrderRow,
  ordersWithShows,
  showContext,
  ticketsOfOrders,
} from './tickets.queries';
import {
  type Channel,
  familyRecitalsOf,
  familyRefusal,
  publicRecitalOf,
  seatMapOf,
  showSales,
} from './tickets.sale';

/**
 * Ticket sales' services (issue 38 item 4, decision 074): a family's (its own family only, from the
 * session) and the public's (by the recital's public token, an order by its secret). Anything that
 * reaches the processor from the public is limited per address.
 */

/** Public holds and payments per address: a hold is a few seconds' work, a payment reaches the processor. */
const PUBLIC_HOLDS: Rule = { limit: 30, windowSeconds: 10 * 60, message: TICKETS_TEXT.tooFast };
const PUBLIC_PAYMENTS: Rule = { limit: 10, windowSeconds: 10 * 60, message: TICKETS_TEXT.tooFast };

type FamilyDeps = TicketDeps & { actor: Actor };

/** GET /api/parents/recitals. */
export async function familyRecitals(deps: FamilyDeps) {
  const familyId = ownFamily(deps.actor);
  const { companyId } = deps.actor;
  const balance = await familyBalanceCents(deps.db, companyId, familyId);
  return {
    recitals: await familyRecitalsOf(deps.db, {
      companyId,
      now: deps.clock.now(),
      balance,
      comps: (ids) => familyComps(deps.db, companyId, familyId, ids),
    }),
  };
}

async function familyBalanceCents(db: Db, companyId: string, familyId: string): Promise<number> {
  const [row] = await rowsOf<{ b: number }>(db, sql`select ${familyBalance(companyId, familyId)} as b`);
  return Number(row?.b ?? 0);
}

/** The family's held orders of a show, for the map's `mine`. */
async function heldOrders(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ id: ticketOrders.id, heldUntil: ticketOrders.heldUntil })
    .from(ticketOrders)
    .where(and(where, eq(ticketOrders.state, 'held')));
  return new Map(rows.map((r) => [r.id, r.heldUntil]));
}

/** GET /api/parents/recitals/shows/:showId/seats. */
export async function familySeats(deps: FamilyDeps, showId: string) {
  const familyId = ownFamily(deps.actor);
  const ctx = await showContext(deps.db, { companyId: deps.actor.companyId }, showId);
  if (!ctx) throw notFound(TICKETS_TEXT.showNotFound);
  const mine = await heldOrders(
    deps.db,
    and(eq(ticketOrders.familyId, familyId), eq(ticketOrders.showId, showId)),
  );
  return seatMapOf(deps.db, ctx, deps.clock.now(), mine);
}

/** The refusal of a buyer outside the sales window, or of a family that owes when only settled ones may buy. */
function refuseClosed(state: ReturnType<typeof showSales>) {
  if (state === 'coming') throw conflict(TICKETS_TEXT.notOpen);
  if (state === 'closed') throw conflict(TICKETS_TEXT.closed);
}

const holdAnswer = (r: Awaited<ReturnType<typeof holdSeats>>): TicketHoldAnswer => ({
  orderId: r.order.id,
  heldUntil: r.order.heldUntil.toISOString(),
  seats: r.seats.map((s) => ({
    seatId: s.id,
    section: s.section,
    row: s.row,
    number: s.number,
    label: `${s.row} ${s.number}`,
  })),
});

/** POST /api/parents/recitals/shows/:showId/hold. */
export async function familyHold(deps: FamilyDeps, showId: string, seatIds: string[]) {
  const familyId = ownFamily(deps.actor);
  const { db, actor } = deps;
  const now = deps.clock.now();
  const ctx = await showContext(db, { companyId: actor.companyId }, showId);
  if (!ctx) throw notFound(TICKETS_TEXT.showNotFound);
  const state = showSales(ctx, 'family', now);
  refuseClosed(state);
  const refusal = familyRefusal(ctx.recital, state, await familyBalanceCents(db, actor.companyId, familyId));
  if (refusal) throw unprocessable(refusal.msg);
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  // A family holds one order a show at a time: a new hold releases its earlier one.
  const earlier = await heldOrders(
    db,
    and(eq(ticketOrders.familyId, familyId), eq(ticketOrders.showId, showId)),
  );
  if (earlier.size > 0) await db.transaction((tx) => endOrders(tx, [...earlier.keys()], 'expired', now));
  return holdAnswer(
    await holdSeats(db, now, {
      ctx,
      seatIds,
      channel: 'family',
      familyId,
      buyerName: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      buyerEmail: user?.email ?? '',
      createdBy: actor.userId,
    }),
  );
}

async function familyOrder(deps: FamilyDeps, orderId: string): Promise<OrderRow> {
  const familyId = ownFamily(deps.actor);
  const [order] = await deps.db
    .select()
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.companyId, deps.actor.companyId),
        eq(ticketOrders.familyId, familyId),
        eq(ticketOrders.id, orderId),
      ),
    );
  if (!order) throw notFound(TICKETS_TEXT.orderNotFound);
  return order;
}

async function orderAnswer(db: Db, orderId: string, now: Date): Promise<TicketOrder> {
  const [row] = await ordersWithShows(db, eq(ticketOrders.id, orderId));
  if (!row) throw notFound(TICKETS_TEXT.orderNotFound);
  return presentOrder(row, await ticketsOfOrders(db, [orderId]), now);
}

/** POST /api/parents/ticket-orders/:id/pay. */
export async function familyPay(
  deps: FamilyDeps,
  orderId: string,
  input: FamilyTicketPayInput,
): Promise<TicketPayAnswer> {
  const order = await familyOrder(deps, orderId);
  const familyId = order.familyId!;
  const ctx = await showContext(deps.db, { companyId: order.companyId }, order.showId);
  if (!ctx) throw notFound(TICKETS_TEXT.showNotFound);
  refuseClosed(showSales(ctx, 'family', deps.clock.now()));
  const balance = await familyBalanceCents(deps.db, order.companyId, familyId);
  const refusal = familyRefusal(ctx.recital, 'open', balance);
  if (refusal) throw unprocessable(refusal.msg);
  const instrument = async () => {
    if (input.method === 'bank_on_file') throw unprocessable(TICKETS_TEXT.bankNotForTickets);
    if (input.method === 'card_on_file') {
      const method = await liveMethod(deps.db, order.companyId, familyId);
      if (method?.kind !== 'card') throw unprocessable(TICKETS_TEXT.noCardOnFile);
      return method.instrumentId;
    }
    return (await instrumentOfToken(deps, familyId, input.token!)).instrument.id;
  };
  if (input.method === 'bank_on_file') throw unprocessable(TICKETS_TEXT.bankNotForTickets);
  const paid = await payOrder(deps, { order, tickets: input.tickets, total: input.total, instrument });
  return { order: await orderAnswer(deps.db, order.id, deps.clock.now()), msg: paid.msg };
}

/** DELETE /api/parents/ticket-orders/:id. */
export async function familyRelease(deps: FamilyDeps, orderId: string) {
  const order = await familyOrder(deps, orderId);
  if (order.state !== 'held') throw conflict(TICKETS_TEXT.notHeld);
  await deps.db.transaction((tx) => endOrders(tx, [order.id], 'expired', deps.clock.now()));
  return { msg: TICKETS_TEXT.released };
}

/** GET /api/parents/ticket-orders: the family's orders that hold or held tickets, newest first. */
export async function familyOrders(deps: FamilyDeps): Promise<TicketOrderList> {
  const familyId = ownFamily(deps.actor);
  const now = deps.clock.now();
  const rows = await ordersWithShows(
    deps.db,
    and(
      eq(ticketOrders.companyId, deps.actor.companyId),
      eq(ticketOrders.familyId, familyId),
      inArray(ticketOrders.state, ['held', 'paying', 'unknown', 'paid', 'refunded']),
      not(heldPast(now)),
    ),
  )
    .orderBy(desc(ticketOrders.createdAt))
    .limit(100);
  const tickets = await ticketsOfOrders(
    deps.db,
    rows.map((r) => r.order.id),
  );
  return { orders: rows.map((r) => presentOrder(r, tickets, now)) };
}

// ——— The public, by the recital's link ———

/** An order's secret: a keyed hash of its id, so the buyer's browser alone can open it (compared in constant time). */
export const orderSecret = (key: string, orderId: string) =>
  createHmac('sha256', key).update(`ticket-order:${orderId}`).digest('base64url');

async function publicOrder(deps: TicketDeps & { secretKey: string }, orderId: string, secret: string) {
  const want = Buffer.from(orderSecret(deps.secretKey, orderId));
  const got = Buffer.from(secret);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw notFound(TICKETS_TEXT.orderNotFound);
  const [order] = await deps.db
    .select()
    .from(ticketOrders)
    .where(and(eq(ticketOrders.id, orderId), eq(ticketOrders.channel, 'public')));
  if (!order) throw notFound(TICKETS_TEXT.orderNotFound);
  return order;
}

/** GET /api/tickets/:token. */
export async function publicRecital(deps: TicketDeps, token: string) {
  const found = await publicRecitalOf(deps.db, token, deps.clock.now());
  if (!found || found.salesState === 'coming') throw notFound(TICKETS_TEXT.recitalNotFound);
  return { ...found, tokenizer: deps.provider.browser };
}

async function publicShow(deps: TicketDeps, token: string, showId: string, channel: Channel) {
  const ctx = await showContext(deps.db, { token }, showId);
  if (!ctx?.recital.publicSalesFrom || ctx.recital.publicSalesFrom > deps.clock.now())
    throw notFound(TICKETS_TEXT.showNotFound);
  return { ctx, state: showSales(ctx, channel, deps.clock.now()) };
}

/** GET /api/tickets/:token/shows/:showId/seats. */
export async function publicSeats(deps: TicketDeps, token: string, showId: string) {
  const { ctx } = await publicShow(deps, token, showId, 'public');
  return seatMapOf(deps.db, ctx, deps.clock.now(), new Map());
}

/** POST /api/tickets/:token/shows/:showId/hold: the order and its secret. */
export async function publicHold(
  deps: TicketDeps & { secretKey: string; ip: string },
  token: string,
  showId: string,
  seatIds: string[],
) {
  await consume(deps.db, deps.clock, `tickets:hold:${deps.ip}`, PUBLIC_HOLDS);
  const { ctx, state } = await publicShow(deps, token, showId, 'public');
  refuseClosed(state);
  const held = await holdSeats(deps.db, deps.clock.now(), {
    ctx,
    seatIds,
    channel: 'public',
    familyId: null,
    buyerName: '',
    buyerEmail: '',
    createdBy: null,
  });
  return { ...holdAnswer(held), secret: orderSecret(deps.secretKey, held.order.id) };
}

/** POST /api/tickets/orders/:id/pay. */
export async function publicPay(
  deps: TicketDeps & { secretKey: string; ip: string },
  orderId: string,
  input: PublicTicketPayInput,
): Promise<TicketPayAnswer> {
  await consume(deps.db, deps.clock, `tickets:pay:${deps.ip}`, PUBLIC_PAYMENTS);
  const order = await publicOrder(deps, orderId, input.secret);
  const ctx = await showContext(deps.db, { companyId: order.companyId }, order.showId);
  if (!ctx) throw notFound(TICKETS_TEXT.orderNotFound);
  refuseClosed(showSales(ctx, 'public', deps.clock.now()));
  const [first = '', ...rest] = input.buyerName.split(/\s+/);
  const instrument = async () => {
    try {
      const tags = { studio: order.companyId, ticketOrder: order.id };
      const buyer = await deps.provider.createBuyer({
        firstName: first,
        lastName: rest.join(' ') || first,
        email: input.buyerEmail,
        phone: input.buyerPhone ?? null,
        tags,
      });
      const card = await deps.provider.createInstrument({ token: input.token, buyerId: buyer.id, tags });
      if (card.type !== 'PAYMENT_CARD') throw unprocessable(TICKETS_TEXT.cardRefused);
      return card.id;
    } catch (error) {
      if (error instanceof ProviderError)
        throw error.kind === 'unavailable'
          ? conflict(TICKETS_TEXT.processorDown)
          : unprocessable(TICKETS_TEXT.cardRefused);
      throw error;
    }
  };
  const paid = await payOrder(deps, {
    order,
    tickets: input.tickets,
    total: input.total,
    instrument,
    buyer: { name: input.buyerName, email: input.buyerEmail, phone: input.buyerPhone ?? null },
  });
  return { order: await orderAnswer(deps.db, order.id, deps.clock.now()), msg: paid.msg };
}

/** POST /api/tickets/orders/:id/release. */
export async function publicRelease(
  deps: TicketDeps & { secretKey: string },
  orderId: string,
  secret: string,
) {
  const order = await publicOrder(deps, orderId, secret);
  if (order.state !== 'held') throw conflict(TICKETS_TEXT.notHeld);
  await deps.db.transaction((tx) => endOrders(tx, [order.id], 'expired', deps.clock.now()));
  return { msg: TICKETS_TEXT.released };
}

/** GET /api/tickets/orders/:id?secret=. */
export async function publicOrderOf(
  deps: TicketDeps & { secretKey: string },
  orderId: string,
  secret: string,
) {
  const order = await publicOrder(deps, orderId, secret);
  return orderAnswer(deps.db, order.id, deps.clock.now());
}

/** GET /api/tickets/ticket/:code: one sold (or refunded) ticket, as its mailed link opens it. */
export async function ticketByCode(db: Db, code: string) {
  const [t] = await db
    .select({ ticket: recitalTickets, order: ticketOrders })
    .from(recitalTickets)
    .innerJoin(ticketOrders, eq(ticketOrders.id, recitalTickets.orderId))
    .where(and(eq(recitalTickets.code, code), inArray(recitalTickets.state, ['sold', 'refunded'])));
  if (!t) throw notFound(TICKETS_TEXT.ticketNotFound);
  const ctx = await showContext(db, { companyId: t.order.companyId }, t.ticket.showId);
  const [seat] = await ticketsOfOrders(db, [t.order.id]).then((all) =>
    all.filter((x) => x.ticket.id === t.ticket.id),
  );
  if (!ctx || !seat) throw notFound(TICKETS_TEXT.ticketNotFound);
  return {
    code,
    recitalName: ctx.recital.name,
    venueName: ctx.recital.venueName,
    venueAddress: ctx.recital.venueAddress,
    studioName: ctx.studioName,
    show: {
      id: ctx.show.id,
      name: ctx.show.name,
      day: ctx.show.day,
      startsAt: ctx.show.startsAt,
      doorsAt: ctx.show.doorsAt,
    },
    section: seat.section,
    row: seat.row,
    number: seat.number,
    label: `${seat.row} ${seat.number}`,
    kind: t.ticket.kind,
    state: t.ticket.state,
    usedAt: t.ticket.usedAt?.toISOString() ?? null,
    orderNumber: t.order.number,
    buyerName: t.order.buyerName,
  };
}
