import {
  type ClosingProblem,
  closedThroughAfter,
  closeProblem,
  lastEndedMonth,
  type PeriodAct,
  reopenProblem,
} from '@pirouette/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerPeriodActs, ledgerPeriods } from '../../../db/schema/ledger';
import { conflict, unprocessable } from '../../../http/errors';
import { type Poster, posterName } from '../post';

/**
 * Closing and reopening a month (issue 34 item 5, decision 050): the owner's acts on the studio's
 * closed-through day (`ledger_periods`), each logged (`ledger_period_acts`), in one transaction. The row
 * is locked FOR UPDATE, so a close waits for the postings under way (each holds it FOR SHARE, periods.ts
 * and the trigger of migration 0022/0023) and every posting after it sees it. Only a person's act moves
 * it: no job calls these.
 */

type Act = { companyId: string; month: string; today: string; by: Poster };

/** The studio's row, made when missing, locked against postings until the transaction ends. */
async function lockPeriod(tx: Db, companyId: string): Promise<string | null> {
  await tx.insert(ledgerPeriods).values({ companyId }).onConflictDoNothing();
  const [row] = await tx
    .select({ closedThrough: ledgerPeriods.closedThrough })
    .from(ledgerPeriods)
    .where(eq(ledgerPeriods.companyId, companyId))
    .for('update');
  return row?.closedThrough ?? null;
}

async function record(tx: Db, act: Act & { act: 'close' | 'reopen'; closedThrough: string; reason: string }) {
  await tx
    .update(ledgerPeriods)
    .set({ closedThrough: act.closedThrough, updatedAt: new Date() })
    .where(eq(ledgerPeriods.companyId, act.companyId));
  await tx.insert(ledgerPeriodActs).values({
    companyId: act.companyId,
    act: act.act,
    month: act.month,
    closedThrough: act.closedThrough,
    reason: act.reason,
    createdBy: 'userId' in act.by ? act.by.userId : null,
    createdByName: posterName(act.by),
  });
}

/** A problem's answer: 409 when it is the books' state, 422 when it is what was sent. */
const refusal = (problem: ClosingProblem) =>
  problem.kind === 'conflict' ? conflict(problem.message) : unprocessable(problem.message);

/** Closes `month` and every month before it. Answers the closed-through day. */
export async function closeMonth(db: Db, act: Act): Promise<string> {
  return db.transaction(async (tx) => {
    const through = await lockPeriod(tx, act.companyId);
    const problem = closeProblem(act.month, { today: act.today, closedThrough: through });
    if (problem) throw refusal(problem);
    const closedThrough = closedThroughAfter('close', act.month);
    await record(tx, { ...act, act: 'close', closedThrough, reason: '' });
    return closedThrough;
  });
}

/** Reopens `month` and every month after it, saying why. Answers the closed-through day (the month before's end). */
export async function reopenMonth(db: Db, act: Act & { reason: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const through = await lockPeriod(tx, act.companyId);
    const problem = reopenProblem(act.month, { closedThrough: through, reason: act.reason });
    if (problem) throw refusal(problem);
    const closedThrough = closedThroughAfter('reopen', act.month);
    await record(tx, { ...act, act: 'reopen', closedThrough, reason: act.reason.trim() });
    return closedThrough;
  });
}

/** The books' closed-through day, the months that can be closed or reopened, and a page of the log, newest first. */
export async function periodState(
  db: Db,
  companyId: string,
  today: string,
  page: { page: number; pageSize: number },
) {
  const [[period], acts, [counted]] = await Promise.all([
    db
      .select({ closedThrough: ledgerPeriods.closedThrough })
      .from(ledgerPeriods)
      .where(eq(ledgerPeriods.companyId, companyId)),
    db
      .select()
      .from(ledgerPeriodActs)
      .where(eq(ledgerPeriodActs.companyId, companyId))
      .orderBy(desc(ledgerPeriodActs.createdAt), desc(ledgerPeriodActs.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(ledgerPeriodActs)
      .where(and(eq(ledgerPeriodActs.companyId, companyId))),
  ]);
  const closedThrough = period?.closedThrough ?? null;
  const last = lastEndedMonth(today);
  return {
    today,
    closedThrough,
    closable: closeProblem(last, { today, closedThrough }) === null ? last : null,
    reopenable: closedThrough ? closedThrough.slice(0, 7) : null,
    acts: acts.map(
      (a): PeriodAct => ({
        id: a.id,
        act: a.act,
        month: a.month,
        closedThrough: a.closedThrough,
        reason: a.reason,
        by: a.createdByName,
        at: a.createdAt.toISOString(),
      }),
    ),
    total: counted?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}
