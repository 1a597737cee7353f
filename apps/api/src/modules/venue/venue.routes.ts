import { seatingCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getSeating, saveSales, saveSeating } from './venue.service';

export function venueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, seatingCalls, {
    get: ({ request, params }) => getSeating({ db, actor: actorOfRequest(request) }, params.id),
    save: ({ request, params, body }) => saveSeating({ db, actor: actorOfRequest(request) }, params.id, body),
    sales: ({ request, params, body }) => saveSales({ db, actor: actorOfRequest(request) }, params.id, body),
  });
}
