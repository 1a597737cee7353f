import {
  classInfo,
  classRoomParams,
  classSaved,
  idParams,
  messageResult,
  minGenreInput,
  minGenreResult,
  newClassInput,
  ok,
  okSchema,
  updateClassInput,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { getClassInfo } from './class-info.service';
import { createClass, editClass, removeClass } from './classes.service';
import { setClassMinGenre } from './requirements.service';
import { SCHEDULE_URL, scheduleTags as tags } from './schedule.paths';

const owner = { access: 'owner' } as const;
const ownerRead = { access: 'owner', cache: true } as const;

/** A class: its info, creation with its dance numbers, edit, delete, and its minGenreRequired. */
export function classRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    `${SCHEDULE_URL}/class/info/:id`,
    {
      config: ownerRead,
      schema: {
        tags,
        summary: "A class's dance numbers, registrations with their activity, genres and requirements",
        params: idParams,
        response: { 200: okSchema(classInfo) },
      },
    },
    async (request) => ok(await getClassInfo({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.post(
    `${SCHEDULE_URL}/class`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Create a class with its dance numbers (409 when its room is taken at that time)',
        body: newClassInput,
        response: { 200: okSchema(classSaved) },
      },
    },
    async (request) => ok(await createClass({ db, actor: actorOfRequest(request), data: request.body })),
  );

  r.put(
    `${SCHEDULE_URL}/class/:id`,
    {
      config: owner,
      schema: {
        tags,
        summary: "Edit a class's fields (409 when its room is taken at that time)",
        params: idParams,
        body: updateClassInput,
        response: { 200: okSchema(classSaved) },
      },
    },
    async (request) =>
      ok(await editClass({ db, actor: actorOfRequest(request), id: request.params.id, data: request.body })),
  );

  r.delete(
    `${SCHEDULE_URL}/class/:id/room/:roomID`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Delete a class with its dance numbers, genres, requirements and registrations',
        params: classRoomParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await removeClass({
          db,
          actor: actorOfRequest(request),
          id: request.params.id,
          roomId: request.params.roomID,
        }),
      ),
  );

  r.put(
    `${SCHEDULE_URL}/class/:id/minGenreRequired`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Set how many requirement genres a student needs; the answer carries the value kept',
        params: idParams,
        body: minGenreInput,
        response: { 200: okSchema(minGenreResult) },
      },
    },
    async (request) =>
      ok(
        await setClassMinGenre({
          db,
          actor: actorOfRequest(request),
          classId: request.params.id,
          value: request.body.minGenreRequired,
        }),
      ),
  );
}
