import { randomUUID } from 'node:crypto';
import type { addItemInput, recordPaymentsInput, refundInput } from '@pirouette/domain';
import {
  type Actor,
  can,
  centsText,
  dateInZone,
  type FamilyMoney,
  formatDateOnly,
  type LedgerTransaction,
  messages,
  paymentDateProblem,
  ledgerMessages as text,
  todayInZone,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts } from '../../db/schema/families';
import { ledgerPeriods, ledgerTransactions } from '../../db/schema/ledger';
import { AppError, forbidden, notFound, unprocessable } from '../../http/errors';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { studioMoneySettings } from './billing';
import { BOOK_KEYS, type Book, bookOf, bookReads, readBook } from './book';
import { presentHistory, readHistory } from './history';
import { addressOf, familyAddressRead, queueReceipt } from './mails';
import { noticeReturnedCheck } from './notices';
import { applyCredit } from './operations/apply-credit';
import { type LedgerCtx, lockFamilyRow } from './operations/context';
import { postCharge } from './operations/post-charge';
import { recordPayment } from './operations/record-payment';
import { refund } from './operations/refund';
import { removeCharge } from './operations/remove-charge';
import { reversePayment } from './operations/reverse-payment';
import { overdueOf } from './operations/standing';
import { LedgerWrites } from './operations/writes';
import { refuseClosedDaysIn } from './periods';
import { findPosted } from './post';
import { creditSources, currentInvoiceId, presentTransaction } from './presenters';
import { findInvoice } from './reads';
import type { RefundUnderWay } from './refundable';

/**
 * The family ledger's calls (issue 16, 001 §7 "Transactions and payments"). Reads work the books out
 * from their rows; writes lock the family, check, post, and answer the books as they now stand. Every
 * read and write is scoped to the session's studio; a parent reaches only their own family.
 */

export type LedgerDeps = { db: Db; actor: Actor; clock: Clock };

/** The studio's zone and name, its statement built once (decision 124): every ledger write asks it. */
const studioOnce = preparedBatch(['companyId'], (db, p) => ({
  studio: db
    .select({ timeZone: companies.timeZone, name: companies.name })
    .from(companies)
    .where(eq(companies.id, p.companyId)),
}));

async function studioOf(db: Db, companyId: string) {
  const { studio } = await studioOnce(db, { companyId });
  return studio[0] ?? { timeZone: 'America/New_York', name: '' };
}

export async function studioToday(db: Db, companyId: string, clock: Clock) {
  return todayInZone((await studioOf(db, companyId)).timeZone, clock.now());
}

/** The family the caller may see: an owner any of the studio's, a parent their own (404 otherwise). */
async function reachableFamily(db: Db, actor: Actor, familyId: string) {
  mayReach(actor, familyId);
  return findFamily(db, actor.companyId, familyId);
}

/** reachableFamily's rule before any read: a parent reaches only their own family (404 otherwise). */
function mayReach(actor: Actor, familyId: string) {
  if (!can(actor, 'studio:manage') && ownFamily(actor) !== familyId) {
    throw new AppError('not_found', messages.accountNotFound);
  }
}

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** A bill of the studio by id, and its family (a parent: only of their own family). */
async function invoiceOf(db: Db, actor: Actor, id: string) {
  const row = await findInvoice(db, actor.companyId, id);
  if (!row) throw notFound(text.transactionNotFound);
  if (!can(actor, 'studio:manage') && actor.familyAccountId !== row.familyId) {
    throw notFound(text.transactionNotFound);
  }
  return row;
}

// ——— Reads ———

export async function familyMoney(deps: LedgerDeps, familyId: string): Promise<FamilyMoney> {
  mayReach(deps.actor, familyId);
  // One round trip: the family (scoped by the studio), its book and history, and the studio's zone.
  const { family, history, studio, ...rows } = await moneyRead(deps.db, {
    companyId: deps.actor.companyId,
    familyId,
  });
  if (!family[0]) throw new AppError('not_found', messages.accountNotFound);
  const today = todayInZone(studio[0]?.timeZone ?? 'America/New_York', deps.clock.now());
  return moneyOf(bookOf(rows), history, familyId, family[0].lastName, today);
}

const moneyRead = preparedBatch(
  ['companyId', 'familyId'],
  (db, p) => ({
    family: db
      .select({ lastName: familyAccounts.lastName })
      .from(familyAccounts)
      .where(and(eq(familyAccounts.companyId, p.companyId), eq(familyAccounts.id, p.familyId))),
    ...bookReads(db, p.companyId, p.familyId),
    history: readHistory(db, p.companyId, p.familyId),
    studio: db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, p.companyId)),
  }),
  { opaque: BOOK_KEYS },
);

function moneyOf(
  book: Book,
  rows: Awaited<ReturnType<typeof readHistory>>,
  familyId: string,
  family: string,
  today: string,
): FamilyMoney {
  const current = currentInvoiceId(book);
  const { history, truncated } = presentHistory(book, rows);
  return {
    coAcctMemID: familyId,
    family,
    balance: book.balance / 100,
    credit: book.credit / 100,
    overdue: overdueOf(book, today) / 100,
    current: current ? presentTransaction(book, current, familyId) : null,
    history,
    historyTruncated: truncated,
  };
}

export function parentMoney(deps: LedgerDeps) {
  return familyMoney(deps, ownFamily(deps.actor));
}

export async function currentOf(deps: LedgerDeps, familyId: string): Promise<LedgerTransaction | null> {
  await reachableFamily(deps.db, deps.actor, familyId);
  const book = await readBook(deps.db, deps.actor.companyId, familyId);
  const id = currentInvoiceId(book);
  return id ? presentTransaction(book, id, familyId) : null;
}

export async function transactionById(deps: LedgerDeps, id: string): Promise<LedgerTransaction> {
  const invoice = await invoiceOf(deps.db, deps.actor, id);
  const book = await readBook(deps.db, deps.actor.companyId, invoice.familyId);
  return presentTransaction(book, invoice.id, invoice.familyId);
}

export async function transactionList(
  deps: LedgerDeps,
  familyId: string,
  page: { page: number; pageSize: number },
) {
  await reachableFamily(deps.db, deps.actor, familyId);
  const book = await readBook(deps.db, deps.actor.companyId, familyId);
  const newest = [...book.invoices].reverse();
  const slice = newest.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
  return {
    items: slice.map((i) => {
      const { items, payments, ...t } = presentTransaction(book, i.id, familyId);
      return { ...t, items: items.length, payments: payments.length };
    }),
    total: newest.length,
    page: page.page,
    pageSize: page.pageSize,
  };
}

export async function creditList(deps: LedgerDeps, familyId: string) {
  await reachableFamily(deps.db, deps.actor, familyId);
  const book = await readBook(deps.db, deps.actor.companyId, familyId);
  return { total: book.credit / 100, credits: creditSources(book) };
}

// ——— Writes ———

/**
 * Runs a write on the family's books: one transaction, the family locked, the studio's today. Answers
 * what `then` makes of the books after.
 */
async function onBooks<T>(
  deps: LedgerDeps,
  familyId: string,
  work: (ctx: LedgerCtx, book: Book) => Promise<T>,
): Promise<T> {
  const { db, actor, clock } = deps;
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    if (!(await lockFamilyRow(tx, companyId, familyId)))
      throw new AppError('not_found', messages.accountNotFound);
    // Under the lock, in one round trip: the book, and the studio's time zone for its today.
    const { studio, ...rows } = await booksRead(tx, { companyId, familyId });
    const today = todayInZone(studio[0]?.timeZone ?? 'America/New_York', clock.now());
    return work({ tx, companyId, familyId, today, by: { userId: actor.userId } }, bookOf(rows));
  });
}

const booksRead = preparedBatch(
  ['companyId', 'familyId'],
  (db, p) => ({
    ...bookReads(db, p.companyId, p.familyId),
    studio: db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, p.companyId)),
  }),
  { opaque: BOOK_KEYS },
);

/**
 * A desk write's reads under the family's lock, in one round trip (decision 078): the book, the studio's
 * time zone, the day the books are closed through (FOR SHARE, as every posting reads it), which of the
 * write's keys (a JSON list) were posted already, and where the family's mail goes.
 */
const deskRead = preparedBatch(
  ['companyId', 'familyId', 'keys'],
  (db, p) => ({
    ...bookReads(db, p.companyId, p.familyId),
    studio: db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, p.companyId)),
    period: db
      .select({ closedThrough: ledgerPeriods.closedThrough })
      .from(ledgerPeriods)
      .where(eq(ledgerPeriods.companyId, p.companyId))
      .for('share'),
    posted: db
      .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.companyId, p.companyId),
          // The keys as one array: (company_id, idempotency_key) looks each up, whatever the plan's
          // estimate of the studio's size (as a semi join, a kept plan read the studio's every transaction).
          sql`${ledgerTransactions.idempotencyKey} = any(array(select jsonb_array_elements_text(${p.keys}::jsonb)))`,
        ),
      ),
    address: familyAddressRead(db, p.companyId, p.familyId),
  }),
  { opaque: { ...BOOK_KEYS, keys: 'text' } },
);

type DeskCtx = LedgerCtx & {
  writes: LedgerWrites;
  /** The write's keys posted already, with their ledger transactions. */
  posted: Map<string, string>;
  address: ReturnType<typeof addressOf> | null;
};

/**
 * onBooks for the desk's writes (a charge added, a payment recorded): everything read in one round trip
 * under the lock, the rows written in one statement at the end (`ctx.writes.flush`), decision 078.
 */
async function onDeskBooks<T>(
  deps: LedgerDeps,
  familyId: string,
  keys: readonly string[],
  work: (ctx: DeskCtx, book: Book) => Promise<T>,
): Promise<T> {
  const { db, actor, clock } = deps;
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    if (!(await lockFamilyRow(tx, companyId, familyId)))
      throw new AppError('not_found', messages.accountNotFound);
    const { studio, period, posted, address, ...rows } = await deskRead(tx, {
      companyId,
      familyId,
      keys: JSON.stringify(keys),
    });
    const today = todayInZone(studio[0]?.timeZone ?? 'America/New_York', clock.now());
    const writes = new LedgerWrites(period[0]?.closedThrough ?? null, new Set(posted.map((r) => r.key)));
    const ctx = { tx, companyId, familyId, today, by: { userId: actor.userId }, writes };
    const done = new Map(posted.map((r) => [r.key, r.id]));
    return work({ ...ctx, posted: done, address: address[0] ? addressOf(address[0]) : null }, bookOf(rows));
  });
}

export async function addItem(
  deps: LedgerDeps,
  familyId: string,
  body: z.output<typeof addItemInput>,
): Promise<LedgerTransaction & { msg: string }> {
  requireOwner(deps.actor);
  const { item } = body;
  if (item.amount === 0) throw unprocessable(text.invalidItem);
  if (item.amount * item.quantity !== item.total) {
    throw unprocessable(text.totalMismatch(centsText(item.amount * item.quantity)));
  }
  const key = `item:${body.requestId ?? randomUUID()}`;
  return onDeskBooks(deps, familyId, [key], async (ctx, book) => {
    const posted = ctx.posted.get(key);
    if (posted) {
      const invoiceId = book.charges.find((c) => c.id === posted)?.invoiceId ?? currentInvoiceId(book)!;
      return { ...presentTransaction(book, invoiceId, familyId), msg: text.newItem };
    }
    const id = await postCharge(ctx, book, {
      category: item.typeID,
      typeId: item.typeID,
      item: item.item,
      amount: item.amount,
      quantity: item.quantity,
      dueDate: item.dueDate ?? ctx.today,
      lines: [
        {
          label:
            item.quantity === 1
              ? item.note || item.item
              : `${item.item}: ${item.quantity} × ${centsText(item.amount)}${item.note ? ` (${item.note})` : ''}`,
          amount: item.total,
        },
      ],
      key,
      reason: item.note || 'Added by the studio',
    });
    await ctx.writes.flush(ctx.tx);
    // Sent twice with one request id, the first posting stands and the bill is answered as it is.
    const fresh = await readBook(ctx.tx, ctx.companyId, familyId);
    const invoiceId = fresh.charges.find((c) => c.id === id)?.invoiceId ?? currentInvoiceId(fresh)!;
    return { ...presentTransaction(fresh, invoiceId, familyId), msg: text.newItem };
  });
}

export async function removeItem(
  deps: LedgerDeps,
  transID: string,
  itemID: string,
  reason: string,
): Promise<LedgerTransaction & { msg: string }> {
  requireOwner(deps.actor);
  const invoice = await invoiceOf(deps.db, deps.actor, transID);
  return onBooks(deps, invoice.familyId, async (ctx, book) => {
    const c = book.charges.find((x) => x.id === itemID && x.invoiceId === invoice.id);
    if (!c) throw notFound(text.itemNotFound);
    const waived = c.category === 'late_fee';
    const why = waived ? 'Late fee waived' : 'Item removed';
    await removeCharge(ctx, book, c.id, reason ? `${why}: ${reason}` : why);
    const fresh = await readBook(ctx.tx, ctx.companyId, invoice.familyId);
    const msg = waived ? text.lateFeeWaived : text.itemDeleted;
    return { ...presentTransaction(fresh, invoice.id, invoice.familyId), msg };
  });
}

export async function recordPayments(
  deps: LedgerDeps,
  familyId: string,
  transID: string,
  body: z.output<typeof recordPaymentsInput>,
): Promise<LedgerTransaction & { msg: string }> {
  requireOwner(deps.actor);
  const invoice = await invoiceOf(deps.db, deps.actor, transID);
  if (invoice.familyId !== familyId) throw notFound(text.transactionNotFound);
  const keys = body.payments.map((_, i) => `payment:${body.requestId ?? randomUUID()}:${i}`);
  return onDeskBooks(deps, familyId, keys, async (ctx, book) => {
    // The same request again (a double click, a retry after a timeout): answered as the first was.
    if (body.requestId && ctx.posted.has(keys[0]!)) {
      return { ...presentTransaction(book, invoice.id, familyId), msg: text.paymentRecorded };
    }
    const items = book.charges.filter((c) => c.invoiceId === invoice.id && !c.removed);
    if (items.length === 0) throw unprocessable(text.noItems);
    await checkPaymentDays(ctx, ctx.writes.closedThrough, body.payments);
    if (book.balance <= 0) throw unprocessable(text.zeroPayment);
    const received: string[] = [];
    for (const [i, p] of body.payments.entries()) {
      if (p.total <= 0) throw unprocessable(text.zeroPayment);
      const picked = p.items && p.items.length > 0 ? p.items : undefined;
      if (picked?.some((id) => !items.some((c) => c.id === id))) throw unprocessable(text.notOnTransaction);
      const key = keys[i]!;
      if (p.type === 'credit') {
        if (p.total > book.credit) throw unprocessable(text.notEnoughCredit(centsText(book.credit)));
        const used = await applyCredit(ctx, book, { picked, max: p.total, key });
        if (used === 0 && !book.payments.some((x) => x.key === key)) throw unprocessable(text.noItems);
        continue;
      }
      const id = await recordPayment(ctx, book, {
        method: p.type,
        total: p.total,
        reference: p.reference,
        picked,
        receivedOn: p.receivedOn ?? ctx.today,
        invoiceId: invoice.id,
        key,
        reason: 'Payment received',
        onClosedMonth: 'refuse',
      });
      if (id) received.push(id);
    }
    await ctx.writes.flush(ctx.tx);
    const fresh = await readBook(ctx.tx, ctx.companyId, familyId);
    for (const id of received) {
      const receipt = {
        companyId: ctx.companyId,
        familyId,
        paymentId: id,
        book: fresh,
        address: ctx.address,
      };
      await queueReceipt(ctx.tx, receipt);
    }
    return { ...presentTransaction(fresh, invoice.id, familyId), msg: text.paymentRecorded };
  });
}

/**
 * A desk payment's day is at most the studio's today and not before the family's account was opened
 * (issue 31 item 10, decision 037): checked for every payment before any is recorded.
 */
async function checkPaymentDays(
  ctx: LedgerCtx,
  through: string | null,
  payments: readonly { receivedOn?: string | undefined }[],
) {
  const days = payments.map((p) => p.receivedOn).filter((d): d is string => d !== undefined);
  if (days.length === 0) return;
  const [row] = await ctx.tx
    .select({ createdAt: familyAccounts.createdAt, timeZone: companies.timeZone })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, ctx.companyId), eq(familyAccounts.id, ctx.familyId)));
  if (!row) throw new AppError('not_found', messages.accountNotFound);
  // A day in a closed month is refused with its sentence first (decision 050): the month's figures stay.
  refuseClosedDaysIn(through, days);
  const opened = dateInZone(row.createdAt, row.timeZone);
  for (const day of days) {
    const problem = paymentDateProblem(day, { today: ctx.today, opened });
    if (problem) throw unprocessable(problem);
  }
}

/**
 * The ledger's refund (to cash, check, terminal or credit; any refund of a desk payment). `underWay`
 * reads, under the family's lock, the payment's card refunds the processor has not confirmed yet, which
 * count against what is left of it (decision 037).
 */
export async function refundPayment(
  deps: LedgerDeps,
  familyId: string,
  body: z.output<typeof refundInput>,
  underWay: (tx: Db, paymentId: string) => Promise<RefundUnderWay[]>,
): Promise<FamilyMoney & { msg: string }> {
  requireOwner(deps.actor);
  await onBooks(deps, familyId, async (ctx, book) => {
    if (body.requestId && (await findPosted(ctx.tx, ctx.companyId, `refund:${body.requestId}`))) return;
    await refund(ctx, book, {
      paymentId: body.paymentID,
      chargeId: body.itemID ?? null,
      total: body.total,
      to: body.to,
      reason: body.reason,
      key: `refund:${body.requestId ?? randomUUID()}`,
      against: await underWay(ctx.tx, body.paymentID),
    });
  });
  return { ...(await familyMoney(deps, familyId)), msg: text.refunded };
}

export async function returnCheck(
  deps: LedgerDeps & { appUrl: string },
  familyId: string,
  paymentId: string,
  reason: string,
): Promise<FamilyMoney & { msg: string }> {
  requireOwner(deps.actor);
  let fee = 0;
  await onBooks(deps, familyId, async (ctx, book) => {
    const p = book.payments.find((x) => x.id === paymentId);
    if (!p || p.method === 'credit') throw notFound(text.paymentNotFound);
    if (p.method !== 'check') throw unprocessable(text.notACheck);
    const why = `Check${p.reference ? ` ${p.reference}` : ''} of ${formatDateOnly(p.receivedOn)} returned${reason ? `: ${reason}` : ''}`;
    await reversePayment(ctx, book, p.id, { kind: 'bounce', reason: why });
    const settings = await studioMoneySettings(ctx.tx, ctx.companyId);
    fee = settings.bouncedCheckFee.amount;
    await postCharge(ctx, book, {
      category: 'returned_check',
      item: `Returned check fee${p.reference ? ` (check ${p.reference})` : ''}`,
      amount: fee,
      dueDate: ctx.today,
      lines: [
        {
          label: `Check of ${centsText(p.total)} received ${formatDateOnly(p.receivedOn)} came back unpaid`,
          amount: fee,
        },
      ],
      key: `returned:${p.id}`,
      reason: why,
    });
    await noticeReturnedCheck(ctx, book, { payment: p, fee, settings, appUrl: deps.appUrl });
  });
  return { ...(await familyMoney(deps, familyId)), msg: text.bounced(centsText(fee)) };
}

/** POST transactions/{id}/payment/confirmation: the bill as its receipt shows it, after a payment. */
export async function confirmation(deps: LedgerDeps, id: string): Promise<LedgerTransaction> {
  return transactionById(deps, id);
}

/** Whether a family's books allow deleting it: nothing owed, no credit held. The sentence when not. */
export async function deletionRefusal(db: Db, companyId: string, familyId: string): Promise<string | null> {
  const book = await readBook(db, companyId, familyId);
  if (book.balance !== 0) return text.familyOwes(centsText(book.balance));
  if (book.credit !== 0) return text.familyHasCredit(centsText(book.credit));
  return null;
}
