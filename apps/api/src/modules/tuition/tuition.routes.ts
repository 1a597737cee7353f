import {
  classTuitionList,
  createdResult,
  idParams,
  messageResult,
  newClassTuitionInput,
  newPrivateTuitionInput,
  ok,
  okSchema,
  privateTuitionList,
  updateClassTuitionInput,
  updatePrivateTuitionInput,
  yearTermQuery,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
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

const tags = ['tuition prices'];
const owner = { access: 'owner' } as const;
const ownerRead = { access: 'owner', cache: true } as const;
const message = okSchema(messageResult);

/** Class and private tuition prices of a year term (002 §3, §7). Prices travel in dollars. */
export function tuitionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/tuition/classes',
    {
      config: ownerRead,
      schema: {
        tags,
        summary: "A year term's class prices (default: the current term)",
        querystring: yearTermQuery,
        response: { 200: okSchema(classTuitionList) },
      },
    },
    async (request) =>
      ok(
        await getClassTuitions({ db, actor: actorOfRequest(request), yearTermId: request.query.yearTermID }),
      ),
  );

  r.post(
    '/api/mystudio/tuition/classes',
    {
      config: owner,
      schema: {
        tags,
        summary: 'A new class price',
        body: newClassTuitionInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) =>
      ok(await createClassTuition({ db, actor: actorOfRequest(request), input: request.body })),
  );

  r.put(
    '/api/mystudio/tuition/classes',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Change a class price',
        body: updateClassTuitionInput,
        response: { 200: message },
      },
    },
    async (request) =>
      ok(
        await editClassTuition({
          db,
          actor: actorOfRequest(request),
          id: request.body.id,
          data: request.body.data,
        }),
      ),
  );

  r.delete(
    '/api/mystudio/tuition/classes/:id',
    {
      config: owner,
      schema: { tags, summary: 'Delete a class price', params: idParams, response: { 200: message } },
    },
    async (request) =>
      ok(await removeClassTuition({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.get(
    '/api/mystudio/tuition/privates',
    {
      config: ownerRead,
      schema: {
        tags,
        summary: "A year term's private-lesson prices (default: the current term)",
        querystring: yearTermQuery,
        response: { 200: okSchema(privateTuitionList) },
      },
    },
    async (request) =>
      ok(
        await getPrivateTuitions({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.query.yearTermID,
        }),
      ),
  );

  r.post(
    '/api/mystudio/tuition/privates',
    {
      config: owner,
      schema: {
        tags,
        summary: 'A new private-lesson price',
        body: newPrivateTuitionInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) =>
      ok(await createPrivateTuition({ db, actor: actorOfRequest(request), input: request.body })),
  );

  r.put(
    '/api/mystudio/tuition/privates',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Change a private-lesson price',
        body: updatePrivateTuitionInput,
        response: { 200: message },
      },
    },
    async (request) =>
      ok(
        await editPrivateTuition({
          db,
          actor: actorOfRequest(request),
          id: request.body.id,
          data: request.body.data,
        }),
      ),
  );

  r.delete(
    '/api/mystudio/tuition/privates/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Delete a private-lesson price',
        params: idParams,
        response: { 200: message },
      },
    },
    async (request) =>
      ok(await removePrivateTuition({ db, actor: actorOfRequest(request), id: request.params.id })),
  );
}
