import { compareDates, type DateOnly } from '../dates-core';
import { centsText, MAX_AMOUNT_CENTS } from '../money-core';
import { isClosedDay, monthClosedMessage } from './periods';

/**
 * Opening balances (issue 35 item 4, decision 056): what a family owed (or was owed) in the studio's old
 * system on the day it moved, brought in as one ledger entry "Opening balance from <source> on
 * <MM/DD/YYYY>": owed, a charge on the family's bill paid like any other; or a credit, the family's
 * credit used like any other. The pure rules: the words, the key, and each row's fate.
 */

/** MM/DD/YYYY of a YYYY-MM-DD day: the old system's own way of writing it, as the import's files do. */
export function usDate(day: DateOnly): string {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}

/** The entry's words, exactly: "Opening balance from Jackrabbit on 11/01/2026". */
export const openingBalanceWords = (sourceName: string, asOf: DateOnly): string =>
  `Opening balance from ${sourceName} on ${usDate(asOf)}`;

/**
 * The entry's idempotency key: one opening balance per family and source, whatever its day. The same
 * file imported again finds it; a later file of the same source for the family is compared with it.
 */
export const openingBalanceKey = (source: string, familyId: string): string =>
  `opening:${source.trim().toLowerCase()}:${familyId}`;

/** "$120.00 owed" or "$40.00 of credit". */
export const openingAmountText = (amount: number): string =>
  amount >= 0 ? `${centsText(amount)} owed` : `${centsText(-amount)} of credit`;

export const OPENING_TEXT = {
  zero: 'A balance of $0.00: nothing to bring over.',
  future: (today: DateOnly) =>
    `An opening balance cannot be dated after today (${usDate(today)}): give the day of the balance in the old system.`,
  tooLarge: 'An opening balance can be at most $100,000.00 owed or of credit.',
  notCents: 'An opening balance must be an amount of dollars and cents.',
  twice: (file: string, row: number) =>
    `This family has another opening balance in this import (${file}, row ${row}): give one balance per family.`,
  posted: (sourceName: string) =>
    `Posted already: the opening balance from ${sourceName} is on the family’s bill.`,
  differs: (sourceName: string, was: number, now: number) =>
    `This family’s opening balance from ${sourceName} was posted already as ${openingAmountText(was)}; this row says ${openingAmountText(now)}. An opening balance is posted once: record what changed since as a charge or a credit on the family’s page.`,
  elsewhere: (lastName: string, words: string) =>
    `${lastName ? `The ${lastName} family` : 'This family'} already has an opening balance, ${words.replace(/^Opening balance /, '')}: a family starts here once.`,
  willPost: (words: string, amount: number) => `${openingAmountText(amount)}: “${words}”.`,
} as const;

/** Why a row is refused, as a code (decisions are taken on it, never on the sentence). */
export type OpeningRefusal =
  | 'zero'
  | 'future'
  | 'closed'
  | 'tooLarge'
  | 'notCents'
  | 'twice'
  | 'differs'
  | 'elsewhere';

/** An opening balance a family has already from another source: its family's name and its words. */
export type OtherOpening = { lastName: string; words: string };

export type OpeningFate =
  | { fate: 'new'; sentence: string }
  | { fate: 'matched'; sentence: string }
  | { fate: 'skipped'; code: 'zero'; sentence: string }
  | { fate: 'refused'; code: Exclude<OpeningRefusal, 'zero'>; sentence: string };

export type OpeningRow = {
  file: string;
  row: number;
  familyKey: string | null;
  amount: number;
  asOf: DateOnly;
};

/**
 * Each row's fate, in order: skipped when 0; refused when not whole cents, too large, dated after
 * today or in a closed month, the family's second row, or different from the amount posted already
 * for the family and source, or when the family has an opening balance from another source already (a
 * family starts here once: a second source's balance would count its debt twice); matched when posted
 * already with the same amount; else new.
 * `posted` maps a row's family key to the amount posted already under its key; `elsewhere` (when given)
 * a family key to an opening balance of the family from any other source.
 */
export function judgeOpeningBalances(
  rows: readonly OpeningRow[],
  ctx: {
    sourceName: string;
    today: DateOnly;
    closedThrough: DateOnly | null;
    posted: ReadonlyMap<string, number>;
    elsewhere?: ReadonlyMap<string, OtherOpening>;
  },
): OpeningFate[] {
  const first = new Map<string, OpeningRow>();
  return rows.map((r): OpeningFate => {
    const refuse = (code: Exclude<OpeningRefusal, 'zero'>, sentence: string): OpeningFate => ({
      fate: 'refused',
      code,
      sentence,
    });
    if (!Number.isSafeInteger(r.amount)) return refuse('notCents', OPENING_TEXT.notCents);
    if (r.amount === 0) return { fate: 'skipped', code: 'zero', sentence: OPENING_TEXT.zero };
    if (Math.abs(r.amount) > MAX_AMOUNT_CENTS) return refuse('tooLarge', OPENING_TEXT.tooLarge);
    if (compareDates(r.asOf, ctx.today) > 0) return refuse('future', OPENING_TEXT.future(ctx.today));
    if (isClosedDay(r.asOf, ctx.closedThrough))
      return refuse('closed', monthClosedMessage(r.asOf, ctx.closedThrough!));
    if (r.familyKey !== null) {
      const earlier = first.get(r.familyKey);
      if (earlier) return refuse('twice', OPENING_TEXT.twice(earlier.file, earlier.row));
      first.set(r.familyKey, r);
      const was = ctx.posted.get(r.familyKey);
      if (was !== undefined && was !== r.amount)
        return refuse('differs', OPENING_TEXT.differs(ctx.sourceName, was, r.amount));
      if (was !== undefined) return { fate: 'matched', sentence: OPENING_TEXT.posted(ctx.sourceName) };
      const other = ctx.elsewhere?.get(r.familyKey);
      if (other) return refuse('elsewhere', OPENING_TEXT.elsewhere(other.lastName, other.words));
    }
    return {
      fate: 'new',
      sentence: OPENING_TEXT.willPost(openingBalanceWords(ctx.sourceName, r.asOf), r.amount),
    };
  });
}
