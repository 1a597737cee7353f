import { z } from 'zod';
import { paymentSpecShape } from '../class-registration/payment-schema';
import { idSaying, idSchema } from '../ids';
import { dollarsSchema, MAX_AMOUNT_CENTS } from '../money';
import {
  CHARGE_CATEGORIES,
  DESK_PAYMENT_TYPES,
  ITEM_STATUSES,
  ledgerMessages,
  OWNER_ITEM_TYPES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PLAN_PAYMENT_STATES,
  REFUND_TO,
} from './labels';
import { AGING_BUCKETS } from './rules';

/**
 * The family ledger's shapes at the API edge (issue 16; 001 §3 "Transaction", "Transaction item",
 * "Transaction payment", "Credit"). Money travels in dollars with two decimals and is kept in cents.
 */

export type { ChargeCategory, PaymentType } from './labels';
// Its texts, labels and kinds are in labels.ts, which needs no zod: the web's first screens import them
// without it (issue 20). Every name stays importable from here.
export {
  CATEGORY_LABELS,
  CHARGE_CATEGORIES,
  DESK_PAYMENT_TYPES,
  ITEM_STATUSES,
  ledgerMessages,
  OWNER_ITEM_TYPES,
  PAYMENT_STATUSES,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  PLAN_PAYMENT_STATES,
  REFUND_TO,
} from './labels';

/** Dollars with at most two decimals (cents / 100). */
const money = z.number();

/** A line of a charge's working: a sentence and dollars (they add up to the item's total). */
export const ledgerLine = z.object({ label: z.string(), amount: money });

/** A transaction item (001 §3): a charge, or a credit (negative total). */
export const ledgerItem = z.object({
  id: z.string(),
  typeID: z.string(),
  /** What it comes from: the plan payment's due item, the fee, the charge a late fee is for; else its own id. */
  itemID: z.string(),
  item: z.string(),
  category: z.enum(CHARGE_CATEGORIES),
  amount: money,
  quantity: z.number().int(),
  total: money,
  dueDate: z.string(),
  postedOn: z.string(),
  /** Why it was posted, e.g. the plan revision's reason. */
  reason: z.string(),
  lines: z.array(ledgerLine),
  /** Paid so far (payments and credit applied), and what is left. */
  paid: money,
  open: money,
  status: z.enum(ITEM_STATUSES),
  /** When removed: why, and when. */
  removed: z.object({ on: z.string(), reason: z.string() }).nullable(),
  refund_total: money,
  available_refund_total: money,
});
export type LedgerItem = z.infer<typeof ledgerItem>;

/** A transaction payment (001 §3); `type` CREDIT marks credit applied. */
export const ledgerPayment = z.object({
  id: z.string(),
  /** The method: cash, check, terminal, card, credit. */
  payProcID: z.enum(PAYMENT_TYPES),
  /** The check number, the terminal's receipt, the processor's transfer id. */
  payProc_TransferID: z.string(),
  type: z.enum(['CASH', 'CHECK', 'TERMINAL', 'CARD', 'CREDIT', 'BANK']),
  total: money,
  /** What it paid of the family's charges; the rest became credit. */
  applied: money,
  refund_total: money,
  refund_available: money,
  status: z.enum(PAYMENT_STATUSES),
  receivedOn: z.string(),
  by: z.string(),
  /** The items it paid, and how much of each. */
  allocations: z.array(z.object({ itemID: z.string(), item: z.string(), amount: money })),
});
export type LedgerPayment = z.infer<typeof ledgerPayment>;

/** A spec transaction: the family's bill, with its items and payments. Status 0 open, 1 complete. */
export const ledgerTransaction = z.object({
  id: z.string(),
  coAcctMemID: z.string(),
  number: z.number().int(),
  openedOn: z.string(),
  total: money,
  status: z.union([z.literal(0), z.literal(1)]),
  balance: money,
  paymentTotal: money,
  credit_total: money,
  credit_overpayment: money,
  credit_refund: money,
  refund_total: money,
  refund_available: money,
  items: z.array(ledgerItem),
  payments: z.array(ledgerPayment),
});
export type LedgerTransaction = z.infer<typeof ledgerTransaction>;

/** The family's current transaction, or none when nothing was ever charged. */
export const currentTransaction = ledgerTransaction.nullable();

export const transactionSummary = ledgerTransaction.omit({ items: true, payments: true }).extend({
  items: z.number().int(),
  payments: z.number().int(),
});
export const transactionList = z.object({
  items: z.array(transactionSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET transactions/{id}/credit/list: the family's credit, by where it came from. */
export const creditEntry = z.object({
  creditID: z.string(),
  remaining: money,
  amount: money,
  source: z.enum(['overpayment', 'refund', 'adjustment', 'removed', 'returned']),
  description: z.string(),
  createdOn: z.string(),
});
export type CreditEntryShape = z.infer<typeof creditEntry>;
export const creditList = z.object({ total: money, credits: z.array(creditEntry) });

/** One line of the family's history: what happened, and what it did to the balance and the credit. */
export const moneyEvent = z.object({
  id: z.string(),
  kind: z.enum(['charge', 'payment', 'credit_applied', 'reversal', 'refund', 'bounce', 'dispute', 'cleared']),
  date: z.string(),
  description: z.string(),
  reason: z.string(),
  by: z.string(),
  /** Change of the balance (what the family owes): + a charge, − a payment. */
  balance: money,
  /** Change of the family's credit. */
  credit: money,
  /** The balance after it. */
  balanceAfter: money,
});

/** The family's money panel and the parent's money card. */
export const familyMoney = z.object({
  coAcctMemID: z.string(),
  family: z.string(),
  balance: money,
  credit: money,
  /** Owed now and past due (a charge not paid on its due date). */
  overdue: money,
  current: ledgerTransaction.nullable(),
  history: z.array(moneyEvent),
  /** More history than shown (it is the latest 100). */
  historyTruncated: z.boolean(),
});
export type FamilyMoney = z.infer<typeof familyMoney>;

// ——— Inputs ———

const text = (max: number) => z.string().trim().max(max);
const positiveDollars = dollarsSchema;

/** POST transactions/item/{coAcctMemID}: `{transactionID?, item}` — every field required (001 §5). */
export const addItemInput = z.object(
  {
    transactionID: idSchema.nullish(),
    item: z.object(
      {
        typeID: z.enum(OWNER_ITEM_TYPES, { error: ledgerMessages.invalidItem }),
        item: z
          .string({ error: ledgerMessages.invalidItem })
          .trim()
          .max(120)
          .min(1, ledgerMessages.invalidItem),
        amount: z
          .number({ error: ledgerMessages.invalidItem })
          .pipe(dollarsSchema)
          .refine((cents) => Math.abs(cents) <= MAX_AMOUNT_CENTS, ledgerMessages.tooLarge),
        quantity: z
          .number({ error: ledgerMessages.invalidItem })
          .int(ledgerMessages.invalidItem)
          .min(1, ledgerMessages.invalidItem)
          .max(1000, ledgerMessages.invalidItem),
        total: z
          .number({ error: ledgerMessages.invalidItem })
          .pipe(dollarsSchema)
          .refine((cents) => Math.abs(cents) <= MAX_AMOUNT_CENTS, ledgerMessages.tooLarge),
        /** The day it is due; today by default. */
        dueDate: z.iso.date().optional(),
        note: text(300).optional(),
      },
      { error: ledgerMessages.invalidItem },
    ),
    requestId: idSchema.optional(),
  },
  { error: ledgerMessages.invalidItem },
);

const choosePaymentType = 'Choose how it was paid.';

export const deskPayment = z.object({
  // In either case: every answer spells it in capitals (CASH, and 001 §3's CREDIT), and a client may
  // send back what it read (issue 32 item 12).
  type: z
    .string({ error: choosePaymentType })
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(DESK_PAYMENT_TYPES, { error: choosePaymentType })),
  total: z
    .number({ error: ledgerMessages.zeroPayment })
    .pipe(positiveDollars)
    .refine((cents) => cents <= MAX_AMOUNT_CENTS, ledgerMessages.tooLarge),
  reference: text(60).optional().default(''),
  /** Items of the transaction to pay; the oldest open charges first when none. */
  items: z.array(idSchema).max(200).optional(),
  receivedOn: z.iso.date().optional(),
});

/** POST transactions/payments/{coAcctMemID}/{transID}. */
export const recordPaymentsInput = z.object({
  payments: z.array(deskPayment).min(1, ledgerMessages.zeroPayment).max(10),
  /** Sent again with the same id, the payment is recorded once. */
  requestId: idSchema.optional(),
});

/** POST transactions/refund/{coAcctMemID}. */
export const refundInput = z.object({
  paymentID: idSchema,
  /** The item refunded; none: the payment's money held as credit goes back. */
  itemID: idSchema.nullish(),
  total: z
    .number({ error: 'Give the amount to refund.' })
    .pipe(positiveDollars)
    .refine((cents) => cents > 0, ledgerMessages.refundNothing)
    .refine((cents) => cents <= MAX_AMOUNT_CENTS, ledgerMessages.tooLarge),
  to: z.enum(REFUND_TO, { error: 'Choose how the money goes back.' }),
  reason: text(300).min(1, 'Say why the money goes back.'),
  requestId: idSchema.optional(),
});

/** POST transactions/payments/{coAcctMemID}/{paymentID}/returned. */
export const bounceInput = z.object({ reason: text(300).optional().default('') });

/** DELETE transactions/item/{transID}/{itemID}?reason=… (a late fee waived, a charge taken back). */
export const removeItemQuery = z.object({ reason: text(300).optional().default('') });

/** POST myStudio/paymentSystem/account/{coAcctMemID}/email/balance: the balance the owner saw. */
export const balanceEmailInput = z.object({ balance: z.number().pipe(dollarsSchema).optional() });

export const statementQuery = z.object({ from: z.iso.date(), to: z.iso.date() });

export const paymentStatusParams = z.object({
  id: idSaying(ledgerMessages.invalidStatus),
  status: z.enum(['0', '1'], { error: ledgerMessages.invalidStatus }).transform(Number),
});

// ——— The owner's money pages ———

/** A plan payment of a family in the term (GET mystudio/account/payments). */
export const planPaymentRow = z.object({
  /** The payment in the family's latest plan revision; the paid toggle takes it. */
  id: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  plan: z.string(),
  name: z.string(),
  kind: z.enum(['plan', 'adjustment']),
  val: money,
  /** Charged so far for it, and paid of that. */
  charged: money,
  paid: money,
  /** 1 when its charge is covered (derived from the ledger, 001 §3 isPayed). */
  isPayed: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(PLAN_PAYMENT_STATES),
  /**
   * 001 §3 "Payment in a plan" (decision 043): its period, due date (`dateDueBy`), due day, share, whole
   * amount, code, the plan revision it is of (`rev`) and the family's tuition split.
   */
  dateStart: z.string(),
  dateEnd: z.string(),
  ...paymentSpecShape,
});
export type PlanPaymentRow = z.infer<typeof planPaymentRow>;

export const planPaymentsQuery = z.object({
  filter: z.enum(['all', 'month', 'overdue', 'unpaid']).optional().default('all'),
  family: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});

export const planPaymentList = z.object({
  items: z.array(planPaymentRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over the whole filter, not the page. */
  sums: z.object({ val: money, paid: money, overdue: money }),
  term: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/** What is open by age: each age's total (dollars), every age in AGING_BUCKETS' order. */
export const agingTotals = z.array(z.object({ bucket: z.enum(AGING_BUCKETS), total: money }));

/** GET transactions/overview: the studio's money at a glance. */
export const moneyOverview = z.object({
  today: z.string(),
  takings: z.object({
    today: z.array(z.object({ method: z.enum(PAYMENT_TYPES), total: money, count: z.number().int() })),
    month: z.array(z.object({ method: z.enum(PAYMENT_TYPES), total: money, count: z.number().int() })),
  }),
  /** What families owe in all, how many owe, and the credit the studio holds for families. */
  receivable: money,
  familiesOwing: z.number().int(),
  creditHeld: money,
  /** Open charges by age: not yet due, then days past due (each charge's due date). */
  aging: agingTotals,
  /** The last 12 months, each category's revenue (charges less removals and refunds). */
  revenue: z.array(z.object({ month: z.string(), category: z.enum(CHARGE_CATEGORIES), total: money })),
  /** The families owing most. */
  owing: z.array(
    z.object({ coAcctMemID: z.string(), family: z.string(), balance: money, oldestDue: z.string() }),
  ),
});
export type MoneyOverview = z.infer<typeof moneyOverview>;

export const agingQuery = z.object({
  /** One family only (its account page). */
  family: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});

/** GET transactions/aging: what each family has open, by age (issue 31 item 8), most owed first. */
export const agingByFamily = z.object({
  today: z.string(),
  items: z.array(z.object({ coAcctMemID: z.string(), family: z.string(), total: money, aging: agingTotals })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgingByFamily = z.infer<typeof agingByFamily>;

export const exportQuery = z.object({ from: z.iso.date(), to: z.iso.date() });

/** The revenue report's longest period, in months (ten years). */
export const REVENUE_MAX_MONTHS = 120;

export const REVENUE_TEXT = {
  badDate: 'Choose a day as YYYY-MM-DD, for example 2026-11-30.',
  backwards: 'The period must start on or before the day it ends.',
  tooLong: `Choose a period of at most ${REVENUE_MAX_MONTHS / 12} years: look at a longer one in parts.`,
} as const;

const revenueDay = z.iso.date({ error: REVENUE_TEXT.badDate });

/**
 * GET transactions/overview's period of the revenue by month (issue 34 item 4): any days; without them,
 * the last 12 months as before.
 */
export const overviewQuery = z.object({ from: revenueDay.optional(), to: revenueDay.optional() });

/** GET transactions/revenue/csv: the revenue by month and kind between two days. */
export const revenueCsvQuery = z.object({ from: revenueDay, to: revenueDay });

/** A statement of a family's account between two days (printable): opening balance, each line, closing. */
export const statement = z.object({
  coAcctMemID: z.string(),
  family: z.string(),
  address: z.array(z.string()),
  studio: z.object({ name: z.string(), address: z.array(z.string()), phone: z.string(), email: z.string() }),
  from: z.string(),
  to: z.string(),
  opening: money,
  closing: money,
  credit: money,
  lines: z.array(
    z.object({
      date: z.string(),
      description: z.string(),
      detail: z.array(z.string()),
      charge: money,
      payment: money,
      balance: money,
    }),
  ),
});
export type Statement = z.infer<typeof statement>;
