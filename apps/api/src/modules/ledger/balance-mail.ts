import { type Actor, centsText, messages, oldestFirst, ledgerMessages as text } from '@pirouette/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import type { MoneyLine } from '../../db/schema/enrolment';
import { familyAccounts } from '../../db/schema/families';
import { ledgerCharges, ledgerEntries, ledgerInvoices, ledgerTransactions } from '../../db/schema/ledger';
import { AppError, conflict, unprocessable } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { readBook } from './book';
import { studioToday } from './ledger.service';
import {
  addressOf,
  type BalanceFacts,
  enqueueBalanceDue,
  firstUserEmail,
  mailHeld,
  queueBalanceEmail,
} from './mails';
import { chargesPaid } from './paid';

/**
 * Balance e-mails (issue 16 point 7; 001 §7 "POST myStudio/paymentSystem/account/{coAcctMemID}/email/balance"):
 * one family's, with the balance the owner saw checked against the books, and every owing family's at
 * once. The mail goes to the outbox in the request's transaction; its link opens the family's portal.
 */

export type BalanceMailDeps = { db: Db; actor: Actor; clock: Clock; appUrl: string };

const portalLink = (appUrl: string) => `${appUrl}/accounts/parents`;

/**
 * E-mails a family what it owes and why. `seen` (cents), when sent, is the balance the owner looked at:
 * a different balance on the books is 409 with the new figure, and nothing is sent.
 */
export async function sendBalanceEmail(
  deps: BalanceMailDeps,
  familyId: string,
  seen: number | undefined,
): Promise<{ msg: string }> {
  const { db, actor } = deps;
  const today = await studioToday(db, actor.companyId, deps.clock);
  return db.transaction(async (tx) => {
    const [family] = await tx
      .select({ id: familyAccounts.id })
      .from(familyAccounts)
      .where(and(eq(familyAccounts.companyId, actor.companyId), eq(familyAccounts.id, familyId)));
    if (!family) throw new AppError('not_found', messages.accountNotFound);
    const book = await readBook(tx, actor.companyId, familyId);
    if (book.balance <= 0) throw unprocessable(text.noBalance);
    if (seen !== undefined && seen !== book.balance)
      throw conflict(text.balanceChanged(centsText(book.balance)));
    const { outcome, family: name } = await queueBalanceEmail(tx, {
      companyId: actor.companyId,
      familyId,
      book,
      today,
      link: portalLink(deps.appUrl),
    });
    if (outcome === 'no address') throw unprocessable(text.noEmail);
    return { msg: name ? text.balanceEmailSent(name) : 'Balance e-mail sent.' };
  });
}

/**
 * The families of a studio that owe money, with where their mail goes and what they owe, in two
 * statements whatever their number: the balances and addresses, then their open charges.
 */
async function owingFamilies(tx: Db, companyId: string) {
  const receivable = sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'receivable'), 0)::int`;
  const credit = sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'credit'), 0)::int`;
  const families = await tx
    .select({
      id: familyAccounts.id,
      balance: receivable,
      credit,
      family: familyAccounts.email,
      lastName: familyAccounts.lastName,
      firstUser: firstUserEmail,
      held: mailHeld,
      studioName: companies.name,
      studioPhone: companies.phone,
      studioEmail: companies.email,
    })
    .from(ledgerEntries)
    .innerJoin(
      familyAccounts,
      and(
        eq(familyAccounts.companyId, ledgerEntries.companyId),
        eq(familyAccounts.id, ledgerEntries.familyId),
      ),
    )
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(eq(ledgerEntries.companyId, companyId))
    .groupBy(familyAccounts.id, companies.id)
    .having(sql`${receivable} > 0`)
    .orderBy(familyAccounts.lastName, familyAccounts.id);
  if (families.length === 0) return [];

  // Each charge with something left to pay (`chargesPaid`, decision 039): not removed, not a credit,
  // less than paid in full.
  const owing = chargesPaid(
    sql`c.company_id = ${companyId} and ${inArray(
      sql`c.family_id`,
      families.map((f) => f.id),
    )}`,
  );
  const charges = await tx
    .select({
      id: ledgerCharges.txId,
      familyId: ledgerCharges.familyId,
      item: ledgerCharges.item,
      total: ledgerCharges.total,
      dueDate: ledgerCharges.dueDate,
      lines: ledgerCharges.lines,
      open: sql<number>`p.open`,
      invoiceId: ledgerCharges.invoiceId,
      invoiceNumber: ledgerInvoices.number,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerCharges)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerCharges.txId))
    .innerJoin(ledgerInvoices, eq(ledgerInvoices.id, ledgerCharges.invoiceId))
    .innerJoin(sql`(${owing}) p`, sql`p.tx_id = ${ledgerCharges.txId}`)
    .where(and(eq(ledgerCharges.companyId, companyId), sql`p.open > 0`))
    .orderBy(ledgerTransactions.createdAt, ledgerCharges.txId);

  const open = new Map<
    string,
    { item: string; dueDate: string; total: number; open: number; lines: MoneyLine[]; seq: number }[]
  >();
  const current = new Map<string, { id: string; number: number }>();
  for (const [seq, c] of charges.entries()) {
    open.set(c.familyId, [
      ...(open.get(c.familyId) ?? []),
      { item: c.item, dueDate: c.dueDate, total: c.total, open: Number(c.open), lines: c.lines, seq },
    ]);
    const bill = current.get(c.familyId);
    if (!bill || c.invoiceNumber > bill.number)
      current.set(c.familyId, { id: c.invoiceId, number: c.invoiceNumber });
  }
  return families.map((f) => ({
    id: f.id,
    address: addressOf(f),
    facts: {
      balance: f.balance,
      credit: f.credit,
      open: oldestFirst(open.get(f.id) ?? []).map(({ seq: _, ...c }) => c),
      transaction: current.get(f.id)?.id ?? '',
    } satisfies BalanceFacts,
  }));
}

/** What the owner reads: how many were sent, and how many owing families could not be written to. */
export function sentText(sent: number, unreachable: number): string {
  if (unreachable === 0) return text.balanceEmailsSent(sent);
  const without = `${unreachable} ${unreachable === 1 ? 'family' : 'families'} owing money ${unreachable === 1 ? 'has' : 'have'} no e-mail address`;
  if (sent === 0) return `No balance e-mail sent: ${without}.`;
  return `${text.balanceEmailsSent(sent)} ${without}.`;
}

/**
 * E-mails every family of the studio that owes money what it owes, one mail each, in one transaction.
 * Families without an address to write to are counted and said, not mailed.
 */
export async function sendBalanceEmails(deps: BalanceMailDeps): Promise<{ msg: string; sent: number }> {
  const { db, actor } = deps;
  const today = await studioToday(db, actor.companyId, deps.clock);
  return db.transaction(async (tx) => {
    const owing = await owingFamilies(tx, actor.companyId);
    let sent = 0;
    for (const f of owing) {
      if (!f.address.to) continue;
      await enqueueBalanceDue(tx, {
        companyId: actor.companyId,
        address: f.address,
        facts: f.facts,
        today,
        link: portalLink(deps.appUrl),
      });
      sent++;
    }
    const unreachable = owing.length - sent;
    return { msg: sentText(sent, unreachable), sent };
  });
}
