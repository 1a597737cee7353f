import { ledgerCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { route } from '../../http/route';
import { ownFamily } from '../../kernel/family-scope';
import {
  addItem,
  confirmation,
  creditList,
  currentOf,
  familyMoney,
  parentMoney,
  recordPayments,
  removeItem,
  returnCheck,
  transactionById,
  transactionList,
} from './ledger.service';
import { ledgerReportRoutes } from './reports.routes';
import { statementRoutes } from './statement.routes';

/** The family ledger's calls (issue 16): the spec's transactions, the money panel, refunds, returned checks. */
export function ledgerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  const c = ledgerCalls;
  route(app, c.parentCurrent, ({ request }) => {
    const d = ctx(request);
    return currentOf(d, ownFamily(d.actor));
  });
  route(app, c.byId, ({ request, params }) => transactionById(ctx(request), params.id));
  route(app, c.familyCurrent, ({ request, params }) => currentOf(ctx(request), params.coAcctMemID));
  route(app, c.familyList, ({ request, params, query }) =>
    transactionList(ctx(request), params.coAcctMemID, query),
  );
  route(app, c.addItem, ({ request, params, body }) => addItem(ctx(request), params.coAcctMemID, body));
  route(app, c.removeItem, ({ request, params, query }) =>
    removeItem(ctx(request), params.transID, params.itemID, query.reason),
  );
  route(app, c.recordPayments, ({ request, params, body }) =>
    recordPayments(ctx(request), params.coAcctMemID, params.transID, body),
  );
  // c.refund: registered with card payments (payments.routes.ts), which send a card payment's refund
  // through the processor and every other to refundPayment.
  route(app, c.bounce, ({ request, params, body }) =>
    returnCheck({ ...ctx(request), appUrl: deps.appUrl }, params.coAcctMemID, params.paymentID, body.reason),
  );
  route(app, c.creditList, ({ request, params }) => creditList(ctx(request), params.id));
  route(app, c.confirmation, ({ request, params }) => confirmation(ctx(request), params.id));
  route(app, c.familyMoney, ({ request, params }) => familyMoney(ctx(request), params.id));
  route(app, c.parentMoney, ({ request }) => parentMoney(ctx(request)));
  ledgerReportRoutes(app, deps);
  statementRoutes(app, deps);
}
