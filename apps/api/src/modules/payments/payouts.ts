import { addDays, dateInZone } from '@pirouette/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts, paymentDisputes, paymentReturns, studioMerchants } from '../../db/schema/payments';
import {
  bookedSettlements,
  bookPayout,
  latestPayoutDay,
  matchPayoutItems,
  type PayoutItemInput,
  ticketPostingsOf,
  unmatchedTransfers,
} from '../books';
import { postedUnderKeys } from '../ledger';
import type { PaymentProvider, Settlement, SettlementTransfer } from './provider';

/**
 * The processor's payouts booked (issue 34, decision 051): the studio's settlements are read from its
 * own merchant, and each one paid out is booked once (books/payouts.ts), its transfers matched to the
 * family payments they were (a sale's card payment, a refund, a dispute's debit or its return) by the
 * processor's transfer id the payment attempts and disputes keep. Nothing here calls the processor to
 * move money: it only reads.
 */

export type PayoutSync = {
  /** Why nothing was read: no approved merchant of this processor. */
  skipped: 'no merchant' | null;
  booked: string[];
  /** Settlements not paid out yet (awaiting approval, or their funding transfer not succeeded). */
  waiting: string[];
};

/** How far back, before the latest payout booked, settlements are asked for again (one made late). */
const LOOK_BACK_DAYS = 14;

/** The studio's merchant at this processor, when approved. */
async function approvedMerchant(db: Db, companyId: string, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ merchantId: studioMerchants.merchantId })
    .from(studioMerchants)
    .where(
      and(
        eq(studioMerchants.companyId, companyId),
        eq(studioMerchants.provider, provider),
        eq(studioMerchants.state, 'approved'),
        isNotNull(studioMerchants.merchantId),
      ),
    );
  return row?.merchantId ?? null;
}

/**
 * Reads the studio's settlements and books each one paid out and not booked yet, each in its own
 * transaction (a failure leaves the ones before it booked and nothing of its own). Run again, it books
 * nothing twice.
 */
export async function syncPayouts(
  deps: { db: Db; provider: PaymentProvider },
  studio: { companyId: string; timeZone: string },
): Promise<PayoutSync> {
  const { db, provider } = deps;
  const merchantId = await approvedMerchant(db, studio.companyId, provider.name);
  if (!merchantId) return { skipped: 'no merchant', booked: [], waiting: [] };
  const latest = await latestPayoutDay(db, studio.companyId);
  const since = latest ? `${addDays(latest, -LOOK_BACK_DAYS)}T00:00:00Z` : null;
  const settlements = (await provider.settlementsOf(merchantId, since)).filter(
    (s) => s.merchantId === merchantId,
  );
  const done = await bookedSettlements(
    db,
    studio.companyId,
    settlements.map((s) => s.id),
  );
  const result: PayoutSync = { skipped: null, booked: [], waiting: [] };
  for (const settlement of settlements) {
    if (done.has(settlement.id)) continue;
    const payout = await paidOut(provider, settlement, studio.timeZone);
    if (!payout) {
      result.waiting.push(settlement.id);
      continue;
    }
    const items = await matched(db, studio.companyId, payout.transfers);
    const id = await db.transaction((tx) =>
      bookPayout(tx, {
        companyId: studio.companyId,
        provider: provider.name,
        merchantId,
        settlementId: settlement.id,
        fundingTransferId: payout.fundingTransferId,
        paidOn: payout.paidOn,
        gross: settlement.total,
        fees: settlement.fees,
        net: settlement.net,
        items,
      }),
    );
    if (id) result.booked.push(settlement.id);
  }
  await matchLate(db, studio.companyId);
  return result;
}

/** Paid-out sales and refunds whose family payment the books recorded after the payout, matched now. */
async function matchLate(db: Db, companyId: string): Promise<number> {
  const open = await unmatchedTransfers(db, companyId);
  if (open.length === 0) return 0;
  const found = await clearingTxOf(db, companyId, open);
  return matchPayoutItems(
    db,
    companyId,
    [...found].map(([transferId, f]) => ({ transferId, paymentTxId: f.txId, familyId: f.familyId })),
  );
}

/**
 * The family ledger transaction that moved card clearing for each transfer, of this studio only: a
 * sale's payment or a refund's refund, by the attempt that made it; a bank debit's clearing
 * (`cleared:<attempt>`), since its payment went to bank debits in transit; a bank debit returned late,
 * by its return's reversal (decision 067).
 */
async function clearingTxOf(
  db: Db,
  companyId: string,
  transferIds: string[],
): Promise<Map<string, { txId: string; familyId: string | null }>> {
  const out = new Map<string, { txId: string; familyId: string | null }>();
  if (transferIds.length === 0) return out;
  const attempts = await db
    .select({
      id: paymentAttempts.id,
      transferId: paymentAttempts.transferId,
      txId: paymentAttempts.ledgerTxId,
      familyId: paymentAttempts.familyId,
      method: paymentAttempts.method,
      kind: paymentAttempts.kind,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.companyId, companyId),
        inArray(paymentAttempts.transferId, transferIds),
        isNotNull(paymentAttempts.ledgerTxId),
      ),
    );
  const banks = attempts.filter((a) => a.method === 'bank' && a.kind === 'sale');
  const cleared = await postedUnderKeys(
    db,
    companyId,
    banks.map((a) => `cleared:${a.id}`),
  );
  for (const a of attempts) {
    const txId = a.method === 'bank' && a.kind === 'sale' ? cleared.get(`cleared:${a.id}`) : a.txId;
    if (txId) out.set(a.transferId!, { txId, familyId: a.familyId });
  }
  const returns = await db
    .select({
      transferId: paymentReturns.transferId,
      txId: paymentReturns.reversalTxId,
      familyId: paymentReturns.familyId,
    })
    .from(paymentReturns)
    .where(and(eq(paymentReturns.companyId, companyId), inArray(paymentReturns.transferId, transferIds)));
  for (const r of returns)
    if (r.txId && !out.has(r.transferId)) out.set(r.transferId, { txId: r.txId, familyId: r.familyId });
  // A recital's ticket sale or refund (decision 074): the studio journal's posting of its transfer, no family's.
  const tickets = await ticketPostingsOf(
    db,
    companyId,
    transferIds.filter((id) => !out.has(id)),
  );
  for (const [transferId, txId] of tickets) out.set(transferId, { txId, familyId: null });
  return out;
}

/**
 * A settlement paid out: approved, its funding transfers succeeded (none when it nets to zero), and
 * its transfers adding up to its totals; null while it is not (it is read again next time). A
 * settlement whose transfers do not add up is not booked: the processor is asked again later.
 */
async function paidOut(
  provider: PaymentProvider,
  settlement: Settlement,
  timeZone: string,
): Promise<{ fundingTransferId: string | null; paidOn: string; transfers: SettlementTransfer[] } | null> {
  if (settlement.status !== 'APPROVED') return null;
  const funding = await provider.fundingTransfers(settlement.id);
  if (settlement.net !== 0 && funding.length === 0) return null;
  if (funding.some((f) => f.state !== 'SUCCEEDED')) return null;
  if (funding.reduce((sum, f) => sum + f.amount, 0) !== settlement.net) {
    throw new Error(`Settlement ${settlement.id}: its funding transfers do not add up to its net amount.`);
  }
  const transfers = await provider.settlementTransfers(settlement.id);
  const total = transfers.reduce((sum, t) => sum + t.amount, 0);
  const fees = transfers.reduce((sum, t) => sum + t.fee, 0);
  if (total !== settlement.total || fees !== settlement.fees) {
    throw new Error(
      `Settlement ${settlement.id}: its transfers add up to ${total} less ${fees} in fees, not ${settlement.total} less ${settlement.fees}.`,
    );
  }
  const last =
    funding
      .map((f) => f.createdAt)
      .sort()
      .at(-1) ?? settlement.createdAt;
  return {
    fundingTransferId: funding[0]?.id ?? null,
    paidOn: dateInZone(new Date(last), timeZone),
    transfers,
  };
}

/**
 * Each transfer with the family payment it was, of this studio only: a sale's or a refund's by the
 * attempt that made it; a dispute's debit by the dispute's posting, its return by the won dispute's.
 */
async function matched(
  db: Db,
  companyId: string,
  transfers: SettlementTransfer[],
): Promise<PayoutItemInput[]> {
  const own = transfers.filter((t) => t.kind !== 'dispute').map((t) => t.id);
  const sales = transfers.filter((t) => t.kind === 'dispute' && t.parentTransferId);
  const byTransfer = await clearingTxOf(db, companyId, own);
  const disputes = sales.length
    ? await db
        .select({
          transferId: paymentDisputes.transferId,
          disputeId: paymentDisputes.disputeId,
          txId: paymentDisputes.ledgerTxId,
          familyId: paymentDisputes.familyId,
        })
        .from(paymentDisputes)
        .where(
          and(
            eq(paymentDisputes.companyId, companyId),
            inArray(
              paymentDisputes.transferId,
              sales.map((t) => t.parentTransferId!),
            ),
          ),
        )
    : [];
  const wonKeys = disputes.map((d) => `dispute-won:${d.disputeId}`);
  const won = wonKeys.length ? await postedUnderKeys(db, companyId, wonKeys) : new Map<string, string>();
  const bySale = new Map(disputes.map((d) => [d.transferId, d]));
  return transfers.map((t) => {
    const item = { transferId: t.id, kind: t.kind, amount: t.amount, fee: t.fee };
    if (t.kind !== 'dispute') {
      const a = byTransfer.get(t.id);
      return { ...item, paymentTxId: a?.txId ?? null, familyId: a?.familyId ?? null };
    }
    const d = t.parentTransferId ? bySale.get(t.parentTransferId) : undefined;
    const txId = t.amount < 0 ? d?.txId : d ? won.get(`dispute-won:${d.disputeId}`) : undefined;
    return { ...item, paymentTxId: txId ?? null, familyId: d?.familyId ?? null };
  });
}
