import {
  type Actor,
  CSV_BOM,
  type CsvCell,
  centsText,
  compareDates,
  csvText,
  dateParts,
  formatDateOnly,
  formatPhone,
  makeDate,
  messages,
  oldestFirst,
  type Statement,
  centsToDollars as usd,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts } from '../../db/schema/families';
import { AppError, badRequest } from '../../http/errors';
import { type Book, readBook } from './book';
import { describe, type HistoryRow, readHistory } from './history';

/**
 * A family's statement between two days (issue 16 point 7): the balance before the first day, each
 * ledger transaction of the range that moved the balance with its explanation, and the balance at the
 * end, which is the sum of the family's receivable entries up to the last day. Printable; the owner's
 * and the parent's read the same books.
 */

export const statementMessages = {
  backwards: 'The statement must start before it ends.',
  tooLong: 'A statement covers at most 3 years: choose a shorter range.',
} as const;

export const STATEMENT_MAX_YEARS = 3;

/** Refuses a range that ends before it starts, or spans more than 3 years (400, nothing read). */
export function checkRange(from: string, to: string): void {
  const start = dateParts(from);
  if (!start || !dateParts(to)) throw badRequest(messages.invalidInput);
  if (compareDates(from, to) > 0) throw badRequest(statementMessages.backwards);
  // The same day 3 years on (Feb 29 becomes Feb 28): the last day a statement may end.
  const last = makeDate(start.year + STATEMENT_MAX_YEARS, start.month, start.day);
  if (compareDates(to, last) > 0) throw badRequest(statementMessages.tooLong);
}

/** A sentence: trimmed, with its full stop. */
const sentence = (s: string) => {
  const t = s.trim();
  return t === '' || /[.!?]$/.test(t) ? t : `${t}.`;
};

/**
 * A line of a charge's working as a sentence: "Monthly tuition $60.00." when the label already ends
 * with its amount, else "Jazz 1 (Emma): $60.00.".
 */
export function lineSentence(label: string, amount: number): string {
  const figure = centsText(Math.abs(amount));
  if (label.trim().endsWith(figure)) return sentence(label);
  return sentence(`${label.trim()}: ${amount < 0 ? '−' : ''}${figure}`);
}

/** What a ledger transaction paid, per charge, oldest charge first, by the allocations it wrote. */
function paidBy(book: Book, txId: string): string[] {
  const perCharge = new Map<string, number>();
  for (const a of book.allocations) {
    if (a.txId === txId) perCharge.set(a.chargeId, (perCharge.get(a.chargeId) ?? 0) + a.amount);
  }
  return oldestFirst(book.charges.filter((c) => (perCharge.get(c.id) ?? 0) > 0)).map((c) =>
    sentence(`Paid ${c.item}: ${centsText(perCharge.get(c.id)!)}`),
  );
}

/** What a line did to the family's credit, when its own words do not say it. */
function creditSentence(row: HistoryRow): string[] {
  if (row.kind === 'credit_applied' || row.credit === 0) return [];
  if (row.kind === 'payment' && row.credit > 0) {
    return [`${centsText(row.credit)} kept as credit for the next charges.`];
  }
  return row.credit > 0
    ? [`${centsText(row.credit)} added to your credit.`]
    : [`${centsText(-row.credit)} taken from your credit.`];
}

/** The explanation of a line, as sentences: a charge's working, what a payment paid, why a correction. */
export function detailOf(book: Book, row: HistoryRow): string[] {
  return [...ownDetail(book, row), ...creditSentence(row)];
}

function ownDetail(book: Book, row: HistoryRow): string[] {
  switch (row.kind) {
    case 'charge': {
      const c = book.charges.find((x) => x.id === row.id);
      if (!c) return [];
      const only = c.lines.length === 1 && c.lines[0]!.label.trim() === c.item.trim();
      const lines = only ? [] : c.lines.map((l) => lineSentence(l.label, l.amount));
      if (c.total > 0 && c.dueDate !== row.date) lines.push(`Due ${formatDateOnly(c.dueDate)}.`);
      return lines;
    }
    case 'payment': {
      const p = book.payments.find((x) => x.id === row.id);
      const lines = paidBy(book, row.id);
      if (p && p.receivedOn !== row.date) lines.unshift(`Received ${formatDateOnly(p.receivedOn)}.`);
      return lines;
    }
    case 'credit_applied':
      return paidBy(book, row.id);
    case 'reversal':
    case 'bounce':
    case 'dispute':
    case 'refund':
      return row.reason ? [sentence(row.reason)] : [];
    case 'cleared':
      return [];
  }
}

type Party = { name: string; address: string[] };

/** Street, second line, "City, ST 12345": the lines that are filled in. */
export function addressLines(a: {
  address: string;
  address2?: string;
  city: string;
  state: string;
  zipcode: string;
}): string[] {
  const place = [a.city, [a.state, a.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.address, a.address2 ?? '', place].map((s) => s.trim()).filter(Boolean);
}

/**
 * The statement from the family's books and history (pure): lines in date order (the order they were
 * posted within a day), the opening balance the sum of the receivable before `from`, the closing the
 * opening plus the lines, the credit what was held at the end of `to`. A line that moved only the
 * credit (money received when nothing was owed, a paid fee waived, credit paid back) is shown too, with
 * nothing in its charge and payment columns: a parent looks for every payment they made.
 */
export function presentStatement(args: {
  familyId: string;
  family: Party;
  studio: Statement['studio'];
  book: Book;
  rows: HistoryRow[];
  from: string;
  to: string;
}): Statement {
  const { book, from, to } = args;
  const ordered = args.rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => compareDates(a.row.date, b.row.date) || a.i - b.i)
    .map((x) => x.row);
  let opening = 0;
  let credit = 0;
  const inRange: HistoryRow[] = [];
  for (const row of ordered) {
    if (compareDates(row.date, to) > 0) break;
    credit += row.credit;
    if (compareDates(row.date, from) < 0) opening += row.receivable;
    else if (row.receivable !== 0 || row.credit !== 0) inRange.push(row);
  }
  let balance = opening;
  const lines = inRange.map((row) => {
    balance += row.receivable;
    return {
      date: row.date,
      description: describe(book, row),
      detail: detailOf(book, row),
      charge: usd(Math.max(0, row.receivable)),
      payment: usd(Math.max(0, -row.receivable)),
      balance: usd(balance),
    };
  });
  return {
    coAcctMemID: args.familyId,
    family: args.family.name,
    address: args.family.address,
    studio: args.studio,
    from,
    to,
    opening: usd(opening),
    closing: usd(balance),
    credit: usd(credit),
    lines,
  };
}

/** The family and its studio, in one statement; 404 for a family of another studio. */
async function partiesOf(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({
      lastName: familyAccounts.lastName,
      address: familyAccounts.address,
      address2: familyAccounts.address2,
      city: familyAccounts.city,
      state: familyAccounts.state,
      zipcode: familyAccounts.zipcode,
      studio: {
        name: companies.name,
        address: companies.address,
        city: companies.city,
        state: companies.state,
        zipcode: companies.zipcode,
        phone: companies.phone,
        email: companies.email,
      },
    })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)));
  if (!row) throw new AppError('not_found', messages.accountNotFound);
  return {
    family: { name: row.lastName, address: addressLines(row) },
    studio: {
      name: row.studio.name,
      address: addressLines(row.studio),
      phone: formatPhone(row.studio.phone),
      email: row.studio.email,
    },
  };
}

/**
 * A family's statement: the actor's studio's family (the caller passes the parent's own family). The
 * range is checked before anything is read. Nine statements whatever the family's history.
 */
export async function familyStatement(
  deps: { db: Db; actor: Actor },
  familyId: string,
  range: { from: string; to: string },
): Promise<Statement> {
  checkRange(range.from, range.to);
  const { db, actor } = deps;
  const parties = await partiesOf(db, actor.companyId, familyId);
  const book = await readBook(db, actor.companyId, familyId);
  const rows = await readHistory(db, actor.companyId, familyId);
  return presentStatement({ familyId, ...parties, book, rows, ...range });
}

/** Dollars of an answer back to cents, for the file. */
const centsOf = (dollars: number) => Math.round(dollars * 100);

/**
 * A family's statement as CSV (issue 34 item 4): the opening balance, each line with its explanation,
 * its charge or payment and the balance after it, the closing balance and the credit held. The same
 * statement the printable page shows, read the same way.
 */
export async function familyStatementCsv(
  deps: { db: Db; actor: Actor },
  familyId: string,
  range: { from: string; to: string },
): Promise<{ filename: string; text: string }> {
  const s = await familyStatement(deps, familyId, range);
  return {
    filename: `${s.studio.name}-statement-${s.family}-${s.from}-to-${s.to}`,
    text: statementCsvText(s),
  };
}

/** A statement's CSV text: the opening balance, each line, the closing balance and the credit held. */
function statementCsvText(s: Statement): string {
  const lines: CsvCell[][] = [
    ['Date', 'Description', 'Details', 'Charge', 'Payment', 'Balance'],
    [s.from, 'Opening balance', null, null, null, { cents: centsOf(s.opening) }],
    ...s.lines.map((l): CsvCell[] => [
      l.date,
      l.description,
      l.detail.join(' '),
      l.charge ? { cents: centsOf(l.charge) } : null,
      l.payment ? { cents: centsOf(l.payment) } : null,
      { cents: centsOf(l.balance) },
    ]),
    [s.to, 'Closing balance', null, null, null, { cents: centsOf(s.closing) }],
    [s.to, 'Credit held', null, null, null, { cents: centsOf(s.credit) }],
  ];
  return CSV_BOM + csvText(lines);
}

/**
 * A family's whole statement as CSV, from its first ledger day through `to` (moving out, decision 057):
 * the same statement, read the same way, without the 3-year bound of a chosen range (a family's own
 * history is what it takes with it). The caller names the family (the parent's own).
 */
export async function wholeStatementCsv(
  deps: { db: Db; actor: Actor },
  familyId: string,
  to: string,
): Promise<string> {
  const { db, actor } = deps;
  const parties = await partiesOf(db, actor.companyId, familyId);
  const book = await readBook(db, actor.companyId, familyId);
  const rows = await readHistory(db, actor.companyId, familyId);
  const first = rows.reduce((min, r) => (compareDates(r.date, min) < 0 ? r.date : min), to);
  return statementCsvText(presentStatement({ familyId, ...parties, book, rows, from: first, to }));
}
