import type {
  CreditEntryShape,
  FamilyMoney,
  LedgerItem,
  LedgerPayment,
  LedgerTransaction,
  Statement,
} from '@pirouette/domain';
import { FAMILY_ID } from '../../parents/portal/portal-fixtures';

/**
 * The Patel family's money as the server answers it on Nov 21, 2026: a September bill paid by check
 * ($10.00 left over as credit, used for November on Nov 1), and the current bill with November's tuition
 * partly paid, its late fee, and a costume due in December. Balance $95.00, $50.00 of it past due.
 */

export const BILL_1 = '0b7b8a52-3f0c-4a57-9a0a-6a55a8f2b001';
export const BILL_2 = '0b7b8a52-3f0c-4a57-9a0a-6a55a8f2b002';
const id = (n: number) => `7c1f0d8e-5a0b-4c4e-8d7e-${String(n).padStart(12, '0')}`;

function item(over: Partial<LedgerItem> & Pick<LedgerItem, 'id' | 'item' | 'total'>): LedgerItem {
  return {
    typeID: 'tuition',
    itemID: over.id,
    category: 'tuition',
    amount: over.total,
    quantity: 1,
    dueDate: '2026-11-01',
    postedOn: '2026-11-01',
    reason: 'Payment plan',
    lines: [{ label: over.item, amount: over.total }],
    paid: 0,
    open: over.total,
    status: 'open',
    removed: null,
    refund_total: 0,
    available_refund_total: 0,
    ...over,
  };
}

function payment(over: Partial<LedgerPayment> & Pick<LedgerPayment, 'id' | 'total'>): LedgerPayment {
  return {
    payProcID: 'cash',
    payProc_TransferID: '',
    type: 'CASH',
    applied: over.total,
    refund_total: 0,
    refund_available: over.total,
    status: 'received',
    receivedOn: '2026-11-02',
    by: 'Dana Owens',
    allocations: [],
    ...over,
  };
}

export const fee = item({
  id: id(1),
  item: 'Registration fee, 2026-2027 (In-Studio)',
  category: 'registration_fee',
  typeID: 'registration_fee',
  total: 35,
  dueDate: '2026-09-01',
  postedOn: '2026-09-01',
  lines: [{ label: 'Once per family per year term, with the first registration (Sep 1, 2026)', amount: 35 }],
  paid: 35,
  open: 0,
  status: 'paid',
  available_refund_total: 35,
});

export const september = item({
  id: id(2),
  item: '2026-2027 tuition (Monthly): September 2026',
  total: 55,
  dueDate: '2026-09-01',
  postedOn: '2026-09-01',
  lines: [{ label: 'Monthly tuition $55.00', amount: 55 }],
  paid: 55,
  open: 0,
  status: 'paid',
  available_refund_total: 55,
});

export const november = item({
  id: id(3),
  item: '2026-2027 tuition (Monthly): November 2026',
  total: 60,
  lines: [
    { label: 'Ballet 1 (Dev): monthly price', amount: 65 },
    { label: 'Multi-class discount (2nd class, 10 % off): −$6.50', amount: -6.5 },
    { label: 'Rounding of the family total', amount: 1.5 },
  ],
  paid: 30,
  open: 30,
  status: 'partial',
  available_refund_total: 30,
});

export const lateFee = item({
  id: id(4),
  item: 'Late fee: 2026-2027 tuition (Monthly): November 2026',
  category: 'late_fee',
  typeID: 'late_fee',
  total: 20,
  dueDate: '2026-11-15',
  postedOn: '2026-11-15',
  lines: [{ label: '$60.00 still unpaid 14 days after Nov 1, 2026', amount: 20 }],
});

export const costume = item({
  id: id(5),
  item: 'Recital costume',
  category: 'costume',
  typeID: 'costume',
  total: 45,
  dueDate: '2026-12-05',
  postedOn: '2026-11-20',
  reason: 'Added by the studio',
  lines: [{ label: 'Recital costume', amount: 45 }],
});

export const removedItem = item({
  id: id(6),
  item: 'Competition entry',
  category: 'competition',
  typeID: 'competition',
  total: 30,
  open: 0,
  status: 'removed',
  removed: { on: '2026-11-03', reason: 'Item removed' },
});

export const checkPayment = payment({
  id: id(11),
  payProcID: 'check',
  type: 'CHECK',
  payProc_TransferID: '1042',
  total: 100,
  applied: 90,
  receivedOn: '2026-09-05',
  allocations: [
    { itemID: fee.id, item: fee.item, amount: 35 },
    { itemID: september.id, item: september.item, amount: 55 },
  ],
});

export const creditPayment = payment({
  id: id(13),
  payProcID: 'credit',
  type: 'CREDIT',
  total: 10,
  refund_available: 0,
  receivedOn: '2026-11-01',
  by: 'Billing',
  allocations: [{ itemID: november.id, item: november.item, amount: 10 }],
});

export const cashPayment = payment({
  id: id(12),
  total: 20,
  receivedOn: '2026-11-02',
  allocations: [{ itemID: november.id, item: november.item, amount: 20 }],
});

const bill = (
  over: Partial<LedgerTransaction> & Pick<LedgerTransaction, 'id' | 'number'>,
): LedgerTransaction => ({
  coAcctMemID: FAMILY_ID,
  openedOn: '2026-09-01',
  total: 0,
  status: 0,
  balance: 0,
  paymentTotal: 0,
  credit_total: 0,
  credit_overpayment: 0,
  credit_refund: 0,
  refund_total: 0,
  refund_available: 0,
  items: [],
  payments: [],
  ...over,
});

export const firstBill = bill({
  id: BILL_1,
  number: 1,
  total: 90,
  status: 1,
  paymentTotal: 100,
  credit_total: 10,
  credit_overpayment: 10,
  refund_available: 100,
  items: [fee, september],
  payments: [checkPayment],
});

export const currentBill = bill({
  id: BILL_2,
  number: 2,
  openedOn: '2026-11-01',
  total: 125,
  balance: 95,
  paymentTotal: 30,
  refund_available: 20,
  items: [november, lateFee, costume, removedItem],
  payments: [creditPayment, cashPayment],
});

export const patelMoney = (over: Partial<FamilyMoney> = {}): FamilyMoney => ({
  coAcctMemID: FAMILY_ID,
  family: 'Patel',
  balance: 95,
  credit: 0,
  overdue: 50,
  current: currentBill,
  history: [],
  historyTruncated: false,
  ...over,
});

const summary = ({ items, payments, ...b }: LedgerTransaction) => ({
  ...b,
  items: items.length,
  payments: payments.length,
});

export const patelBills = {
  items: [summary(currentBill), summary(firstBill)],
  total: 2,
  page: 1,
  pageSize: 5,
};

export const patelCredit: { total: number; credits: CreditEntryShape[] } = {
  total: 0,
  credits: [
    {
      creditID: checkPayment.id,
      remaining: 0,
      amount: 10,
      source: 'overpayment',
      description: 'Overpayment (check payment of 2026-09-05)',
      createdOn: '2026-09-05',
    },
  ],
};

export const patelStatement = (over: Partial<Statement> = {}): Statement => ({
  coAcctMemID: FAMILY_ID,
  family: 'Patel',
  address: ['15 Park Place', 'Montclair, NJ 07042'],
  studio: {
    name: 'Demo Dance Academy',
    address: ['100 Main Street', 'Montclair, NJ 07042'],
    phone: '(973) 555-0100',
    email: 'hello@demo.example',
  },
  from: '2026-09-01',
  to: '2026-11-21',
  opening: 0,
  closing: 95,
  credit: 0,
  lines: [
    {
      date: '2026-09-01',
      description: fee.item,
      detail: ['Once per family per year term, with the first registration (Sep 1, 2026): $35.00.'],
      charge: 35,
      payment: 0,
      balance: 35,
    },
    {
      date: '2026-09-01',
      description: september.item,
      detail: ['Monthly tuition $55.00.'],
      charge: 55,
      payment: 0,
      balance: 90,
    },
    {
      date: '2026-09-05',
      description: 'Check payment (1042)',
      detail: [
        `Paid ${fee.item}: $35.00.`,
        `Paid ${september.item}: $55.00.`,
        '$10.00 kept as credit for the next charges.',
      ],
      charge: 0,
      payment: 90,
      balance: 0,
    },
    {
      date: '2026-11-01',
      description: november.item,
      detail: [
        'Ballet 1 (Dev): monthly price: $65.00.',
        'Multi-class discount (2nd class, 10 % off): −$6.50.',
        'Rounding of the family total: $1.50.',
      ],
      charge: 60,
      payment: 0,
      balance: 60,
    },
    {
      date: '2026-11-01',
      description: 'Credit applied',
      detail: [`Paid ${november.item}: $10.00.`],
      charge: 0,
      payment: 10,
      balance: 50,
    },
    {
      date: '2026-11-02',
      description: 'Cash payment',
      detail: [`Paid ${november.item}: $20.00.`],
      charge: 0,
      payment: 20,
      balance: 30,
    },
    {
      date: '2026-11-15',
      description: lateFee.item,
      detail: ['$60.00 still unpaid 14 days after Nov 1, 2026: $20.00.'],
      charge: 20,
      payment: 0,
      balance: 50,
    },
    {
      date: '2026-11-20',
      description: 'Recital costume',
      detail: ['Due Dec 5, 2026.'],
      charge: 45,
      payment: 0,
      balance: 95,
    },
  ],
  ...over,
});
