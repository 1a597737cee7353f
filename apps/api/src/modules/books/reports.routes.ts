import { booksCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { csvRoute } from '../../http/file-route';
import { route } from '../../http/route';
import {
  chartOfAccounts,
  generalLedgerFile,
  generalLedgerReport,
  journalFile,
  trialBalanceFile,
  trialBalanceReport,
} from './reports.service';

/** The accountant's reports (issue 34 item 4): the trial balance, the general ledger, the journal file. */
export function booksReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db: deps.db,
    actor: actorOfRequest(request),
  });
  const c = booksCalls;
  route(app, c.trialBalance, ({ request, query }) => trialBalanceReport(ctx(request), query.date));
  csvRoute(app, c.trialBalanceCsv, ({ request, query }) => trialBalanceFile(ctx(request), query.date));
  route(app, c.accounts, ({ request }) => chartOfAccounts(ctx(request)));
  route(app, c.generalLedger, ({ request, query }) => generalLedgerReport(ctx(request), query));
  csvRoute(app, c.generalLedgerCsv, ({ request, query }) => generalLedgerFile(ctx(request), query));
  csvRoute(app, c.journalCsv, ({ request, query }) => journalFile(ctx(request), query));
}
