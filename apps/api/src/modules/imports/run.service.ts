import {
  type Actor,
  type FateCounts,
  IMPORT_TEXT,
  type ImportBatch,
  type ImportFileSummary,
  type ImportKind,
  planImport,
  planTotals,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { importBatches } from '../../db/schema/imports';
import { freshenAfterBulkWrite } from '../../db/statistics';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/errors';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type BatchRow, findBatch, presentBatch, type StoredRecords, writeBatchRows } from './batches';
import { ImportWriteError } from './bulk';
import { mustImport, skippedRows } from './check.service';
import { checkMoney, moneyLookups, writeMoney } from './money';
import { advanceProgress, endProgress, startProgress } from './progress';
import { planRows, refuseUnpriced } from './rows';
import { readStudioState } from './studio-state';
import { termPrices, writeClasses } from './write-classes';
import { type LinkWrite, writeContext, writeFamilyLog, writeLinks } from './write-context';
import { lockTouched, touchedRows } from './write-locks';
import { writeDancers, writeFamilies, writeParentsAndContacts } from './write-people';

/**
 * The run of a checked import (decision 054): one transaction, the studio's imports one at a time (its
 * row locked) and the batch run once (its row locked, its status read under the lock). Inside it the
 * records are checked again against the studio as it now is, then written in IMPORT_KINDS order, in
 * bulk. A row that fails rolls everything back; the batch is then marked failed with a sentence
 * naming the file and row.
 */

type Ctx = { db: Db; clock: Clock; actor: Actor; id: string };

function mustRun(batch: BatchRow): void {
  if (batch.status === 'imported') throw new AppError('conflict', IMPORT_TEXT.alreadyRun);
  if (batch.status === 'replaced') throw new AppError('conflict', IMPORT_TEXT.replaced);
  if (batch.status === 'failed') throw new AppError('conflict', IMPORT_TEXT.failedBefore);
  if (!batch.ready) throw new AppError('unprocessable', IMPORT_TEXT.notReady);
}

const toWrite = (totals: Record<ImportKind, FateCounts>, kind: ImportKind) =>
  totals[kind].new + totals[kind].changed;

/** The failure's sentence: which file and row, and why, in words (never the database's). */
function failureOf(error: unknown): string {
  if (error instanceof AppError) return IMPORT_TEXT.refusedAtWrite(error.message);
  const place =
    error instanceof ImportWriteError && error.place ? `${error.place.file} row ${error.place.row}` : 'a row';
  const cause = error instanceof ImportWriteError ? error.cause : error;
  const why = isUniqueViolation(cause)
    ? 'another import wrote it at the same moment'
    : cause instanceof Error && error instanceof ImportWriteError && !('code' in cause)
      ? cause.message.replace(/\.$/, '')
      : 'the database refused it';
  return IMPORT_TEXT.failed(place, why);
}

/** Checks the batch again against the studio, and writes it: the transaction's work. */
async function writeBatch(tx: Db, ctx: Ctx, batch: BatchRow) {
  const companyId = ctx.actor.companyId;
  const stored = batch.records as StoredRecords;
  const source = { key: batch.source, name: batch.sourceName };
  const state = await readStudioState(tx, companyId, source);
  const plan = planImport(stored.records, stored.refusals, state);
  if (state.termId)
    refuseUnpriced(plan, new Set((await termPrices(tx, companyId, state.termId)).map((p) => p.duration)));
  const lookups = moneyLookups(plan, state);
  // Held before the money is checked against them and before the first write (decision 126).
  await lockTouched(tx, companyId, touchedRows(plan, state, stored.records, lookups));
  const money = [
    ...skippedRows(stored.skipped ?? []),
    ...(await checkMoney(tx, {
      companyId,
      termId: state.termId,
      source,
      today: batch.asOf,
      records: stored.records,
      lookups,
    })),
  ];
  const totals = planTotals(plan, money);
  const total = Object.values(totals).reduce((n, t) => n + t.new + t.changed, 0);
  startProgress(companyId, presentBatch(batch), total);
  const w = writeContext({ tx, companyId, source, batchId: batch.id, actorId: ctx.actor.userId, state });
  const links: LinkWrite[] = [];
  const familyIds = await writeFamilies(w, plan, links);
  advanceProgress(batch.id, toWrite(totals, 'families'));
  await writeParentsAndContacts(w, plan, familyIds, links);
  advanceProgress(batch.id, toWrite(totals, 'contacts'));
  const dancerIds = await writeDancers(w, plan, familyIds, links);
  advanceProgress(batch.id, toWrite(totals, 'dancers'));
  const classIds = await writeClasses(w, plan, state.termId, links);
  advanceProgress(batch.id, toWrite(totals, 'classes'));
  await writeMoney(tx, {
    companyId,
    actorUserId: ctx.actor.userId,
    asOf: batch.asOf,
    source,
    records: stored.records,
    rows: money,
    lookups,
    ids: { families: familyIds, dancers: dancerIds, classes: classIds },
    dancerFamily: new Map(state.dancers.map((d) => [d.id, d.familyId])),
  });
  advanceProgress(batch.id, toWrite(totals, 'enrolments') + toWrite(totals, 'balances'));
  await writeLinks(w, links);
  await writeFamilyLog(w);
  await audit(tx, {
    action: 'import.run',
    companyId,
    userId: ctx.actor.userId,
    targetType: 'import_batch',
    targetId: batch.id,
    detail: { source: source.name, written: total, families: totals.families, dancers: totals.dancers },
  });
  const files = (batch.files as ImportFileSummary[]).map((f) => f.name);
  await writeBatchRows(tx, { id: batch.id, companyId }, planRows(plan, money, files), true);
  const [done] = await tx
    .update(importBatches)
    .set({ status: 'imported', importedAt: ctx.clock.now(), totals })
    .where(eq(importBatches.id, batch.id))
    .returning();
  return { batch: done!, total };
}

/**
 * A studio moving in grows the tables it was written to at once: their statistics follow before the
 * studio's first pages are planned against them (decision 081). Never fails the import it follows.
 */
async function freshenAfterImport(ctx: Ctx, batch: ImportBatch) {
  const written = (kind: keyof typeof batch.totals) => batch.totals[kind].new + batch.totals[kind].changed;
  await freshenAfterBulkWrite(ctx.db, {
    family_accounts: written('families'),
    family_people: written('contacts'),
    users: written('contacts'),
    students: written('dancers'),
    classes: written('classes'),
    class_registrations: written('enrolments'),
    ledger_transactions: written('balances'),
    ledger_entries: 2 * written('balances'),
    import_links: written('families') + written('contacts') + written('dancers') + written('classes'),
  }).catch(() => undefined);
}

export async function runImport(ctx: Ctx): Promise<{ msg: string; batch: ImportBatch }> {
  mustImport(ctx.actor);
  const companyId = ctx.actor.companyId;
  let writing = false;
  try {
    const { batch, total } = await ctx.db.transaction(async (tx) => {
      // One import of the studio at a time: a second waits here, then finds its batch already run.
      // NO KEY UPDATE, not UPDATE: it conflicts with another import's, but not with the KEY SHARE every
      // insert referencing the studio takes, so the studio's other writes (and the billing job) go on.
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('no key update');
      const batch = await findBatch(tx, companyId, ctx.id, true);
      mustRun(batch);
      writing = true;
      return writeBatch(tx, ctx, batch);
    });
    endProgress(ctx.id);
    await freshenAfterImport(ctx, presentBatch(batch));
    return { msg: IMPORT_TEXT.imported(total), batch: presentBatch(batch) };
  } catch (error) {
    endProgress(ctx.id);
    if (!writing) throw error;
    const failure = failureOf(error);
    await ctx.db
      .update(importBatches)
      .set({ status: 'failed', failure })
      .where(
        and(
          eq(importBatches.id, ctx.id),
          eq(importBatches.companyId, companyId),
          eq(importBatches.status, 'checked'),
        ),
      );
    throw new AppError('unprocessable', failure);
  }
}
