import { createHash } from 'node:crypto';
import {
  FAMILY_LOG_ACTIONS,
  type LinkKind,
  type PlannedRow,
  type RecordPlace,
  recordContent,
  type StudioState,
} from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importLinks } from '../../db/schema/imports';
import { auditMany } from '../../lib/audit';
import { insertRows } from './bulk';

/** A link the run writes: made with its entity, or brought up to date (`known`: one was there). */
export type LinkWrite = {
  kind: LinkKind;
  ref: string;
  entityId: string;
  data: Record<string, unknown>;
  known: boolean;
  /** Matched by its link and unchanged: nothing to write. */
  same: boolean;
  place: RecordPlace;
};

/** What every step of the run shares: the transaction, the studio, the links and the log it gathers. */
export type WriteCtx = {
  tx: Db;
  companyId: string;
  source: { key: string; name: string };
  batchId: string;
  actorId: string;
  state: StudioState;
  /** The family log's lines: a family made (`changes` null) or changed. */
  log: { familyId: string; changes: string[] | null }[];
  link(kind: LinkKind, row: PlannedRow<unknown>, entityId: string): LinkWrite;
};

export function writeContext(options: Omit<WriteCtx, 'link' | 'log'>): WriteCtx {
  return {
    ...options,
    log: [],
    link: (kind, row, entityId) => ({
      kind,
      ref: row.key,
      entityId,
      data: recordContent(row.record as RecordPlace & Record<string, unknown>),
      known: options.state.links[kind]?.has(row.key) ?? false,
      same:
        row.by === 'link' &&
        row.changes.length === 0 &&
        options.state.links[kind]?.get(row.key)?.entityId === entityId,
      place: row.record as RecordPlace,
    }),
  };
}

/** The content's fingerprint, kept beside it. */
const hashOf = (data: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(data)).digest('hex');

/**
 * Writes the links: new ones inserted (a link that another import made at the same moment breaks the
 * unique index, and the whole run with it: never a family twice), known ones brought up to date.
 */
export async function writeLinks(ctx: WriteCtx, links: LinkWrite[]): Promise<void> {
  const values = (l: LinkWrite) => ({
    companyId: ctx.companyId,
    source: ctx.source.key,
    kind: l.kind,
    ref: l.ref,
    entityId: l.entityId,
    data: l.data,
    hash: hashOf(l.data),
    batchId: ctx.batchId,
  });
  const fresh = links.filter((l) => !l.known);
  await insertRows(
    ctx.tx,
    importLinks,
    fresh.map(values),
    fresh.map((l) => l.place),
  );
  const known = links.filter((l) => l.known && !l.same);
  for (let i = 0; i < known.length; i += 500) {
    await ctx.tx
      .insert(importLinks)
      .values(known.slice(i, i + 500).map(values))
      .onConflictDoUpdate({
        target: [importLinks.companyId, importLinks.source, importLinks.kind, importLinks.ref],
        set: {
          entityId: sql`excluded.entity_id`,
          data: sql`excluded.data`,
          hash: sql`excluded.hash`,
          batchId: sql`excluded.batch_id`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Each family's log line, in one statement: "Imported from Jackrabbit", or what an import changed. */
export function writeFamilyLog(ctx: WriteCtx): Promise<void> {
  return auditMany(
    ctx.tx,
    ctx.log.map((line) => ({
      action: line.changes ? FAMILY_LOG_ACTIONS.importUpdated : FAMILY_LOG_ACTIONS.imported,
      companyId: ctx.companyId,
      userId: ctx.actorId,
      targetType: 'family',
      targetId: line.familyId,
      detail: line.changes
        ? { source: ctx.source.name, changes: line.changes, batch: ctx.batchId }
        : { source: ctx.source.name, batch: ctx.batchId },
    })),
  );
}
