import { dateOnlySchema } from '@pirouette/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** The card payments' jobs (decisions 028, 046); their handlers are in job-handlers.ts. */

const id = z.string().min(1);

export const paymentJobs = {
  /** Keyed by the attempt: one reconciler per card attempt, queued with it (attempts.ts, refunds.ts). */
  reconcile: defineJob({
    kind: 'payments.reconcile',
    payload: z.object({ attemptId: id }),
    summary: 'Books what the processor holds under a card attempt’s idempotency id; never charges',
  }),
  /** Keyed `<studio>:<day>`: a listener of the billing day posted (ledger's `dayPosted`). */
  autopayDay: defineJob({
    kind: 'autopay.day',
    payload: z.object({ day: dateOnlySchema }),
    summary: 'Queues a billing day’s automatic charges, their retries and reminders (autopay.ts)',
  }),
  /** Keyed `<family>:<due date>:<try>`, so a family is charged once a due date and try. */
  autopayCharge: defineJob({
    kind: 'autopay.charge',
    payload: z.object({
      familyId: id,
      dueOn: dateOnlySchema,
      tryNo: z.number().int().min(1),
      day: dateOnlySchema,
    }),
    summary: 'One family’s automatic charge of what is due',
  }),
  /**
   * Keyed `<studio>:<day>`: a listener of the billing day posted, due at noon studio time (issue 34,
   * decision 051), so yesterday's settlement, paid out this morning, is booked the same day.
   */
  payoutsDay: defineJob({
    kind: 'payouts.day',
    payload: z.object({ day: dateOnlySchema }),
    summary: 'Reads the studio’s settlements from its merchant and books each one paid out, once',
  }),
  /** Keyed `<family>:<due date>`. */
  autopayRemind: defineJob({
    kind: 'autopay.remind',
    payload: z.object({ familyId: id, dueOn: dateOnlySchema, day: dateOnlySchema }),
    summary: 'Reminds a family on auto-pay of a payment due in three days',
  }),
  /** Keyed by the merchant: asks the processor about a studio's merchant under review (decision 049). */
  merchantCheck: defineJob({
    kind: 'payments.merchant-check',
    payload: z.object({ merchantId: id }),
    summary: 'Asks the processor whether a studio’s merchant account under review was approved or rejected',
  }),
  /**
   * Keyed by the return (payment_returns.id), queued in the transaction that booked the return (decision
   * 066): tells the family, and presents a debit returned for funds again or asks for another method.
   */
  returnFollowUp: defineJob({
    kind: 'payments.return-follow-up',
    payload: z.object({ returnId: id }),
    summary: 'Tells a family its bank debit was returned, and presents it again or asks for another method',
  }),
  /**
   * Keyed `<first attempt>:<presentment>` (decision 068), queued by the return's follow-up, due on the day
   * chosen (returns.ts in the domain) at the studio's morning: a debit returned for funds presented again.
   */
  represent: defineJob({
    kind: 'payments.represent',
    payload: z.object({ returnId: id, firstAttemptId: id, presentment: z.number().int().min(2).max(3) }),
    summary: 'Presents a bank debit returned for insufficient funds again, for what the family still owes',
  }),
  /**
   * Keyed `<studio>:<day>`: a listener of the billing day posted (decision 071). Sends the cards on
   * auto-pay due within the next days to the account updater (one batch a studio and day), and tells a
   * family whose card will have expired by its next due date, a week ahead.
   */
  updaterDay: defineJob({
    kind: 'updater.day',
    payload: z.object({ day: dateOnlySchema }),
    summary:
      'Sends the cards on auto-pay to the account updater before their due dates, and flags cards expiring first',
  }),
  /** Keyed by the batch (instrument_update_batches.id): reads its results once the networks answered. */
  updaterResults: defineJob({
    kind: 'updater.results',
    payload: z.object({ batchId: id }),
    summary: 'Applies the account updater’s answers: renewed cards replaced, closed ones marked unusable',
  }),
  /**
   * Keyed `<family>:<method>`, queued when a method is saved (decision 070): the family's failed automatic
   * charge tried again at once with it, once per method saved.
   */
  autopayNewMethod: defineJob({
    kind: 'autopay.new-method',
    payload: z.object({ familyId: id, dueOn: dateOnlySchema, day: dateOnlySchema, methodId: id }),
    summary: 'Charges a family’s failed automatic payment again at once with the method it just saved',
  }),
};
