import { ok, okSchema, parentAccountAnswer } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { getParentAccount } from './accounts.service';

/** The parent's own family account (001 §7 Parent): GET api/parents/account/. */
export function parentAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/parents/account/',
    {
      config: { access: 'parent', cache: true },
      schema: {
        tags: ['parent account'],
        summary: "The parent's family: its information, people, students, classes and terms",
        response: { 200: okSchema(parentAccountAnswer) },
      },
    },
    async (request) => ok(await getParentAccount({ db, actor: actorOfRequest(request) })),
  );
}
