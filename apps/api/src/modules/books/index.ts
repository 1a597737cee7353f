/**
 * The studio's books past the family (issue 34, decision 050): the chart of accounts, the studio
 * journal (payouts, deposits), closed months' use of it, and the accountant's reports. It reads the
 * family ledger through the ledger module's door; its tables (db/schema/books.ts) are its own.
 */
export {
  bookedSettlements,
  bookPayout,
  cardClearing,
  latestPayoutDay,
  matchPayoutItems,
  type PayoutItemInput,
  type PayoutRow,
  payoutDetail,
  payoutList,
  payoutReason,
  unmatchedTransfers,
} from './payouts';
/** A recital's ticket orders in the books (decision 074): the sale and refund postings, matched to payouts. */
export { postTicketRefund, postTicketSale, ticketPostingsOf } from './tickets';
export { transferFees } from './transfer-fees';
