import type { ChargeCategory } from '@pirouette/domain';
import type { MoneyLine } from '../../../db/schema/enrolment';
import { ledgerCharges } from '../../../db/schema/ledger';
import type { Book } from '../book';
import { ACCOUNTS, findPosted, post } from '../post';
import { applyCredit } from './apply-credit';
import { invoiceFor } from './book-writes';
import type { LedgerCtx } from './context';

export type ChargeArgs = {
  category: ChargeCategory;
  typeId?: string;
  item: string;
  amount: number;
  quantity?: number;
  dueDate: string;
  dueKey?: string | null;
  familyTermId?: string | null;
  revision?: number | null;
  lines: MoneyLine[];
  key: string;
  reason: string;
  /** The family's bill to post it on (a card surcharge: the sale's bill); by default the open bill. */
  invoiceId?: string | null;
};

/**
 * Posts a charge on the family's open bill (a new bill when the last is settled). A negative total is a
 * credit: it goes to the family's credit. Any credit the family holds then pays open charges. Returns the
 * charge's id, or null when its key was posted already.
 */
export async function postCharge(ctx: LedgerCtx, book: Book, c: ChargeArgs): Promise<string | null> {
  const quantity = c.quantity ?? 1;
  const total = c.amount * quantity;
  if (total === 0) return null;
  // Posted already (a request or a billing day run again): nothing, not even a new bill.
  if (ctx.writes ? ctx.writes.posted.has(c.key) : await findPosted(ctx.tx, ctx.companyId, c.key)) return null;
  const invoiceId = c.invoiceId ?? (await invoiceFor(ctx, book));
  const revenue = ACCOUNTS.chargeSide(c.category);
  const id = await post(
    ctx.tx,
    {
      companyId: ctx.companyId,
      familyId: ctx.familyId,
      invoiceId,
      kind: 'charge',
      effectiveDate: ctx.today,
      key: c.key,
      reason: c.reason,
      by: ctx.by,
      entries:
        total > 0
          ? [
              { account: ACCOUNTS.receivable, amount: total },
              { account: revenue, amount: -total },
            ]
          : [
              { account: revenue, amount: -total },
              { account: ACCOUNTS.credit, amount: total },
            ],
    },
    ctx.writes,
  );
  if (!id) return null;
  // What the charge's row and the book's copy of it share.
  const charge = {
    invoiceId,
    category: c.category,
    typeId: c.typeId ?? c.category,
    item: c.item,
    amount: c.amount,
    quantity,
    total,
    dueDate: c.dueDate,
    dueKey: c.dueKey ?? null,
    familyTermId: c.familyTermId ?? null,
    revision: c.revision ?? null,
    lines: c.lines,
  };
  const row = { txId: id, companyId: ctx.companyId, familyId: ctx.familyId, ...charge };
  if (ctx.writes) ctx.writes.charges.push(row);
  else await ctx.tx.insert(ledgerCharges).values(row);
  book.charges.push({
    id,
    ...charge,
    postedOn: ctx.today,
    reason: c.reason,
    by: '',
    seq: book.charges.length,
    removed: null,
    paid: 0,
    open: total > 0 ? total : 0,
    refunded: 0,
  });
  if (total > 0) book.balance += total;
  else book.credit += -total;
  // A credit that corrects a due item (a drop's change) pays that item's own charges first: the item
  // nets to what the plan says, and no late fee falls on money the family was given back.
  if (total < 0 && c.dueKey) {
    const same = book.charges.filter((x) => x.dueKey === c.dueKey && x.open > 0).map((x) => x.id);
    if (same.length > 0) await applyCredit(ctx, book, { picked: same, max: -total });
  }
  await applyCredit(ctx, book);
  return id;
}
