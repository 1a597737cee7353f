import { teacherCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { createTeacher, editTeacher, getTeachers, removeTeacher } from './teachers.service';

/** Teachers (002 §7; the spec leaves add, edit and delete paths unsaid, so they follow its style). */
export function teacherRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, teacherCalls, {
    list: ({ request }) => getTeachers({ db, actor: actorOfRequest(request) }),
    add: ({ request, body }) => createTeacher({ db, actor: actorOfRequest(request), data: body }),
    edit: ({ request, params, body }) =>
      editTeacher({ db, actor: actorOfRequest(request), id: params.id, data: body }),
    remove: ({ request, params }) => removeTeacher({ db, actor: actorOfRequest(request), id: params.id }),
  });
}
