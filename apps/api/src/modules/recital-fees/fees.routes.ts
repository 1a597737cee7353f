import { recitalFeeCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { feeOverview, postRecitalFees, saveFeeSettings } from './fees.service';

export function recitalFeeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    appUrl: deps.appUrl,
    actor: actorOfRequest(request),
  });
  routes(app, recitalFeeCalls, {
    overview: ({ request, params, query }) => feeOverview(ctx(request), params.id, query.page),
    settings: ({ request, params, body }) => saveFeeSettings(ctx(request), params.id, body),
    post: ({ request, params }) => postRecitalFees(ctx(request), params.id),
  });
}
