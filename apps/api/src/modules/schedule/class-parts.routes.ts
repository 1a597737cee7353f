import { classPartCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { addClassGenre, removeClassGenre } from './class-genres.service';
import { addRequirement, editRequirement, removeRequirement } from './requirements.service';

/** The genres a class teaches and its other requirements. */
export function classPartRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, classPartCalls, {
    addGenre: ({ request, params, body }) =>
      addClassGenre({ db, actor: actorOfRequest(request), classId: params.id, genreId: body.genreID }),
    removeGenre: ({ request, params }) =>
      removeClassGenre({
        db,
        actor: actorOfRequest(request),
        classId: params.id,
        classGenreId: params.clsGenreID,
      }),
    addRequirement: ({ request, params, body }) =>
      addRequirement({ db, actor: actorOfRequest(request), classId: params.id, data: body }),
    editRequirement: ({ request, params, body }) =>
      editRequirement({ db, actor: actorOfRequest(request), classId: params.id, data: body }),
    removeRequirement: ({ request, params }) =>
      removeRequirement({
        db,
        actor: actorOfRequest(request),
        classId: params.id,
        requirementId: params.otherReqID,
      }),
  });
}
