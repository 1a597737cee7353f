import {
  classFormInputs,
  danceNumberFormInputs,
  inputsTermQuery,
  ok,
  okSchema,
  privateFormInputs,
  studentOptions,
  studentOptionsQuery,
  yearTermOptions,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import {
  getClassFormInputs,
  getDanceNumberFormInputs,
  getPrivateFormInputs,
  getStudentOptions,
  getYearTermOptions,
} from './form-inputs.service';

const tags = ['inputs'];

/** The option lists the schedule's and the private lessons' dialogs need: owner only. */
export function formInputRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/inputs/classform',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The class dialog's options: teachers, rooms, a term's class prices, genres, levels, terms",
        querystring: inputsTermQuery,
        response: { 200: okSchema(classFormInputs) },
      },
    },
    async (request) =>
      ok(
        await getClassFormInputs({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.query.yearTermID,
        }),
      ),
  );

  r.get(
    '/api/mystudio/inputs/dncNumForm',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The dance-number dialog's options: the genres still offered",
        response: { 200: okSchema(danceNumberFormInputs) },
      },
    },
    async (request) => ok(await getDanceNumberFormInputs({ db, actor: actorOfRequest(request) })),
  );

  r.get(
    '/api/mystudio/inputs/privateForm',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary:
          "The private-lesson dialog's options: teachers, a term's private prices, genres, locations, types",
        querystring: inputsTermQuery,
        response: { 200: okSchema(privateFormInputs) },
      },
    },
    async (request) =>
      ok(
        await getPrivateFormInputs({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.query.yearTermID,
        }),
      ),
  );

  r.get(
    '/api/mystudio/inputs/student',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: 'Students whose name contains q, by last name then first name',
        querystring: studentOptionsQuery,
        response: { 200: okSchema(studentOptions) },
      },
    },
    async (request) =>
      ok(await getStudentOptions({ db, actor: actorOfRequest(request), q: request.query.q })),
  );

  r.get(
    '/api/mystudio/inputs/yearTerms',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's year terms, the current one marked",
        response: { 200: okSchema(yearTermOptions) },
      },
    },
    async (request) => ok(await getYearTermOptions({ db, actor: actorOfRequest(request) })),
  );
}
