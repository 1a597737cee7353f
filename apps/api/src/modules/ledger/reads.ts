import { and, asc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerCharges, ledgerInvoices, ledgerTransactions } from '../../db/schema/ledger';
import { chargePaidAmount, chargesPaid } from './paid';

/**
 * What other modules read of the books (issue 33, decision 044): the ledger's tables are its own, so a
 * module that shows a fee, a balance or a plan payment asks here, and what is paid of a charge is
 * `chargesPaid`'s (paid.ts) to say everywhere. A charge another module posts carries a key of its own
 * (`competition-fee:<line>`, `costume-deposit:<assignment>`, `costume-balance:<assignment>`), by which
 * it is found again. The SQL helpers take values or SQL of the caller's query (a column of an outer row).
 */

/** A family's balance in cents: the sum of its receivable entries (ledger_entries_family_account_idx). */
export const familyBalance = (companyId: SQL | string, familyId: SQL | string) =>
  sql<number>`(select coalesce(sum(e.amount), 0) from ledger_entries e
    where e.company_id = ${companyId} and e.account = 'receivable' and e.family_id = ${familyId})`;

/** A fee's charge: the id of the transaction posted under `key` at the studio, as a subquery (null when none). */
export const chargeUnderKey = (companyId: SQL | string, key: SQL | string): SQL =>
  sql`(select t.id from ${ledgerTransactions} t where t.company_id = ${companyId} and t.idempotency_key = ${key})`;

/** Whether what was posted under `key` at the studio stands: posted, and not taken back by a reversal. */
export const standsUnderKey = (companyId: SQL | string, key: SQL | string): SQL =>
  sql`exists (select 1 from ${ledgerTransactions} t
    where t.company_id = ${companyId} and t.idempotency_key = ${key}
      and not exists (select 1 from ${ledgerTransactions} r where r.reverses_id = t.id))`;

/**
 * Each charge `where` keeps (a condition on `c`, ledger_charges), as `chargesPaid` reads it, with the key
 * it was posted under and the day it counts from. Columns: those of chargesPaid, `key`, `posted_on`.
 */
export function keyedChargesPaid(where: SQL): SQL {
  return sql`select t.idempotency_key as key, t.effective_date as posted_on, p.*
    from (${chargesPaid(where)}) p join ledger_transactions t on t.id = p.tx_id`;
}

/** Whether a charge was posted for the plan payment's due item `dueKey` (one of the studio's). */
export const chargedForDueItem = (companyId: SQL | string, dueKey: SQL): SQL =>
  sql`exists (select 1 from ledger_charges c where c.company_id = ${companyId} and c.due_key = ${dueKey})`;

/**
 * The charges posted under these keys and still standing (not taken off), with what the family has paid
 * of each by the ledger's rule (`chargesPaid`, decision 039). One query; narrowed to one family when it
 * is given.
 */
export async function standingCharges(db: Db, companyId: string, keys: string[], familyId?: string) {
  const out = new Map<string, { total: number; paid: number }>();
  if (keys.length === 0) return out;
  const keyed = sql`t.company_id = ${companyId} and ${inArray(sql`t.idempotency_key`, keys)}`;
  const charges = chargesPaid(sql`c.company_id = ${companyId}
    ${familyId ? sql`and c.family_id = ${familyId}` : sql``}
    and c.tx_id in (select t.id from ledger_transactions t where ${keyed})`);
  const result =
    await db.execute(sql`select t.idempotency_key as key, p.total, ${chargePaidAmount('p')}::int as paid
    from ledger_transactions t join (${charges}) p on p.tx_id = t.id
    where ${keyed} and not p.removed`);
  const rows = (result as unknown as { rows: { key: string; total: number; paid: number }[] }).rows;
  for (const r of rows) out.set(r.key, { total: Number(r.total), paid: Number(r.paid) });
  return out;
}

/** The transactions posted under these keys at the studio, by key: their ids. */
export async function postedUnderKeys(db: Db, companyId: string, keys: string[]) {
  const out = new Map<string, string>();
  if (keys.length === 0) return out;
  const rows = await db
    .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.companyId, companyId), inArray(ledgerTransactions.idempotencyKey, keys)),
    );
  for (const r of rows) out.set(r.key, r.id);
  return out;
}

/**
 * A family's charges of a category posted under keys starting with `prefix`, with what each says (its
 * item and lines) and the day it was charged, in posting order; `keep`, a condition on the key, narrows
 * them. Whether each still stands is `standingCharges`' to say. One query.
 */
export function chargesUnderPrefix(
  db: Db,
  a: {
    companyId: string;
    familyId: string;
    category: string;
    prefix: string;
    keep?: (key: SQL) => SQL;
  },
) {
  return db
    .select({
      key: ledgerTransactions.idempotencyKey,
      item: ledgerCharges.item,
      lines: ledgerCharges.lines,
      chargedOn: ledgerTransactions.effectiveDate,
    })
    .from(ledgerCharges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerCharges.txId))
    .where(
      and(
        eq(ledgerCharges.companyId, a.companyId),
        eq(ledgerCharges.familyId, a.familyId),
        eq(ledgerCharges.category, a.category),
        like(ledgerTransactions.idempotencyKey, `${a.prefix}%`),
        a.keep?.(sql`${ledgerTransactions.idempotencyKey}`),
      ),
    )
    .orderBy(asc(ledgerTransactions.seq));
}

/** A bill (invoice) of the studio by id, with its family; null when the studio has none of that id. */
export async function findInvoice(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: ledgerInvoices.id, familyId: ledgerInvoices.familyId })
    .from(ledgerInvoices)
    .where(and(eq(ledgerInvoices.companyId, companyId), eq(ledgerInvoices.id, id)));
  return row ?? null;
}
