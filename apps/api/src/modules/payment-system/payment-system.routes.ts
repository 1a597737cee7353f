import { paymentSystemCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { changeOptionDueDay, changePlanDiscount, getPaymentSystem } from './payment-system.service';

export function paymentSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, paymentSystemCalls, {
    get: ({ request, query }) =>
      getPaymentSystem({ db, actor: actorOfRequest(request), yearTermId: query.yearTermID }),
    planDiscount: ({ request, params, body }) =>
      changePlanDiscount({ db, actor: actorOfRequest(request), id: params.id, discount: body.discount }),
    optionDueDay: ({ request, params, body }) =>
      changeOptionDueDay({
        db,
        actor: actorOfRequest(request),
        id: params.id,
        dayPaymentDue: body.dayPaymentDue,
      }),
  });
}
