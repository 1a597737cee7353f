import { parentAccountCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getParentAccount } from './accounts.service';

/** The parent's own family account (001 §7 Parent): GET api/parents/account/. */
export function parentAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, parentAccountCalls, {
    account: ({ request }) => getParentAccount({ db, actor: actorOfRequest(request) }),
  });
}
