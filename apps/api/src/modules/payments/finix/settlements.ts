import { z } from 'zod';
import type {
  FundingTransfer,
  PaymentProvider,
  Settlement,
  SettlementTransfer,
  TransferState,
} from '../provider';
import type { FinixRequest } from './transport';
import { idFromHref } from './wire';

/**
 * Finix's settlements as the client reads them (issue 34, decision 051): a merchant's settlements, the
 * transfers each contains with their fees, and its funding transfers (the payout to the bank). Only the
 * fields the product uses are read.
 */

const link = z.object({ href: z.string() }).nullish();

const settlementJson = z.object({
  id: z.string().min(1),
  merchant_id: z.string().nullish(),
  status: z.string(),
  total_amount: z.number().int(),
  total_fee: z.number().int().nullish(),
  total_fees: z.number().int().nullish(),
  net_amount: z.number().int(),
  created_at: z.string(),
});

const settlementListJson = z.object({
  _embedded: z.object({ settlements: z.array(settlementJson) }).nullish(),
  page: z.object({ next_cursor: z.string().nullish() }).nullish(),
});

const itemJson = z.object({
  id: z.string().min(1),
  type: z.string(),
  subtype: z.string().nullish(),
  state: z.string(),
  amount: z.number().int(),
  fee: z.number().int().nullish(),
  created_at: z.string(),
  _links: z.object({ parent: link }).nullish(),
});

type Call = <T extends z.ZodType>(req: FinixRequest, expect: number, schema: T) => Promise<z.infer<T>>;

function toSettlement(st: z.infer<typeof settlementJson>): Settlement {
  const fees = st.total_fees ?? st.total_fee ?? 0;
  return {
    id: st.id,
    merchantId: st.merchant_id ?? '',
    status: st.status,
    total: st.total_amount,
    fees,
    net: st.net_amount,
    createdAt: st.created_at,
  };
}

/** A sale counts for the studio, a refund and a dispute's debit against it, a won dispute's credit for it. */
function toItem(tr: z.infer<typeof itemJson>): SettlementTransfer {
  const parentTransferId = idFromHref(tr._links?.parent?.href);
  const fee = tr.fee ?? 0;
  switch (tr.type) {
    case 'DEBIT':
      return { id: tr.id, kind: 'sale', amount: tr.amount, fee, parentTransferId };
    case 'REVERSAL':
      return { id: tr.id, kind: 'refund', amount: -tr.amount, fee, parentTransferId };
    case 'DISPUTE': {
      const credit = tr.subtype === 'MERCHANT_CREDIT';
      return { id: tr.id, kind: 'dispute', amount: credit ? tr.amount : -tr.amount, fee, parentTransferId };
    }
    default:
      return { id: tr.id, kind: 'other', amount: 0, fee, parentTransferId };
  }
}

const stateOf = (state: string): TransferState =>
  state === 'SUCCEEDED' || state === 'FAILED' || state === 'CANCELED' ? state : 'PENDING';

const enc = encodeURIComponent;

const transferPageJson = z.object({
  _embedded: z.object({ transfers: z.array(itemJson) }).nullish(),
  page: z.object({ next_cursor: z.string().nullish() }).nullish(),
});

/** Every transfer of a list, page after page (Finix's cursor). */
async function everyPage(call: Call, path: string): Promise<z.infer<typeof itemJson>[]> {
  const all: z.infer<typeof itemJson>[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { limit: '100', ...(cursor ? { after_cursor: cursor } : {}) };
    const page = await call({ method: 'GET', path, query }, 200, transferPageJson);
    all.push(...(page._embedded?.transfers ?? []));
    cursor = page.page?.next_cursor ?? null;
  } while (cursor);
  return all;
}

/** The settlement calls of the Finix client (client.ts). */
export function settlementCalls(
  call: Call,
): Pick<PaymentProvider, 'settlementsOf' | 'getSettlement' | 'settlementTransfers' | 'fundingTransfers'> {
  return {
    async settlementsOf(merchantId, since) {
      const found: Settlement[] = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { limit: '100' };
        if (since) query['created_at.gte'] = since;
        if (cursor) query.after_cursor = cursor;
        const page = await call({ method: 'GET', path: '/settlements', query }, 200, settlementListJson);
        // Every merchant of the application is listed: only this studio's are its own.
        for (const st of page._embedded?.settlements ?? [])
          if (st.merchant_id === merchantId) found.push(toSettlement(st));
        cursor = page.page?.next_cursor ?? null;
      } while (cursor);
      return found;
    },

    async getSettlement(id) {
      return toSettlement(
        await call({ method: 'GET', path: `/settlements/${enc(id)}` }, 200, settlementJson),
      );
    },

    async settlementTransfers(settlementId) {
      return (await everyPage(call, `/settlements/${enc(settlementId)}/transfers`)).map(toItem);
    },

    async fundingTransfers(settlementId): Promise<FundingTransfer[]> {
      const path = `/settlements/${enc(settlementId)}/funding_transfers`;
      return (await everyPage(call, path)).map((tr) => ({
        id: tr.id,
        amount: tr.type === 'DEBIT' ? -tr.amount : tr.amount,
        state: stateOf(tr.state),
        createdAt: tr.created_at,
      }));
    },
  };
}
