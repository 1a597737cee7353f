import { danceNumberCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  createDanceNumber,
  editDanceNumber,
  removeDanceNumber,
  termDanceNumbers,
  updateActivity,
} from './dance-numbers.service';

/** Dance numbers of a class and each registered student's activity in them. */
export function danceNumberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, danceNumberCalls, {
    ofTerm: ({ request, query }) =>
      termDanceNumbers({ db, actor: actorOfRequest(request), yearTermId: query.yrTrmID }),
    add: ({ request, body }) => {
      const { clSchID, ...data } = body;
      return createDanceNumber({ db, actor: actorOfRequest(request), classId: clSchID, data });
    },
    edit: ({ request, params, body }) =>
      editDanceNumber({
        db,
        actor: actorOfRequest(request),
        classId: params.clSchID,
        id: params.dncNumID,
        data: body,
      }),
    remove: ({ request, params }) =>
      removeDanceNumber({
        db,
        actor: actorOfRequest(request),
        classId: params.clSchID,
        id: params.dncNumID,
        seenRegistrations: params.count,
      }),
    setActivity: ({ request, params, body }) =>
      updateActivity({
        db,
        actor: actorOfRequest(request),
        id: params.dncNumActID,
        step: body.step,
        status: body.status,
      }),
  });
}
