import { ok, okSchema, setupStepParams, studioSetupAnswer } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { getStudioSetup, markStudioSetupStep } from './studio-setup.service';

const tags = ['studio setup'];

/** The setup checklist on the owner's dashboard (issue 13 item 19). */
export function studioSetupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/setup',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's setup checklist: each step, and whether the studio's data shows it done",
        response: { 200: okSchema(studioSetupAnswer) },
      },
    },
    async (request) => ok(await getStudioSetup({ db, actor: actorOfRequest(request) })),
  );

  r.post(
    '/api/mystudio/setup/:step',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary:
          'Tick a step only the owner can know is done: terms (reviewed as they are) or parentLink (copied)',
        params: setupStepParams,
        response: { 200: okSchema(studioSetupAnswer) },
      },
    },
    async (request) =>
      ok(await markStudioSetupStep({ db, actor: actorOfRequest(request), step: request.params.step })),
  );
}
