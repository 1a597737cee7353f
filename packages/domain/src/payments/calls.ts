import { z } from 'zod';
import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idSchema } from '../ids';
import { bankAccountAnswer, familyBankAnswer, saveBankInput } from './bank';
import { cardLimitHitsPage, cardLimitHitsQuery } from './limits';
import { merchantAnswer, merchantInput } from './merchant';
import { bankReturnsPage, bankReturnsQuery } from './returns-page';
import {
  authorizeInput,
  autopayAnswer,
  autopayInput,
  autopayPage,
  autopayPageQuery,
  autopayPauseInput,
  backupAnswer,
  cardPaymentAnswer,
  familyCardWithBackupAnswer,
  paymentInstrumentAnswer,
  saveBackupInput,
  saveCardInput,
  webhookAnswer,
  webhookInput,
} from './schema';

const tags = ['card payments'];
const familyParams = z.object({ id: idSchema });

/** Card payments' calls (issue 17; 001 §7 `api/finix/…`). */
export const cardCalls = {
  cardOnFile: defineCall({
    method: 'GET',
    path: '/api/finix/customer/paymentInstrument/default',
    answer: paymentInstrumentAnswer,
    access: 'parent',
    summary: "The family's card on file (brand, last four, expiry; never its number) and how to add one",
    tags,
  }),
  saveCard: defineCall({
    method: 'POST',
    path: '/api/finix/customer/paymentInstrument',
    body: saveCardInput,
    answer: paymentInstrumentAnswer.extend({ msg: z.string() }),
    access: 'parent',
    summary:
      "Save the card the processor's form tokenized as the family's card on file (it replaces the old one)",
    tags,
  }),
  removeCard: defineCall({
    method: 'DELETE',
    path: '/api/finix/customer/paymentInstrument/default',
    answer: messageResult,
    access: 'parent',
    summary: "Remove the family's card on file",
    tags,
  }),
  authorize: defineCall({
    method: 'POST',
    path: '/api/finix/customer/transaction/authorize/:transID/payment',
    params: z.object({ transID: idSchema }),
    body: authorizeInput,
    answer: cardPaymentAnswer,
    access: 'parent',
    summary:
      'Pay a transaction by the card on file, or by another card: charged once, booked in the ledger when the processor confirms',
    description:
      'The server computes the amount (the open items picked, or the balance); `balance` is only compared. The attempt is recorded before the processor is called and its id is the idempotency id; the same `requestId` charges once. `token` pays with another card, for this payment only; with `saveCard` it becomes the card on file once the payment succeeded. Past a card limit (declines, cards added, the studio’s declines) the answer is 429 and the processor is not called.',
    tags,
  }),
  familyCard: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/card',
    params: familyParams,
    answer: familyCardWithBackupAnswer,
    access: 'owner',
    summary: "A family's card on file (never its number)",
    tags,
  }),
  limitHits: defineCall({
    method: 'GET',
    path: '/api/mystudio/payments/limits',
    query: cardLimitHitsQuery,
    answer: cardLimitHitsPage,
    access: 'owner',
    summary: 'The families refused by a card limit (declines, cards added, the studio’s brake), latest first',
    tags,
  }),
  removeFamilyCard: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/account/:id/card',
    params: familyParams,
    answer: messageResult,
    access: 'owner',
    summary: "Remove a family's card on file",
    tags,
  }),
};

/** Auto-pay (issue 17 point 5): the family's consent, and the owner's "Payments auto charge" page. */
export const autopayCalls = {
  familyAutopay: defineCall({
    method: 'GET',
    path: '/api/finix/customer/autopay',
    answer: autopayAnswer,
    access: 'parent',
    summary: "The family's automatic payments: on or off, the authorization, the next charge",
    tags,
  }),
  setFamilyAutopay: defineCall({
    method: 'PUT',
    path: '/api/finix/customer/autopay',
    body: autopayInput,
    answer: autopayAnswer.extend({ msg: z.string() }),
    access: 'parent',
    summary:
      'Turn automatic payments on (consent recorded with its time and the authorization’s version) or off',
    tags,
  }),
  page: defineCall({
    method: 'GET',
    path: '/api/mystudio/autopay',
    query: autopayPageQuery,
    answer: autopayPage,
    access: 'owner',
    summary: 'The next automatic charges, past runs with their results, and totals',
    tags,
  }),
  retry: defineCall({
    method: 'POST',
    path: '/api/mystudio/autopay/:id/retry',
    params: familyParams,
    answer: cardPaymentAnswer,
    access: 'owner',
    summary: "Charge a family's balance due to its card on file now",
    tags,
  }),
  pause: defineCall({
    method: 'PUT',
    path: '/api/mystudio/autopay/:id/pause',
    params: familyParams,
    body: autopayPauseInput,
    answer: messageResult,
    access: 'owner',
    summary: "Pause or resume a family's automatic payments",
    tags,
  }),
};

/**
 * The processor's webhook (issue 17 point 6): Finix posts its events here (transfer created or updated,
 * dispute created or updated, …). Not a session's call: it is authenticated as Finix is configured to
 * call it (Basic or Bearer, `FINIX_WEBHOOK_*`; in the built-in sandbox, the process's own secret token;
 * with Finix and no `FINIX_WEBHOOK_*`, every call is refused), each authenticated event is stored once by
 * its id (only its id, type and resource), and nothing is believed from the body: the resource is read
 * again from the processor before anything is booked. Bodies past 64 KiB are refused (413), and a client
 * past its rate (429).
 */
export const webhookCalls = {
  receive: defineCall({
    method: 'POST',
    path: '/api/finix/webhooks',
    body: webhookInput,
    answer: webhookAnswer,
    access: 'processor',
    // Finix's events are a few kilobytes; the server's own limit (256 KiB) is for people's forms.
    bodyLimit: 64 * 1024,
    summary: "The card processor's events: stored once, applied after reading the resource again",
    tags,
  }),
};

/**
 * The studio's merchant account (issue 34 item 1, decision 049): the owner's "Get paid" page. The bank
 * account's numbers go to the processor and are never kept or answered.
 */
export const merchantCalls = {
  merchant: defineCall({
    method: 'GET',
    path: '/api/mystudio/payments/merchant',
    answer: merchantAnswer,
    access: 'owner',
    summary:
      "The studio's merchant account: none, provisioning, approved, or rejected with the processor's reasons",
    tags,
  }),
  submitMerchant: defineCall({
    method: 'POST',
    path: '/api/mystudio/payments/merchant',
    body: merchantInput,
    answer: merchantAnswer,
    access: 'owner',
    summary:
      'Onboard the studio at the card processor: its business, owner and bank account (the numbers go to the processor only)',
    description:
      'Refused while the processor reviews an earlier submission or once approved. A rejected account may be sent again. The routing and account numbers are sent to the processor and never stored; the answer names the account by its last four.',
    tags,
  }),
};

/**
 * Returned bank debits (issue 37 item 2, decision 068): the owner's return rates against Nacha's
 * thresholds, and the returns with what followed each.
 */
export const bankReturnCalls = {
  returns: defineCall({
    method: 'GET',
    path: '/api/mystudio/payments/returns',
    query: bankReturnsQuery,
    answer: bankReturnsPage,
    access: 'owner',
    summary:
      'The studio’s returned bank debits over a period: its return rates against Nacha’s thresholds (warned at half) and each return with what followed',
    description:
      'Without `from` and `to`, the last 60 days to today. Debits are the bank debits sent in the period; returns those returned in it. A rate reaches `warn` at half its threshold and `over` at it (unauthorized 0.5 %, administrative 3 %, all returns 15 %).',
    tags,
  }),
};

/** The family's backup method (issue 37 item 5, decision 071): charged when the first fails hard. */
export const backupCalls = {
  backupMethod: defineCall({
    method: 'GET',
    path: '/api/finix/customer/paymentInstrument/backup',
    answer: backupAnswer,
    access: 'parent',
    summary: "The family's backup payment method and the consent words to accept before saving one",
    tags,
  }),
  saveBackup: defineCall({
    method: 'POST',
    path: '/api/finix/customer/paymentInstrument/backup',
    body: saveBackupInput,
    answer: backupAnswer.extend({ msg: z.string() }),
    access: 'parent',
    summary: "Save a card as the family's backup, with its consent to be charged when the first fails hard",
    description:
      'The consent must be ticked and its version the current one (409 `terms_changed` otherwise). The backup is never the first method’s card; one live backup: a new one replaces it.',
    tags,
  }),
  removeBackup: defineCall({
    method: 'DELETE',
    path: '/api/finix/customer/paymentInstrument/backup',
    answer: messageResult,
    access: 'parent',
    summary: "Remove the family's backup payment method",
    tags,
  }),
};

/** Bank debit (issue 37, decision 067): the family's bank account on file, with its debit authorization. */
export const bankCalls = {
  bankOnFile: defineCall({
    method: 'GET',
    path: '/api/finix/customer/bankAccount',
    answer: bankAccountAnswer,
    access: 'parent',
    summary:
      "The family's bank account on file (bank, last four; never its numbers) and the debit authorization",
    tags,
  }),
  saveBank: defineCall({
    method: 'POST',
    path: '/api/finix/customer/bankAccount',
    body: saveBankInput,
    answer: bankAccountAnswer.extend({ msg: z.string() }),
    access: 'parent',
    summary:
      "Save the bank account the processor's form tokenized, with the debit authorization accepted: it becomes the family's method on file",
    tags,
  }),
  removeBank: defineCall({
    method: 'DELETE',
    path: '/api/finix/customer/bankAccount',
    answer: messageResult,
    access: 'parent',
    summary: "Remove the family's bank account (automatic payments stop with it)",
    tags,
  }),
  familyBank: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/bank',
    params: familyParams,
    answer: familyBankAnswer,
    access: 'owner',
    summary: "A family's bank account on file, with when its debit authorization was accepted",
    tags,
  }),
};
