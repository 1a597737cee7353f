import { csvField } from '../ledger/rules';

/**
 * The accountant's files (decision 052): RFC 4180 CSV, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, a text that a spreadsheet would run as a formula defused (csvField),
 * and money written as 1234.56 (a minus sign first when negative, never quoted).
 */

/** A cell: a text, an amount of cents, or nothing. */
export type CsvCell = string | { cents: number } | null;

/** Cents as dollars with two decimals: 123456 → "1234.56", −5 → "-0.05". */
export const csvMoney = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const csvLineOf = (cells: readonly CsvCell[]) =>
  cells.map((c) => (c === null ? '' : typeof c === 'string' ? csvField(c) : csvMoney(c.cents))).join(',');

/** The file's text: each line ended by CRLF. */
export const csvText = (lines: readonly (readonly CsvCell[])[]) =>
  lines.map((l) => `${csvLineOf(l)}\r\n`).join('');

/** A byte-order mark, for the files a person opens in a spreadsheet (accented names read as UTF-8). */
export const CSV_BOM = '\uFEFF';
