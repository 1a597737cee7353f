import { attendanceReportCalls, familyAttendanceCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { csvRoute } from '../../http/file-route';
import { route } from '../../http/route';
import { classesCsv, dancersCsv, makeupsCsv, streaksCsv } from './reports.csv';
import { accountAttendance, parentAttendance } from './reports.family';
import { classReport, dancerReport, makeupReportOf, streakReport } from './reports.service';

/** What the studio learns from its rolls (issue 36 item 5, decision 065): the reports, their files, a family's attendance. */
export function attendanceReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db: deps.db,
    actor: actorOfRequest(request),
    clock: deps.clock,
  });
  const c = attendanceReportCalls;
  route(app, c.classes, async ({ request, query }) => {
    const { studio: _, ...report } = await classReport(ctx(request), query);
    return report;
  });
  route(app, c.dancers, async ({ request, query }) => {
    const { studio: _, classNames: __, ...report } = await dancerReport(ctx(request), query);
    return report;
  });
  route(app, c.makeups, async ({ request, query }) => {
    const { studio: _, ...report } = await makeupReportOf(ctx(request), query);
    return report;
  });
  route(app, c.streaks, async ({ request }) => {
    const { studio: _, ...report } = await streakReport(ctx(request));
    return report;
  });
  csvRoute(app, c.classesCsv, ({ request, query }) => classesCsv(ctx(request), query));
  csvRoute(app, c.dancersCsv, ({ request, query }) => dancersCsv(ctx(request), query));
  csvRoute(app, c.makeupsCsv, ({ request, query }) => makeupsCsv(ctx(request), query));
  csvRoute(app, c.streaksCsv, ({ request }) => streaksCsv(ctx(request)));
  const f = familyAttendanceCalls;
  route(app, f.account, ({ request, params, query }) => accountAttendance(ctx(request), params.id, query));
  route(app, f.parent, ({ request, query }) => parentAttendance(ctx(request), query));
}
