import {
  activityStepInput,
  createdResult,
  idParams,
  locationParams,
  messageResult,
  newPrivateInput,
  ok,
  okSchema,
  privateDetail,
  privateLessonList,
  privateListQuery,
  privateRegistrationCreated,
  privateRegistrationInput,
  privateRegParams,
  privatesAnswer,
  privatesQuery,
  updatePrivateInput,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { registerStudent, updateRegistrationActivity } from './private-registrations.service';
import {
  createPrivate,
  editPrivate,
  getPrivate,
  getPrivateList,
  getPrivates,
  removePrivate,
} from './privates.service';

const tags = ['privates'];

/** Private lessons and their registrations (002 §7 "Privates"): owner only, of the session's studio. */
export function privateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/privates',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The teachers, the locations and a term's private lessons at the selected location",
        querystring: privatesQuery,
        response: { 200: okSchema(privatesAnswer) },
      },
    },
    async (request) =>
      ok(
        await getPrivates({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.query.yrTrmID,
          locationId: request.query.locID,
        }),
      ),
  );

  r.get(
    '/api/mystudio/privates/list/:locID',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "A term's private lessons at a location, by type, teacher and name",
        params: locationParams,
        querystring: privateListQuery,
        response: { 200: okSchema(privateLessonList) },
      },
    },
    async (request) =>
      ok(
        await getPrivateList({
          db,
          actor: actorOfRequest(request),
          locationId: request.params.locID,
          yearTermId: request.query.yrTrmID,
        }),
      ),
  );

  r.get(
    '/api/mystudio/privates/:id',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: 'A private lesson and its registrations',
        params: idParams,
        response: { 200: okSchema(privateDetail) },
      },
    },
    async (request) => ok(await getPrivate({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.post(
    '/api/mystudio/privates',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a private lesson (its year term is its price’s)',
        body: newPrivateInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) => ok(await createPrivate({ db, actor: actorOfRequest(request), data: request.body })),
  );

  r.put(
    '/api/mystudio/privates',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Edit a private lesson: its id beside its fields',
        body: updatePrivateInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) => {
      const { id, ...data } = request.body;
      return ok(await editPrivate({ db, actor: actorOfRequest(request), id, data }));
    },
  );

  r.delete(
    '/api/mystudio/privates/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a private lesson with its registrations',
        params: idParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) => ok(await removePrivate({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.put(
    '/api/mystudio/privates/reg/:regID',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Set a registration's activity (step 1 also its status)",
        params: privateRegParams,
        body: activityStepInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await updateRegistrationActivity({
          db,
          actor: actorOfRequest(request),
          registrationId: request.params.regID,
          ...request.body,
        }),
      ),
  );

  r.post(
    '/api/mystudio/privates/reg/student',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Register a student in a private lesson until the end of its year term',
        body: privateRegistrationInput,
        response: { 200: okSchema(privateRegistrationCreated) },
      },
    },
    async (request) => ok(await registerStudent({ db, actor: actorOfRequest(request), data: request.body })),
  );
}
