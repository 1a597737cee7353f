import type { ImportBatch } from '@pirouette/domain';

/**
 * An import's progress while it runs (decision 054): rows written of all, kept in this process only.
 * The run holds its transaction open, so nothing of it is in the database until it ends (and on PGlite,
 * one connection, a read would wait for it): the process that runs it answers the batch from here,
 * with its progress. Another process (a second server over the same PostgreSQL) answers the batch as
 * checked, without progress, until the run ends.
 */
type Running = { companyId: string; batch: ImportBatch; done: number; total: number };
const running = new Map<string, Running>();

export function startProgress(companyId: string, batch: ImportBatch, total: number): void {
  running.set(batch.id, { companyId, batch, done: 0, total });
}

export function advanceProgress(batchId: string, rows: number): void {
  const p = running.get(batchId);
  if (p) p.done = Math.min(p.total, p.done + rows);
}

export function endProgress(batchId: string): void {
  running.delete(batchId);
}

/** The batch of the studio while this process runs it, with its progress; null when it does not. */
export function runningBatch(companyId: string, batchId: string): ImportBatch | null {
  const p = running.get(batchId);
  if (!p || p.companyId !== companyId) return null;
  return { ...p.batch, status: 'importing', progress: { done: p.done, total: p.total } };
}
