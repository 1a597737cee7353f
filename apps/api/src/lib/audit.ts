import { is, SQL, sql } from 'drizzle-orm';
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

/** An entry as its row. */
const rowOf = (entry: AuditEntry) => ({
  action: entry.action,
  companyId: entry.companyId ?? null,
  userId: entry.userId ?? null,
  targetType: entry.targetType ?? null,
  targetId: entry.targetId ?? null,
  detail: entry.detail ?? {},
  ip: entry.ip ?? null,
});

/** Records who did what. Callers pass ids and facts, never a password, token, code or card detail. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(rowOf(entry));
}

/** Many entries in one statement per 500 (an import's families, decisions 054 and 056). */
export async function auditMany(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) await auditInsert(db, entries.slice(i, i + 500));
}

/** Entries as one insert, built and not sent: for a write that sends it within its own statement. */
export function auditInsert(db: Db, entries: readonly AuditEntry[]) {
  return db.insert(auditLog).values(entries.map(rowOf));
}

/**
 * An entry written once for each row the CTE `from` of the same statement answers (none when it answers
 * none): the family's log line of a mail, written only when the mail is (decision 084). Built, not sent.
 * `detail` may be the database's to work out from `from`'s row (a jsonb expression): the fields a
 * contact edit changed, compared in the same statement (decision 099).
 */
export function auditInsertFrom(
  entry: Omit<AuditEntry, 'detail' | 'userId'> & {
    detail?: AuditEntry['detail'] | SQL;
    /** Who, or the database's to read from `from`'s row (the person a mailed link names). */
    userId?: string | null | SQL;
  },
  from: string,
) {
  const detail = is(entry.detail, SQL) ? entry.detail : sql`${JSON.stringify(entry.detail ?? {})}::jsonb`;
  return sql`insert into ${auditLog} (company_id, user_id, action, target_type, target_id, detail, ip)
    select ${entry.companyId ?? null}::uuid, ${entry.userId ?? null}::uuid, ${entry.action}::text,
      ${entry.targetType ?? null}::text, ${entry.targetId ?? null}::text, ${detail},
      ${entry.ip ?? null}::text
    from ${sql.identifier(from)}`;
}
