import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { oneStatement, type PendingWrite } from '../../../db/one-statement';
import { rowsOf } from '../../../db/rows';
import {
  ledgerAllocations,
  ledgerCharges,
  ledgerEntries,
  ledgerInvoices,
  ledgerPayments,
  ledgerTransactions,
} from '../../../db/schema/ledger';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/**
 * A ledger write's rows, kept until the operation is done and then sent as one statement (issue 39,
 * decision 078): each table's rows in one multi-row insert, all of them in one statement of
 * data-modifying CTEs. The ids are made here (uuid v4, as the columns' defaults), so a row can name
 * another written in the same statement; the foreign keys are checked at the statement's end, and the
 * ledger transactions go in one insert, in the order posted, so their `seq` keeps that order.
 *
 * What the rows were checked against was read under the family's lock before (`LedgerCtx.writes` is
 * set by the callers that read it): the keys already posted and the day the books are closed through,
 * read FOR SHARE as `closedThrough` does. A key posted since cannot be: the family's lock is held, and a
 * key of another family's posting makes the insert fail on the unique index (nothing is written).
 */
export class LedgerWrites {
  readonly invoices: Row<typeof ledgerInvoices>[] = [];
  /** Who posted is an SQL read of the person's name (posterName), made by the statement that writes. */
  readonly transactions: (Omit<Row<typeof ledgerTransactions>, 'createdByName'> & {
    createdByName: string | SQL<string>;
  })[] = [];
  readonly entries: Row<typeof ledgerEntries>[] = [];
  readonly charges: Row<typeof ledgerCharges>[] = [];
  readonly payments: Row<typeof ledgerPayments>[] = [];
  readonly allocations: Row<typeof ledgerAllocations>[] = [];

  constructor(
    /** The last closed day of the studio's books (read FOR SHARE under the family's lock), or null. */
    readonly closedThrough: string | null,
    /** Keys among those the write may use that were posted already (and, as it goes, those it posts). */
    readonly posted: Set<string>,
  ) {}

  get empty(): boolean {
    return this.transactions.length === 0 && this.invoices.length === 0;
  }

  /** Sends what was kept, in one statement, and empties the buffer. */
  async flush(db: Db): Promise<void> {
    if (this.empty) return;
    await rowsOf(db, oneStatement(this.take(db)));
  }

  /**
   * What was kept, as inserts built and not sent, and empties the buffer: for a caller that sends them
   * within its own statement (a class change's, decision 084).
   */
  take(db: Db): PendingWrite[] {
    const inserts: PendingWrite[] = [];
    if (this.invoices.length > 0) inserts.push(db.insert(ledgerInvoices).values(this.invoices.splice(0)));
    if (this.transactions.length > 0) {
      // Drizzle takes an SQL value for any column; its row type says only the column's own.
      const rows = this.transactions.splice(0) as Row<typeof ledgerTransactions>[];
      inserts.push(db.insert(ledgerTransactions).values(rows));
    }
    if (this.entries.length > 0) inserts.push(db.insert(ledgerEntries).values(this.entries.splice(0)));
    if (this.charges.length > 0) inserts.push(db.insert(ledgerCharges).values(this.charges.splice(0)));
    if (this.payments.length > 0) inserts.push(db.insert(ledgerPayments).values(this.payments.splice(0)));
    if (this.allocations.length > 0) {
      inserts.push(db.insert(ledgerAllocations).values(this.allocations.splice(0)));
    }
    return inserts;
  }
}
