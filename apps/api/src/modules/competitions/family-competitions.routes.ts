import { familyCompetitionCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { familyCompetitions, parentCompetitions } from './family.service';

/** A family's competition entries (issue 19 point 5, decision 034): the owner's, of any family; the parent's own. */
export function familyCompetitionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  routes(app, familyCompetitionCalls, {
    ofFamily: ({ request, params }) =>
      familyCompetitions({ db, clock, actor: actorOfRequest(request) }, params.id),
    parent: ({ request }) => parentCompetitions({ db, clock, actor: actorOfRequest(request) }),
  });
}
