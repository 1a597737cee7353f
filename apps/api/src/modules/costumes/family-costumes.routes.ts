import { familyCostumeCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { familyCostumes, parentCostumes } from './family.service';

/** A family's costumes (issue 18 point 5, decision 030): the owner's, of any family; the parent's own. */
export function familyCostumeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, familyCostumeCalls, {
    ofFamily: ({ request, params }) => familyCostumes({ db, actor: actorOfRequest(request) }, params.id),
    parent: ({ request }) => parentCostumes({ db, actor: actorOfRequest(request) }),
  });
}
