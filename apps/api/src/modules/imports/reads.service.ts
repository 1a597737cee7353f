import {
  type Actor,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  IMPORT_PRESETS,
  type ImportKind,
  type RowFate,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { findBatch, listBatches, presentBatch, rowsPage } from './batches';
import { keptMappings, mustImport } from './check.service';
import { runningBatch } from './progress';

/** The import's reads (decision 054): what an import can fill, the studio's imports, one, its rows. */

type Ctx = { db: Db; actor: Actor };

export async function importSetup(ctx: Ctx) {
  mustImport(ctx.actor);
  const kept = await keptMappings(ctx.db, ctx.actor.companyId);
  return {
    fields: IMPORT_FIELDS,
    presets: IMPORT_PRESETS.map((p) => ({ key: p.key, name: p.name, help: p.help })),
    kept: kept.flatMap((k) =>
      (IMPORT_KINDS as readonly string[]).includes(k.kind)
        ? [{ source: k.source, kind: k.kind as ImportKind, mapping: k.mapping }]
        : [],
    ),
  };
}

export async function importList(ctx: Ctx) {
  mustImport(ctx.actor);
  const rows = await listBatches(ctx.db, ctx.actor.companyId);
  return rows.map((r) => {
    const b = runningBatch(ctx.actor.companyId, r.id) ?? presentBatch(r);
    return {
      id: b.id,
      sourceName: b.sourceName,
      status: b.status,
      createdAt: b.createdAt,
      importedAt: b.importedAt,
      totals: b.totals,
    };
  });
}

export async function importRead(ctx: Ctx & { id: string }) {
  mustImport(ctx.actor);
  return (
    runningBatch(ctx.actor.companyId, ctx.id) ??
    presentBatch(await findBatch(ctx.db, ctx.actor.companyId, ctx.id))
  );
}

export async function importRows(ctx: Ctx & { id: string; fate?: RowFate; kind?: ImportKind; page: number }) {
  mustImport(ctx.actor);
  const batch = await findBatch(ctx.db, ctx.actor.companyId, ctx.id);
  return rowsPage(ctx.db, { id: batch.id, companyId: ctx.actor.companyId }, ctx);
}
