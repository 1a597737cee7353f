import { CATEGORY_LABELS, type ChargeCategory } from '@pirouette/domain';

/**
 * The studio's chart of accounts (issue 34, decision 050). The general ledger is the family ledger's
 * entries, each family account mapped to one of these (`bookAccountOf`), plus the studio journal's
 * lines, which name these directly. A debit is positive, as in the family ledger.
 */

export type BookAccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

export type BookAccount = {
  /** What the books store and the API answers: `bank`, `revenue:tuition` … */
  code: string;
  /** The number an accountant's chart would give it (for the export's account column). */
  number: string;
  name: string;
  type: BookAccountType;
};

const fixed = {
  bank: { number: '1000', name: 'Bank', type: 'asset' },
  undeposited_funds: { number: '1010', name: 'Undeposited funds', type: 'asset' },
  card_clearing: { number: '1020', name: 'Card clearing', type: 'asset' },
  /** Bank debits taken and not settled by the processor yet (decision 067). */
  bank_debits: { number: '1030', name: 'Bank debits in transit', type: 'asset' },
  receivable: { number: '1100', name: 'Accounts receivable (families)', type: 'asset' },
  family_credit: { number: '2100', name: 'Family credit', type: 'liability' },
  /** What families owed or were owed in the old system when the studio moved in (decision 056). */
  opening_balances: { number: '3000', name: 'Opening balances', type: 'equity' },
  /** A recital's tickets sold, less refunded (decision 074): the studio's, never a family's receivable. */
  ticket_income: { number: '4600', name: 'Ticket income', type: 'income' },
  refunds: { number: '4900', name: 'Refunds', type: 'income' },
  processor_fees: { number: '6100', name: 'Card processing fees', type: 'expense' },
} as const satisfies Record<string, Omit<BookAccount, 'code'>>;

export type FixedBookAccount = keyof typeof fixed;

/** The accounts the studio journal posts to by name. */
export const BOOK = Object.fromEntries(Object.keys(fixed).map((k) => [k, k])) as {
  [K in FixedBookAccount]: K;
};

const REVENUE_NUMBERS: Record<ChargeCategory, string> = Object.fromEntries(
  (Object.keys(CATEGORY_LABELS) as ChargeCategory[]).map((c, i) => [c, String(4000 + 10 * i)]),
) as Record<ChargeCategory, string>;

/** The account of a code, named for people; an unknown code is shown as it is (never hidden). */
export function bookAccount(code: string): BookAccount {
  if (code in fixed) return { code, ...fixed[code as FixedBookAccount] };
  if (code.startsWith('revenue:')) {
    const category = code.slice('revenue:'.length) as ChargeCategory;
    const label = CATEGORY_LABELS[category] ?? category;
    return { code, number: REVENUE_NUMBERS[category] ?? '4800', name: `Revenue: ${label}`, type: 'income' };
  }
  return { code, number: '9999', name: code, type: 'asset' };
}

/**
 * The book account of a family ledger account: what a family owes is receivable, their credit a
 * liability, cash, checks and terminal slips wait in undeposited funds until a deposit, card money in
 * card clearing until the processor's payout.
 */
export function bookAccountOf(ledgerAccount: string): string {
  switch (ledgerAccount) {
    case 'receivable':
      return BOOK.receivable;
    case 'credit':
      return BOOK.family_credit;
    case 'refunds':
      return BOOK.refunds;
    case 'opening_balances':
      return BOOK.opening_balances;
    case 'cash':
    case 'check':
    case 'terminal':
      return BOOK.undeposited_funds;
    case 'card':
      return BOOK.card_clearing;
    case 'bank_debits':
      return BOOK.bank_debits;
    default:
      return ledgerAccount;
  }
}

/** The family ledger accounts that map to a book account (for reading the family ledger by book account). */
export function ledgerAccountsOf(bookCode: string): string[] {
  switch (bookCode) {
    case BOOK.receivable:
      return ['receivable'];
    case BOOK.family_credit:
      return ['credit'];
    case BOOK.refunds:
      return ['refunds'];
    case BOOK.opening_balances:
      return ['opening_balances'];
    case BOOK.undeposited_funds:
      return ['cash', 'check', 'terminal'];
    case BOOK.card_clearing:
      return ['card'];
    case BOOK.bank_debits:
      return ['bank_debits'];
    case BOOK.bank:
    case BOOK.processor_fees:
    case BOOK.ticket_income:
      return [];
    default:
      return bookCode.startsWith('revenue:') ? [bookCode] : [];
  }
}
