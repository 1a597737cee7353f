import { randomUUID } from 'node:crypto';
import { ledgerAllocations, ledgerInvoices } from '../../../db/schema/ledger';
import { type Book, openInvoice } from '../book';
import type { LedgerCtx } from './context';

export async function invoiceFor(ctx: LedgerCtx, book: Book): Promise<string> {
  const open = openInvoice(book);
  if (open) return open.id;
  const number = (book.invoices.at(-1)?.number ?? 0) + 1;
  if (ctx.writes) {
    const made = { id: randomUUID(), number, openedOn: ctx.today };
    ctx.writes.invoices.push({ ...made, companyId: ctx.companyId, familyId: ctx.familyId });
    book.invoices.push(made);
    return made.id;
  }
  const [row] = await ctx.tx
    .insert(ledgerInvoices)
    .values({ companyId: ctx.companyId, familyId: ctx.familyId, number, openedOn: ctx.today })
    .returning({ id: ledgerInvoices.id, number: ledgerInvoices.number, openedOn: ledgerInvoices.openedOn });
  book.invoices.push(row!);
  return row!.id;
}

export async function writeAllocations(
  ctx: LedgerCtx,
  book: Book,
  txId: string,
  paymentId: string,
  allocations: { chargeId: string; amount: number }[],
) {
  const rows = allocations.filter((a) => a.amount !== 0);
  if (rows.length === 0) return;
  const inserted = rows.map((a) => ({
    txId,
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    chargeTxId: a.chargeId,
    paymentTxId: paymentId,
    amount: a.amount,
  }));
  if (ctx.writes) ctx.writes.allocations.push(...inserted);
  else await ctx.tx.insert(ledgerAllocations).values(inserted);
  for (const a of rows) {
    const c = book.charges.find((x) => x.id === a.chargeId)!;
    c.paid += a.amount;
    c.open = c.removed || c.total < 0 ? 0 : c.total - c.paid;
    const p = book.payments.find((x) => x.id === paymentId);
    if (p) p.applied += a.amount;
    book.allocations.push({
      chargeId: a.chargeId,
      paymentId,
      amount: a.amount,
      txId,
      seq: book.allocations.length,
    });
  }
}
