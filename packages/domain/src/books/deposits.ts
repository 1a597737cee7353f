import { z } from 'zod';
import { idSchema } from '../ids';

/**
 * Bank deposits of cash, checks and terminal slips (issue 34 item 3, decision 050): the owner picks the
 * payments waiting in "undeposited funds" (or all received up to a day), and the deposit moves them to
 * "bank" as one line, like the bank statement shows it. Money in cents on the wire.
 */

export const DEPOSIT_METHODS = ['cash', 'check', 'terminal'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

export const DEPOSIT_TEXT = {
  made: (n: number, total: string) => `Deposit #${n} of ${total} is made. Print its slip for the bank.`,
  nothingPicked: 'Pick the payments to deposit, or a day to deposit everything received up to it.',
  nothingUpTo: (day: string) =>
    `No cash, check or terminal payment received up to ${day} is waiting to be deposited.`,
  notWaiting:
    'One of the payments picked is no longer waiting to be deposited: it was deposited or taken back. Refresh the list and pick again.',
  inFuture: 'A deposit cannot be dated after today.',
  receivedAfter: (day: string) =>
    `A payment picked was received on ${day}, after the deposit's day: date the deposit from then on.`,
  notFound: 'No such deposit.',
  paymentNotFound: 'One of the payments picked is not a cash, check or terminal payment of the studio.',
  tooMany: 'A deposit holds at most 500 payments: make two.',
} as const;

export const MAX_DEPOSIT_ITEMS = 500;

const pageShape = {
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
};

export const undepositedQuery = z.object({
  /** Only payments received on or before this day. */
  upTo: z.iso.date().optional(),
  ...pageShape,
});

export const undepositedPayment = z.object({
  /** The family ledger's payment (its transaction id). */
  paymentID: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  method: z.enum(DEPOSIT_METHODS),
  /** A check's number, a terminal slip's reference. */
  reference: z.string(),
  receivedOn: z.string(),
  amount: z.number().int(),
});
export type UndepositedPayment = z.infer<typeof undepositedPayment>;

export const undepositedList = z.object({
  /** The studio's today: a deposit's day is at most it. */
  today: z.string(),
  items: z.array(undepositedPayment),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over the whole filter, not the page: what a deposit of all of them would hold. */
  sums: z.object({
    cash: z.number().int(),
    check: z.number().int(),
    terminal: z.number().int(),
    all: z.number().int(),
  }),
});
export type UndepositedList = z.infer<typeof undepositedList>;

/** Picked payments, or every one received up to a day; the deposit's own day (today when absent). */
export const makeDepositInput = z
  .object({
    payments: z.array(idSchema).max(MAX_DEPOSIT_ITEMS, DEPOSIT_TEXT.tooMany).optional(),
    upTo: z.iso.date().optional(),
    depositedOn: z.iso.date().optional(),
    memo: z.string().trim().max(200, 'Keep the memo under 200 characters.').optional().default(''),
  })
  .refine((b) => (b.payments?.length ?? 0) > 0 || b.upTo !== undefined, {
    message: DEPOSIT_TEXT.nothingPicked,
  });

export const depositSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  depositedOn: z.string(),
  total: z.number().int(),
  count: z.number().int(),
  memo: z.string(),
  by: z.string(),
  /** Payments in it taken back since (a check returned unpaid after the deposit). */
  returned: z.number().int(),
});
export type DepositSummary = z.infer<typeof depositSummary>;

export const depositsQuery = z.object(pageShape);

export const bankDepositList = z.object({
  items: z.array(depositSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** What a bank's deposit slip holds: the studio, the day, each check, the cash and terminal totals, the total. */
export const depositSlip = z.object({
  id: z.string(),
  number: z.number().int(),
  depositedOn: z.string(),
  studio: z.object({ name: z.string(), address: z.string() }),
  memo: z.string(),
  by: z.string(),
  checks: z.array(
    z.object({
      paymentID: z.string(),
      number: z.string(),
      family: z.string(),
      receivedOn: z.string(),
      amount: z.number().int(),
    }),
  ),
  cash: z.object({ count: z.number().int(), total: z.number().int() }),
  terminal: z.object({ count: z.number().int(), total: z.number().int() }),
  checksTotal: z.number().int(),
  total: z.number().int(),
});
export type DepositSlip = z.infer<typeof depositSlip>;

export const depositMade = z.object({
  id: z.string(),
  number: z.number().int(),
  total: z.number().int(),
  msg: z.string(),
});
