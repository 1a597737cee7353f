/** What the ledger module offers the rest of the server (decision 025): billing and the balances. */
export { billFamily, familiesToBill, studioMoneySettings } from './billing';
export { readBook } from './book';
export {
  type DueStanding,
  dueItemStanding,
  dueItemStandingRead,
  dueKeysOf,
  isPaid,
  standingOf,
} from './due-items';
export { deletionRefusal } from './ledger.service';
export { noticeCharge, noticeFamily, portalLink, studioPart } from './notices';
export { type LedgerCtx, lockBook } from './operations/context';
export { postCharge } from './operations/post-charge';
export { recordPayment } from './operations/record-payment';
export { refund } from './operations/refund';
export { removeCharge } from './operations/remove-charge';
export { reversePayment } from './operations/reverse-payment';
export { chargePaidAmount, chargeStandingAmount, chargesPaid } from './paid';
export {
  BILLING_HOUR,
  BILLING_JOB,
  ensureBillingScheduled,
  instantAt,
  nextBillingDay,
  scheduleBillingDay,
} from './schedule';
