import { recitalReportCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { csvRoute } from '../../http/file-route';
import { route } from '../../http/route';
import { buyersCsv, dancersCsv, incomeCsv, salesCsv } from './reports.csv';
import { reportBuyers, reportDancers, reportSummary } from './reports.service';

/** The recital's reports (issue 38 item 7, decision 076): figures, the families who bought, the dancers, their files. */
export function recitalReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db: deps.db,
    actor: actorOfRequest(request),
  });
  const c = recitalReportCalls;
  route(app, c.summary, async ({ request, params }) => {
    const { studio: _, ...report } = await reportSummary(ctx(request), params.id);
    return report;
  });
  route(app, c.buyers, async ({ request, params, query }) => {
    const { studio: _, recital: __, ...report } = await reportBuyers(ctx(request), params.id, query.page);
    return report;
  });
  route(app, c.dancers, async ({ request, params, query }) => {
    const { studio: _, recital: __, ...report } = await reportDancers(ctx(request), params.id, query.page);
    return report;
  });
  csvRoute(app, c.salesCsv, ({ request, params }) => salesCsv(ctx(request), params.id));
  csvRoute(app, c.incomeCsv, ({ request, params }) => incomeCsv(ctx(request), params.id));
  csvRoute(app, c.buyersCsv, ({ request, params }) => buyersCsv(ctx(request), params.id));
  csvRoute(app, c.dancersCsv, ({ request, params }) => dancersCsv(ctx(request), params.id));
}
