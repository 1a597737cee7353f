import { tuitionPriceCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  createClassTuition,
  createPrivateTuition,
  editClassTuition,
  editPrivateTuition,
  getClassTuitions,
  getPrivateTuitions,
  removeClassTuition,
  removePrivateTuition,
} from './tuition.service';

/** Class and private tuition prices of a year term (002 §3, §7). Prices travel in dollars. */
export function tuitionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, tuitionPriceCalls, {
    classes: ({ request, query }) =>
      getClassTuitions({ db, actor: actorOfRequest(request), yearTermId: query.yearTermID }),
    addClass: ({ request, body }) => createClassTuition({ db, actor: actorOfRequest(request), input: body }),
    editClass: ({ request, body }) =>
      editClassTuition({ db, actor: actorOfRequest(request), id: body.id, data: body.data }),
    removeClass: ({ request, params }) =>
      removeClassTuition({ db, actor: actorOfRequest(request), id: params.id }),
    privates: ({ request, query }) =>
      getPrivateTuitions({ db, actor: actorOfRequest(request), yearTermId: query.yearTermID }),
    addPrivate: ({ request, body }) =>
      createPrivateTuition({ db, actor: actorOfRequest(request), input: body }),
    editPrivate: ({ request, body }) =>
      editPrivateTuition({ db, actor: actorOfRequest(request), id: body.id, data: body.data }),
    removePrivate: ({ request, params }) =>
      removePrivateTuition({ db, actor: actorOfRequest(request), id: params.id }),
  });
}
