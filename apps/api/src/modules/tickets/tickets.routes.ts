import { familyTicketCalls, ownerTicketCalls, publicTicketCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { ownerOrder, ownerOrders } from './tickets.owner';
import { refundTickets } from './tickets.refund';
import {
  familyHold,
  familyOrders,
  familyPay,
  familyRecitals,
  familyRelease,
  familySeats,
  publicHold,
  publicOrderOf,
  publicPay,
  publicRecital,
  publicRelease,
  publicSeats,
  ticketByCode,
} from './tickets.service';

/** Recital tickets' routes (decision 074): the family's, the public's and the owner's. */
export function ticketRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, provider, appUrl } = deps;
  const base = { db, clock, provider, appUrl };
  const fam = (request: Parameters<typeof actorOfRequest>[0]) => ({
    ...base,
    actor: actorOfRequest(request),
  });
  const pub = (ip = '') => ({ ...base, secretKey: deps.cookieSecret, ip });
  routes(app, familyTicketCalls, {
    recitals: ({ request }) => familyRecitals(fam(request)),
    seats: ({ request, params }) => familySeats(fam(request), params.showId),
    hold: ({ request, params, body }) => familyHold(fam(request), params.showId, body.seatIds),
    pay: ({ request, params, body }) => familyPay(fam(request), params.id, body),
    release: ({ request, params }) => familyRelease(fam(request), params.id),
    orders: ({ request }) => familyOrders(fam(request)),
  });
  routes(app, publicTicketCalls, {
    recital: ({ params }) => publicRecital(base, params.token),
    seats: ({ params }) => publicSeats(base, params.token, params.showId),
    hold: ({ request, params, body }) =>
      publicHold(pub(request.ip), params.token, params.showId, body.seatIds),
    pay: ({ request, params, body }) => publicPay(pub(request.ip), params.id, body),
    release: ({ params, body }) => publicRelease(pub(), params.id, body.secret),
    order: ({ params, query }) => publicOrderOf(pub(), params.id, query.secret),
    ticket: ({ params }) => ticketByCode(db, params.code),
  });
  routes(app, ownerTicketCalls, {
    orders: ({ request, params, query }) => ownerOrders(fam(request), params.id, query),
    order: ({ request, params }) => ownerOrder(fam(request), params.id),
    refund: async ({ request, params, body }) => {
      const d = fam(request);
      const msg = await refundTickets(d, params.id, body);
      return { order: await ownerOrder(d, params.id), msg };
    },
  });
}
