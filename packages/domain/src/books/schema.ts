import { z } from 'zod';

/**
 * The accountant's reports (issue 34 item 4, decision 052): the trial balance on a day, the general
 * ledger of an account over a period, and the journal as a file QuickBooks Online or Xero imports.
 * Money travels in dollars with two decimals (kept in cents); a debit is positive.
 */

export const BOOKS_TEXT = {
  badDate: 'Choose a day as YYYY-MM-DD, for example 2026-11-30.',
  backwards: 'The period must start on or before the day it ends.',
  tooLong: 'Choose a period of at most 3 years: look at a longer one in parts.',
  badAccount: 'Choose an account of the chart of accounts.',
  badCursor: 'That page of the ledger is no longer there: start again from the first page.',
  tooManyLines: 'This period holds more lines than one file takes: choose a shorter period.',
  xeroLines: 'Xero imports at most 300 lines in one file: choose a shorter period (a month usually fits).',
} as const;

/** The longest period a report covers, in years (the statement's limit too). */
export const REPORT_MAX_YEARS = 3;

/** A day of the calendar, YYYY-MM-DD, refused with a sentence otherwise. */
export const reportDay = z.iso.date({ error: BOOKS_TEXT.badDate });

const money = z.number();

export const BOOK_ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;

/** An account of the chart (modules/books/accounts.ts): `bank`, `revenue:tuition` … */
export const bookAccountItem = z.object({
  code: z.string(),
  number: z.string(),
  name: z.string(),
  type: z.enum(BOOK_ACCOUNT_TYPES),
});
export type BookAccountItem = z.infer<typeof bookAccountItem>;

export const trialBalanceQuery = z.object({ date: reportDay });

/** GET mystudio/reports/trial-balance: every account with a balance at the end of the day. */
export const trialBalance = z.object({
  studio: z.string(),
  date: z.string(),
  /** The last closed day of the books, if any: figures through it never change. */
  closedThrough: z.string().nullable(),
  accounts: z.array(bookAccountItem.extend({ debit: money, credit: money })),
  totals: z.object({ debit: money, credit: money }),
});
export type TrialBalance = z.infer<typeof trialBalance>;

export const periodQuery = z.object({ from: reportDay, to: reportDay });

/** GET mystudio/reports/accounts: the chart, each account with a line in the books or always there. */
export const bookAccountList = z.object({ items: z.array(bookAccountItem) });

export const generalLedgerQuery = periodQuery.extend({
  account: z
    .string({ error: BOOKS_TEXT.badAccount })
    .min(1, BOOKS_TEXT.badAccount)
    .max(80, BOOKS_TEXT.badAccount),
  /** Where the page starts: the `next` of the page before (absent: the first page). */
  after: z.string().max(200, BOOKS_TEXT.badCursor).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(100),
});

/** GET mystudio/reports/general-ledger: a page of an account's lines, each with the running balance. */
export const generalLedger = z.object({
  account: bookAccountItem,
  from: z.string(),
  to: z.string(),
  /** The balance at the end of the day before `from`, and at the end of `to` (debit positive). */
  opening: money,
  closing: money,
  /** Every line of the period, all pages. */
  total: z.number().int(),
  lines: z.array(
    z.object({
      /** The line's place in the books (unique): what `after` takes to start a page after it. */
      id: z.string(),
      date: z.string(),
      description: z.string(),
      /** The family's name, for a family ledger's line ('' for the studio journal's). */
      family: z.string(),
      debit: money,
      credit: money,
      balance: money,
    }),
  ),
  /** The `after` of the next page, or null on the last. */
  next: z.string().nullable(),
});
export type GeneralLedger = z.infer<typeof generalLedger>;

export const generalLedgerCsvQuery = periodQuery.extend({ account: generalLedgerQuery.shape.account });

export const JOURNAL_FORMATS = ['quickbooks', 'xero'] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

export const journalQuery = periodQuery.extend({
  format: z.enum(JOURNAL_FORMATS, { error: 'Choose the file for QuickBooks Online or for Xero.' }),
});

/** A CSV download: the file's text (the route answers it as `text/csv`, never as JSON). */
export const csvFile = z.string();
