import {
  classGenreInput,
  classGenreParams,
  createdResult,
  idParams,
  messageResult,
  minGenreResult,
  ok,
  okSchema,
  requirementCreated,
  requirementInput,
  requirementParams,
  requirementUpdateInput,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { addClassGenre, removeClassGenre } from './class-genres.service';
import { addRequirement, editRequirement, removeRequirement } from './requirements.service';
import { SCHEDULE_URL, scheduleTags as tags } from './schedule.paths';

const owner = { access: 'owner' } as const;

/** The genres a class teaches and its other requirements. */
export function classPartRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.post(
    `${SCHEDULE_URL}/class/:id/genre`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Add a genre the class teaches',
        params: idParams,
        body: classGenreInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) =>
      ok(
        await addClassGenre({
          db,
          actor: actorOfRequest(request),
          classId: request.params.id,
          genreId: request.body.genreID,
        }),
      ),
  );

  r.delete(
    `${SCHEDULE_URL}/class/:id/genre/:clsGenreID`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Remove a genre from the class',
        params: classGenreParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await removeClassGenre({
          db,
          actor: actorOfRequest(request),
          classId: request.params.id,
          classGenreId: request.params.clsGenreID,
        }),
      ),
  );

  r.post(
    `${SCHEDULE_URL}/class/:id/otherRequirement`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Add another requirement (a genre at a level); minGenreRequired is re-clamped',
        params: idParams,
        body: requirementInput,
        response: { 200: okSchema(requirementCreated) },
      },
    },
    async (request) =>
      ok(
        await addRequirement({
          db,
          actor: actorOfRequest(request),
          classId: request.params.id,
          data: request.body,
        }),
      ),
  );

  r.put(
    `${SCHEDULE_URL}/class/:id/otherRequirement`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Edit another requirement; minGenreRequired is re-clamped',
        params: idParams,
        body: requirementUpdateInput,
        response: { 200: okSchema(minGenreResult) },
      },
    },
    async (request) =>
      ok(
        await editRequirement({
          db,
          actor: actorOfRequest(request),
          classId: request.params.id,
          data: request.body,
        }),
      ),
  );

  r.delete(
    `${SCHEDULE_URL}/class/:id/otherRequirement/:otherReqID`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Remove another requirement; minGenreRequired is re-clamped',
        params: requirementParams,
        response: { 200: okSchema(minGenreResult) },
      },
    },
    async (request) =>
      ok(
        await removeRequirement({
          db,
          actor: actorOfRequest(request),
          classId: request.params.id,
          requirementId: request.params.otherReqID,
        }),
      ),
  );
}
