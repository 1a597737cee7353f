import {
  BOOKS_TEXT,
  CHARGE_CATEGORIES,
  CSV_BOM,
  type CsvCell,
  compareDates,
  csvText,
  type GeneralLedger,
  centsToDollars as usd,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { badRequest, unprocessable } from '../../http/errors';
import { type LedgerLine, type LedgerLinesPage, type LinePlace, ledgerLinesPage } from '../ledger';
import { BOOK, bookAccount, ledgerAccountsOf } from './accounts';
import { booksLinesPage } from './reports.queries';
import { checkDay } from './trial-balance';

/**
 * The general ledger of one book account over a period (issue 34 item 4, decision 052): the balance
 * at the end of the day before the period, each line of the family ledger's accounts that map to it and
 * of the studio journal, with the running balance, and the balance at the end of the period. Lines are
 * in the order of the books: by day, the family ledger's before the journal's within a day, each in
 * posting order. A page starts after the last line of the one before (a place, not an offset), and its
 * first running balance is the opening plus every line before that place, summed by the database: the
 * balances are the same whatever the page size.
 */

/** Where a line stands: its journal (`l` the family ledger, `b` the studio journal) and its place in it. */
type Place = LinePlace & { src: 'l' | 'b' };
type Line = LedgerLine & { src: 'l' | 'b' };

const MAX_SEQ = Number.MAX_SAFE_INTEGER;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PLACE = new RegExp(`^([lb])~(\\d{4}-\\d{2}-\\d{2})~(\\d{1,15})~(${UUID})$`);

export const placeText = (p: Place) => `${p.src}~${p.date}~${p.seq}~${p.id}`;

export function parsePlace(text: string | undefined): Place | null {
  if (text === undefined || text === '') return null;
  const m = PLACE.exec(text);
  if (!m) throw badRequest(BOOKS_TEXT.badCursor);
  return { src: m[1] as 'l' | 'b', date: m[2]!, seq: Number(m[3]), id: m[4]! };
}

/** Each journal's own place for a place in the merged order. */
function journalPlaces(after: Place | null) {
  if (!after) return { ledger: null, books: null };
  const { date, seq, id } = after;
  return after.src === 'l'
    ? { ledger: { date, seq, id }, books: { date, seq: 0, id: '' } }
    : { ledger: { date, seq: MAX_SEQ, id: '' }, books: { date, seq, id } };
}

const order = (a: Line, b: Line) =>
  compareDates(a.date, b.date) ||
  (a.src === b.src ? 0 : a.src === 'l' ? -1 : 1) ||
  a.seq - b.seq ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** An account code of the chart's shape (`bank`, `revenue:tuition`); unknown ones answer no lines. */
export function checkAccount(code: string): void {
  if (code.startsWith('revenue:')) {
    if (!(CHARGE_CATEGORIES as readonly string[]).includes(code.slice('revenue:'.length)))
      throw badRequest(BOOKS_TEXT.badAccount);
    return;
  }
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(code)) throw badRequest(BOOKS_TEXT.badAccount);
}

export function checkPeriod(from: string, to: string): void {
  checkDay(from);
  checkDay(to);
  if (compareDates(from, to) > 0) throw badRequest(BOOKS_TEXT.backwards);
}

/** The merged page (pure): both journals' pages, the first `size` lines, their running balances. */
export function mergePage(ledger: LedgerLinesPage, books: LedgerLinesPage, size: number) {
  const merged = [
    ...ledger.lines.map((l) => ({ ...l, src: 'l' as const })),
    ...books.lines.map((l) => ({ ...l, src: 'b' as const })),
  ].sort(order);
  const shown = merged.slice(0, size);
  let balance = ledger.opening + books.opening + ledger.before + books.before;
  const lines = shown.map((line) => {
    balance += line.amount;
    return { line, balance };
  });
  const last = shown[shown.length - 1];
  return {
    opening: ledger.opening + books.opening,
    closing: ledger.closing + books.closing,
    total: ledger.count + books.count,
    lines,
    next: merged.length > size && last ? placeText(last) : null,
  };
}

type Read = { db: Db; companyId: string };

/** A page of the general ledger: two statements (one per journal). */
export async function readGeneralLedger(
  { db, companyId }: Read,
  q: { account: string; from: string; to: string; after?: string; pageSize: number },
) {
  checkAccount(q.account);
  checkPeriod(q.from, q.to);
  const after = parsePlace(q.after);
  const places = journalPlaces(after);
  const limit = q.pageSize + 1;
  const period = { companyId, from: q.from, to: q.to, limit };
  // The studio journal names book accounts; the bank and fees have no family ledger account.
  const [ledger, books] = await Promise.all([
    ledgerLinesPage(db, { ...period, accounts: ledgerAccountsOf(q.account), after: places.ledger }),
    booksLinesPage(db, { ...period, account: q.account, after: places.books }),
  ]);
  return mergePage(ledger, books, q.pageSize);
}

export function presentGeneralLedger(
  q: { account: string; from: string; to: string },
  page: ReturnType<typeof mergePage>,
): GeneralLedger {
  return {
    account: bookAccount(q.account),
    from: q.from,
    to: q.to,
    opening: usd(page.opening),
    closing: usd(page.closing),
    total: page.total,
    lines: page.lines.map(({ line, balance }) => ({
      id: placeText(line),
      date: line.date,
      description: line.description,
      family: line.family,
      debit: usd(Math.max(0, line.amount)),
      credit: usd(Math.max(0, -line.amount)),
      balance: usd(balance),
    })),
    next: page.next,
  };
}

/** The most lines one general ledger file holds. */
export const LEDGER_CSV_MAX_LINES = 50_000;

/** The whole period's lines as CSV: the opening balance, each line, the closing balance. */
export async function generalLedgerCsv(read: Read, q: { account: string; from: string; to: string }) {
  const page = await readGeneralLedger(read, { ...q, pageSize: LEDGER_CSV_MAX_LINES });
  if (page.next) throw unprocessable(BOOKS_TEXT.tooManyLines);
  const lines: CsvCell[][] = [
    ['Date', 'Description', 'Family', 'Debit', 'Credit', 'Balance'],
    [q.from, 'Opening balance', null, null, null, { cents: page.opening }],
    ...page.lines.map(({ line, balance }): CsvCell[] => [
      line.date,
      line.description,
      line.family,
      line.amount > 0 ? { cents: line.amount } : null,
      line.amount < 0 ? { cents: -line.amount } : null,
      { cents: balance },
    ]),
    [q.to, 'Closing balance', null, null, null, { cents: page.closing }],
  ];
  return CSV_BOM + csvText(lines);
}

/** The accounts a studio's general ledger offers: the fixed ones and each revenue account in use. */
export function chartOf(used: readonly string[]) {
  const codes = new Set<string>([...Object.values(BOOK), ...used]);
  return [...codes].map(bookAccount);
}
