import { idParams, ok, okSchema, yearTerm, yearTermList } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { actorOfRequest } from '../../http/access';
import { getYearTerms, makeCurrentYearTerm } from './year-terms.service';

const tags = ['year terms'];

export function yearTermRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mystudio/yearTerms',
    {
      config: { access: 'owner' },
      schema: { tags, summary: "The studio's year terms", response: { 200: okSchema(yearTermList) } },
    },
    async (request) => ok(await getYearTerms({ db: deps.db, actor: actorOfRequest(request) })),
  );

  r.put(
    '/api/mystudio/yearTerms/set/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Make a term the studio's current one",
        params: idParams,
        response: { 200: okSchema(yearTerm) },
      },
    },
    async (request) =>
      ok(await makeCurrentYearTerm({ db: deps.db, actor: actorOfRequest(request), id: request.params.id })),
  );
}
