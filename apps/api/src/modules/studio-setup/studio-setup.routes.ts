import { studioSetupCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getStudioSetup, markStudioSetupStep } from './studio-setup.service';

/** The setup checklist on the owner's dashboard (issue 13 item 19). */
export function studioSetupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, studioSetupCalls, {
    get: ({ request }) => getStudioSetup({ db, actor: actorOfRequest(request) }),
    mark: ({ request, params }) =>
      markStudioSetupStep({ db, actor: actorOfRequest(request), step: params.step }),
  });
}
