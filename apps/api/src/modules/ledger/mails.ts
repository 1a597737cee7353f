import { centsText, formatDateOnly } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople } from '../../db/schema/families';
import { users } from '../../db/schema/users';
import { enqueueMail } from '../../mail/outbox';
import type { Book } from './book';
import { currentInvoiceId } from './presenters';

/**
 * The ledger's mail (issue 16 point 7): a receipt with every payment, and the balance e-mail that says
 * what is owed and why. Queued in the outbox with the write that causes them.
 */

/** Where a family's mail goes: the family's address, else its first user's; and the studio. */
export async function familyAddress(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({
      family: familyAccounts.email,
      lastName: familyAccounts.lastName,
      firstUser: sql<string | null>`(
        select ${users.email} from ${familyPeople} join ${users} on ${users.id} = ${familyPeople.userId}
        where ${familyPeople.familyId} = ${familyAccounts.id} and ${familyPeople.kind} = 'user'
        order by ${familyPeople.createdAt} limit 1
      )`,
      studioName: companies.name,
    })
    .from(familyAccounts)
    .innerJoin(companies, eq(companies.id, familyAccounts.companyId))
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)))
    .limit(1);
  if (!row) return null;
  return { to: row.family || row.firstUser || '', family: row.lastName, studioName: row.studioName };
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
  args: { companyId: string; familyId: string; paymentId: string; book: Book },
): Promise<void> {
  const { book } = args;
  const payment = book.payments.find((p) => p.id === args.paymentId);
  if (!payment) return;
  const address = await familyAddress(tx, args.companyId, args.familyId);
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

/** The balance e-mail: each open charge, why, and when it was due. False when nothing is owed or no address. */
export async function queueBalanceEmail(
  tx: Db,
  args: { companyId: string; familyId: string; book: Book; today: string; link: string },
): Promise<'sent' | 'no balance' | 'no address'> {
  const { book } = args;
  if (book.balance <= 0) return 'no balance';
  const address = await familyAddress(tx, args.companyId, args.familyId);
  if (!address?.to) return 'no address';
  const open = book.charges.filter((c) => c.open > 0);
  await enqueueMail(tx, {
    template: 'balance-due',
    to: address.to,
    companyId: args.companyId,
    data: {
      studioName: address.studioName,
      family: address.family,
      balance: centsText(book.balance),
      credit: book.credit > 0 ? centsText(book.credit) : '',
      lines: open.map((c) => ({
        item: c.item,
        due: formatDateOnly(c.dueDate),
        overdue: c.dueDate < args.today,
        open: centsText(c.open),
        why: c.lines.map((l) => `${l.label}: ${centsText(l.amount)}`),
      })),
      link: args.link,
      transaction: currentInvoiceId(book) ?? '',
    },
  });
  return 'sent';
}
