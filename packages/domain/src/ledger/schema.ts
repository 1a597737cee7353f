import { z } from 'zod';
import { idSaying, idSchema } from '../ids';
import { dollarsSchema, MAX_AMOUNT_CENTS } from '../money';

/**
 * The family ledger's shapes at the API edge (issue 16; 001 §3 "Transaction", "Transaction item",
 * "Transaction payment", "Credit"). Money travels in dollars with two decimals and is kept in cents.
 */

export const ledgerMessages = {
  invalidItem: 'Invalid entry, please provide all the requested information.',
  noItems: 'No items in the cart to pay for.',
  zeroPayment: 'The payment amount must be greater than "0".',
  noBalance: "Oops, this account doesn't have a balance outstanding.",
  invalidStatus: 'Invalid entry please try again.',
  newItem: 'New item successful',
  itemDeleted: 'Item deleted successfully.',
  paymentRecorded: 'Payment recorded.',
  transactionNotFound: 'This transaction could not be found.',
  itemNotFound: 'This item could not be found.',
  paymentNotFound: 'This payment could not be found.',
  alreadyRemoved: 'This item was already removed.',
  creditItemKept: 'A credit stays on the books: add a charge to take it back.',
  alreadyBroughtDown:
    'A change of classes already took this payment down: removing it too would give the family the money twice. To give more back, add a credit.',
  totalMismatch: (total: string) => `The total must be the amount times the quantity: ${total}.`,
  notOnTransaction: 'Pick items of this transaction.',
  notEnoughCredit: (credit: string) => `The family has ${credit} of credit to use.`,
  refundTooLarge: (available: string) => `At most ${available} of this payment can be refunded.`,
  refundItemTooLarge: (available: string) => `At most ${available} paid on this item can be refunded.`,
  refunded: 'Refund recorded.',
  refundNothing: 'The refund must be greater than $0.00.',
  tooLarge: 'An amount can be at most $100,000.00.',
  notACheck: 'Only a check payment can bounce.',
  alreadyReturned: 'This payment was already returned.',
  bounced: (fee: string) =>
    `The check was returned: its payment is reversed and the ${fee} returned-check fee posted.`,
  paidToggledOn: 'Marked paid.',
  paidToggledOff: 'Marked unpaid: the payment recorded for it was reversed.',
  paidByOtherMeans:
    'This payment was paid by payments made at the desk, by card or with credit, not by the paid mark: refund or take them back from the family’s money panel instead.',
  notDueYet: 'This payment is not charged yet.',
  balanceChanged: (balance: string) => `The balance changed: it is now ${balance}.`,
  balanceEmailSent: (family: string) => `Balance e-mail sent to the ${family} family.`,
  balanceEmailsSent: (n: number) =>
    n === 0 ? 'No family owes money.' : `Balance e-mail sent to ${n} famil${n === 1 ? 'y' : 'ies'}.`,
  noEmail: 'This family has no e-mail address to write to.',
  familyOwes: (balance: string) =>
    `This family owes ${balance}: record a payment or remove its charges before deleting it.`,
  familyHasCredit: (credit: string) =>
    `This family holds ${credit} of credit: refund it before deleting the family.`,
} as const;

/** What a charge is for; each has its revenue account (`revenue:<category>`). */
export const CHARGE_CATEGORIES = [
  'tuition',
  'registration_fee',
  'costume',
  'competition',
  'late_fee',
  'returned_check',
  'other',
] as const;
export type ChargeCategory = (typeof CHARGE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ChargeCategory, string> = {
  tuition: 'Tuition',
  registration_fee: 'Registration fee',
  costume: 'Costume',
  competition: 'Competition',
  late_fee: 'Late fee',
  returned_check: 'Returned check fee',
  other: 'Other',
};

/** The item types an owner adds by hand (the spec's typeID); the others are posted by the product. */
export const OWNER_ITEM_TYPES = ['other', 'tuition', 'registration_fee', 'costume', 'competition'] as const;

export const PAYMENT_TYPES = ['cash', 'check', 'terminal', 'card', 'credit'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  cash: 'Cash',
  check: 'Check',
  terminal: 'Card (studio terminal)',
  card: 'Card on file',
  credit: 'Credit',
};
/** What an owner records at the desk (card on file is the processor's, issue 17). */
export const DESK_PAYMENT_TYPES = ['cash', 'check', 'terminal', 'credit'] as const;
export const REFUND_TO = ['cash', 'check', 'terminal', 'card', 'credit'] as const;

/** Dollars with at most two decimals (cents / 100). */
const money = z.number();

/** A line of a charge's working: a sentence and dollars (they add up to the item's total). */
export const ledgerLine = z.object({ label: z.string(), amount: money });

export const ITEM_STATUSES = ['open', 'partial', 'paid', 'removed', 'credit'] as const;

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

/** received; returned (a check that bounced, a payment taken back); disputed (a card payment the cardholder disputed). */
export const PAYMENT_STATUSES = ['received', 'returned', 'disputed'] as const;

/** A transaction payment (001 §3); `type` CREDIT marks credit applied. */
export const ledgerPayment = z.object({
  id: z.string(),
  /** The method: cash, check, terminal, card, credit. */
  payProcID: z.enum(PAYMENT_TYPES),
  /** The check number, the terminal's receipt, the processor's transfer id. */
  payProc_TransferID: z.string(),
  type: z.enum(['CASH', 'CHECK', 'TERMINAL', 'CARD', 'CREDIT']),
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
  kind: z.enum(['charge', 'payment', 'credit_applied', 'reversal', 'refund', 'bounce', 'dispute']),
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
        item: text(120).min(1, ledgerMessages.invalidItem),
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

export const deskPayment = z.object({
  type: z.enum(DESK_PAYMENT_TYPES, { error: 'Choose how it was paid.' }),
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

export const PLAN_PAYMENT_STATES = ['paid', 'due', 'overdue', 'upcoming'] as const;

/** A plan payment of a family in the term (GET mystudio/account/payments). */
export const planPaymentRow = z.object({
  /** The payment in the family's latest plan revision; the paid toggle takes it. */
  id: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  plan: z.string(),
  name: z.string(),
  kind: z.enum(['plan', 'adjustment']),
  dateDueBy: z.string(),
  val: money,
  /** Charged so far for it, and paid of that. */
  charged: money,
  paid: money,
  /** 1 when its charge is covered (derived from the ledger, 001 §3 isPayed). */
  isPayed: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(PLAN_PAYMENT_STATES),
  rev: z.number().int(),
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
  aging: z.array(z.object({ bucket: z.enum(['0-30', '31-60', '61-90', '90+']), total: money })),
  /** The last 12 months, each category's revenue (charges less removals and refunds). */
  revenue: z.array(z.object({ month: z.string(), category: z.enum(CHARGE_CATEGORIES), total: money })),
  /** The families owing most. */
  owing: z.array(
    z.object({ coAcctMemID: z.string(), family: z.string(), balance: money, oldestDue: z.string() }),
  ),
});
export type MoneyOverview = z.infer<typeof moneyOverview>;

export const exportQuery = z.object({ from: z.iso.date(), to: z.iso.date() });

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
