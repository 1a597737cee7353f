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

export function discountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, discountCalls, {
    list: ({ request }) => getDiscounts({ db, actor: actorOfRequest(request) }),
    add: ({ request, body }) => createDiscount({ db, actor: actorOfRequest(request), input: body }),
    reorder: ({ request, body }) => reorderDiscounts({ db, actor: actorOfRequest(request), ids: body.ids }),
    edit: ({ request, params, body }) =>
      editDiscount({ db, actor: actorOfRequest(request), id: params.id, input: body }),
    remove: ({ request, params }) => removeDiscount({ db, actor: actorOfRequest(request), id: params.id }),
  });
}
