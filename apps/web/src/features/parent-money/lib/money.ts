import {
  compareDates,
  dateParts,
  dollarsText,
  formatDateOnly,
  type LedgerItem,
  type LedgerPayment,
  type LedgerTransaction,
  makeDate,
  PAYMENT_TYPE_LABELS,
  type Statement,
} from '@pirouette/domain';

/**
 * The parent's money, worked out for the screen (issue 16 point 7): which charges are left to pay and
 * how old they are, what each payment paid, the statement's default range and its limits. Pure, so the
 * card and the statement page say the same thing and a test can check it.
 */

/** Dollars added in cents, so 0.1 + 0.2 reads 0.30. */
export const addDollars = (...amounts: number[]) =>
  amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;

/**
 * A line of a charge's working for a screen that shows amounts in their own column: the amount the
 * words end with is cut ("Monthly tuition $60.00" → "Monthly tuition"; "…dropped from Jan 15: −$31.50"
 * → "…dropped from Jan 15"), as the column says it.
 */
export function workingLabel(line: { label: string; amount: number }): string {
  const label = line.label.trim();
  const figure = dollarsText(Math.abs(line.amount));
  for (const end of [`: ${line.amount < 0 ? '−' : '+'}${figure}`, `: ${figure}`, ` ${figure}`]) {
    if (label.endsWith(end) && label.length > end.length) return label.slice(0, -end.length);
  }
  return label;
}

/**
 * Every charge with something left to pay across the family's bills, each once, oldest due first
 * (the order payments pay them in).
 */
export function openCharges(bills: readonly (LedgerTransaction | null | undefined)[]): LedgerItem[] {
  const seen = new Map<string, LedgerItem>();
  for (const bill of bills) {
    for (const item of bill?.items ?? []) {
      if (item.open > 0 && (item.status === 'open' || item.status === 'partial')) seen.set(item.id, item);
    }
  }
  return [...seen.values()].sort((a, b) => compareDates(a.dueDate, b.dueDate));
}

export type DueState = 'overdue' | 'today' | 'upcoming';

/** Past due (its day is gone), due today, or due later. */
export function dueState(dueDate: string, today: string): DueState {
  const order = compareDates(dueDate, today);
  return order < 0 ? 'overdue' : order === 0 ? 'today' : 'upcoming';
}

/** "Past due since Nov 21, 2026", "Due today", "Due Dec 1, 2026". */
export function dueText(dueDate: string, today: string): string {
  const state = dueState(dueDate, today);
  if (state === 'overdue') return `Past due since ${formatDateOnly(dueDate)}`;
  if (state === 'today') return 'Due today';
  return `Due ${formatDateOnly(dueDate)}`;
}

/** "Cash", "Check 1042", "Card on file", "Credit applied": how it was paid, as a receipt heads it. */
export function paymentTitle(p: LedgerPayment): string {
  if (p.payProcID === 'credit') return 'Credit applied';
  // A bank debit on its way: counted as paid, cleared in a few business days (decision 067).
  if (p.payProcID === 'bank') return p.status === 'pending' ? 'Bank debit — pending' : 'Bank debit';
  const method = PAYMENT_TYPE_LABELS[p.payProcID];
  if (!p.payProc_TransferID) return method;
  return p.payProcID === 'check' ? `Check ${p.payProc_TransferID}` : `${method} (${p.payProc_TransferID})`;
}

/** A payment's receipt: what it paid, item by item; what it left as credit; what was given back. */
export function receiptOf(p: LedgerPayment) {
  // A check that came back, a card payment the cardholder disputed: it no longer counts.
  const returned = p.status === 'returned' || p.status === 'disputed';
  const toCredit = p.payProcID === 'credit' || returned ? 0 : Math.max(0, addDollars(p.total, -p.applied));
  return {
    title: paymentTitle(p),
    paid: p.allocations.filter((a) => a.amount > 0),
    toCredit,
    refunded: p.refund_total,
    returned,
    disputed: p.status === 'disputed',
    pending: p.status === 'pending',
  };
}

/** Every payment of the bills read, each once, newest first. */
export function paymentsOf(bills: readonly (LedgerTransaction | null | undefined)[]): LedgerPayment[] {
  const seen = new Map<string, { p: LedgerPayment; bill: number; i: number }>();
  for (const bill of bills) {
    if (!bill) continue;
    bill.payments.forEach((p, i) => {
      seen.set(p.id, { p, bill: bill.number, i });
    });
  }
  return [...seen.values()]
    .sort((a, b) => compareDates(b.p.receivedOn, a.p.receivedOn) || b.bill - a.bill || b.i - a.i)
    .map((x) => x.p);
}

/** The one sentence under the figures. */
export function standingText(m: { balance: number; overdue: number; credit: number }, studioName: string) {
  if (m.balance <= 0) {
    return m.credit > 0
      ? `You're all paid up, with ${dollarsText(m.credit)} of credit for your next charges.`
      : "You're all paid up.";
  }
  if (m.overdue > 0) {
    const all = m.overdue >= m.balance;
    return `${all ? 'All of it' : dollarsText(m.overdue)} is past due. Please pay ${studioName || 'the studio'} as soon as you can.`;
  }
  return 'Nothing is past due.';
}

// ——— Statements ———

export const STATEMENT_MAX_YEARS = 3;

/** The server's refusals, said before asking it. */
export const statementRangeMessages = {
  backwards: 'The statement must start before it ends.',
  tooLong: 'A statement covers at most 3 years: choose a shorter range.',
  missing: 'Choose the first and the last day.',
} as const;

/** The same day `months` earlier or later (the 31st becomes the month's last day). */
export function addMonths(day: string, months: number): string {
  const p = dateParts(day);
  if (!p) return day;
  const index = p.year * 12 + (p.month - 1) + months;
  return makeDate(Math.floor(index / 12), (index % 12) + 1, p.day);
}

/** Why the range cannot be asked for, or null. */
export function statementRangeError(from: string, to: string): string | null {
  if (!dateParts(from) || !dateParts(to)) return statementRangeMessages.missing;
  if (compareDates(from, to) > 0) return statementRangeMessages.backwards;
  if (compareDates(to, addMonths(from, STATEMENT_MAX_YEARS * 12)) > 0) return statementRangeMessages.tooLong;
  return null;
}

export type Range = { from: string; to: string };
type Term = { dateStart: string; dateEnd: string } | null | undefined;

/** The current term up to today (or its end), once it has started. */
export function termRange(today: string, term: Term): Range | null {
  if (!term || compareDates(term.dateStart, today) > 0) return null;
  return { from: term.dateStart, to: compareDates(today, term.dateEnd) > 0 ? term.dateEnd : today };
}

export const lastMonths = (today: string, months: number): Range => ({
  from: addMonths(today, -months),
  to: today,
});

/** This term so far; before a term has started, the last 3 months. */
export const defaultStatementRange = (today: string, term: Term): Range =>
  termRange(today, term) ?? lastMonths(today, 3);

/** "Nov 1, 2026 – Feb 28, 2027", or one day. */
export const rangeText = ({ from, to }: Range) =>
  from === to ? formatDateOnly(from) : `${formatDateOnly(from)} – ${formatDateOnly(to)}`;

/** The statement's totals: charges and payments of its lines (they take the opening to the closing). */
export function statementTotals(st: Pick<Statement, 'lines'>) {
  return {
    charges: addDollars(...st.lines.map((l) => l.charge)),
    payments: addDollars(...st.lines.map((l) => l.payment)),
  };
}

/** "Jan 21", or "Jan 21, 2027" when the statement spans more than one year. */
export function lineDate(day: string, st: Pick<Statement, 'from' | 'to'>): string {
  const full = formatDateOnly(day);
  return st.from.slice(0, 4) === st.to.slice(0, 4) ? full.replace(/, \d{4}$/, '') : full;
}
