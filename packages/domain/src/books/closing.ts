import { z } from 'zod';
import { compareDates, type DateOnly, endOfMonth } from '../dates-core';
import { formatDateOnly } from '../format';
import { monthLabel } from '../ledger/periods';

/**
 * Closing a month (issue 34 item 5, decision 050). The books are closed through one day, the last of a
 * month, like an accounting package's lock date: closing a month closes every month before it too, and
 * reopening a month reopens it and every month after it. Only a month that has ended in the studio's
 * time zone can be closed; a reopening always says why. Here the rules, pure; the act and its log are
 * the ledger module's (modules/ledger/operations/close-month.ts).
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const CLOSING_TEXT = {
  closed: (month: string) =>
    `${monthLabel(month)} is closed. Nothing can be recorded in it or before it now.`,
  reopened: (month: string) => `${monthLabel(month)} is open again. Close it when its corrections are in.`,
  notEnded: (month: string, from: string) =>
    `${monthLabel(month)} has not ended yet: it can be closed from ${formatDateOnly(from)} on.`,
  alreadyClosed: (month: string) => `${monthLabel(month)} is already closed.`,
  notClosed: (month: string) => `${monthLabel(month)} is not closed, so there is nothing to reopen.`,
  reasonNeeded: 'Say why the month is reopened: the reason stays in the log.',
  invalidMonth: 'Pick a month.',
} as const;

/** `YYYY-MM`. */
export const monthSchema = z.string().regex(MONTH, CLOSING_TEXT.invalidMonth);

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The last month that has ended on `today`: the month before today's. */
export const lastEndedMonth = (today: DateOnly): string => previousMonth(today.slice(0, 7));

/** The month's last day. */
const monthEnd = (month: string): DateOnly => endOfMonth(`${month}-01`);

/** Why `month` cannot be closed now, or null; the closed-through day after it when it can. */
/**
 * What stands in the way of an act, by code (a conflict with the books' state, or input to correct), and
 * its sentence: the caller decides by the code (decision 053), never by the sentence.
 */
export type ClosingProblem = { kind: 'conflict' | 'input'; message: string };

export function closeProblem(
  month: string,
  at: { today: DateOnly; closedThrough: DateOnly | null },
): ClosingProblem | null {
  const end = monthEnd(month);
  if (compareDates(end, at.today) >= 0) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return { kind: 'input', message: CLOSING_TEXT.notEnded(month, next) };
  }
  if (at.closedThrough !== null && compareDates(end, at.closedThrough) <= 0)
    return { kind: 'conflict', message: CLOSING_TEXT.alreadyClosed(month) };
  return null;
}

/** Why `month` cannot be reopened, or null (the closed-through day after it is the end of the month before). */
export function reopenProblem(
  month: string,
  at: { closedThrough: DateOnly | null; reason: string },
): ClosingProblem | null {
  if (at.closedThrough === null || compareDates(monthEnd(month), at.closedThrough) > 0)
    return { kind: 'conflict', message: CLOSING_TEXT.notClosed(month) };
  if (at.reason.trim() === '') return { kind: 'input', message: CLOSING_TEXT.reasonNeeded };
  return null;
}

/** The closed-through day after an act: closing `month` → its last day; reopening it → the end of the month before. */
export const closedThroughAfter = (act: 'close' | 'reopen', month: string): DateOnly =>
  act === 'close' ? monthEnd(month) : monthEnd(previousMonth(month));

// ——— The calls' shapes ———

export const closeMonthInput = z.object({ month: monthSchema });
export const reopenMonthInput = z.object({
  month: monthSchema,
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters.'),
});

export const closingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});

export const periodAct = z.object({
  id: z.string(),
  act: z.enum(['close', 'reopen']),
  month: z.string(),
  /** The closed-through day after the act (null: nothing closed). */
  closedThrough: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type PeriodAct = z.infer<typeof periodAct>;

/** The books' state: closed through which day, the month that can be closed next, and the log of acts, newest first. */
export const booksClosing = z.object({
  today: z.string(),
  closedThrough: z.string().nullable(),
  /** The last month that has ended (the one to close), or null when it is closed already. */
  closable: z.string().nullable(),
  /** The last closed month, which can be reopened, or null. */
  reopenable: z.string().nullable(),
  acts: z.array(periodAct),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BooksClosing = z.infer<typeof booksClosing>;

export const closingResult = z.object({ msg: z.string(), closedThrough: z.string().nullable() });
