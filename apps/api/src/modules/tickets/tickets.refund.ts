import { createHash } from 'node:crypto';
import { type Actor, can, dateInZone, formatDateOnly, TICKETS_TEXT } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitalTickets, ticketOrders } from '../../db/schema/recitals';
import { AppError, forbidden, notFound, unprocessable } from '../../http/errors';
import { audit } from '../../lib/audit';
import { postTicketRefund } from '../books';
import { ProviderError, type Transfer } from '../payments';
import { mailRefund } from './tickets.mail';
import type { TicketDeps } from './tickets.pay';
import { type OrderRow, type ShowContext, showContext, ticketsOfOrders } from './tickets.queries';

/**
 * The owner's refund of a ticket order (issue 38 item 4, decision 074), until the recital's refund day
 * (inclusive; none set: until the show's day). The refund is recorded before the processor's call (the
 * audit's `ticket.refund_started`, with its idempotency id, made of the order and the tickets refunded, so
 * the same refund asked again is the same call), then the tickets are refunded — their seats free — the
 * books' reversal posted and the buyer mailed, in one transaction.
 */

/** Why the order cannot be refunded today (a sentence), or null. */
export function refundRefusal(ctx: ShowContext, order: OrderRow, now: Date): string | null {
  if (order.state !== 'paid') return TICKETS_TEXT.refundNotPaid;
  const today = dateInZone(now, ctx.timeZone);
  const until = ctx.recital.refundsUntil ?? ctx.show.day;
  return today > until ? TICKETS_TEXT.refundClosed(formatDateOnly(until)) : null;
}

export async function refundTickets(
  deps: TicketDeps & { actor: Actor },
  orderId: string,
  input: { ticketIds?: string[]; all?: boolean; reason: string },
) {
  const { db, actor } = deps;
  if (!can(actor, 'studio:manage')) throw forbidden();
  const [order] = await db
    .select()
    .from(ticketOrders)
    .where(and(eq(ticketOrders.companyId, actor.companyId), eq(ticketOrders.id, orderId)));
  if (!order) throw notFound(TICKETS_TEXT.orderNotFound);
  const ctx = await showContext(db, { companyId: actor.companyId }, order.showId);
  if (!ctx) throw notFound(TICKETS_TEXT.orderNotFound);
  const refusal = refundRefusal(ctx, order, deps.clock.now());
  if (refusal) throw unprocessable(refusal);
  const all = await ticketsOfOrders(db, [order.id]);
  const sold = all.filter((t) => t.ticket.state === 'sold');
  const chosen = input.all ? sold : sold.filter((t) => input.ticketIds?.includes(t.ticket.id));
  if (chosen.length === 0 || (!input.all && chosen.length !== new Set(input.ticketIds).size))
    throw unprocessable(TICKETS_TEXT.refundTicketNotSold);
  const ids = chosen.map((t) => t.ticket.id).sort();
  const amount = chosen.reduce((sum, t) => sum + t.ticket.price, 0);
  const key = `${order.id}:${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 16)}`;
  const idempotencyId = `ticket-refund:${key}`;
  await audit(db, {
    action: 'ticket.refund_started',
    companyId: actor.companyId,
    userId: actor.userId,
    targetType: 'ticket_order',
    targetId: order.id,
    detail: { idempotencyId, amount, tickets: ids, reason: input.reason },
  });
  let reversal: Transfer | null = null;
  if (amount > 0) {
    if (!order.transferId) throw unprocessable(TICKETS_TEXT.refundNotPaid);
    try {
      reversal = await deps.provider.refund({
        transferId: order.transferId,
        amount,
        idempotencyId,
        tags: { studio: order.companyId, ticketOrder: order.id },
      });
    } catch (error) {
      if (error instanceof ProviderError && (error.kind === 'unavailable' || error.kind === 'conflict'))
        throw new AppError('unavailable', TICKETS_TEXT.refundUnknown);
      throw unprocessable(TICKETS_TEXT.refundFailed);
    }
    if (reversal.state === 'FAILED' || reversal.state === 'CANCELED')
      throw unprocessable(TICKETS_TEXT.refundFailed);
  }
  await recordRefund(deps, { ctx, order, chosen, ids, amount, key, reversal, reason: input.reason });
  return TICKETS_TEXT.refunded(amount);
}

async function recordRefund(
  deps: TicketDeps & { actor: Actor },
  r: {
    ctx: ShowContext;
    order: OrderRow;
    chosen: Awaited<ReturnType<typeof ticketsOfOrders>>;
    ids: string[];
    amount: number;
    key: string;
    reversal: Transfer | null;
    reason: string;
  },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(ticketOrders)
      .where(eq(ticketOrders.id, r.order.id))
      .for('update');
    const done = await tx
      .update(recitalTickets)
      .set({ state: 'refunded' })
      .where(and(inArray(recitalTickets.id, r.ids), eq(recitalTickets.state, 'sold')))
      .returning({ id: recitalTickets.id });
    // Refunded already (the same refund asked twice: the processor answered the same reversal).
    if (done.length !== r.ids.length || !locked) return;
    const refunded = locked.refunded + r.amount;
    const [after] = await tx
      .update(ticketOrders)
      .set({ refunded, state: refunded >= locked.total ? 'refunded' : 'paid', updatedAt: now })
      .where(eq(ticketOrders.id, locked.id))
      .returning();
    if (r.reversal && r.amount > 0) {
      await postTicketRefund(tx, {
        companyId: locked.companyId,
        refundKey: r.key,
        amount: r.amount,
        transferId: r.reversal.id,
        effectiveDate: dateInZone(now, r.ctx.timeZone),
        reason: `Recital tickets refunded: order ${locked.number} (${r.reason})`,
      });
    }
    await mailRefund(tx, { ctx: r.ctx, order: after!, tickets: r.chosen, amount: r.amount, key: r.key });
    await audit(tx, {
      action: 'ticket.refunded',
      companyId: locked.companyId,
      userId: deps.actor.userId,
      targetType: 'ticket_order',
      targetId: locked.id,
      detail: { amount: r.amount, tickets: r.ids, transferId: r.reversal?.id ?? null, reason: r.reason },
    });
  });
}
