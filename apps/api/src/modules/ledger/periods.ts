import { correctsMonthNote, firstOpenDay, isClosedDay, monthClosedMessage } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerPeriods } from '../../db/schema/ledger';
import { AppError } from '../../http/errors';

/**
 * Closed months (issue 34, decision 050): where every posting, the family ledger's and the studio
 * journal's, learns the day the books are closed through. Read under FOR SHARE in the posting's
 * transaction: closing a month (an UPDATE of the same row) waits for postings under way, and a posting
 * after it sees it. A trigger (migration 0022) refuses what gets past this, with SQLSTATE PR001.
 */

/** The last closed day of the studio's books, or null; locks it against a close until the transaction ends. */
export async function closedThrough(tx: Db, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ closedThrough: ledgerPeriods.closedThrough })
    .from(ledgerPeriods)
    .where(eq(ledgerPeriods.companyId, companyId))
    .for('share');
  return row?.closedThrough ?? null;
}

/** What to do with a posting dated in a closed month: refuse it (a person's entry), or date it in the open month (a correction). */
export type OnClosedMonth = 'refuse' | 'move';

// The SQLSTATE of the trigger that refuses a posting dated in a closed month, and the HTTP answer to it
// when a posting gets past this check: db/closed-month.ts, http/error-handler.ts.

/** The error of a person's entry dated in a closed month: a conflict, with the sentence and its code. */
export const monthClosedError = (day: string, through: string) =>
  new AppError('conflict', monthClosedMessage(day, through), 'month_closed');

/**
 * The date and reason a posting takes: as asked in an open month; in a closed one, refused, or dated
 * the first open day with the closed month it corrects named in its reason.
 */
export async function openMonthDating(
  tx: Db,
  companyId: string,
  posting: { effectiveDate: string; reason: string },
  onClosed: OnClosedMonth,
): Promise<{ effectiveDate: string; reason: string }> {
  return datedIn(await closedThrough(tx, companyId), posting, onClosed);
}

/** openMonthDating's rule, given the day the books are closed through (read FOR SHARE by the caller). */
export function datedIn(
  through: string | null,
  posting: { effectiveDate: string; reason: string },
  onClosed: OnClosedMonth,
): { effectiveDate: string; reason: string } {
  if (!through || !isClosedDay(posting.effectiveDate, through)) return posting;
  if (onClosed === 'refuse') throw monthClosedError(posting.effectiveDate, through);
  return {
    effectiveDate: firstOpenDay(through),
    reason: `${posting.reason} ${correctsMonthNote(posting.effectiveDate)}`,
  };
}

/**
 * A day a person gave (a desk payment's "received on") that is not the posting's own: refused with the
 * sentence when it falls in a closed month, as a posting dated there would be.
 */
export async function refuseClosedDays(tx: Db, companyId: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  refuseClosedDaysIn(await closedThrough(tx, companyId), days);
}

/** refuseClosedDays's rule, given the day the books are closed through (read FOR SHARE by the caller). */
export function refuseClosedDaysIn(through: string | null, days: readonly string[]): void {
  const closed = days.find((d) => isClosedDay(d, through));
  if (closed && through) throw monthClosedError(closed, through);
}
