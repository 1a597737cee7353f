import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type NamedWrite, oneStatement, type PendingWrite } from '../../db/one-statement';
import { rowsOf } from '../../db/rows';
import {
  classRegistrationRevisions,
  familyPlanPayments,
  familyPlanRevisions,
  registrationFees,
} from '../../db/schema/enrolment';
import { classRegistrations } from '../../db/schema/schedule';
import { jobsInsert, type QueuedJob } from '../../jobs/runner';
import { type AuditEntry, auditInsert } from '../../lib/audit';
import { type NewRegistration, registrationInserts } from '../schedule';

/** What a change does to a registration that exists: each part left out leaves its columns as they are. */
type RegistrationChange = {
  /** Dropped from this day: charged until the day before (as markDropped). */
  droppedOn?: string;
  /** Taken back, to this day (the term's end, as markRestored). */
  restoredTo?: string;
  /** The studio's approval. */
  status?: 0 | 1 | -1;
  /** Its prices, as the latest revision has them (cents). */
  prices?: Prices;
};
type Prices = { pr0: number; prI: number; prF: number; nTh: number };

/**
 * A class change's rows, kept until the change is worked out and then sent as one statement (issue 39,
 * decision 084), as the ledger's writes are (decision 078): the new registrations and the changes to
 * existing ones (each registration's changes merged into one row of one update: a statement's writes
 * cannot touch a row twice), the revision with its payments and prices, the registration fee, the
 * family's log lines, the jobs (a freed place's offer, the billing day) and the ledger's postings. The
 * ids are made here (uuid v4, as the columns' defaults), so rows can name each other; foreign keys and
 * the term_status triggers run at the statement's end, when every row is written.
 *
 * Nothing is in the database before `flush`: whatever the change needs to know of its own rows it works
 * out in memory (the registrations after the change, the revision billing bills).
 */
export class ChangeWrites {
  readonly registrations: NewRegistration[] = [];
  private readonly changes = new Map<string, RegistrationChange>();
  readonly revisions: (typeof familyPlanRevisions.$inferInsert & { id: string })[] = [];
  readonly payments: (typeof familyPlanPayments.$inferInsert)[] = [];
  readonly prices: (typeof classRegistrationRevisions.$inferInsert)[] = [];
  readonly fees: (typeof registrationFees.$inferInsert)[] = [];
  readonly logs: AuditEntry[] = [];
  readonly jobs: QueuedJob[] = [];
  /** Writes of other modules' rows, built and not sent (the ledger's postings, the confirmation's mail). */
  readonly others: (PendingWrite | NamedWrite)[] = [];

  constructor(readonly companyId: string) {}

  /** Changes a registration: a new one's row takes its prices, an existing one's change is merged. */
  change(id: string, change: RegistrationChange): void {
    const created = this.registrations.find((r) => r.id === id);
    if (created && change.prices) {
      Object.assign(created, change.prices);
      return;
    }
    this.changes.set(id, { ...this.changes.get(id), ...change });
  }

  /** Sends what was kept, in one statement, and empties the buffers. */
  async flush(db: Db): Promise<void> {
    const writes = this.take(db);
    if (writes.length > 0) await rowsOf(db, oneStatement(writes));
  }

  private take(db: Db): (PendingWrite | NamedWrite)[] {
    const writes: (PendingWrite | NamedWrite)[] = [...registrationInserts(db, this.registrations.splice(0))];
    if (this.changes.size > 0) writes.push(this.updateOf());
    this.changes.clear();
    if (this.revisions.length > 0)
      writes.push(db.insert(familyPlanRevisions).values(this.revisions.splice(0)));
    if (this.payments.length > 0) writes.push(db.insert(familyPlanPayments).values(this.payments.splice(0)));
    if (this.prices.length > 0)
      writes.push(db.insert(classRegistrationRevisions).values(this.prices.splice(0)));
    // Once per family and term: a second fee meets the unique index and changes nothing.
    if (this.fees.length > 0)
      writes.push(db.insert(registrationFees).values(this.fees.splice(0)).onConflictDoNothing());
    if (this.logs.length > 0) writes.push(auditInsert(db, this.logs.splice(0)));
    if (this.jobs.length > 0) writes.push(jobsInsert(db, this.jobs.splice(0)));
    writes.push(...this.others.splice(0));
    return writes;
  }

  /** The changes to existing registrations as one update, each row's changes a JSON record. */
  private updateOf(): PendingWrite {
    const rows = [...this.changes].map(([id, c]) => ({
      id,
      dropped_on: c.droppedOn ?? null,
      restored_to: c.restoredTo ?? null,
      status: c.status ?? null,
      pr_0: c.prices?.pr0 ?? null,
      pr_i: c.prices?.prI ?? null,
      pr_f: c.prices?.prF ?? null,
      n_th: c.prices?.nTh ?? null,
    }));
    // The rows' number is a constant of the text (`limit`): PostgreSQL's guess for a JSON array is 100
    // rows, for which the generic plan read the studio's every registration and joined them (2,500 at
    // the large studio); knowing the one or few rows, it finds each by its key (decision 091).
    return sql`update ${classRegistrations} as r set
        is_dropped = case when v.dropped_on is not null then true when v.restored_to is not null then false
          else r.is_dropped end,
        i_status = case when v.dropped_on is not null then -1 when v.restored_to is not null then 10
          else r.i_status end,
        dropped_on = case when v.dropped_on is not null then v.dropped_on when v.restored_to is not null then null
          else r.dropped_on end,
        date_f = case when v.dropped_on is not null then greatest(r.date_i, v.dropped_on - 1)
          else coalesce(v.restored_to, r.date_f) end,
        status = coalesce(v.status, r.status),
        pr_0 = coalesce(v.pr_0, r.pr_0), pr_i = coalesce(v.pr_i, r.pr_i), pr_f = coalesce(v.pr_f, r.pr_f),
        n_th = coalesce(v.n_th, r.n_th),
        updated_at = now()
      from (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, dropped_on date,
        restored_to date, status smallint, pr_0 int, pr_i int, pr_f int, n_th smallint)
        limit ${sql.raw(String(rows.length))}) as v
      where r.id = v.id and r.company_id = ${this.companyId}`;
  }
}
