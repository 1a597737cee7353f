import type { FamilyLogAction } from '@pirouette/domain';
import type { Db } from '../db/client';
import { type AuditEntry, audit, auditMany } from '../lib/audit';

/**
 * Records a change to a family in its log (the audit log, target 'family'): who (the actor), what
 * (`action`, with names and field names in `detail`), when (the row's time). Run it in the change's
 * own transaction, so the log never tells of a change that did not happen.
 */
export function logFamily(tx: Db, entry: FamilyLogLine): Promise<void> {
  return audit(tx, familyLogEntry(entry));
}

type FamilyLogLine = {
  /** Who: a person, or the product itself (`userId` null: a job, such as a waitlist offer). */
  actor: { userId: string | null; companyId: string };
  familyId: string;
  action: FamilyLogAction;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

/** A line of the family's log as an audit entry, for a write that sends it with its own rows. */
export function familyLogEntry(entry: FamilyLogLine): AuditEntry {
  return {
    action: entry.action,
    companyId: entry.actor.companyId,
    userId: entry.actor.userId,
    targetType: 'family',
    targetId: entry.familyId,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  };
}

/** Many families' entries at once, in few statements (an import's families, decision 056). */
export function logFamilies(
  tx: Db,
  actor: { userId: string | null; companyId: string },
  entries: readonly { familyId: string; action: FamilyLogAction; detail?: Record<string, unknown> }[],
): Promise<void> {
  return auditMany(tx, familyLogEntries(actor, entries));
}

/** Lines of the families' log as audit entries, for a write that sends them with its own rows. */
export function familyLogEntries(
  actor: { userId: string | null; companyId: string },
  entries: readonly { familyId: string; action: FamilyLogAction; detail?: Record<string, unknown> }[],
): AuditEntry[] {
  return entries.map((e) => familyLogEntry({ actor, ...e }));
}
