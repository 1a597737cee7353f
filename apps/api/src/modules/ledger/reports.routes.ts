import { ledgerCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { csvRoute } from '../../http/file-route';
import { route } from '../../http/route';
import { setPaid } from './paid-toggle';
import { agingByFamily, exportCsv, moneyOverview, planPayments, revenueCsv } from './reports';

/** The owner's money pages (issue 16 point 6): the plan payments list and its paid toggle, the overview, the CSV export. */
export function ledgerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  const c = ledgerCalls;
  route(app, c.planPayments, ({ request, query }) => planPayments(ctx(request), query));
  route(app, c.setPaid, ({ request, params }) => setPaid(ctx(request), params.id, params.status));
  route(app, c.overview, ({ request, query }) => moneyOverview(ctx(request), query));
  csvRoute(app, c.revenueCsv, async ({ request, query }) => revenueCsv(ctx(request), query));
  route(app, c.aging, ({ request, query }) => agingByFamily(ctx(request), query));
  route(app, c.exportCsv, ({ request, query }) => exportCsv(ctx(request), query));
}
