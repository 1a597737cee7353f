import { privateCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { registerStudent, updateRegistrationActivity } from './private-registrations.service';
import {
  createPrivate,
  editPrivate,
  getPrivate,
  getPrivateList,
  getPrivates,
  removePrivate,
} from './privates.service';

/** Private lessons and their registrations (002 §7 "Privates"): owner only, of the session's studio. */
export function privateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, privateCalls, {
    overview: ({ request, query }) =>
      getPrivates({
        db,
        actor: actorOfRequest(request),
        yearTermId: query.yrTrmID,
        locationId: query.locID,
      }),
    list: ({ request, params, query }) =>
      getPrivateList({
        db,
        actor: actorOfRequest(request),
        locationId: params.locID,
        yearTermId: query.yrTrmID,
      }),
    detail: ({ request, params }) => getPrivate({ db, actor: actorOfRequest(request), id: params.id }),
    add: ({ request, body }) => createPrivate({ db, actor: actorOfRequest(request), data: body }),
    edit: ({ request, body }) => {
      const { id, ...data } = body;
      return editPrivate({ db, actor: actorOfRequest(request), id, data });
    },
    remove: ({ request, params }) => removePrivate({ db, actor: actorOfRequest(request), id: params.id }),
    setActivity: ({ request, params, body }) =>
      updateRegistrationActivity({
        db,
        actor: actorOfRequest(request),
        registrationId: params.regID,
        ...body,
      }),
    register: ({ request, body }) => registerStudent({ db, actor: actorOfRequest(request), data: body }),
  });
}
