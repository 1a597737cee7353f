import { type RecitalShowItem, rowSeatLabel, type TicketItem, type TicketOrder } from '@pirouette/domain';
import type { OrderRow, OrderTicketRow, ShowRow } from './tickets.queries';

/** Rows → the answers of ticket sales (decision 074). A ticket's code is shown only once it is sold. */

export const presentShow = (s: ShowRow): RecitalShowItem => ({
  id: s.id,
  name: s.name,
  day: s.day,
  startsAt: s.startsAt,
  doorsAt: s.doorsAt,
});

/**
 * An order's state as read now: a hold whose end has passed reads `expired` before the sweep writes it
 * (nothing is written on a read); any other state as stored.
 */
export const stateNow = (order: Pick<OrderRow, 'state' | 'heldUntil'>, now: Date): OrderRow['state'] =>
  order.state === 'held' && order.heldUntil.getTime() <= now.getTime() ? 'expired' : order.state;

export const presentTicket = (r: OrderTicketRow, orderEnded = false): TicketItem => ({
  id: r.ticket.id,
  seatId: r.ticket.seatId,
  section: r.section,
  row: r.row,
  number: r.number,
  label: rowSeatLabel(r.row, r.number),
  kind: r.ticket.kind,
  price: r.ticket.price,
  // A held seat of a hold read as ended is free again, as the sweep will write it.
  state: orderEnded && r.ticket.state === 'held' ? 'released' : r.ticket.state,
  code: r.ticket.state === 'sold' || r.ticket.state === 'refunded' ? r.ticket.code : null,
  usedAt: r.ticket.usedAt?.toISOString() ?? null,
});

export function presentOrder(
  o: { order: OrderRow; show: ShowRow; recitalName: string; venueName: string },
  tickets: OrderTicketRow[],
  now: Date,
): TicketOrder {
  const { order } = o;
  const state = stateNow(order, now);
  const ended = state !== order.state;
  return {
    id: order.id,
    number: order.number,
    recitalId: order.recitalId,
    recitalName: o.recitalName,
    venueName: o.venueName,
    show: presentShow(o.show),
    channel: order.channel,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    state,
    heldUntil: order.heldUntil.toISOString(),
    total: order.total,
    refunded: order.refunded,
    method: order.method,
    paidAt: order.paidAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    tickets: tickets.filter((t) => t.ticket.orderId === order.id).map((t) => presentTicket(t, ended)),
  };
}

/** "Orchestra B 12, B 13; Balcony A 1": an order's seats, grouped by section. */
export function seatsLine(tickets: OrderTicketRow[]): string {
  const bySection = new Map<string, string[]>();
  for (const t of tickets) {
    const list = bySection.get(t.section) ?? [];
    list.push(rowSeatLabel(t.row, t.number));
    bySection.set(t.section, list);
  }
  return [...bySection].map(([section, seats]) => `${section} ${seats.join(', ')}`).join('; ');
}
