import {
  CATEGORY_LABELS,
  type CreditEntryShape,
  type DESK_PAYMENT_TYPES,
  dollarsText,
  formatDateOnly,
  type LedgerItem,
  type LedgerPayment,
  type LedgerTransaction,
  ledgerMessages,
  OWNER_ITEM_TYPES,
  PAYMENT_TYPE_LABELS,
  REFUND_TO,
} from '@pirouette/domain';

/**
 * The money panel's arithmetic and checks (issue 16 point 6). Every figure the panel shows is the
 * server's; what is worked out here is only what a dialog says before it is sent: an item's total, what
 * a payment will pay and what becomes credit, how much of a payment can go back. All in cents.
 */

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (c: number) => c / 100;
/** Cents as money: 1234 → "$12.34". */
export const money = (c: number) => dollarsText(dollars(c));

/** A number input's value: '' until something is typed. */
export type Amount = number | string;
const amountCents = (value: Amount): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? cents(n) : null;
};

// ——— An item's status ———

export type StatusLook = { label: string; color: string };

/** The badge of an item: open, partly paid, paid, removed (a late fee: waived), or a credit. */
export function itemStatus(item: Pick<LedgerItem, 'status' | 'category'>): StatusLook {
  switch (item.status) {
    case 'open':
      return { label: 'Open', color: 'orange' };
    case 'partial':
      return { label: 'Part paid', color: 'yellow' };
    case 'paid':
      return { label: 'Paid', color: 'teal' };
    case 'removed':
      return { label: item.category === 'late_fee' ? 'Waived' : 'Removed', color: 'gray' };
    case 'credit':
      return { label: 'Credit', color: 'blue' };
  }
}

/** What a late fee's removal is called. */
export const removeWord = (item: Pick<LedgerItem, 'category'>) =>
  item.category === 'late_fee' ? 'Waive' : 'Remove';

/** An item the owner may take back: a charge still on the books, of which nothing was refunded. */
export const canRemove = (item: LedgerItem) =>
  item.status !== 'removed' && item.status !== 'credit' && item.refund_total === 0;

/** The lines of an item's working, and whether they add up to its total (they always should). */
export function linesOf(item: Pick<LedgerItem, 'lines' | 'total'>) {
  const sum = item.lines.reduce((s, l) => s + cents(l.amount), 0);
  return { lines: item.lines, sum, addsUp: sum === cents(item.total) };
}

// ——— A payment ———

/** "Check 1042", "Cash", "Card (studio terminal), receipt 88": the method and its reference. */
export function paymentMethod(p: Pick<LedgerPayment, 'payProcID' | 'payProc_TransferID'>): string {
  const label = PAYMENT_TYPE_LABELS[p.payProcID];
  const ref = p.payProc_TransferID.trim();
  if (!ref) return label;
  if (p.payProcID === 'check') return `Check ${ref.startsWith('#') ? ref : `#${ref}`}`;
  return `${label} · ${ref}`;
}

/** A payment that no longer counts: a check that came back, a card payment disputed by the cardholder. */
/** Returned or disputed: it no longer counts (a bank debit pending still does, decision 067). */
export const takenBack = (p: LedgerPayment) => p.status === 'returned' || p.status === 'disputed';

/** What of a payment paid nothing and became the family's credit. */
export const leftAsCredit = (p: LedgerPayment) =>
  p.payProcID === 'credit' || takenBack(p) ? 0 : Math.max(0, cents(p.total) - cents(p.applied));

/** A check still counted, of which nothing was refunded, can come back unpaid. */
export const canReturn = (p: LedgerPayment) =>
  p.payProcID === 'check' && p.status === 'received' && p.refund_total === 0;

/** A payment with money left to give back. */
export const canRefund = (p: LedgerPayment) =>
  p.payProcID !== 'credit' && p.status === 'received' && p.refund_available > 0;

// ——— Adding an item ———

export const ITEM_TYPE_OPTIONS = OWNER_ITEM_TYPES.map((t) => ({ value: t, label: CATEGORY_LABELS[t] }));

export type ItemValues = {
  typeID: string;
  item: string;
  amount: Amount;
  quantity: Amount;
  dueDate: string;
  note: string;
};

/** The item's total in cents, amount × quantity; null while either is missing. */
export function itemTotal(values: Pick<ItemValues, 'amount' | 'quantity'>): number | null {
  const amount = amountCents(values.amount);
  const quantity = values.quantity === '' ? Number.NaN : Number(values.quantity);
  if (amount === null || !Number.isInteger(quantity)) return null;
  return amount * quantity;
}

/**
 * Every field is required, the amount not zero, the quantity a whole number from 1 to 1000: the spec's
 * one sentence for all (001 §5), beside the field that lacks.
 */
export function itemErrors(values: ItemValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const invalid = ledgerMessages.invalidItem;
  if (!(OWNER_ITEM_TYPES as readonly string[]).includes(values.typeID)) errors.typeID = invalid;
  if (!values.item.trim()) errors.item = invalid;
  const amount = amountCents(values.amount);
  if (amount === null || amount === 0) errors.amount = invalid;
  const q = values.quantity === '' ? Number.NaN : Number(values.quantity);
  if (!Number.isInteger(q) || q < 1 || q > 1000) errors.quantity = invalid;
  return errors;
}

export function itemBody(values: ItemValues, requestId: string, transactionID: string | null) {
  const amount = amountCents(values.amount) ?? 0;
  const quantity = Number(values.quantity);
  return {
    transactionID,
    requestId,
    item: {
      typeID: values.typeID as (typeof OWNER_ITEM_TYPES)[number],
      item: values.item.trim(),
      amount: dollars(amount),
      quantity,
      total: dollars(amount * quantity),
      ...(values.dueDate ? { dueDate: values.dueDate } : {}),
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
    },
  };
}

// ——— Recording a payment ———

export type DeskType = (typeof DESK_PAYMENT_TYPES)[number];

export type PaymentValues = {
  type: DeskType;
  amount: Amount;
  reference: string;
  /** Pay only the picked items (else the oldest open ones first). */
  pick: boolean;
  items: string[];
  /** The day it was received (YYYY-MM-DD); empty or absent: today. A day in a closed month is refused. */
  receivedOn?: string;
};

/** What the dialog knows of the family: its balance and credit (dollars) and the transaction's items. */
export type PaymentContext = { balance: number; credit: number; items: readonly LedgerItem[] };

/** The items a payment can pay: those with something open. */
export const payableItems = (items: readonly LedgerItem[]) => items.filter((i) => i.open > 0);

export const CHECK_NUMBER_NEEDED = 'Give the check number.';

export type PaymentCheck = {
  /** Why nothing can be recorded at all (the spec's sentences), before any field. */
  blocked: string | null;
  errors: Record<string, string>;
  /** In cents: what it pays of the family's charges, and what is left over. */
  pays: number;
  /** Money received beyond what it pays: becomes the family's credit (a desk payment only). */
  becomesCredit: number;
  /** What it can pay: the balance, or the picked items' open amounts. */
  target: number;
};

/**
 * What a desk payment will do, and what stops it. The spec's refusals, verbatim: no item to pay → 'No
 * items in the cart to pay for.'; nothing owed, or an amount not above 0 → 'The payment amount must
 * be greater than "0".'
 */
export function checkPayment(values: PaymentValues, ctx: PaymentContext): PaymentCheck {
  const live = ctx.items.filter((i) => i.status !== 'removed');
  const balance = cents(ctx.balance);
  const credit = cents(ctx.credit);
  const payable = payableItems(ctx.items);
  const picked = values.pick ? payable.filter((i) => values.items.includes(i.id)) : [];
  const target = values.pick ? picked.reduce((s, i) => s + cents(i.open), 0) : balance;
  const amount = amountCents(values.amount);
  const errors: Record<string, string> = {};
  let blocked: string | null = null;
  if (live.length === 0) blocked = ledgerMessages.noItems;
  else if (balance <= 0) blocked = ledgerMessages.zeroPayment;

  if (amount === null || amount <= 0) errors.amount = ledgerMessages.zeroPayment;
  else if (values.type === 'credit' && amount > credit)
    errors.amount = ledgerMessages.notEnoughCredit(money(credit));
  if (values.type === 'check' && !values.reference.trim()) errors.reference = CHECK_NUMBER_NEEDED;
  if (values.pick && picked.length === 0) errors.items = ledgerMessages.noItems;

  const given = Math.max(0, amount ?? 0);
  const pays = Math.min(given, target);
  return {
    blocked,
    errors,
    pays,
    becomesCredit: values.type === 'credit' ? 0 : given - pays,
    target,
  };
}

/** The amount a new payment starts with: the balance, or as much of it as the family's credit covers. */
export function prefilledAmount(type: DeskType, ctx: Pick<PaymentContext, 'balance' | 'credit'>): number {
  const balance = Math.max(0, cents(ctx.balance));
  return dollars(type === 'credit' ? Math.min(balance, Math.max(0, cents(ctx.credit))) : balance);
}

export function paymentBody(values: PaymentValues, requestId: string) {
  return {
    requestId,
    payments: [
      {
        type: values.type,
        total: dollars(amountCents(values.amount) ?? 0),
        reference: values.type === 'check' || values.type === 'terminal' ? values.reference.trim() : '',
        ...(values.pick ? { items: values.items } : {}),
        ...(values.receivedOn ? { receivedOn: values.receivedOn } : {}),
      },
    ],
  };
}

// ——— Refunds ———

/**
 * An item a payment paid: what of it can go back (cents), and what is still open on it (cents). An item
 * still open is not refunded (the server refuses it): what is owed is lowered by waiving or removing the
 * item, or by a credit (decision 037).
 */
export type RefundTarget = { itemID: string; item: string; available: number; open: number };

export type RefundOption = {
  payment: LedgerPayment;
  /** In cents: what of the payment can go back at all. */
  available: number;
  /** The items it paid, each with what can go back of it. */
  items: RefundTarget[];
  /** What of it the family holds as credit (cents), which can go back out. */
  credit: number;
};

/**
 * What can be refunded of each payment of a transaction: at most what the payment has not given back
 * (`refund_available`); of an item, at most what this payment paid of it and what of the item is not
 * refunded (`available_refund_total`); of its credit, at most what of it is held as credit (the credit
 * list's entry for the payment) and the family's credit.
 */
export function refundOptions(
  tx: Pick<LedgerTransaction, 'items' | 'payments'>,
  credits: readonly CreditEntryShape[] | undefined,
  familyCredit: number,
): RefundOption[] {
  return tx.payments.filter(canRefund).map((payment) => {
    const available = cents(payment.refund_available);
    const items = payment.allocations
      .map((a) => {
        const item = tx.items.find((i) => i.id === a.itemID);
        const of = item ? cents(item.available_refund_total) : 0;
        const open = item && item.status !== 'removed' ? cents(item.open) : 0;
        const most = open > 0 ? 0 : Math.min(cents(a.amount), of, available);
        return { itemID: a.itemID, item: a.item, available: most, open };
      })
      .filter((t) => t.available > 0 || t.open > 0);
    const held = credits?.find((c) => c.creditID === payment.id);
    const credit = Math.min(held ? cents(held.amount) : 0, cents(familyCredit), available);
    return { payment, available, items, credit };
  });
}

/** Where refunded money goes: the payment's own way by default. */
export const REFUND_TO_LABELS: Record<(typeof REFUND_TO)[number], string> = {
  cash: 'Cash',
  check: 'A check',
  terminal: 'Card (studio terminal)',
  card: 'Back to the card it was paid with',
  credit: "The family's credit",
};

export type RefundValues = {
  paymentID: string;
  /** An item's id, or 'credit' for the money of the payment held as credit. */
  what: string;
  total: Amount;
  to: (typeof REFUND_TO)[number];
  reason: string;
};

export const REFUND_AMOUNT_NEEDED = 'Give the amount to refund.';
export const REFUND_REASON_NEEDED = 'Say why the money goes back.';
export const REFUND_WHAT_NEEDED = 'Choose what the money is for.';

/** The most that can be refunded of the choice (cents), and the sentence that says so. */
export function refundLimit(option: RefundOption | undefined, what: string) {
  if (!option) return { max: 0, text: (m: string) => ledgerMessages.refundTooLarge(m) };
  if (what === 'credit') return { max: option.credit, text: (m: string) => ledgerMessages.refundTooLarge(m) };
  const item = option.items.find((i) => i.itemID === what);
  if (item && item.open > 0) return { max: 0, text: () => ledgerMessages.refundOpenItem(money(item.open)) };
  return { max: item?.available ?? 0, text: (m: string) => ledgerMessages.refundItemTooLarge(m) };
}

const REFUND_TO_WORDS: Record<(typeof REFUND_TO)[number], string> = {
  cash: 'in cash',
  check: 'by check',
  terminal: 'on the studio terminal',
  card: 'to the card it was paid with',
  credit: "to the family's credit",
};

/**
 * What the refund will do, in a sentence: "Refunds $35.00 paid on Nov 2, 2026 for Registration fee, in
 * cash." Null while the choice is incomplete or an item is still open (refundErrors says why).
 */
export function refundSummary(values: RefundValues, option: RefundOption | undefined): string | null {
  const amount = amountCents(values.total);
  if (!option || !amount || amount <= 0) return null;
  const on = formatDateOnly(option.payment.receivedOn);
  const to = REFUND_TO_WORDS[values.to];
  if (values.what === 'credit')
    return `Gives back ${money(amount)} of the payment of ${on} the family holds as credit, ${to}.`;
  const item = option.items.find((i) => i.itemID === values.what);
  if (!item || item.open > 0) return null;
  return `Refunds ${money(amount)} paid on ${on} for ${item.item}, ${to}.`;
}

export function refundErrors(values: RefundValues, options: readonly RefundOption[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const option = options.find((o) => o.payment.id === values.paymentID);
  if (!option) errors.paymentID = 'Choose the payment the money came from.';
  const known = values.what === 'credit' || !!option?.items.some((i) => i.itemID === values.what);
  if (!values.what || !known) errors.what = REFUND_WHAT_NEEDED;
  const open = option?.items.find((i) => i.itemID === values.what && i.open > 0);
  if (open) errors.what = ledgerMessages.refundOpenItem(money(open.open));
  const amount = amountCents(values.total);
  if (amount === null) errors.total = REFUND_AMOUNT_NEEDED;
  else if (amount <= 0) errors.total = ledgerMessages.refundNothing;
  else if (option && known && !open) {
    const limit = refundLimit(option, values.what);
    if (amount > limit.max) errors.total = limit.text(money(limit.max));
  }
  if (values.to === 'card' && option && option.payment.payProcID !== 'card') errors.to = CARD_REFUND_ONLY;
  if (values.what === 'credit' && values.to === 'credit')
    errors.to = 'Credit given back as credit changes nothing: choose cash, check or card.';
  if (!values.reason.trim()) errors.reason = REFUND_REASON_NEEDED;
  return errors;
}

/** The server's sentence for a refund to a card that never paid (refunds.ts), said before it is sent. */
export const CARD_REFUND_ONLY = 'Only a card payment goes back to the card: choose cash, check or credit.';

/**
 * Where the money of a refund can go: only a card payment goes back to its card (through the card
 * processor), and credit held does not go back as credit.
 */
export const refundDestinations = (what: string, payment: LedgerPayment | undefined) =>
  REFUND_TO.filter(
    (t) => !(what === 'credit' && t === 'credit') && !(t === 'card' && payment?.payProcID !== 'card'),
  );

/** What the owner is told of a refund to the card before sending it. */
export const cardRefundNote = (payment: LedgerPayment) =>
  `Sent back to ${payment.payProc_TransferID || 'the card'} through the card processor. It shows on the books once the processor confirms it, usually at once; the bank may take a few days to show it to the family.`;

/** The refund's destination to start with: how the payment was made. */
export const defaultRefundTo = (p: LedgerPayment | undefined): RefundValues['to'] =>
  p && p.payProcID !== 'credit' && p.payProcID !== 'bank' ? p.payProcID : 'cash';

export function refundBody(values: RefundValues, requestId: string) {
  return {
    paymentID: values.paymentID,
    itemID: values.what === 'credit' ? null : values.what,
    total: dollars(amountCents(values.total) ?? 0),
    to: values.to,
    reason: values.reason.trim(),
    requestId,
  };
}
