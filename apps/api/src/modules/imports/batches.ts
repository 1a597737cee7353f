import {
  type FateCounts,
  IMPORT_TEXT,
  type ImportBatch,
  type ImportFileSummary,
  type ImportKind,
  type ImportRecords,
  type ImportRow,
  type RowFate,
  type RowRefusal,
  type SkippedRow,
} from '@pirouette/domain';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importBatches, importBatchRows } from '../../db/schema/imports';
import { AppError } from '../../http/errors';

/** The import batches and their rows (decision 054): stored by the check, read by the screens and the run. */

export type BatchRow = typeof importBatches.$inferSelect;
/** What a batch keeps of its files for the run: the records, and the rows their reading refused. */
export type StoredRecords = { records: ImportRecords; refusals: RowRefusal[]; skipped?: SkippedRow[] };
export type BalanceSums = ImportBatch['balances'];

export const ROWS_PAGE = 100;

export function presentBatch(row: BatchRow): ImportBatch {
  return {
    id: row.id,
    source: row.source,
    sourceName: row.sourceName,
    status: row.status,
    asOf: row.asOf,
    createdAt: row.createdAt.toISOString(),
    importedAt: row.importedAt?.toISOString() ?? null,
    files: row.files as ImportFileSummary[],
    totals: row.totals as Record<ImportKind, FateCounts>,
    balances: row.balances as BalanceSums,
    ready: row.ready,
    progress: null,
    failure: row.failure,
  };
}

/** A batch of the studio, or 404 (another studio's too); `lock` holds it until the transaction ends. */
export async function findBatch(db: Db, companyId: string, id: string, lock = false): Promise<BatchRow> {
  const query = db
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.companyId, companyId), eq(importBatches.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', IMPORT_TEXT.notFound);
  return row;
}

/** The studio's batches, newest first (the last 100). */
export function listBatches(db: Db, companyId: string) {
  return db
    .select()
    .from(importBatches)
    .where(eq(importBatches.companyId, companyId))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(100);
}

/** Writes a batch's rows, in their order, a chunk a statement; the run first takes away the check's. */
export async function writeBatchRows(
  db: Db,
  batch: { id: string; companyId: string },
  rows: ImportRow[],
  replace = false,
): Promise<void> {
  const { id: batchId, companyId } = batch;
  if (replace) await db.delete(importBatchRows).where(eq(importBatchRows.batchId, batchId));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(importBatchRows)
      .values(rows.slice(i, i + 1000).map((r, j) => ({ ...r, companyId, batchId, seq: i + j })));
  }
}

/** The checked batches of the studio the new one replaces: only the latest check may run. */
export async function replaceChecked(db: Db, companyId: string, keep: string): Promise<void> {
  await db
    .update(importBatches)
    .set({ status: 'replaced' })
    .where(
      and(
        eq(importBatches.companyId, companyId),
        eq(importBatches.status, 'checked'),
        ne(importBatches.id, keep),
      ),
    );
}

/** One page of a batch's rows, by file and row, filtered by fate and kind. */
export async function rowsPage(
  db: Db,
  batch: { id: string; companyId: string },
  filter: { fate?: RowFate; kind?: ImportKind; page: number },
) {
  const where = and(
    eq(importBatchRows.companyId, batch.companyId),
    eq(importBatchRows.batchId, batch.id),
    filter.fate ? eq(importBatchRows.fate, filter.fate) : undefined,
    filter.kind ? eq(importBatchRows.kind, filter.kind) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(importBatchRows).where(where);
  const rows = await db
    .select({
      file: importBatchRows.file,
      row: importBatchRows.row,
      kind: importBatchRows.kind,
      fate: importBatchRows.fate,
      label: importBatchRows.label,
      sentence: importBatchRows.sentence,
    })
    .from(importBatchRows)
    .where(where)
    .orderBy(asc(importBatchRows.seq))
    .limit(ROWS_PAGE)
    .offset((filter.page - 1) * ROWS_PAGE);
  const n = Number(total?.n ?? 0);
  return {
    rows: rows as ImportRow[],
    page: filter.page,
    pages: Math.max(1, Math.ceil(n / ROWS_PAGE)),
    total: n,
  };
}
