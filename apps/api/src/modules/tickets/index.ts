/**
 * Recital tickets, the selling side (issue 38 item 4, decision 074): holds, orders, payment, the books,
 * refunds and the buyer's mail. What other modules need of it, they take from here.
 */
export { ticketJobHandlers } from './job-handlers';
export { ticketRoutes } from './tickets.routes';
