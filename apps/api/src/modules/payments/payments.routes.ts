import {
  autopayCalls,
  backupCalls,
  bankCalls,
  bankReturnCalls,
  cardCalls,
  ledgerCalls,
  merchantCalls,
  webhookCalls,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { route } from '../../http/route';
import { familyAutopay, setFamilyAutopay } from './autopay-consent';
import { autopayPageOf, pauseFamily, retryFamily } from './autopay-page';
import { backupOnFile, familyCardWithBackup, removeBackup, saveBackup } from './backup-method';
import { bankOnFile, familyBank, removeBank, saveBank } from './bank-accounts.service';
import { limitHitsPage } from './card-limits';
import { cardOnFile, removeCard, removeFamilyCard, saveCard } from './cards.service';
import { authorize } from './checkout.service';
import { merchantOf, submitMerchant } from './merchant';
import { refundByOwner } from './refunds';
import { bankReturnsPageOf } from './returns-page';
import { receiveWebhook } from './webhooks';

/** Card payments' calls (issue 17, decision 028): the card on file, the parent's checkout, auto-pay. */
export function paymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, provider } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    provider,
    limits: deps.config.cardLimits,
    actor: actorOfRequest(request),
  });
  const c = cardCalls;
  route(app, c.cardOnFile, ({ request }) => cardOnFile(ctx(request)));
  route(app, c.saveCard, ({ request, body }) => saveCard(ctx(request), body.token));
  route(app, c.removeCard, ({ request }) => removeCard(ctx(request)));
  route(app, c.authorize, ({ request, params, body }) => authorize(ctx(request), params.transID, body));
  route(app, c.familyCard, ({ request, params }) => familyCardWithBackup(ctx(request), params.id));
  route(app, c.removeFamilyCard, ({ request, params }) => removeFamilyCard(ctx(request), params.id));
  route(app, c.limitHits, ({ request, query }) => limitHitsPage(ctx(request), query));
  // The backup method (decision 071).
  route(app, backupCalls.backupMethod, ({ request }) => backupOnFile(ctx(request)));
  route(app, backupCalls.saveBackup, ({ request, body }) => saveBackup(ctx(request), body));
  route(app, backupCalls.removeBackup, ({ request }) => removeBackup(ctx(request)));
  // The bank account on file and its debit authorization (decision 067).
  route(app, bankCalls.bankOnFile, ({ request }) => bankOnFile(ctx(request)));
  route(app, bankCalls.saveBank, ({ request, body }) => saveBank(ctx(request), body));
  route(app, bankCalls.removeBank, ({ request }) => removeBank(ctx(request)));
  route(app, bankCalls.familyBank, ({ request, params }) => familyBank(ctx(request), params.id));
  const a = autopayCalls;
  route(app, a.familyAutopay, ({ request }) => familyAutopay(ctx(request)));
  route(app, a.setFamilyAutopay, ({ request, body }) => setFamilyAutopay(ctx(request), body));
  route(app, a.page, ({ request, query }) => autopayPageOf(ctx(request), query));
  route(app, a.retry, ({ request, params }) => retryFamily(ctx(request), params.id));
  route(app, a.pause, ({ request, params, body }) => pauseFamily(ctx(request), params.id, body.paused));
  // The studio's merchant account (decision 049): the owner's "Get paid" page.
  route(app, merchantCalls.merchant, ({ request }) => merchantOf(ctx(request)));
  route(app, merchantCalls.submitMerchant, ({ request, body }) => submitMerchant(ctx(request), body));
  // The processor's events: authenticated as the processor is configured, never by a session.
  route(app, webhookCalls.receive, ({ request, body }) =>
    receiveWebhook({ db, clock, provider }, { headers: request.headers, ip: request.ip }, body),
  );
  // The ledger's refund call: a card payment back to its card goes through the processor (refunds.ts).
  route(app, ledgerCalls.refund, ({ request, params, body }) =>
    refundByOwner(ctx(request), params.coAcctMemID, body),
  );
  // Returned bank debits (decision 068): the owner's return rates and returns.
  route(app, bankReturnCalls.returns, ({ request, query }) => bankReturnsPageOf(ctx(request), query));
}
