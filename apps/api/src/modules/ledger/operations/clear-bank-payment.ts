import { notFound } from '../../../http/errors';
import type { Book } from '../book';
import { ACCOUNTS, post } from '../post';
import type { LedgerCtx } from './context';

/**
 * A bank debit the processor settled (decision 067): its money moves from bank debits in transit to the
 * processor's clearing (Dr `card`, Cr `bank_debits`), where card money waits for the payout, under
 * `cleared:<attempt>` (the payment's own key is `bank:<attempt>`), so never twice. The family's balance
 * does not move: the payment counted as paid from the day the debit was taken. A debit already returned
 * is not cleared (its money was taken back from where it sat). Answers the posting's id, or null when
 * there was nothing to post.
 */
export async function clearBankPayment(
  ctx: LedgerCtx,
  book: Book,
  paymentId: string,
): Promise<string | null> {
  const p = book.payments.find((x) => x.id === paymentId);
  if (p?.method !== 'bank' || !p.key.startsWith('bank:'))
    throw notFound('This bank payment could not be found.');
  if (p.returned || p.cleared) return null;
  const id = await post(ctx.tx, {
    companyId: ctx.companyId,
    familyId: ctx.familyId,
    invoiceId: p.invoiceId,
    kind: 'cleared',
    effectiveDate: ctx.today,
    key: `cleared:${p.key.slice('bank:'.length)}`,
    reason: 'Bank debit cleared',
    by: ctx.by,
    entries: [
      { account: ACCOUNTS.method('card'), amount: p.total },
      { account: ACCOUNTS.bankDebits, amount: -p.total },
    ],
  });
  p.cleared = true;
  p.pending = false;
  return id;
}
