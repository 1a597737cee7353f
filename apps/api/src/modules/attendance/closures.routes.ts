import { closureCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getClosures, getMeetings, previewClosure } from './closures.reads';
import { addClosure, removeClosure } from './closures.service';

/** The studio's closures and meetings (issue 36, decision 062). */
export function closureRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  routes(app, closureCalls, {
    list: ({ request, query }) => getClosures({ db, actor: actorOfRequest(request) }, query.from, query.to),
    preview: ({ request, query }) => previewClosure({ db, actor: actorOfRequest(request) }, query),
    add: ({ request, body }) => addClosure({ db, clock, appUrl, actor: actorOfRequest(request) }, body),
    remove: ({ request, params }) =>
      removeClosure({ db, clock, appUrl, actor: actorOfRequest(request) }, params.id),
    meetings: ({ request, query }) => getMeetings({ db, actor: actorOfRequest(request) }, query),
  });
}
