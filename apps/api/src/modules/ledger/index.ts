/** What the ledger module offers the rest of the server (decision 025): billing and the balances. */
export { billFamily, studioMoneySettings } from './billing';
export { readBook } from './book';
export {
  type DueStanding,
  dueItemStandingRead,
  dueKeysOf,
  isPaid,
  standingOf,
} from './due-items';
export { billingJobHandlers } from './job-handlers';
export { ledgerEvents } from './jobs';
export { deletionRefusal } from './ledger.service';
export { noticeCharge, noticeFamily, portalLink, studioPart } from './notices';
export { lockBook, recordPayment, removeCharge } from './operations';
export { chargePaidAmount, chargeStandingAmount, chargesPaid } from './paid';
export {
  BILLING_HOUR,
  ensureBillingScheduled,
  instantAt,
  scheduleBillingDay,
} from './schedule';
