import { z } from 'zod';
import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idParams, idSchema } from '../ids';
import {
  familyTicketPayInput,
  familyTicketRecitals,
  ownerTicketOrder,
  ownerTicketOrdersPage,
  ownerTicketOrdersQuery,
  publicTicket,
  publicTicketHoldAnswer,
  publicTicketPayInput,
  publicTicketRecital,
  ticketHoldAnswer,
  ticketHoldInput,
  ticketOrder,
  ticketOrderList,
  ticketOrderSecretInput,
  ticketOrderSecretQuery,
  ticketPayAnswer,
  ticketRefundAnswer,
  ticketRefundInput,
  ticketSeatMap,
} from './tickets-schema';

const tags = ['recital tickets'];
const showParams = z.object({ showId: idSchema });
const tokenParam = z
  .string()
  .trim()
  .min(8, 'This ticket link is not valid.')
  .max(100, 'This ticket link is not valid.');
const tokenParams = z.object({ token: tokenParam });
const tokenShowParams = z.object({ token: tokenParam, showId: idSchema });
const codeParams = z.object({
  code: z.string().trim().min(8, 'This ticket was not found.').max(100, 'This ticket was not found.'),
});

/** A family buying recital tickets from the portal (issue 38 item 4, decision 074): their own family only. */
export const familyTicketCalls = {
  recitals: defineCall({
    method: 'GET',
    path: '/api/parents/recitals',
    answer: familyTicketRecitals,
    access: 'parent',
    summary:
      'The recitals whose ticket sales are open or coming for families: shows, prices, whether this family may buy, its comps',
    tags,
  }),
  seats: defineCall({
    method: 'GET',
    path: '/api/parents/recitals/shows/:showId/seats',
    params: showParams,
    answer: ticketSeatMap,
    access: 'parent',
    summary: "A show's seat map (free, held, sold, blocked; the family's own held seats marked) and prices",
    tags,
  }),
  hold: defineCall({
    method: 'POST',
    path: '/api/parents/recitals/shows/:showId/hold',
    params: showParams,
    body: ticketHoldInput,
    answer: ticketHoldAnswer,
    access: 'parent',
    summary: 'Hold seats for 10 minutes while the family pays (409 naming the seats someone else took)',
    tags,
  }),
  pay: defineCall({
    method: 'POST',
    path: '/api/parents/ticket-orders/:id/pay',
    params: idParams,
    body: familyTicketPayInput,
    answer: ticketPayAnswer,
    access: 'parent',
    summary:
      "Pay a held order: each seat's kind, the total shown (409 when the server's differs), the method",
    tags,
  }),
  release: defineCall({
    method: 'DELETE',
    path: '/api/parents/ticket-orders/:id',
    params: idParams,
    answer: messageResult,
    access: 'parent',
    summary: "Release a held order's seats",
    tags,
  }),
  orders: defineCall({
    method: 'GET',
    path: '/api/parents/ticket-orders',
    answer: ticketOrderList,
    access: 'parent',
    summary: "The family's ticket orders and their tickets with codes",
    tags,
  }),
};

/** Anyone with a recital's public sales link (issue 38 item 4): once its public sales have opened. */
export const publicTicketCalls = {
  recital: defineCall({
    method: 'GET',
    path: '/api/tickets/:token',
    params: tokenParams,
    answer: publicTicketRecital,
    access: 'public',
    summary: 'A recital on public sale by its link: shows, prices, whether sales are open',
    tags,
  }),
  seats: defineCall({
    method: 'GET',
    path: '/api/tickets/:token/shows/:showId/seats',
    params: tokenShowParams,
    answer: ticketSeatMap,
    access: 'public',
    summary: "A show's seat map on public sale",
    tags,
  }),
  hold: defineCall({
    method: 'POST',
    path: '/api/tickets/:token/shows/:showId/hold',
    params: tokenShowParams,
    body: ticketHoldInput,
    answer: publicTicketHoldAnswer,
    access: 'public',
    summary: "Hold seats for 10 minutes; the answer's secret opens the order (rate-limited per address)",
    tags,
  }),
  pay: defineCall({
    method: 'POST',
    path: '/api/tickets/orders/:id/pay',
    params: idParams,
    body: publicTicketPayInput,
    answer: ticketPayAnswer,
    access: 'public',
    summary: "Pay a held public order by card: the buyer's name and e-mail, the kinds, the total shown",
    tags,
  }),
  release: defineCall({
    method: 'POST',
    path: '/api/tickets/orders/:id/release',
    params: idParams,
    body: ticketOrderSecretInput,
    answer: messageResult,
    access: 'public',
    summary: "Release a held public order's seats",
    tags,
  }),
  order: defineCall({
    method: 'GET',
    path: '/api/tickets/orders/:id',
    params: idParams,
    query: ticketOrderSecretQuery,
    answer: ticketOrder,
    access: 'public',
    summary: 'A public order and its tickets, by its secret',
    tags,
  }),
  ticket: defineCall({
    method: 'GET',
    path: '/api/tickets/ticket/:code',
    params: codeParams,
    answer: publicTicket,
    access: 'public',
    summary: 'One ticket by its code (what its mailed link opens: the show, the seat, whether valid)',
    tags,
  }),
};

/** The owner's ticket orders (issue 38 item 4): the list, one order, a refund. */
export const ownerTicketCalls = {
  orders: defineCall({
    method: 'GET',
    path: '/api/mystudio/recitals/:id/orders',
    params: idParams,
    query: ownerTicketOrdersQuery,
    answer: ownerTicketOrdersPage,
    access: 'owner',
    summary: "A recital's ticket orders, newest first, by show, state or buyer; paginated",
    tags,
  }),
  order: defineCall({
    method: 'GET',
    path: '/api/mystudio/ticket-orders/:id',
    params: idParams,
    answer: ownerTicketOrder,
    access: 'owner',
    summary: 'One ticket order with its tickets (used or not) and whether it can be refunded',
    tags,
  }),
  refund: defineCall({
    method: 'POST',
    path: '/api/mystudio/ticket-orders/:id/refund',
    params: idParams,
    body: ticketRefundInput,
    answer: ticketRefundAnswer,
    access: 'owner',
    summary: "Refund some or all of an order's tickets to the card (until the recital's refund day)",
    tags,
  }),
};
