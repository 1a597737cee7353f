/**
 * What the ledger module offers the rest of the server (decisions 025, 044): billing, the books and
 * their operations, and the reads other modules make of the books (reads.ts). The ledger's tables are
 * its own: no other module imports them, and what is paid of a charge is `chargesPaid`'s (paid.ts).
 */
export { type AccountMovement, accountMovements } from './account-movements';
export {
  type BillingRead,
  billFamily,
  billingReads,
  billKept,
  bookOfBillingRead,
  type DueItemRow,
  type FeeRow,
  latestDueItems,
  studioMoneySettings,
} from './billing';
export { type Book, type BookPayment, openInvoice, readBook } from './book';
export {
  booksClosedThrough,
  type LedgerLine,
  type LedgerLinesPage,
  type LinePlace,
  ledgerDailyTotals,
  ledgerLinesPage,
  ledgerTotalsThrough,
} from './book-reads';
export {
  type DueStanding,
  dueItemStandingRead,
  dueKeysOf,
  isPaid,
  standingOf,
} from './due-items';
export {
  type LedgerExportLine,
  ledgerExportLines,
  netBalances,
  type PaymentExportRow,
  paymentExportRows,
} from './export-reads';
export { billingJobHandlers } from './job-handlers';
export { ledgerEvents } from './jobs';
export { deletionRefusal, familyMoney, refundPayment, studioToday } from './ledger.service';
export {
  addressOf,
  familyAddress,
  familyAddresses,
  familyAddressRead,
  type MailAddress,
  queueReceipt,
} from './mails';
export { noticeCharge, noticeFamily, noticeFamilyWrites, portalLink, studioPart } from './notices';
export { clearBankPayment } from './operations/clear-bank-payment';
export { closeMonth, periodState, reopenMonth } from './operations/close-month';
export { type LedgerCtx, lockBook, lockFamilyRows } from './operations/context';
export { checkOpeningBalances, postOpeningBalances } from './operations/opening-balance';
export { postCharge } from './operations/post-charge';
export { recordPayment } from './operations/record-payment';
export { refund } from './operations/refund';
export { removeCharge } from './operations/remove-charge';
export { reversePayment } from './operations/reverse-payment';
export { chargePaidAmount, chargeStandingAmount, chargesPaid } from './paid';
export {
  monthClosedError,
  type OnClosedMonth,
  openMonthDating,
  refuseClosedDays,
} from './periods';
export { balanced, findPosted, type Poster, type Posting, posterName } from './post';
export { presentTransaction } from './presenters';
export {
  chargedForDueItem,
  chargesUnderPrefix,
  chargeUnderKey,
  familyBalance,
  findInvoice,
  keyedChargesPaid,
  postedUnderKeys,
  standingCharges,
  standsUnderKey,
} from './reads';
export { checkRefund, type RefundUnderWay } from './refundable';
export {
  BILLING_HOUR,
  billingDayJob,
  ensureBillingScheduled,
  instantAt,
  scheduleBillingDay,
} from './schedule';
export { wholeStatementCsv } from './statement';
export {
  lockDepositable,
  undepositedPayments,
} from './undeposited';
