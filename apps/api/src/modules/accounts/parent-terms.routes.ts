import { acceptTermsInput, messageResult, ok, okSchema, parentTermsAnswer } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { acceptParentTerms, getParentTerms } from './parent-terms.service';

const tags = ['parent account'];

/** The parent reads the studio's terms and accepts them for their own family (issue 13 item 16). */
export function parentTermsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/parents/account/terms',
    {
      config: { access: 'parent', cache: true },
      schema: {
        tags,
        summary: "The studio's terms documents, each in the version in force, to read",
        response: { 200: okSchema(parentTermsAnswer) },
      },
    },
    async (request) => ok(await getParentTerms({ db, actor: actorOfRequest(request) })),
  );

  r.post(
    '/api/parents/account/terms',
    {
      config: { access: 'parent' },
      schema: {
        tags,
        summary: "Accept a terms document, in the version in force, for the parent's own family",
        description: 'A version other than the one in force is refused with 409: the parent reads again.',
        body: acceptTermsInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(await acceptParentTerms({ db, actor: actorOfRequest(request), input: request.body })),
  );
}
