import { rollCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getDay, getRoll, saveMarks } from './roll.service';
import { addTrial, removeTrial } from './roll.trials';

/** The roll's routes (decision 063): the owner's and the class's teacher's. */
export function rollRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  routes(app, rollCalls, {
    day: ({ request, query }) => getDay(ctx(request), query.date, query.locID),
    roll: ({ request, params }) => getRoll(ctx(request), params.clSchID, params.date),
    mark: ({ request, params, body }) =>
      saveMarks({ ...ctx(request), appUrl }, params.clSchID, params.date, body),
    addTrial: ({ request, params, body }) => addTrial(ctx(request), params.clSchID, params.date, body),
    removeTrial: ({ request, params }) => removeTrial(ctx(request), params.clSchID, params.date, params.id),
  });
}
