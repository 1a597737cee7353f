import { BOOKS_TEXT, type CsvCell, csvText, formatDateOnly, type JournalFormat } from '@pirouette/domain';
import type { Db } from '../../db/client';
import { unprocessable } from '../../http/errors';
import { ledgerDailyTotals } from '../ledger';
import { bookAccount, bookAccountOf } from './accounts';
import { checkPeriod } from './general-ledger';
import { booksDailyTotals } from './reports.queries';
import { chartOrder } from './trial-balance';

/**
 * The books as files an accounting program imports (issue 34 item 4, decision 052): one journal entry
 * a day, one line per book account with that day's net amount (the family ledger's entries mapped to
 * book accounts and the studio journal's added). Each day's entry balances, since each transaction of
 * both journals does. Two layouts, as their makers document them:
 *
 * - QuickBooks Online, Settings → Import data → Journal entries: `Journal No`, `Journal Date`
 *   (MM/DD/YYYY), `Account Name` (the name, as the chart names it: account numbers turned off for the
 *   import), `Debits`, `Credits` (a positive amount in one, the other blank), `Description`, `Name`
 *   (a customer: QuickBooks asks one on an Accounts Receivable line; the families' total is booked to a
 *   customer "Pirouette families").
 * - Xero, Manual journals → Import: `*Narration` (one per journal: rows with the same narration and
 *   date are one journal), `*Date` (DD/MM/YYYY), `Description`, `*AccountCode` (the account's number),
 *   `*TaxRate` ("Tax Exempt"), `*Amount` (a debit positive, a credit negative), then the tracking
 *   columns, left empty. Xero takes at most 300 lines in a file.
 */

export type DayLine = { date: string; account: string; amount: number };

/** A day's journal: its lines, one per book account, in the chart's order. */
export type DayJournal = { date: string; lines: { account: string; amount: number }[] };

/** Both journals' daily sums as one journal a day (pure): accounts netting to zero on a day left out. */
export function dailyJournals(ledger: readonly DayLine[], books: readonly DayLine[]): DayJournal[] {
  const days = new Map<string, Map<string, number>>();
  const add = (date: string, account: string, amount: number) => {
    const day = days.get(date) ?? new Map<string, number>();
    days.set(date, day);
    day.set(account, (day.get(account) ?? 0) + amount);
  };
  for (const l of ledger) add(l.date, bookAccountOf(l.account), l.amount);
  for (const b of books) add(b.date, b.account, b.amount);
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, accounts]) => ({
      date,
      lines: [...accounts]
        .filter(([, amount]) => amount !== 0)
        .map(([account, amount]) => ({ account, amount }))
        .sort((a, b) => chartOrder(bookAccount(a.account), bookAccount(b.account))),
    }))
    .filter((j) => j.lines.length > 0);
}

export const QUICKBOOKS_HEADER = [
  'Journal No',
  'Journal Date',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Name',
] as const;

export const XERO_HEADER = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

/** The customer QuickBooks books the families' receivable line to. */
export const QUICKBOOKS_CUSTOMER = 'Pirouette families';
/** Xero's rate for lines that carry no tax (its name in a US organisation). */
export const XERO_TAX_RATE = 'Tax Exempt';
/** The most lines Xero imports in one file. */
export const XERO_MAX_LINES = 300;
/** The most lines a QuickBooks file is given (its import takes files up to 2 MB). */
export const QUICKBOOKS_MAX_LINES = 10_000;

/** 2026-12-03 → 12/03/2026 (QuickBooks Online, US). */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** 2026-12-03 → 03/12/2026 (Xero's dd/mm/yyyy). */
const ukDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const narration = (day: string) => `Pirouette: the day's books, ${formatDateOnly(day)}`;

export function quickBooksCsv(journals: readonly DayJournal[]): string {
  const lines: CsvCell[][] = [[...QUICKBOOKS_HEADER]];
  for (const j of journals) {
    const number = `PIR-${j.date.replace(/-/g, '')}`;
    for (const l of j.lines) {
      const account = bookAccount(l.account);
      lines.push([
        number,
        usDay(j.date),
        account.name,
        l.amount > 0 ? { cents: l.amount } : null,
        l.amount < 0 ? { cents: -l.amount } : null,
        narration(j.date),
        l.account === 'receivable' ? QUICKBOOKS_CUSTOMER : null,
      ]);
    }
  }
  return csvText(lines);
}

export function xeroCsv(journals: readonly DayJournal[]): string {
  const lines: CsvCell[][] = [[...XERO_HEADER]];
  for (const j of journals) {
    for (const l of j.lines) {
      const account = bookAccount(l.account);
      lines.push([
        narration(j.date),
        ukDay(j.date),
        account.name,
        account.number,
        XERO_TAX_RATE,
        { cents: l.amount },
        null,
        null,
        null,
        null,
      ]);
    }
  }
  return csvText(lines);
}

/** The journal file of a period in a program's layout: two statements. Too many lines for it: a sentence. */
export async function journalCsv(
  { db, companyId }: { db: Db; companyId: string },
  q: { from: string; to: string; format: JournalFormat },
): Promise<string> {
  checkPeriod(q.from, q.to);
  const [ledger, books] = await Promise.all([
    ledgerDailyTotals(db, companyId, q.from, q.to),
    booksDailyTotals(db, companyId, q.from, q.to),
  ]);
  const journals = dailyJournals(
    ledger.map((r) => ({ date: r.date, account: r.account, amount: r.total })),
    books.map((r) => ({ date: r.date, account: r.account, amount: r.total })),
  );
  const count = journals.reduce((n, j) => n + j.lines.length, 0);
  if (q.format === 'xero') {
    if (count > XERO_MAX_LINES) throw unprocessable(BOOKS_TEXT.xeroLines);
    return xeroCsv(journals);
  }
  if (count > QUICKBOOKS_MAX_LINES) throw unprocessable(BOOKS_TEXT.tooManyLines);
  return quickBooksCsv(journals);
}
