import { recitalCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getRecitals } from './recitals.service';

export function recitalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, recitalCalls, {
    list: ({ request, query }) =>
      getRecitals({ db, actor: actorOfRequest(request), withArchived: query.all === '1' }),
  });
}
