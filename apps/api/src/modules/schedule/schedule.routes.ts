import { scheduleCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { classPartRoutes } from './class-parts.routes';
import { classRoutes } from './classes.routes';
import { danceNumberRoutes } from './dance-numbers.routes';
import { getClassList, getSchedule, getTermSchedule } from './schedule.service';

/** The weekly class schedule (002 §7 "Class and schedule"): owner only, always of the session's studio. */
export function scheduleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, scheduleCalls, {
    week: ({ request, query }) =>
      getSchedule({
        db,
        actor: actorOfRequest(request),
        yearTermId: query.yrTrmID,
        locationId: query.locID,
        roomId: query.rmID,
      }),
    term: ({ request, body }) =>
      getTermSchedule({ db, actor: actorOfRequest(request), yearTermId: body?.yrTrmID }),
    roomClasses: ({ request, params }) =>
      getClassList({ db, actor: actorOfRequest(request), roomId: params.roomID }),
    roomClassesOfTerm: ({ request, params }) =>
      getClassList({
        db,
        actor: actorOfRequest(request),
        yearTermId: params.yearTermID,
        roomId: params.roomID,
      }),
  });

  classRoutes(app, deps);
  classPartRoutes(app, deps);
  danceNumberRoutes(app, deps);
}
