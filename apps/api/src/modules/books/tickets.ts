import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { booksTransactions, processorPayoutItems } from '../../db/schema/books';
import { BOOK } from './accounts';
import { postBooks } from './post';

/**
 * A recital's ticket orders in the studio's books (issue 38 item 4, decision 074). Ticket income is the
 * studio's, never a family's receivable: a paid order is one journal posting, card clearing debited and
 * ticket income credited, under `ticket-sale:<order>`; a refund its reversal under
 * `ticket-refund:<refund>`. Each posting names the processor's transfer (`transfer_id`), so a payout's
 * item is matched to it and card clearing stays explained; a posting booked after its payout (a late
 * answer) matches the payout's item at once.
 */

type TicketPosting = {
  companyId: string;
  /** The order's id (a sale) or the refund's key (a refund). */
  key: string;
  /** Cents, above zero. */
  amount: number;
  /** The processor's transfer: the sale's DEBIT, the refund's REVERSAL. */
  transferId: string;
  effectiveDate: string;
  reason: string;
};

async function postTicket(
  tx: Db,
  kind: 'ticket_sale' | 'ticket_refund',
  p: TicketPosting,
): Promise<string | null> {
  const sign = kind === 'ticket_sale' ? 1 : -1;
  const id = await postBooks(tx, {
    companyId: p.companyId,
    kind,
    effectiveDate: p.effectiveDate,
    key: p.key,
    reason: p.reason,
    by: { system: 'Recital tickets' },
    transferId: p.transferId,
    entries: [
      { account: BOOK.card_clearing, amount: sign * p.amount },
      { account: BOOK.ticket_income, amount: -sign * p.amount },
    ],
  });
  if (!id) return null;
  // Paid out before it was booked (the processor's answer came late): its payout item is this posting's.
  await tx
    .update(processorPayoutItems)
    .set({ paymentTxId: id })
    .where(
      and(
        eq(processorPayoutItems.companyId, p.companyId),
        eq(processorPayoutItems.transferId, p.transferId),
        isNull(processorPayoutItems.paymentTxId),
      ),
    );
  return id;
}

/** A paid ticket order, once (`ticket-sale:<order id>`): Dr card clearing, Cr ticket income. */
export const postTicketSale = (tx: Db, p: Omit<TicketPosting, 'key'> & { orderId: string }) =>
  postTicket(tx, 'ticket_sale', { ...p, key: `ticket-sale:${p.orderId}` });

/** A ticket refund, once (`ticket-refund:<refund key>`): Dr ticket income, Cr card clearing. */
export const postTicketRefund = (tx: Db, p: Omit<TicketPosting, 'key'> & { refundKey: string }) =>
  postTicket(tx, 'ticket_refund', { ...p, key: `ticket-refund:${p.refundKey}` });

/** The ticket postings of these processor transfers, of this studio only: transfer id → journal transaction. */
export async function ticketPostingsOf(
  db: Db,
  companyId: string,
  transferIds: string[],
): Promise<Map<string, string>> {
  if (transferIds.length === 0) return new Map();
  const rows = await db
    .select({ id: booksTransactions.id, transferId: booksTransactions.transferId })
    .from(booksTransactions)
    .where(
      and(
        eq(booksTransactions.companyId, companyId),
        inArray(booksTransactions.transferId, transferIds),
        inArray(booksTransactions.kind, ['ticket_sale', 'ticket_refund']),
      ),
    );
  return new Map(rows.map((r) => [r.transferId!, r.id]));
}

/** The ticket postings' card clearing not paid out yet: what they add to card clearing's open items. */
export async function unpaidTicketClearing(
  db: Db,
  companyId: string,
): Promise<{ count: number; sum: number }> {
  const [row] = await rowsOf<{ n: number; sum: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(e.amount), 0)::int as sum
        from books_transactions t join books_entries e on e.tx_id = t.id and e.account = ${BOOK.card_clearing}
        where t.company_id = ${companyId} and t.kind in ('ticket_sale', 'ticket_refund')
          and not exists (select 1 from processor_payout_items i
            where i.company_id = ${companyId} and i.payment_tx_id = t.id)`,
  );
  return { count: row?.n ?? 0, sum: row?.sum ?? 0 };
}
