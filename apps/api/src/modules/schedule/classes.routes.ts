import { classCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getClassInfo } from './class-info.service';
import { createClass, editClass, removeClass } from './classes.service';
import { setClassMinGenre } from './requirements.service';

/** A class: its info, creation with its dance numbers, edit, delete, and its minGenreRequired. */
export function classRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, classCalls, {
    info: ({ request, params }) => getClassInfo({ db, actor: actorOfRequest(request), id: params.id }),
    add: ({ request, body }) => createClass({ db, actor: actorOfRequest(request), data: body }),
    edit: ({ request, params, body }) =>
      editClass({ db, actor: actorOfRequest(request), id: params.id, data: body }),
    remove: ({ request, params }) =>
      removeClass({ db, actor: actorOfRequest(request), id: params.id, roomId: params.roomID }),
    setMinGenre: ({ request, params, body }) =>
      setClassMinGenre({
        db,
        actor: actorOfRequest(request),
        classId: params.id,
        value: body.minGenreRequired,
      }),
  });
}
