import { ledgerCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { csvRoute } from '../../http/file-route';
import { route } from '../../http/route';
import { ownFamily } from '../../kernel/family-scope';
import { sendBalanceEmail, sendBalanceEmails } from './balance-mail';
import { familyStatement, familyStatementCsv } from './statement';

/** Statements of a family's account, and balance e-mails (issue 16 point 7). */
export function statementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  const c = ledgerCalls;
  route(app, c.familyStatement, ({ request, params, query }) =>
    familyStatement({ db, actor: actorOfRequest(request) }, params.id, query),
  );
  csvRoute(app, c.familyStatementCsv, ({ request, params, query }) =>
    familyStatementCsv({ db, actor: actorOfRequest(request) }, params.id, query),
  );
  route(app, c.parentStatement, ({ request, query }) => {
    const actor = actorOfRequest(request);
    return familyStatement({ db, actor }, ownFamily(actor), query);
  });
  route(app, c.balanceEmail, ({ request, params, body }) =>
    sendBalanceEmail({ db, clock, appUrl, actor: actorOfRequest(request) }, params.coAcctMemID, body.balance),
  );
  route(app, c.balanceEmails, ({ request }) =>
    sendBalanceEmails({ db, clock, appUrl, actor: actorOfRequest(request) }),
  );
}
