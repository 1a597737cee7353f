import { type CardClearing, type PayoutSummary, payoutCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { notFound } from '../../http/errors';
import { routes } from '../../http/route';
import { cardClearing, type PayoutRow, payoutDetail, payoutList, payoutReason } from '../books';

/** The payouts' reads (issue 34, decision 051): the owner's, of their own studio only. */

export const PAYOUT_TEXT = {
  notFound: 'That payout is not one of this studio’s.',
} as const;

const present = (row: PayoutRow): PayoutSummary => ({ ...row, description: payoutReason(row.paidOn) });

export function payoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, payoutCalls, {
    async list({ request, query }) {
      const { companyId } = actorOfRequest(request);
      const { total, rows } = await payoutList(db, companyId, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { payouts: rows.map(present), total, page: query.page, pageSize: query.pageSize };
    },
    async byId({ request, params }) {
      const { companyId } = actorOfRequest(request);
      const payout = await payoutDetail(db, companyId, params.id);
      if (!payout) throw notFound(PAYOUT_TEXT.notFound);
      return {
        ...present(payout),
        items: payout.items.map((i) => ({
          transferId: i.transferId,
          kind: (['sale', 'refund', 'dispute'].includes(i.kind) ? i.kind : 'other') as
            | 'sale'
            | 'refund'
            | 'dispute'
            | 'other',
          amount: i.amount,
          fee: i.fee,
          familyId: i.familyId,
          familyName: i.familyName,
          paymentId: i.paymentTxId,
        })),
      };
    },
    async clearing({ request, query }): Promise<CardClearing> {
      const { companyId } = actorOfRequest(request);
      const c = await cardClearing(db, companyId, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        balance: c.balance,
        unpaid: {
          count: c.unpaid.count,
          sum: c.unpaid.sum,
          payments: c.unpaid.rows.map((r) => ({
            paymentId: r.txId,
            familyId: r.familyId,
            familyName: r.familyName,
            date: r.effectiveDate,
            description: r.reason,
            amount: r.amount,
          })),
        },
        unmatched: c.unmatched,
        explained: c.balance === c.unpaid.sum - c.unmatched.sum,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  });
}
