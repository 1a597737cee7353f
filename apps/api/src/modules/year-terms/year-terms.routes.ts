import { yearTermCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  createYearTerm,
  editYearTerm,
  getYearTermCounts,
  getYearTerms,
  makeCurrentYearTerm,
  removeYearTerm,
} from './year-terms.service';

export function yearTermRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, yearTermCalls, {
    list: ({ request }) => getYearTerms({ db, actor: actorOfRequest(request) }),
    counts: ({ request }) => getYearTermCounts({ db, actor: actorOfRequest(request) }),
    add: ({ request, body }) => createYearTerm({ db, actor: actorOfRequest(request), input: body }),
    edit: ({ request, body }) =>
      editYearTerm({ db, actor: actorOfRequest(request), id: body.id, data: body.data }),
    remove: ({ request, params }) => removeYearTerm({ db, actor: actorOfRequest(request), id: params.id }),
    setCurrent: ({ request, params, body }) =>
      makeCurrentYearTerm({
        db,
        actor: actorOfRequest(request),
        id: params.id,
        expectedId: body?.expectedID,
      }),
  });
}
