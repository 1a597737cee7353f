import { closingCalls, depositCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { route } from '../../http/route';
import { closeBooksMonth, closingState, reopenBooksMonth } from './closing';
import { depositSlip, listDeposits, listUndeposited, makeDeposit } from './deposits';

/** The owner's calls on the studio's books: bank deposits and closing a month (issue 34 items 3 and 5). */
export function depositAndClosingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  route(app, depositCalls.undeposited, ({ request, query }) => listUndeposited(ctx(request), query));
  route(app, depositCalls.list, ({ request, query }) => listDeposits(ctx(request), query));
  route(app, depositCalls.make, ({ request, body }) => makeDeposit(ctx(request), body));
  route(app, depositCalls.slip, ({ request, params }) => depositSlip(ctx(request), params.id));
  route(app, closingCalls.state, ({ request, query }) => closingState(ctx(request), query));
  route(app, closingCalls.close, ({ request, body }) => closeBooksMonth(ctx(request), body.month));
  route(app, closingCalls.reopen, ({ request, body }) =>
    reopenBooksMonth(ctx(request), body.month, body.reason),
  );
}
