import {
  type Actor,
  can,
  centsText,
  DEPOSIT_TEXT,
  type DepositSlip,
  type depositsQuery,
  formatDateOnly,
  type makeDepositInput,
  type undepositedQuery,
} from '@pirouette/domain';
import { and, count, desc, eq, max, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { bankDepositItems, bankDeposits, booksTransactions } from '../../db/schema/books';
import { companies } from '../../db/schema/companies';
import { duplicateAs } from '../../db/unique-violation';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { lockDepositable, refuseClosedDays, studioToday, undepositedPayments } from '../ledger';
import { BOOK } from './accounts';
import { postBooks } from './post';

/**
 * Bank deposits (issue 34 item 3, decision 050): the cash, checks and terminal slips waiting in
 * "undeposited funds" go to the bank together, as one line of the studio journal (Dr bank, Cr
 * undeposited funds, keyed `deposit:<number>`), numbered per studio, each payment in one deposit only
 * (the unique index on bank_deposit_items is the guard). The family ledger's payments are read through
 * the ledger's door (undeposited.ts there); a deposited payment taken back later is returned to
 * undeposited funds by the trigger of migration 0023.
 */

export type BooksDeps = { db: Db; actor: Actor; clock: Clock };

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** The books' condition that a payment (its transaction id) is in none of the studio's deposits. */
const notDeposited =
  (companyId: string) =>
  (paymentTxId: SQL): SQL =>
    sql`not exists (select 1 from ${bankDepositItems} i where i.company_id = ${companyId} and i.payment_tx_id = ${paymentTxId})`;

export async function listUndeposited(deps: BooksDeps, q: z.output<typeof undepositedQuery>) {
  requireOwner(deps.actor);
  const { companyId } = deps.actor;
  const [found, today] = await Promise.all([
    undepositedPayments(
      deps.db,
      { companyId, notDeposited: notDeposited(companyId), upTo: q.upTo },
      { page: q.page, pageSize: q.pageSize },
    ),
    studioToday(deps.db, companyId, deps.clock),
  ]);
  const { cash, check, terminal } = found.sums;
  return {
    today,
    items: found.items.map((p) => ({
      paymentID: p.paymentId,
      coAcctMemID: p.familyId,
      family: p.family,
      method: p.method,
      reference: p.reference,
      receivedOn: p.receivedOn,
      amount: p.amount,
    })),
    total: found.count,
    page: q.page,
    pageSize: q.pageSize,
    sums: { cash, check, terminal, all: cash + check + terminal },
  };
}

/** Makes a deposit: one transaction, the studio's deposits numbered under a lock, the payments under their families' locks. */
export async function makeDeposit(deps: BooksDeps, body: z.output<typeof makeDepositInput>) {
  requireOwner(deps.actor);
  const { companyId } = deps.actor;
  const today = await studioToday(deps.db, companyId, deps.clock);
  const depositedOn = body.depositedOn ?? today;
  if (depositedOn > today) throw unprocessable(DEPOSIT_TEXT.inFuture);
  const picked = body.payments ? [...new Set(body.payments)] : undefined;
  return duplicateAs(DEPOSIT_TEXT.notWaiting, () =>
    deps.db.transaction(async (tx) => {
      // One deposit of a studio at a time: its number is the next, and a payment is picked once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposits:${companyId}`}, 0))`);
      // A day in a closed month is refused first, whatever the deposit holds (decision 050).
      await refuseClosedDays(tx, companyId, [depositedOn]);
      const payments = await lockDepositable(tx, {
        companyId,
        notDeposited: notDeposited(companyId),
        ids: picked,
        upTo: picked ? undefined : body.upTo,
      });
      if (picked && payments.length !== picked.length) {
        // Another studio's payment, or none of the kind a deposit holds, is no payment at all here.
        const known = await paymentDetails(tx, companyId, picked);
        if (known.size < picked.length) throw notFound(DEPOSIT_TEXT.paymentNotFound);
        throw conflict(DEPOSIT_TEXT.notWaiting);
      }
      if (payments.length === 0)
        throw unprocessable(DEPOSIT_TEXT.nothingUpTo(formatDateOnly(body.upTo ?? today)));
      const late = payments.find((p) => p.receivedOn > depositedOn);
      if (late) throw unprocessable(DEPOSIT_TEXT.receivedAfter(formatDateOnly(late.receivedOn)));
      const [last] = await tx
        .select({ n: max(bankDeposits.number) })
        .from(bankDeposits)
        .where(eq(bankDeposits.companyId, companyId));
      const number = (last?.n ?? 0) + 1;
      const total = payments.reduce((s, p) => s + p.amount, 0);
      const by = { userId: deps.actor.userId };
      const txId = await postBooks(tx, {
        companyId,
        kind: 'deposit',
        effectiveDate: depositedOn,
        key: `deposit:${number}`,
        reason: `Deposit #${number}${body.memo ? `: ${body.memo}` : ''}`,
        by,
        entries: [
          { account: BOOK.bank, amount: total },
          { account: BOOK.undeposited_funds, amount: -total },
        ],
        onClosedMonth: 'refuse',
      });
      if (!txId) throw conflict(DEPOSIT_TEXT.notWaiting);
      const [row] = await tx
        .insert(bankDeposits)
        .values({
          companyId,
          number,
          depositedOn,
          total,
          memo: body.memo,
          txId,
          createdBy: deps.actor.userId,
          createdByName: sql`(select created_by_name from ${booksTransactions} where id = ${txId})`,
        })
        .returning({ id: bankDeposits.id });
      await tx.insert(bankDepositItems).values(
        payments.map((p) => ({
          depositId: row!.id,
          companyId,
          paymentTxId: p.paymentId,
          familyId: p.familyId,
          method: p.method,
          amount: p.amount,
        })),
      );
      return { id: row!.id, number, total, msg: DEPOSIT_TEXT.made(number, centsText(total)) };
    }),
  );
}

export async function listDeposits(deps: BooksDeps, q: z.output<typeof depositsQuery>) {
  requireOwner(deps.actor);
  const { companyId } = deps.actor;
  const mine = eq(bankDeposits.companyId, companyId);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        id: bankDeposits.id,
        number: bankDeposits.number,
        depositedOn: bankDeposits.depositedOn,
        total: bankDeposits.total,
        memo: bankDeposits.memo,
        by: bankDeposits.createdByName,
        count: sql<number>`(select count(*)::int from ${bankDepositItems} i where i.deposit_id = bank_deposits.id)`,
        returned: sql<number>`(select count(*)::int from ${booksTransactions} r
          where r.company_id = ${companyId} and r.kind = 'returned_deposit'
            and r.idempotency_key in (select 'returned_deposit:' || i.payment_tx_id from ${bankDepositItems} i
              where i.deposit_id = bank_deposits.id))`,
      })
      .from(bankDeposits)
      .where(mine)
      .orderBy(desc(bankDeposits.number))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    deps.db.select({ n: count() }).from(bankDeposits).where(mine),
  ]);
  return { items: rows, total: counted?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** A deposit's slip: the checks one by one (number, family, amount), the cash and terminal totals, the total. */
export async function depositSlip(deps: BooksDeps, id: string): Promise<DepositSlip> {
  requireOwner(deps.actor);
  const { companyId } = deps.actor;
  const [[deposit], [studio]] = await Promise.all([
    deps.db
      .select()
      .from(bankDeposits)
      .where(and(eq(bankDeposits.companyId, companyId), eq(bankDeposits.id, id))),
    deps.db
      .select({
        name: companies.name,
        address: companies.address,
        city: companies.city,
        state: companies.state,
        zipcode: companies.zipcode,
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
  ]);
  if (!deposit || !studio) throw notFound(DEPOSIT_TEXT.notFound);
  const items = await deps.db
    .select({
      paymentTxId: bankDepositItems.paymentTxId,
      method: bankDepositItems.method,
      amount: bankDepositItems.amount,
    })
    .from(bankDepositItems)
    .where(and(eq(bankDepositItems.companyId, companyId), eq(bankDepositItems.depositId, id)));
  const details = await paymentDetails(
    deps.db,
    companyId,
    items.map((i) => i.paymentTxId),
  );
  const checks = items
    .filter((i) => i.method === 'check')
    .map((i) => {
      const d = details.get(i.paymentTxId);
      return {
        paymentID: i.paymentTxId,
        number: d?.reference ?? '',
        family: d?.family ?? '',
        receivedOn: d?.receivedOn ?? '',
        amount: i.amount,
      };
    })
    .sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.family.localeCompare(b.family));
  const sumOf = (method: string) => {
    const of = items.filter((i) => i.method === method);
    return { count: of.length, total: of.reduce((s, i) => s + i.amount, 0) };
  };
  const checksTotal = checks.reduce((s, c) => s + c.amount, 0);
  return {
    id: deposit.id,
    number: deposit.number,
    depositedOn: deposit.depositedOn,
    studio: {
      name: studio.name,
      address: [
        studio.address,
        [studio.city, [studio.state, studio.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(', '),
    },
    memo: deposit.memo,
    by: deposit.createdByName,
    checks,
    cash: sumOf('cash'),
    terminal: sumOf('terminal'),
    checksTotal,
    total: deposit.total,
  };
}

/** The payments' family, reference and day, read in one query through the ledger's door. */
async function paymentDetails(db: Db, companyId: string, ids: string[]) {
  const found = await undepositedPayments(
    db,
    { companyId, notDeposited: () => sql`true`, ids, includeTakenBack: true },
    { page: 1, pageSize: Math.max(ids.length, 1) },
  );
  return new Map(found.items.map((p) => [p.paymentId, p]));
}
