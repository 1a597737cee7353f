import {
  type Actor,
  can,
  type ImportBatch,
  type importCheckInput,
  planImport,
  planTotals,
  presetOf,
  type SkippedRow,
  todayInZone,
} from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { importBatches, importMappings } from '../../db/schema/imports';
import { forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { consume, rules } from '../../lib/rate-limit';
import { presentBatch, replaceChecked, writeBatchRows } from './batches';
import { checkMoney, moneyLookups } from './money';
import { type ReadFiles, readUploads } from './read-files';
import { balanceSums, type MoneyRow, planRows, refuseUnpriced } from './rows';
import { readStudioState } from './studio-state';
import { termPrices } from './write-classes';

/**
 * The import's check, the dry run (decision 054): the files read and mapped, every record matched
 * against the studio, each row's fate, the totals and the balances' sums, kept as a batch. It writes
 * nothing but the batch (and the mappings the owner sent, kept for the source's next file).
 */

type Ctx = { db: Db; clock: Clock; actor: Actor };

/** A source's key (lower case: links and kept mappings are per key) and its name to show. */
export function sourceOf(given: string): { key: string; name: string } {
  const key = given.trim().toLowerCase();
  return { key, name: presetOf(key)?.name ?? given.trim() };
}

/** The studio's day (its time zone): a check's `asOf`. */
async function studioDay(db: Db, companyId: string, clock: Clock): Promise<string> {
  const [studio] = await db
    .select({ zone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return todayInZone(studio?.zone, clock.now());
}

/** The rows the reading skipped (empty, nothing read, a zero balance), as the dry run shows them. */
export const skippedRows = (skipped: SkippedRow[]): MoneyRow[] =>
  skipped.map((r) => ({
    file: r.file,
    row: r.row,
    kind: r.kind,
    fate: 'skipped' as const,
    label: `Row ${r.row}`,
    sentence: r.sentence,
  }));

export function mustImport(actor: Actor): void {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** The studio's kept mappings of a source, by kind. */
export async function keptMappings(db: Db, companyId: string, source?: string) {
  const rows = await db
    .select({ source: importMappings.source, kind: importMappings.kind, mapping: importMappings.mapping })
    .from(importMappings)
    .where(
      source
        ? sql`${importMappings.companyId} = ${companyId} and ${importMappings.source} = ${source}`
        : eq(importMappings.companyId, companyId),
    );
  return rows;
}

export async function checkImport(
  ctx: Ctx & { input: z.output<typeof importCheckInput> },
): Promise<ImportBatch> {
  mustImport(ctx.actor);
  const companyId = ctx.actor.companyId;
  await consume(ctx.db, ctx.clock, `import-check:studio:${companyId}`, rules.importCheckPerStudio);
  const source = sourceOf(ctx.input.source);
  const kept = await keptMappings(ctx.db, companyId, source.key);
  const read = await readUploads(
    ctx.input.files,
    source,
    kept,
    await studioDay(ctx.db, companyId, ctx.clock),
  );
  return checkRead({ ...ctx, source, read });
}

/** The check of files already read: matched against the studio, and kept as the studio's latest batch. */
export async function checkRead(
  ctx: Ctx & { source: { key: string; name: string }; read: ReadFiles },
): Promise<ImportBatch> {
  const { db, actor, source, read } = ctx;
  const companyId = actor.companyId;
  const [studio] = await db
    .select({ zone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  const asOf = todayInZone(studio?.zone, ctx.clock.now());
  const state = await readStudioState(db, companyId, source);
  const plan = planImport(read.records, read.refusals, state);
  if (state.termId)
    refuseUnpriced(plan, new Set((await termPrices(db, companyId, state.termId)).map((p) => p.duration)));
  const lookups = moneyLookups(plan, state);
  const money = [
    ...skippedRows(read.skipped),
    ...(await checkMoney(db, {
      companyId,
      termId: state.termId,
      source,
      today: asOf,
      records: read.records,
      lookups,
    })),
  ];
  const rows = planRows(
    plan,
    money,
    read.summaries.map((f) => f.name),
  );
  const totals = planTotals(plan, money);
  const writes = Object.values(totals).reduce((n, t) => n + t.new + t.changed, 0);
  const ready = read.summaries.every((f) => f.problem === null) && writes > 0;
  const batch = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importBatches)
      .values({
        companyId,
        source: source.key,
        sourceName: source.name,
        asOf,
        files: read.summaries,
        records: { records: read.records, refusals: read.refusals, skipped: read.skipped },
        totals,
        balances: balanceSums(read.records),
        ready,
        createdBy: actor.userId,
      })
      .returning();
    await replaceChecked(tx, companyId, row!.id);
    await writeBatchRows(tx, { id: row!.id, companyId }, rows);
    for (const k of read.keep) await keepMapping(tx, companyId, source.key, k);
    await audit(tx, {
      action: 'import.check',
      companyId,
      userId: actor.userId,
      targetType: 'import_batch',
      targetId: row!.id,
      detail: { source: source.name, files: read.summaries.length, rows: rows.length },
    });
    return row!;
  });
  return presentBatch(batch);
}

/** The owner's mapping of a source's kind of file, merged into what the studio kept of it. */
async function keepMapping(tx: Db, companyId: string, source: string, k: ReadFiles['keep'][number]) {
  await tx
    .insert(importMappings)
    .values({ companyId, source, kind: k.kind, mapping: k.mapping })
    .onConflictDoUpdate({
      target: [importMappings.companyId, importMappings.source, importMappings.kind],
      set: { mapping: sql`${importMappings.mapping} || excluded.mapping`, updatedAt: sql`now()` },
    });
}
