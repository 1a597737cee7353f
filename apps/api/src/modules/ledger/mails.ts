import { centsText, datesInWords, formatDateOnly, formatPhone, oldestFirst } from '@pirouette/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import type { MoneyLine } from '../../db/schema/enrolment';
import { familyAccounts, familyPeople } from '../../db/schema/families';
import { users } from '../../db/schema/users';
import { enqueueMail } from '../../mail/outbox';
import type { Book } from './book';
import { currentInvoiceId } from './presenters';

/**
 * The ledger's mail (issue 16 point 7): a receipt with every payment, and the balance e-mail that says
 * what is owed and why. Queued in the outbox with the write that causes them.
 */

/**
 * The e-mail of a family's first user (a subquery over the family row in scope), found by the studio and
 * the family (family_people_family_idx): without the studio, every studio's people were read (decision 098).
 */
export const firstUserEmail = sql<string | null>`(
  select ${users.email} from ${familyPeople} join ${users} on ${users.id} = ${familyPeople.userId}
  where ${familyPeople.companyId} = ${familyAccounts.companyId} and ${familyPeople.familyId} = ${familyAccounts.id}
    and ${familyPeople.kind} = 'user'
  order by ${familyPeople.createdAt} limit 1
)`;

/**
 * The family's mail is held (decision 056): made by an import and not invited yet, and nobody of the
 * family has joined by another way (a membership that is not pending). A subquery over the family row
 * in scope.
 */
export const mailHeld = sql<boolean>`(${familyAccounts.mailHeld} and not exists (
  select 1 from memberships m
  where m.company_id = ${familyAccounts.companyId} and m.family_id = ${familyAccounts.id} and m.pending = false
))`;

/** Where a family's mail goes: the family's address, else its first user's; and the studio. */
export async function familyAddress(db: Db, companyId: string, familyId: string) {
  const [row] = await familyAddressRead(db, companyId, familyId);
  return row ? addressOf(row) : null;
}

/** familyAddress's read, built and not awaited (for a batch); its row goes through `addressOf`. */
export function familyAddressRead(db: Db, companyId: string, familyId: string) {
  return db
    .select({
      family: familyAccounts.email,
      lastName: familyAccounts.lastName,
      firstUser: firstUserEmail,
      held: mailHeld,
      studioName: companies.name,
      studioPhone: companies.phone,
      studioEmail: companies.email,
    })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)))
    .limit(1);
}

/** Where each of some families' mail goes (as `familyAddress` says it), in one statement. */
export async function familyAddresses(
  db: Db,
  companyId: string,
  familyIds: readonly string[],
): Promise<Map<string, MailAddress>> {
  if (familyIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: familyAccounts.id,
      family: familyAccounts.email,
      lastName: familyAccounts.lastName,
      firstUser: firstUserEmail,
      held: mailHeld,
      studioName: companies.name,
      studioPhone: companies.phone,
      studioEmail: companies.email,
    })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, companyId), inArray(familyAccounts.id, [...new Set(familyIds)])));
  return new Map(rows.map((r) => [r.id, addressOf(r)]));
}

export type MailAddress = { to: string; family: string; studioName: string; studioContact: string };

/** No address (`to: ''`, which every sender skips) while the family's mail is held. */
export function addressOf(row: {
  family: string;
  lastName: string;
  firstUser: string | null;
  held: boolean;
  studioName: string;
  studioPhone: string;
  studioEmail: string;
}): MailAddress {
  return {
    to: row.held ? '' : row.family || row.firstUser || '',
    family: row.lastName,
    studioName: row.studioName,
    studioContact: [formatPhone(row.studioPhone), row.studioEmail].filter(Boolean).join(' or '),
  };
}

const METHOD: Record<string, string> = {
  cash: 'cash',
  check: 'check',
  terminal: 'card at the studio',
  card: 'card on file',
  credit: 'credit',
};

/** A receipt for a payment: what it paid, what is left. Nothing when the family has no address. */
export async function queueReceipt(
  tx: Db,
  args: {
    companyId: string;
    familyId: string;
    paymentId: string;
    book: Book;
    /** Where the family's mail goes, when read already (under the lock, with the book). */
    address?: MailAddress | null;
  },
): Promise<void> {
  const { book } = args;
  const payment = book.payments.find((p) => p.id === args.paymentId);
  if (!payment) return;
  const address =
    args.address !== undefined ? args.address : await familyAddress(tx, args.companyId, args.familyId);
  if (!address?.to) return;
  const item = new Map(book.charges.map((c) => [c.id, c.item]));
  const paid = new Map<string, number>();
  for (const a of book.allocations) {
    if (a.paymentId === payment.id) paid.set(a.chargeId, (paid.get(a.chargeId) ?? 0) + a.amount);
  }
  const lines = [...paid]
    .filter(([, amount]) => amount > 0)
    .map(([chargeId, amount]) => `${item.get(chargeId) ?? 'An item'}: ${centsText(amount)}`);
  const toCredit = payment.total - payment.applied;
  if (toCredit > 0) lines.push(`Kept as credit for your next charges: ${centsText(toCredit)}`);
  await enqueueMail(tx, {
    template: 'payment-receipt',
    to: address.to,
    companyId: args.companyId,
    data: {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      amount: centsText(payment.total),
      method: METHOD[payment.method] ?? payment.method,
      reference: payment.reference,
      receivedOn: formatDateOnly(payment.receivedOn),
      lines,
      balance: centsText(book.balance),
      credit: book.credit > 0 ? centsText(book.credit) : '',
      number: payment.id.slice(0, 8).toUpperCase(),
    },
  });
}

/** What a balance e-mail says: the balance, the credit, each open charge with its working. Cents. */
export type BalanceFacts = {
  balance: number;
  credit: number;
  open: { item: string; dueDate: string; total: number; open: number; lines: MoneyLine[] }[];
  /** The family's current bill. */
  transaction: string;
};

export const balanceFactsOf = (book: Book): BalanceFacts => ({
  balance: book.balance,
  credit: book.credit,
  open: oldestFirst(book.charges.filter((c) => c.open > 0)).map((c) => ({
    item: c.item,
    dueDate: c.dueDate,
    total: c.total,
    open: c.open,
    lines: c.lines,
  })),
  transaction: currentInvoiceId(book) ?? '',
});

/** A working line as the mail says it: its label, with its amount unless the label ends with it. */
export const workingLine = (l: MoneyLine) => {
  const figure = centsText(Math.abs(l.amount));
  const label = datesInWords(l.label.trim());
  return label.endsWith(figure) ? label : `${label}: ${l.amount < 0 ? '−' : ''}${figure}`;
};

/** Puts the balance e-mail of a family in the outbox (the caller knows it owes and has an address). */
export async function enqueueBalanceDue(
  tx: Db,
  args: { companyId: string; address: MailAddress; facts: BalanceFacts; today: string; link: string },
): Promise<void> {
  const { address, facts, today } = args;
  const overdue = facts.open.filter((c) => c.dueDate < today).reduce((s, c) => s + c.open, 0);
  await enqueueMail(tx, {
    template: 'balance-due',
    to: address.to,
    companyId: args.companyId,
    data: {
      studioName: address.studioName,
      studioContact: address.studioContact,
      family: address.family,
      balance: centsText(facts.balance),
      overdue: overdue > 0 ? centsText(overdue) : '',
      credit: facts.credit > 0 ? centsText(facts.credit) : '',
      lines: facts.open.map((c) => ({
        item: datesInWords(c.item),
        due: formatDateOnly(c.dueDate),
        overdue: c.dueDate < today,
        open: centsText(c.open),
        total: centsText(c.total),
        why:
          c.lines.length === 1 && c.lines[0]!.label.trim() === c.item.trim() ? [] : c.lines.map(workingLine),
      })),
      link: args.link,
      transaction: facts.transaction,
    },
  });
}

/**
 * The balance e-mail of one family: each open charge, why, and when it was due. Says why not when
 * nothing is owed or the family has no address to write to.
 */
export async function queueBalanceEmail(
  tx: Db,
  args: { companyId: string; familyId: string; book: Book; today: string; link: string },
): Promise<{ outcome: 'sent' | 'no balance' | 'no address'; family: string }> {
  const { book } = args;
  const address = await familyAddress(tx, args.companyId, args.familyId);
  const family = address?.family ?? '';
  if (book.balance <= 0) return { outcome: 'no balance', family };
  if (!address?.to) return { outcome: 'no address', family };
  await enqueueBalanceDue(tx, {
    companyId: args.companyId,
    address,
    facts: balanceFactsOf(book),
    today: args.today,
    link: args.link,
  });
  return { outcome: 'sent', family };
}
