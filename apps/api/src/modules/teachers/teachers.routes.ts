import {
  createdResult,
  idParams,
  messageResult,
  ok,
  okSchema,
  teacherInput,
  teacherList,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { createTeacher, editTeacher, getTeachers, removeTeacher } from './teachers.service';

const tags = ['teachers'];

/** Teachers (002 §7; the spec leaves add, edit and delete paths unsaid, so they follow its style). */
export function teacherRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/teachers',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's teachers, by last name",
        response: { 200: okSchema(teacherList) },
      },
    },
    async (request) => ok(await getTeachers({ db, actor: actorOfRequest(request) })),
  );

  r.post(
    '/api/mystudio/teachers',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a teacher',
        body: teacherInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) => ok(await createTeacher({ db, actor: actorOfRequest(request), data: request.body })),
  );

  r.put(
    '/api/mystudio/teachers/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Edit a teacher',
        params: idParams,
        body: teacherInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await editTeacher({
          db,
          actor: actorOfRequest(request),
          id: request.params.id,
          data: request.body,
        }),
      ),
  );

  r.delete(
    '/api/mystudio/teachers/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a teacher',
        params: idParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) => ok(await removeTeacher({ db, actor: actorOfRequest(request), id: request.params.id })),
  );
}
