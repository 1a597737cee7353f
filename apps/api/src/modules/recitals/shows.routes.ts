import { recitalShowCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getBoard, placeNumber, propose, saveAssignment } from './assignment.service';
import { getBackstageList, getOrder, getProgramme, saveOrder } from './order.service';
import {
  addShow,
  archiveRecital,
  createRecital,
  removeShow,
  updateRecital,
  updateShow,
} from './shows.service';

/** The recital's shows and running order (issue 38 items 1–2, decision 072): the owner's only. */
export function recitalShowRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({ db, actor: actorOfRequest(request) });
  routes(app, recitalShowCalls, {
    create: ({ request, body }) => createRecital(ctx(request), body),
    board: ({ request, params, query }) => getBoard(ctx(request), params.recitalId, query),
    update: ({ request, params, body }) => updateRecital(ctx(request), params.recitalId, body),
    archive: ({ request, params, body }) => archiveRecital(ctx(request), params.recitalId, body.archived),
    addShow: ({ request, params, body }) => addShow(ctx(request), params.recitalId, body),
    updateShow: ({ request, params, body }) => updateShow(ctx(request), params.showId, body),
    removeShow: ({ request, params }) => removeShow(ctx(request), params.showId),
    placeNumber: ({ request, params, body }) =>
      placeNumber(ctx(request), params.recitalId, params.numberId, body),
    propose: ({ request, params }) => propose(ctx(request), params.recitalId),
    saveAssignment: ({ request, params, body }) =>
      saveAssignment(ctx(request), params.recitalId, body.assignment),
    order: ({ request, params }) => getOrder(ctx(request), params.showId),
    saveOrder: ({ request, params, body }) => saveOrder(ctx(request), params.showId, body),
    programme: ({ request, params, query }) => getProgramme(ctx(request), params.recitalId, query.show),
    backstage: ({ request, params }) => getBackstageList(ctx(request), params.showId),
  });
}
