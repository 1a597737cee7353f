import { parentTermsCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { acceptParentTerms, getParentTerms } from './parent-terms.service';

/** The parent reads the studio's terms and accepts them for their own family (issue 13 item 16). */
export function parentTermsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, parentTermsCalls, {
    read: ({ request }) => getParentTerms({ db, actor: actorOfRequest(request) }),
    // A version other than the one in force is refused with 409: the parent reads again.
    accept: ({ request, body }) => acceptParentTerms({ db, actor: actorOfRequest(request), input: body }),
  });
}
