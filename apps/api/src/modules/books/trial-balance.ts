import {
  BOOKS_TEXT,
  type BookAccountItem,
  CSV_BOM,
  type CsvCell,
  csvText,
  type TrialBalance,
  centsToDollars as usd,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { booksClosedThrough, ledgerTotalsThrough } from '../ledger';
import { bookAccount, bookAccountOf } from './accounts';
import { booksTotalsThrough, studioName } from './reports.queries';

/**
 * The trial balance (issue 34 item 4, decision 052): every book account's balance at the end of a day,
 * the family ledger's entries mapped to book accounts (bookAccountOf) and the studio journal's added,
 * each in its debit or its credit column by its sign. Both journals post balanced transactions only
 * (their triggers refuse any other), so the columns' totals are equal on every day.
 */

export type AccountTotal = { account: string; total: number };

export type TrialBalanceRow = BookAccountItem & { balance: number };

/** Orders accounts as a chart does: by number, then by code. */
export const chartOrder = (a: BookAccountItem, b: BookAccountItem) =>
  a.number.localeCompare(b.number) || a.code.localeCompare(b.code);

/** The book accounts' balances from both journals' sums (pure): non-zero ones, in the chart's order. */
export function trialBalanceOf(
  ledger: readonly AccountTotal[],
  books: readonly AccountTotal[],
): TrialBalanceRow[] {
  const byAccount = new Map<string, number>();
  for (const r of ledger) {
    const code = bookAccountOf(r.account);
    byAccount.set(code, (byAccount.get(code) ?? 0) + r.total);
  }
  for (const r of books) byAccount.set(r.account, (byAccount.get(r.account) ?? 0) + r.total);
  return [...byAccount]
    .filter(([, balance]) => balance !== 0)
    .map(([code, balance]) => ({ ...bookAccount(code), balance }))
    .sort(chartOrder);
}

/** The debit and credit columns' totals, in cents. */
export function columnTotals(rows: readonly TrialBalanceRow[]) {
  let debit = 0;
  let credit = 0;
  for (const r of rows) {
    if (r.balance > 0) debit += r.balance;
    else credit -= r.balance;
  }
  return { debit, credit };
}

/** The day is a real one (the query's schema checks the form; this the calendar, e.g. no Feb 30). */
export function checkDay(day: string): void {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) throw badRequest(BOOKS_TEXT.badDate);
}

type Read = { db: Db; companyId: string };

/** The rows of the trial balance at the end of `date`, with the studio and the closed day: three statements and the name. */
export async function readTrialBalance({ db, companyId }: Read, date: string) {
  checkDay(date);
  const [ledger, books, studio, closedThrough] = await Promise.all([
    ledgerTotalsThrough(db, companyId, date),
    booksTotalsThrough(db, companyId, date),
    studioName(db, companyId),
    booksClosedThrough(db, companyId),
  ]);
  return { studio, closedThrough, rows: trialBalanceOf(ledger, books) };
}

export function presentTrialBalance(
  date: string,
  read: Awaited<ReturnType<typeof readTrialBalance>>,
): TrialBalance {
  const totals = columnTotals(read.rows);
  return {
    studio: read.studio,
    date,
    closedThrough: read.closedThrough,
    accounts: read.rows.map(({ balance, ...account }) => ({
      ...account,
      debit: usd(Math.max(0, balance)),
      credit: usd(Math.max(0, -balance)),
    })),
    totals: { debit: usd(totals.debit), credit: usd(totals.credit) },
  };
}

const TYPE_LABELS = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expense',
} as const;

/** The trial balance as CSV: a line per account, then the totals. */
export function trialBalanceCsv(read: Awaited<ReturnType<typeof readTrialBalance>>): string {
  const totals = columnTotals(read.rows);
  const lines: CsvCell[][] = [
    ['Account number', 'Account', 'Type', 'Debit', 'Credit'],
    ...read.rows.map((r): CsvCell[] => [
      r.number,
      r.name,
      TYPE_LABELS[r.type],
      r.balance > 0 ? { cents: r.balance } : null,
      r.balance < 0 ? { cents: -r.balance } : null,
    ]),
    [null, 'Total', null, { cents: totals.debit }, { cents: totals.credit }],
  ];
  return CSV_BOM + csvText(lines);
}
