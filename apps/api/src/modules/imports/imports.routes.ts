import { importCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { route } from '../../http/route';
import { checkImport } from './check.service';
import { importedParents, sendInvitations } from './invitations.service';
import { acceptForms } from './multipart';
import { importList, importRead, importRows, importSetup } from './reads.service';
import { runImport } from './run.service';

/** Moving a studio in (issue 35, decision 054): owner only. */
export function importRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  // The check also takes a form upload: the form reader is this route's alone.
  app.register(async (scope) => {
    await acceptForms(scope);
    route(scope, importCalls.check, ({ request, body }) =>
      checkImport({ db, clock, actor: actorOfRequest(request), input: body }),
    );
  });
  route(app, importCalls.setup, ({ request }) => importSetup({ db, actor: actorOfRequest(request) }));
  route(app, importCalls.list, ({ request }) => importList({ db, actor: actorOfRequest(request) }));
  route(app, importCalls.parents, ({ request, query }) =>
    importedParents({ db, actor: actorOfRequest(request), invited: query.invited, page: query.page }),
  );
  route(app, importCalls.invite, ({ request, body }) =>
    sendInvitations({ db, clock, appUrl: deps.appUrl, actor: actorOfRequest(request), pick: body }),
  );
  route(app, importCalls.read, ({ request, params }) =>
    importRead({ db, actor: actorOfRequest(request), id: params.id }),
  );
  route(app, importCalls.rows, ({ request, params, query }) =>
    importRows({ db, actor: actorOfRequest(request), id: params.id, ...query }),
  );
  route(app, importCalls.run, ({ request, params }) =>
    runImport({ db, clock, actor: actorOfRequest(request), id: params.id }),
  );
}
