import type {
  CreditEntryShape,
  FamilyMoney,
  LedgerItem,
  LedgerPayment,
  LedgerTransaction,
} from '@pirouette/domain';
import { FAMILY_ID } from '../../accounts/test/accounts-fixtures';

/**
 * The Hartleys' books as the server answers them (for tests), on the test clock's Nov 21, 2026: the
 * registration fee paid in cash, the first half-year payment partly paid (by the same cash and a check),
 * a late fee open, a costume removed. They owe $79.50, all of it past due.
 */

export const TX = 'b1000000-0000-4000-8000-000000000001';
export const FEE = 'b2000000-0000-4000-8000-000000000001';
export const TUITION = 'b2000000-0000-4000-8000-000000000002';
export const LATE = 'b2000000-0000-4000-8000-000000000003';
export const COSTUME = 'b2000000-0000-4000-8000-000000000004';
export const CASH = 'b3000000-0000-4000-8000-000000000001';
export const CHECK = 'b3000000-0000-4000-8000-000000000002';

export function item(more: Partial<LedgerItem> & Pick<LedgerItem, 'id' | 'item' | 'total'>): LedgerItem {
  return {
    typeID: 'other',
    itemID: more.id,
    category: 'other',
    amount: more.total,
    quantity: 1,
    dueDate: '2026-11-01',
    postedOn: '2026-11-01',
    reason: 'Added by the studio',
    lines: [{ label: more.item, amount: more.total }],
    paid: 0,
    open: more.total,
    status: 'open',
    removed: null,
    refund_total: 0,
    available_refund_total: 0,
    ...more,
  };
}

export function payment(more: Partial<LedgerPayment> & Pick<LedgerPayment, 'id' | 'total'>): LedgerPayment {
  return {
    payProcID: 'cash',
    payProc_TransferID: '',
    type: 'CASH',
    applied: more.total,
    refund_total: 0,
    refund_available: more.total,
    status: 'received',
    receivedOn: '2026-11-02',
    by: 'Olivia Bennett',
    allocations: [],
    ...more,
  };
}

export const feeItem = item({
  id: FEE,
  item: 'Registration fee, 2026-2027 (Full)',
  category: 'registration_fee',
  typeID: 'registration_fee',
  total: 35,
  paid: 35,
  open: 0,
  status: 'paid',
  available_refund_total: 35,
  reason: 'Registration',
  lines: [{ label: 'Once per family per year term, with the first registration (Nov 1, 2026)', amount: 35 }],
});

/** Two dancers, two discounts: the lines add up to $159.50. */
export const tuitionItem = item({
  id: TUITION,
  item: '2026-2027 tuition (Half year): Payment 1',
  category: 'tuition',
  typeID: 'tuition',
  total: 159.5,
  paid: 100,
  open: 59.5,
  status: 'partial',
  available_refund_total: 100,
  reason: 'Payment plan',
  lines: [
    { label: 'Ballet 1 (Emma), November', amount: 65 },
    { label: 'Jazz 1 (Emma), November', amount: 60 },
    { label: 'Each additional class: −10 %: −$6.00', amount: -6 },
    { label: 'Hip Hop 1 (Noah), November', amount: 50 },
    { label: 'Each additional child: −$9.50', amount: -9.5 },
  ],
});

export const lateItem = item({
  id: LATE,
  item: 'Late fee: 2026-2027 tuition (Half year): Payment 1',
  category: 'late_fee',
  typeID: 'late_fee',
  total: 20,
  dueDate: '2026-11-16',
  postedOn: '2026-11-16',
  reason: 'Unpaid 14 days after its due date',
  lines: [{ label: '$159.50 still unpaid 14 days after Nov 1, 2026', amount: 20 }],
});

export const costumeItem = item({
  id: COSTUME,
  item: 'Recital costume',
  category: 'costume',
  typeID: 'costume',
  total: 85,
  open: 0,
  status: 'removed',
  removed: { on: '2026-11-05', reason: 'Item removed: ordered twice' },
});

export const cashPayment = payment({
  id: CASH,
  total: 100,
  allocations: [
    { itemID: FEE, item: feeItem.item, amount: 35 },
    { itemID: TUITION, item: tuitionItem.item, amount: 65 },
  ],
});

export const checkPayment = payment({
  id: CHECK,
  payProcID: 'check',
  type: 'CHECK',
  payProc_TransferID: '1042',
  total: 35,
  receivedOn: '2026-11-10',
  allocations: [{ itemID: TUITION, item: tuitionItem.item, amount: 35 }],
});

export function transaction(more: Partial<LedgerTransaction> = {}): LedgerTransaction {
  return {
    id: TX,
    coAcctMemID: FAMILY_ID,
    number: 2,
    openedOn: '2026-11-01',
    total: 214.5,
    status: 0,
    balance: 79.5,
    paymentTotal: 135,
    credit_total: 0,
    credit_overpayment: 0,
    credit_refund: 0,
    refund_total: 0,
    refund_available: 135,
    items: [feeItem, tuitionItem, lateItem, costumeItem],
    payments: [cashPayment, checkPayment],
    ...more,
  };
}

export function hartleyMoney(more: Partial<FamilyMoney> = {}): FamilyMoney {
  return {
    coAcctMemID: FAMILY_ID,
    family: 'Hartley',
    balance: 79.5,
    credit: 0,
    overdue: 79.5,
    current: transaction(),
    history: [
      {
        id: 'e6',
        kind: 'charge',
        date: '2026-11-16',
        description: lateItem.item,
        reason: lateItem.reason,
        by: 'Billing',
        balance: 20,
        credit: 0,
        balanceAfter: 79.5,
      },
      {
        id: 'e5',
        kind: 'payment',
        date: '2026-11-10',
        description: 'Check payment (1042)',
        reason: 'Payment received',
        by: 'Olivia Bennett',
        balance: -35,
        credit: 0,
        balanceAfter: 59.5,
      },
      {
        id: 'e4',
        kind: 'reversal',
        date: '2026-11-05',
        description: 'Removed: Recital costume',
        reason: 'Item removed: ordered twice',
        by: 'Olivia Bennett',
        balance: -85,
        credit: 0,
        balanceAfter: 94.5,
      },
      {
        id: 'e3',
        kind: 'payment',
        date: '2026-11-02',
        description: 'Cash payment',
        reason: 'Payment received',
        by: 'Olivia Bennett',
        balance: -100,
        credit: 0,
        balanceAfter: 179.5,
      },
      {
        id: 'e2b',
        kind: 'charge',
        date: '2026-11-01',
        description: 'Recital costume',
        reason: 'Added by the studio',
        by: 'Olivia Bennett',
        balance: 85,
        credit: 0,
        balanceAfter: 279.5,
      },
      {
        id: 'e2',
        kind: 'charge',
        date: '2026-11-01',
        description: tuitionItem.item,
        reason: 'Payment plan',
        by: 'Billing',
        balance: 159.5,
        credit: 0,
        balanceAfter: 194.5,
      },
      {
        id: 'e1',
        kind: 'charge',
        date: '2026-11-01',
        description: feeItem.item,
        reason: 'Registration',
        by: 'Billing',
        balance: 35,
        credit: 0,
        balanceAfter: 35,
      },
    ],
    historyTruncated: false,
    ...more,
  };
}

export const noCredit = (): { total: number; credits: CreditEntryShape[] } => ({ total: 0, credits: [] });
