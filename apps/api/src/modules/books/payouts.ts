import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { booksEntries, processorPayoutItems, processorPayouts } from '../../db/schema/books';
import { familyAccounts } from '../../db/schema/families';
import { type AccountMovement, accountMovements } from '../ledger';
import { BOOK, ledgerAccountsOf } from './accounts';
import { postBooks } from './post';
import { unpaidTicketClearing } from './tickets';

/**
 * The processor's payouts in the studio's books (issue 34, decision 051). A payout is a settlement paid
 * out: one line on the bank statement. Booked once under `payout:<settlement id>`: card clearing is
 * credited with what the settlement contains (gross), the bank debited with what arrived (net), the
 * processor's fees debited as an expense, in the same transaction as the payout's row and its items.
 * Card clearing's balance is then the card payments not paid out yet (`cardClearing`).
 */

export type PayoutItemInput = {
  transferId: string;
  kind: 'sale' | 'refund' | 'dispute' | 'other';
  /** Signed: a sale positive, a refund or a dispute's debit negative. */
  amount: number;
  fee: number;
  /** The family ledger's transaction it was (a card payment, its refund, a dispute's debit), when found. */
  paymentTxId: string | null;
  familyId: string | null;
};

type PayoutInput = {
  companyId: string;
  provider: string;
  merchantId: string;
  settlementId: string;
  fundingTransferId: string | null;
  paidOn: string;
  gross: number;
  fees: number;
  net: number;
  items: PayoutItemInput[];
};

const payoutKey = (settlementId: string) => `payout:${settlementId}`;

/** "Card payout Dec 2, 2026": what the bank statement shows. */
export function payoutReason(paidOn: string): string {
  const day = new Date(`${paidOn}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Card payout ${day}`;
}

/**
 * Books a payout, inside the caller's transaction: its journal transaction, its row and its items.
 * Null when it is booked already (the same settlement twice is booked once).
 */
export async function bookPayout(tx: Db, p: PayoutInput): Promise<string | null> {
  if (p.net !== p.gross - p.fees) throw new Error(`payout ${p.settlementId}: net is not gross less fees`);
  const txId = await postBooks(tx, {
    companyId: p.companyId,
    kind: 'payout',
    effectiveDate: p.paidOn,
    key: payoutKey(p.settlementId),
    reason: payoutReason(p.paidOn),
    by: { system: 'Card payouts' },
    entries: [
      { account: BOOK.bank, amount: p.net },
      { account: BOOK.processor_fees, amount: p.fees },
      { account: BOOK.card_clearing, amount: -p.gross },
    ],
  });
  if (!txId) return null;
  const [row] = await tx
    .insert(processorPayouts)
    .values({
      companyId: p.companyId,
      provider: p.provider,
      merchantId: p.merchantId,
      settlementId: p.settlementId,
      fundingTransferId: p.fundingTransferId,
      paidOn: p.paidOn,
      gross: p.gross,
      fees: p.fees,
      net: p.net,
      txId,
    })
    .returning({ id: processorPayouts.id });
  if (p.items.length > 0) {
    await tx
      .insert(processorPayoutItems)
      .values(p.items.map((i) => ({ ...i, payoutId: row!.id, companyId: p.companyId })));
  }
  return row!.id;
}

/** The studio's paid-out sales and refunds no family payment was matched to yet. */
export async function unmatchedTransfers(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ transferId: processorPayoutItems.transferId })
    .from(processorPayoutItems)
    .where(
      and(
        eq(processorPayoutItems.companyId, companyId),
        isNull(processorPayoutItems.paymentTxId),
        inArray(processorPayoutItems.kind, ['sale', 'refund']),
      ),
    );
  return rows.map((r) => r.transferId);
}

/**
 * Matches paid-out transfers to the family payments they were, found since (a payment the books
 * recorded after its payout: its processor's answer was late). One statement; an item matched already
 * is left as it is. Answers how many were matched.
 */
export async function matchPayoutItems(
  db: Db,
  companyId: string,
  matches: { transferId: string; paymentTxId: string; familyId: string | null }[],
): Promise<number> {
  if (matches.length === 0) return 0;
  const values = sql.join(
    matches.map((m) => sql`(${m.transferId}, ${m.paymentTxId}::uuid, ${m.familyId}::uuid)`),
    sql`, `,
  );
  const i = processorPayoutItems;
  const done = await db.execute(
    sql`update ${i} set payment_tx_id = v.tx, family_id = v.family
        from (values ${values}) as v(transfer_id, tx, family)
        where ${i.companyId} = ${companyId} and ${i.transferId} = v.transfer_id and ${i.paymentTxId} is null
        returning ${i.transferId}`,
  );
  return (done as unknown as { rows: unknown[] }).rows.length;
}

/** Which of these settlements the studio has booked already. */
export async function bookedSettlements(db: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: processorPayouts.settlementId })
    .from(processorPayouts)
    .where(and(eq(processorPayouts.companyId, companyId), inArray(processorPayouts.settlementId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** When the studio's latest payout was made (to ask the processor only for settlements since). */
export async function latestPayoutDay(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ paidOn: sql<string | null>`max(${processorPayouts.paidOn})` })
    .from(processorPayouts)
    .where(eq(processorPayouts.companyId, companyId));
  return row?.paidOn ?? null;
}

export type PayoutRow = {
  id: string;
  paidOn: string;
  settlementId: string;
  fundingTransferId: string | null;
  gross: number;
  fees: number;
  net: number;
  count: number;
};

const payoutColumns = {
  id: processorPayouts.id,
  paidOn: processorPayouts.paidOn,
  settlementId: processorPayouts.settlementId,
  fundingTransferId: processorPayouts.fundingTransferId,
  gross: processorPayouts.gross,
  fees: processorPayouts.fees,
  net: processorPayouts.net,
};

/** The studio's payouts, newest first, a page at a time, with the number of payments each contains. */
export async function payoutList(
  db: Db,
  companyId: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: PayoutRow[] }> {
  const [total] = await db
    .select({ n: count() })
    .from(processorPayouts)
    .where(eq(processorPayouts.companyId, companyId));
  const items = db
    .select({ payoutId: processorPayoutItems.payoutId, n: count().as('n') })
    .from(processorPayoutItems)
    .where(eq(processorPayoutItems.companyId, companyId))
    .groupBy(processorPayoutItems.payoutId)
    .as('items');
  const rows = await db
    .select({ ...payoutColumns, count: sql<number>`coalesce(${items.n}, 0)::int` })
    .from(processorPayouts)
    .leftJoin(items, eq(items.payoutId, processorPayouts.id))
    .where(eq(processorPayouts.companyId, companyId))
    .orderBy(desc(processorPayouts.paidOn), desc(processorPayouts.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

type PayoutItemRow = {
  transferId: string;
  kind: string;
  amount: number;
  fee: number;
  paymentTxId: string | null;
  familyId: string | null;
  familyName: string | null;
};

/** One payout of the studio and what it contains (null: none such here). */
export async function payoutDetail(
  db: Db,
  companyId: string,
  payoutId: string,
): Promise<(PayoutRow & { items: PayoutItemRow[] }) | null> {
  const [payout] = await db
    .select(payoutColumns)
    .from(processorPayouts)
    .where(and(eq(processorPayouts.companyId, companyId), eq(processorPayouts.id, payoutId)));
  if (!payout) return null;
  const i = processorPayoutItems;
  const items = await db
    .select({
      transferId: i.transferId,
      kind: i.kind,
      amount: i.amount,
      fee: i.fee,
      paymentTxId: i.paymentTxId,
      familyId: i.familyId,
      familyName: familyAccounts.lastName,
    })
    .from(i)
    .leftJoin(familyAccounts, eq(familyAccounts.id, i.familyId))
    .where(and(eq(i.companyId, companyId), eq(i.payoutId, payoutId)))
    .orderBy(desc(i.amount), i.transferId);
  return { ...payout, count: items.length, items };
}

type CardClearing = {
  /** Card clearing's balance: card money received, less what the processor paid out. */
  balance: number;
  /** The card payments (and refunds, disputes) not paid out yet: they make up the balance. */
  unpaid: { count: number; sum: number; rows: AccountMovement[] };
  /** What was paid out without a card payment of the books to match (the processor's word only). */
  unmatched: { count: number; sum: number };
};

/**
 * Card clearing explained: its balance, and the card payments not paid out yet, newest first, a page at
 * a time. `balance = unpaid.sum − unmatched.sum` (invariant 11, billing.md; tested).
 */
export async function cardClearing(
  db: Db,
  companyId: string,
  page: { limit: number; offset: number },
): Promise<CardClearing> {
  const paidOut = sql`(select ${processorPayoutItems.paymentTxId} from ${processorPayoutItems} where ${processorPayoutItems.companyId} = ${companyId} and ${processorPayoutItems.paymentTxId} is not null)`;
  const ledger = await accountMovements(db, {
    companyId,
    accounts: ledgerAccountsOf(BOOK.card_clearing),
    excluding: paidOut,
    ...page,
  });
  const [journal] = await db
    .select({ sum: sql<number>`coalesce(sum(${booksEntries.amount}), 0)::int` })
    .from(booksEntries)
    .where(and(eq(booksEntries.companyId, companyId), eq(booksEntries.account, BOOK.card_clearing)));
  const [unmatched] = await db
    .select({ n: count(), sum: sql<number>`coalesce(sum(${processorPayoutItems.amount}), 0)::int` })
    .from(processorPayoutItems)
    .where(and(eq(processorPayoutItems.companyId, companyId), isNull(processorPayoutItems.paymentTxId)));
  // Ticket sales and refunds (decision 074) are the journal's card money: not paid out yet, they are open too.
  const tickets = await unpaidTicketClearing(db, companyId);
  return {
    balance: ledger.balance + (journal?.sum ?? 0),
    unpaid: { ...ledger.open, count: ledger.open.count + tickets.count, sum: ledger.open.sum + tickets.sum },
    unmatched: { count: unmatched?.n ?? 0, sum: unmatched?.sum ?? 0 },
  };
}
