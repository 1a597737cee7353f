import {
  centsToDollars,
  clockWords,
  dollarsText,
  formatDateOnly,
  rowSeatLabel,
  ticketKindLabels,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import type { OrderRow, OrderTicketRow, ShowContext } from './tickets.queries';

/**
 * The buyer's mail (decision 074), through the outbox in the transaction that sold or refunded: the
 * tickets of an order once (`recital-tickets:<order>`), each with its link `/tickets/t/<code>` (the page
 * that shows its QR), and a refund's notice once per refund.
 */

const money = (cents: number) => dollarsText(centsToDollars(cents));

export async function mailTickets(
  tx: Db,
  a: { ctx: ShowContext; order: OrderRow; tickets: OrderTicketRow[]; appUrl: string },
) {
  const { ctx, order } = a;
  if (!order.buyerEmail) return;
  await enqueueMail(tx, {
    template: 'recital-tickets',
    to: order.buyerEmail,
    companyId: order.companyId,
    key: `recital-tickets:${order.id}`,
    data: {
      studioName: ctx.studioName,
      buyerName: order.buyerName,
      recitalName: ctx.recital.name,
      showName: ctx.show.name,
      day: formatDateOnly(ctx.show.day),
      doors: clockWords(ctx.show.doorsAt),
      curtain: clockWords(ctx.show.startsAt),
      venue: [ctx.recital.venueName, ctx.recital.venueAddress].filter(Boolean).join(', '),
      orderNumber: order.number,
      total: money(order.total),
      tickets: a.tickets.map((t) => ({
        seat: `${t.section} ${rowSeatLabel(t.row, t.number)} (${ticketKindLabels[t.ticket.kind].toLowerCase()})`,
        link: `${a.appUrl}/tickets/t/${t.ticket.code}`,
      })),
    },
  });
}

export async function mailRefund(
  tx: Db,
  a: { ctx: ShowContext; order: OrderRow; tickets: OrderTicketRow[]; amount: number; key: string },
) {
  const { ctx, order } = a;
  if (!order.buyerEmail) return;
  await enqueueMail(tx, {
    template: 'recital-tickets-refunded',
    to: order.buyerEmail,
    companyId: order.companyId,
    key: `recital-tickets-refund:${a.key}`,
    data: {
      studioName: ctx.studioName,
      buyerName: order.buyerName,
      recitalName: ctx.recital.name,
      showName: ctx.show.name,
      day: formatDateOnly(ctx.show.day),
      orderNumber: order.number,
      amount: money(a.amount),
      seats: a.tickets.map((t) => `${t.section} ${rowSeatLabel(t.row, t.number)}`),
    },
  });
}
