import { discountCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  createDiscount,
  editDiscount,
  getDiscounts,
  removeDiscount,
  reorderDiscounts,
} from './discounts.service';

const described: ReadonlySet<unknown> = new Set(
  Object.values(discountCalls).filter((call) => 'description' in call),
);

export function discountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // route() gives OpenAPI a call's summary but not yet a description: the units of a discount's numbers
  // are put on its routes here, on the schema OpenAPI reads once the routes are all registered.
  app.addHook('onRoute', (route) => {
    const call = route.config?.call;
    if (call && described.has(call) && route.schema && 'description' in call) {
      route.schema.description = String(call.description);
    }
  });
  routes(app, discountCalls, {
    list: ({ request }) => getDiscounts({ db, actor: actorOfRequest(request) }),
    add: ({ request, body }) => createDiscount({ db, actor: actorOfRequest(request), input: body }),
    reorder: ({ request, body }) => reorderDiscounts({ db, actor: actorOfRequest(request), ids: body.ids }),
    edit: ({ request, params, body }) =>
      editDiscount({ db, actor: actorOfRequest(request), id: params.id, input: body }),
    remove: ({ request, params }) => removeDiscount({ db, actor: actorOfRequest(request), id: params.id }),
  });
}
