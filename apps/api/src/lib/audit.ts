import type { Db } from '../db/client';
import { auditLog } from '../db/schema/security';

export type AuditEntry = {
  action: string;
  companyId?: string | null;
  userId?: string | null;
  targetType?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

/** Records who did what. Callers pass ids and facts, never a password, token, code or card detail. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    companyId: entry.companyId ?? null,
    userId: entry.userId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  });
}

/** Many entries in one statement per 500 (an import's families, decisions 054 and 056). */
export async function auditMany(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) await auditInsert(db, entries.slice(i, i + 500));
}

/** Entries as one insert, built and not sent: for a write that sends it within its own statement. */
export function auditInsert(db: Db, entries: readonly AuditEntry[]) {
  return db.insert(auditLog).values(
    entries.map((entry) => ({
      action: entry.action,
      companyId: entry.companyId ?? null,
      userId: entry.userId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      detail: entry.detail ?? {},
      ip: entry.ip ?? null,
    })),
  );
}
