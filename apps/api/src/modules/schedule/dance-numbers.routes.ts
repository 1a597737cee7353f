import {
  activityParams,
  activityStepInput,
  danceNumberCreated,
  danceNumberDeleteParams,
  danceNumberParams,
  messageResult,
  newDanceNumberInput,
  ok,
  okSchema,
  updateDanceNumberInput,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import {
  createDanceNumber,
  editDanceNumber,
  removeDanceNumber,
  updateActivity,
} from './dance-numbers.service';
import { SCHEDULE_URL, scheduleTags as tags } from './schedule.paths';

const owner = { access: 'owner' } as const;

/** Dance numbers of a class and each registered student's activity in them. */
export function danceNumberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.post(
    `${SCHEDULE_URL}/class/danceNumber`,
    {
      config: owner,
      schema: {
        tags,
        summary: "Add a dance number to a class, with activity for each of the class's students",
        body: newDanceNumberInput,
        response: { 200: okSchema(danceNumberCreated) },
      },
    },
    async (request) => {
      const { clSchID, ...data } = request.body;
      return ok(await createDanceNumber({ db, actor: actorOfRequest(request), classId: clSchID, data }));
    },
  );

  r.put(
    `${SCHEDULE_URL}/class/danceNumber/:clSchID/:dncNumID`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Edit a dance number',
        params: danceNumberParams,
        body: updateDanceNumberInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await editDanceNumber({
          db,
          actor: actorOfRequest(request),
          classId: request.params.clSchID,
          id: request.params.dncNumID,
          data: request.body,
        }),
      ),
  );

  r.delete(
    `${SCHEDULE_URL}/class/danceNumber/:clSchID/:dncNumID/:count`,
    {
      config: owner,
      schema: {
        tags,
        summary:
          "Delete a dance number and its activity; `count` is the class's registration count the owner saw (at least 1)",
        params: danceNumberDeleteParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await removeDanceNumber({
          db,
          actor: actorOfRequest(request),
          classId: request.params.clSchID,
          id: request.params.dncNumID,
          seenRegistrations: request.params.count,
        }),
      ),
  );

  r.put(
    `${SCHEDULE_URL}/class/danceNumberActivity/:dncNumActID`,
    {
      config: owner,
      schema: {
        tags,
        summary:
          "Set a student's activity in a dance number: step 1 all four flags, 2 competition, 3 recital, 4 costume",
        params: activityParams,
        body: activityStepInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await updateActivity({
          db,
          actor: actorOfRequest(request),
          id: request.params.dncNumActID,
          step: request.body.step,
          status: request.body.status,
        }),
      ),
  );
}
