/** What the ledger module offers the rest of the server (decision 025): billing and the balances. */
export { billFamily, familiesToBill, studioMoneySettings } from './billing';
export {
  type DueStanding,
  dueItemStanding,
  dueItemStandingRead,
  dueKeysOf,
  isPaid,
  standingOf,
} from './due-items';
export { deletionRefusal } from './ledger.service';
export { lockBook, recordPayment, removeCharge } from './operations';
export { BILLING_JOB, ensureBillingScheduled, nextBillingDay, scheduleBillingDay } from './schedule';
