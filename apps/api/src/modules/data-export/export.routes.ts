import { exportCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { zipRoute } from '../../http/file-route';
import { familyExport, studioExport } from './export.service';

/** Moving out (issue 35 item 6, decision 057): the studio's whole data, and a parent's own family's. */
export function dataExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  zipRoute(app, exportCalls.studio, ({ request }) =>
    studioExport({ db, clock, actor: actorOfRequest(request) }),
  );
  zipRoute(app, exportCalls.family, ({ request }) =>
    familyExport({ db, clock, actor: actorOfRequest(request) }),
  );
}
