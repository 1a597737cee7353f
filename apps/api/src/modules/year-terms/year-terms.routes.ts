import {
  createdResult,
  idParams,
  messageResult,
  newYearTermInput,
  ok,
  okSchema,
  setCurrentYearTermInput,
  updateYearTermInput,
  yearTerm,
  yearTermCounts,
  yearTermList,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import {
  createYearTerm,
  editYearTerm,
  getYearTermCounts,
  getYearTerms,
  makeCurrentYearTerm,
  removeYearTerm,
} from './year-terms.service';

const tags = ['year terms'];

export function yearTermRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/yearTerms',
    {
      config: { access: 'owner', cache: true },
      schema: { tags, summary: "The studio's year terms", response: { 200: okSchema(yearTermList) } },
    },
    async (request) => ok(await getYearTerms({ db, actor: actorOfRequest(request) })),
  );

  r.get(
    '/api/mystudio/yearTerms/counts',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: 'What each year term holds: classes, private lessons and active families',
        response: { 200: okSchema(yearTermCounts) },
      },
    },
    async (request) => ok(await getYearTermCounts({ db, actor: actorOfRequest(request) })),
  );

  r.post(
    '/api/mystudio/yearTerms/new',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'A new year term, with its payment system generated from its dates',
        body: newYearTermInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) => ok(await createYearTerm({ db, actor: actorOfRequest(request), input: request.body })),
  );

  r.put(
    '/api/mystudio/yearTerms',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Change a year term; new dates rebuild its payment system',
        body: updateYearTermInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await editYearTerm({
          db,
          actor: actorOfRequest(request),
          id: request.body.id,
          data: request.body.data,
        }),
      ),
  );

  r.delete(
    '/api/mystudio/yearTerms/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a year term that is not current, with its tuition prices and payment plans',
        params: idParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(await removeYearTerm({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.put(
    '/api/mystudio/yearTerms/set/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Make a term the studio's current one",
        description:
          'The optional body names the term the caller saw as current; when another has become current since, the change is refused with 409.',
        params: idParams,
        body: setCurrentYearTermInput.nullish(),
        response: { 200: okSchema(yearTerm) },
      },
    },
    async (request) =>
      ok(
        await makeCurrentYearTerm({
          db,
          actor: actorOfRequest(request),
          id: request.params.id,
          expectedId: request.body?.expectedID,
        }),
      ),
  );
}
