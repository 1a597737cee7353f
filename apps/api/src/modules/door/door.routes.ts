import { backstageCalls, doorCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getBackstage, signBackstage } from './backstage.service';
import { getDoor, recordScans } from './door.service';

export function doorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, doorCalls, {
    page: ({ request, params }) => getDoor({ db, actor: actorOfRequest(request) }, params.showId),
    scan: ({ request, params, body }) =>
      recordScans({ db, actor: actorOfRequest(request) }, params.showId, body.scans),
  });
  routes(app, backstageCalls, {
    page: ({ request, params }) => getBackstage({ db, actor: actorOfRequest(request) }, params.showId),
    sign: ({ request, params, body }) =>
      signBackstage({ db, actor: actorOfRequest(request) }, params.showId, body.events),
  });
}
