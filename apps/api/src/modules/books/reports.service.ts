import {
  type Actor,
  type bookAccountList,
  can,
  type GeneralLedger,
  type JournalFormat,
  type TrialBalance,
} from '@pirouette/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import type { FileAnswer } from '../../http/file-route';
import { ledgerTotalsThrough } from '../ledger';
import { chartOf, generalLedgerCsv, presentGeneralLedger, readGeneralLedger } from './general-ledger';
import { journalCsv } from './journal-export';
import { booksAccountsUsed, studioName } from './reports.queries';
import { chartOrder, presentTrialBalance, readTrialBalance, trialBalanceCsv } from './trial-balance';

/**
 * The accountant's reports (issue 34 item 4, decision 052), for the studio's owner: each reads the
 * session's studio only, in a fixed number of statements whatever the books hold.
 */

export type ReportsDeps = { db: Db; actor: Actor };

function scope({ db, actor }: ReportsDeps) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return { db, companyId: actor.companyId };
}

export async function trialBalanceReport(deps: ReportsDeps, date: string): Promise<TrialBalance> {
  return presentTrialBalance(date, await readTrialBalance(scope(deps), date));
}

export async function trialBalanceFile(deps: ReportsDeps, date: string): Promise<FileAnswer> {
  const read = await readTrialBalance(scope(deps), date);
  return { filename: `${read.studio}-trial-balance-${date}`, text: trialBalanceCsv(read) };
}

export async function chartOfAccounts(deps: ReportsDeps): Promise<z.infer<typeof bookAccountList>> {
  const read = scope(deps);
  // Every account the family ledger has used (a sum through the last day there is), and the journal's.
  const [ledger, books] = await Promise.all([
    ledgerTotalsThrough(read.db, read.companyId, '9999-12-31'),
    booksAccountsUsed(read.db, read.companyId),
  ]);
  const used = [...ledger.map((l) => l.account).filter((a) => a.startsWith('revenue:')), ...books];
  return { items: chartOf(used).sort(chartOrder) };
}

type LedgerQuery = { account: string; from: string; to: string; after?: string; pageSize: number };

export async function generalLedgerReport(deps: ReportsDeps, q: LedgerQuery): Promise<GeneralLedger> {
  return presentGeneralLedger(q, await readGeneralLedger(scope(deps), q));
}

export async function generalLedgerFile(
  deps: ReportsDeps,
  q: { account: string; from: string; to: string },
): Promise<FileAnswer> {
  const read = scope(deps);
  const [text, studio] = await Promise.all([generalLedgerCsv(read, q), studioName(read.db, read.companyId)]);
  return { filename: `${studio}-general-ledger-${q.account}-${q.from}-to-${q.to}`, text };
}

export async function journalFile(
  deps: ReportsDeps,
  q: { from: string; to: string; format: JournalFormat },
): Promise<FileAnswer> {
  const read = scope(deps);
  const [text, studio] = await Promise.all([journalCsv(read, q), studioName(read.db, read.companyId)]);
  return { filename: `${studio}-journal-${q.format}-${q.from}-to-${q.to}`, text };
}
