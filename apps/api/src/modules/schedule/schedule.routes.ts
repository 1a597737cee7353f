import {
  ok,
  okSchema,
  roomParams,
  scheduleAnswer,
  scheduleBody,
  scheduleClassList,
  scheduleQuery,
  termRoomParams,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { classPartRoutes } from './class-parts.routes';
import { classRoutes } from './classes.routes';
import { danceNumberRoutes } from './dance-numbers.routes';
import { SCHEDULE_URL, scheduleTags } from './schedule.paths';
import { getClassList, getSchedule, getTermSchedule } from './schedule.service';

/** The weekly class schedule (002 §7 "Class and schedule"): owner only, always of the session's studio. */
export function scheduleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = scheduleTags;

  // The spec names these two with a trailing slash (002 §7); either spelling reaches them.
  r.get(
    `${SCHEDULE_URL}/`,
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "Locations, rooms, and the selected room's classes in a year term (default: current)",
        querystring: scheduleQuery,
        response: { 200: okSchema(scheduleAnswer) },
      },
    },
    async (request) =>
      ok(
        await getSchedule({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.query.yrTrmID,
          locationId: request.query.locID,
          roomId: request.query.rmID,
        }),
      ),
  );

  r.post(
    `${SCHEDULE_URL}/`,
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Locations, rooms, and every class of a year term (default: current)',
        body: scheduleBody,
        response: { 200: okSchema(scheduleAnswer) },
      },
    },
    async (request) =>
      ok(await getTermSchedule({ db, actor: actorOfRequest(request), yearTermId: request.body?.yrTrmID })),
  );

  r.get(
    `${SCHEDULE_URL}/class/list/:roomID`,
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "A room's classes in the current year term",
        params: roomParams,
        response: { 200: okSchema(scheduleClassList) },
      },
    },
    async (request) =>
      ok(await getClassList({ db, actor: actorOfRequest(request), roomId: request.params.roomID })),
  );

  r.get(
    `${SCHEDULE_URL}/class/list/:yearTermID/:roomID`,
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "A room's classes in a year term",
        params: termRoomParams,
        response: { 200: okSchema(scheduleClassList) },
      },
    },
    async (request) =>
      ok(
        await getClassList({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.params.yearTermID,
          roomId: request.params.roomID,
        }),
      ),
  );

  classRoutes(app, deps);
  classPartRoutes(app, deps);
  danceNumberRoutes(app, deps);
}
