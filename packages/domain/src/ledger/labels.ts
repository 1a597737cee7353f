/** The family ledger's texts, labels and kinds, apart from its schemas (schema.ts), which use them. */

export const ledgerMessages = {
  invalidItem: 'Invalid entry, please provide all the requested information.',
  noItems: 'No items in the cart to pay for.',
  zeroPayment: 'The payment amount must be greater than "0".',
  noBalance: "Oops, this account doesn't have a balance outstanding.",
  invalidStatus: 'Invalid entry please try again.',
  newItem: 'New item successful',
  itemDeleted: 'Item deleted successfully.',
  /** A late fee taken back is waived, not deleted: the spec's 'Item deleted successfully.' is for an item. */
  lateFeeWaived: 'Late fee waived.',
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
  refundOpenItem: (open: string) =>
    `This item still has ${open} open: a refund gives back money paid on a settled item. To lower what is owed, waive or remove the item, or add a credit, instead.`,
  refunded: 'Refund recorded.',
  paymentInFuture: (today: string) => `A payment cannot be dated after today (${today}).`,
  paymentBeforeFamily: (opened: string) =>
    `A payment cannot be dated before the family's account was opened (${opened}).`,
  refundNothing: 'The refund must be greater than $0.00.',
  refundCreditAsCredit: 'Credit given back as credit changes nothing: choose cash, check or card.',
  tooLarge: 'An amount can be at most $100,000.00.',
  notACheck: 'Only a check payment can bounce.',
  alreadyReturned: 'This payment was already returned.',
  bankPending: 'This bank payment has not cleared yet: it can be refunded once it has.',
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

/**
 * What a charge is for; each has its revenue account (`revenue:<category>`), but an opening balance
 * (decision 056), whose other side is the studio's opening balances (equity), not this year's revenue.
 */
export const CHARGE_CATEGORIES = [
  'tuition',
  'registration_fee',
  'costume',
  'competition',
  'late_fee',
  'returned_check',
  'other',
  'opening_balance',
  'card_surcharge',
  'recital_fee',
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
  opening_balance: 'Opening balance',
  card_surcharge: 'Card surcharge',
  recital_fee: 'Recital fee',
};

/** The item types an owner adds by hand (the spec's typeID); the others are posted by the product. */
export const OWNER_ITEM_TYPES = ['other', 'tuition', 'registration_fee', 'costume', 'competition'] as const;

/** `bank`: a bank debit (ACH) from the bank account on file (decision 067). */
export const PAYMENT_TYPES = ['cash', 'check', 'terminal', 'card', 'credit', 'bank'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  cash: 'Cash',
  check: 'Check',
  terminal: 'Card (studio terminal)',
  card: 'Card on file',
  credit: 'Credit',
  bank: 'Bank debit',
};
/** What an owner records at the desk (card on file is the processor's, issue 17). */
export const DESK_PAYMENT_TYPES = ['cash', 'check', 'terminal', 'credit'] as const;
export const REFUND_TO = ['cash', 'check', 'terminal', 'card', 'credit'] as const;

export const ITEM_STATUSES = ['open', 'partial', 'paid', 'removed', 'credit'] as const;

/** received; returned (a check that bounced, a payment taken back); disputed (a card payment the cardholder disputed). */
/** pending: a bank debit on its way, counted as paid until it clears or is returned (decision 067). */
export const PAYMENT_STATUSES = ['received', 'returned', 'disputed', 'pending'] as const;

export const PLAN_PAYMENT_STATES = ['paid', 'due', 'overdue', 'upcoming'] as const;
