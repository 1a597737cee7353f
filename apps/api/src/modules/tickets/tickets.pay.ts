import { dateInZone, priceOrder, TICKETS_TEXT, type TicketKindValue } from '@pirouette/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitalTickets, ticketOrders } from '../../db/schema/recitals';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import { addMinutes, type Clock } from '../../lib/clock';
import { postTicketSale } from '../books';
import { merchantOrRefuse, type PaymentProvider, ProviderError, type Transfer } from '../payments';
import { ticketJobs } from './jobs';
import { endOrders } from './tickets.hold';
import { mailTickets } from './tickets.mail';
import { familyComps, type OrderRow, pricesOf, showContext, ticketsOfOrders } from './tickets.queries';

/**
 * Paying a held order (issue 38 item 4, decision 074). The server prices the tickets (`priceOrder`) and
 * compares the total the buyer was shown: a different one is a 409 and nothing is charged. The
 * processor's call is recorded before it is made (the order `paying`, its idempotency id
 * `ticket-order:<order>`), through the studio's own merchant. A decline ends the order and frees its
 * seats; a lost answer leaves it `unknown`, its seats held, and a job finds the transfer by its
 * idempotency id; a success sells the tickets, books the sale in the studio's books and mails the
 * tickets, in one transaction.
 */

export type TicketDeps = { db: Db; clock: Clock; provider: PaymentProvider; appUrl: string };

export type PayArgs = {
  order: OrderRow;
  tickets: { seatId: string; kind: TicketKindValue }[];
  total: number;
  /** The card's instrument at the processor, asked for once the order is found payable. */
  instrument: () => Promise<string>;
  buyer?: { name: string; email: string; phone: string | null };
};

/** The order's tickets priced as the buyer chose, or the refusal in plain words; the comps a family has left. */
async function priced(db: Db, order: OrderRow, choices: PayArgs['tickets']) {
  const held = await ticketsOfOrders(db, [order.id]);
  const seats = held
    .filter((t) => t.ticket.state === 'held')
    .map((t) => ({ seatId: t.ticket.seatId, section: t.section }));
  const prices = (await pricesOf(db, [order.recitalId])).get(order.recitalId) ?? [];
  let comps = 0;
  if (order.familyId && choices.some((c) => c.kind === 'comp')) {
    const [ctx, f] = await Promise.all([
      showContext(db, { companyId: order.companyId }, order.showId),
      familyComps(db, order.companyId, order.familyId, [order.recitalId]),
    ]);
    const ownHeld = held.filter((t) => t.ticket.kind === 'comp' && t.ticket.state === 'held').length;
    const allowed = (ctx?.recital.compsPerDancer ?? 0) * (f.dancers.get(order.showId) ?? 0);
    comps = Math.max(0, allowed - ((f.taken.get(order.showId) ?? 0) - ownHeld));
  }
  const result = priceOrder(seats, choices, prices, comps);
  if (result.ok) return result;
  const r = result.refusal;
  if (r.code === 'mismatch') throw unprocessable(TICKETS_TEXT.ticketsMismatch);
  if (r.code === 'comps_over')
    throw unprocessable(order.familyId ? TICKETS_TEXT.compsOver(r.available) : TICKETS_TEXT.compsPublic);
  throw unprocessable(TICKETS_TEXT.kindNotSold(r.kind, r.section));
}

/** The order's hold ran out: it is ended (its seats freed), and the buyer told. */
async function refuseRunOut(deps: TicketDeps, order: OrderRow): Promise<never> {
  await deps.db.transaction((tx) => endOrders(tx, [order.id], 'expired', deps.clock.now()));
  throw conflict(TICKETS_TEXT.holdEnded);
}

/** Pays the order, or refuses it with a sentence; answers the order's id and its state after. */
export async function payOrder(
  deps: TicketDeps,
  a: PayArgs,
): Promise<{ state: OrderRow['state']; msg: string }> {
  const { db, clock } = deps;
  const now = clock.now();
  if (a.order.state !== 'held') throw conflict(TICKETS_TEXT.notHeld);
  if (a.order.heldUntil <= now) return refuseRunOut(deps, a.order);
  const price = await priced(db, a.order, a.tickets);
  if (price.total !== a.total) throw conflict(TICKETS_TEXT.totalChanged(price.total));
  const merchantId = price.total > 0 ? await merchantOrRefuse(deps, a.order.companyId) : null;
  const instrumentId = price.total > 0 ? await a.instrument() : null;
  const idempotencyId = `ticket-order:${a.order.id}`;
  const claimed = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(ticketOrders)
      .set({
        state: price.total > 0 ? 'paying' : 'held',
        total: price.total,
        method: price.total > 0 ? 'card' : 'comp',
        idempotencyId: price.total > 0 ? idempotencyId : null,
        updatedAt: clock.now(),
        ...(a.buyer ? { buyerName: a.buyer.name, buyerEmail: a.buyer.email, buyerPhone: a.buyer.phone } : {}),
      })
      .where(
        and(eq(ticketOrders.id, a.order.id), eq(ticketOrders.state, 'held'), gt(ticketOrders.heldUntil, now)),
      )
      .returning();
    if (!order) return null;
    const values = sql.join(
      price.tickets.map((t) => sql`(${t.seatId}::uuid, ${t.kind}, ${t.price}::int)`),
      sql`, `,
    );
    // A paying order's seats stay held while the processor answers, however long: no end to the hold.
    await tx.execute(
      sql`update recital_tickets set kind = v.kind, price = v.price, held_until = ${price.total > 0 ? null : sql`held_until`}
          from (values ${values}) as v(seat_id, kind, price)
          where recital_tickets.order_id = ${order.id} and recital_tickets.seat_id = v.seat_id and recital_tickets.state = 'held'`,
    );
    if (price.total === 0) await sellOrder(tx, deps, order, null);
    return order;
  });
  if (!claimed) return refuseRunOut(deps, a.order);
  if (price.total === 0) return { state: 'paid', msg: TICKETS_TEXT.compsOnly(price.tickets.length) };
  return charge(deps, claimed, { merchantId: merchantId!, instrumentId: instrumentId!, idempotencyId });
}

/** The processor's sale, then the order settled by its answer. */
async function charge(
  deps: TicketDeps,
  order: OrderRow,
  c: { merchantId: string; instrumentId: string; idempotencyId: string },
): Promise<{ state: OrderRow['state']; msg: string }> {
  let transfer: Transfer;
  try {
    transfer = await deps.provider.sale({
      merchantId: c.merchantId,
      instrumentId: c.instrumentId,
      amount: order.total,
      idempotencyId: c.idempotencyId,
      tags: { studio: order.companyId, ticketOrder: order.id },
    });
  } catch (error) {
    if (error instanceof ProviderError && error.kind !== 'unavailable' && error.kind !== 'conflict') {
      await deps.db.transaction((tx) => endOrders(tx, [order.id], 'failed', deps.clock.now(), ['paying']));
      throw new AppError('payment_required', TICKETS_TEXT.declined);
    }
    await markUnknown(deps, order.id);
    return { state: 'unknown', msg: TICKETS_TEXT.unknown };
  }
  const state = await settleOrder(deps, order.id, transfer);
  if (state === 'failed') throw new AppError('payment_required', TICKETS_TEXT.declined);
  return { state, msg: TICKETS_TEXT.paid((await ticketsOfOrders(deps.db, [order.id])).length) };
}

/** No answer we trust: the order waits, its seats held, and the processor is asked again by a job. */
async function markUnknown(deps: TicketDeps, orderId: string) {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(ticketOrders)
      .set({ state: 'unknown', updatedAt: deps.clock.now() })
      .where(and(eq(ticketOrders.id, orderId), eq(ticketOrders.state, 'paying')));
    await enqueueJob(tx, ticketJobs.reconcile, {
      key: orderId,
      runAt: addMinutes(deps.clock.now(), 1),
      payload: { orderId },
      maxAttempts: 50,
    });
  });
}

/**
 * Sells a paying order in the caller's transaction: paid, its tickets sold, its sale in the studio's books
 * (when it cost anything), its tickets mailed.
 */
async function sellOrder(tx: Db, deps: TicketDeps, order: OrderRow, transferId: string | null) {
  const now = deps.clock.now();
  const [paid] = await tx
    .update(ticketOrders)
    .set({ state: 'paid', transferId, paidAt: now, updatedAt: now })
    .where(eq(ticketOrders.id, order.id))
    .returning();
  await tx
    .update(recitalTickets)
    .set({ state: 'sold', heldUntil: null })
    .where(and(eq(recitalTickets.orderId, order.id), eq(recitalTickets.state, 'held')));
  const ctx = await showContext(tx, { companyId: order.companyId }, order.showId);
  if (!ctx) throw notFound(TICKETS_TEXT.showNotFound);
  if (transferId && paid!.total > 0) {
    await postTicketSale(tx, {
      companyId: order.companyId,
      orderId: order.id,
      amount: paid!.total,
      transferId,
      effectiveDate: dateInZone(now, ctx.timeZone),
      reason: `Recital tickets: order ${order.number}, ${ctx.recital.name} — ${ctx.show.name}`,
    });
  }
  const tickets = await ticketsOfOrders(tx, [order.id]);
  await mailTickets(tx, {
    ctx,
    order: paid!,
    tickets: tickets.filter((t) => t.ticket.state === 'sold'),
    appUrl: deps.appUrl,
  });
}

/**
 * Settles a paying (or unknown) order by the processor's transfer: a success sells it, a failure ends it
 * and frees its seats. Idempotent: an order settled already is left as it is. Answers its state.
 */
export async function settleOrder(
  deps: TicketDeps,
  orderId: string,
  transfer: Transfer,
): Promise<OrderRow['state']> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, orderId)).for('update');
    if (!order) throw notFound(TICKETS_TEXT.orderNotFound);
    if (order.state !== 'paying' && order.state !== 'unknown') return order.state;
    if (transfer.state === 'FAILED' || transfer.state === 'CANCELED') {
      await tx
        .update(ticketOrders)
        .set({ failureCode: transfer.failureCode })
        .where(eq(ticketOrders.id, orderId));
      await endOrders(tx, [orderId], 'failed', deps.clock.now(), ['paying', 'unknown']);
      return 'failed';
    }
    await sellOrder(tx, deps, order, transfer.id);
    return 'paid';
  });
}

/** How long a sale the processor never heard of is waited for before the order is ended. */
const LOST_AFTER_MINUTES = 15;

/** The job's look-up of an order whose answer was lost: settled by the transfer found, or ended when none came. */
export async function reconcileOrder(deps: TicketDeps, orderId: string): Promise<OrderRow['state']> {
  const [order] = await deps.db.select().from(ticketOrders).where(eq(ticketOrders.id, orderId));
  if (!order || (order.state !== 'paying' && order.state !== 'unknown') || !order.idempotencyId)
    return order?.state ?? 'failed';
  const transfer = await deps.provider.findTransfer(order.idempotencyId);
  if (transfer) return settleOrder(deps, orderId, transfer);
  if (addMinutes(order.updatedAt, LOST_AFTER_MINUTES) > deps.clock.now())
    throw new Error(`ticket order ${orderId}: no transfer yet, asked again later`);
  await deps.db.transaction((tx) =>
    endOrders(tx, [orderId], 'failed', deps.clock.now(), ['paying', 'unknown']),
  );
  return 'failed';
}

/** The orders whose answer was lost (paying or unknown for a minute): for the sweep to look up. */
export async function lostOrders(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: ticketOrders.id })
    .from(ticketOrders)
    .where(
      and(
        inArray(ticketOrders.state, ['paying', 'unknown']),
        sql`${ticketOrders.updatedAt} < ${addMinutes(now, -1).toISOString()}::timestamptz`,
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}
