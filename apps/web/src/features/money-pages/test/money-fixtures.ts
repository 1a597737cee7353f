import type { AccountList, MoneyOverview, PlanPaymentRow } from '@pirouette/domain';

/** Ids that read as what they are in a failing test. */
export const id = (n: number) => `0d0d0d0d-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const HARTLEY = id(101);
export const OKAFOR = id(102);
export const PATEL = id(103);

export const TERM = { id: id(900), name: '2026-2027' };

export const paymentRow = (n: number, over: Partial<PlanPaymentRow> = {}): PlanPaymentRow => ({
  id: id(n),
  coAcctMemID: HARTLEY,
  family: 'Hartley',
  plan: 'Monthly',
  name: 'November payment',
  kind: 'plan',
  dateDueBy: '2026-11-01',
  val: 159.5,
  charged: 159.5,
  paid: 159.5,
  isPayed: 1,
  state: 'paid',
  rev: 1,
  dateStart: '2026-11-01',
  dateEnd: '2026-11-30',
  dayPaymentDue: 1,
  percent: 100,
  val_i: 159.5,
  iStatus: 10,
  tuition: { active: 159.5, inActive: 0, total: 159.5 },
  ...over,
});

export type PlanPaymentList = {
  items: PlanPaymentRow[];
  total: number;
  page: number;
  pageSize: number;
  sums: { val: number; paid: number; overdue: number };
  term: { id: string; name: string } | null;
};

export const ROWS: PlanPaymentRow[] = [
  paymentRow(1),
  paymentRow(2, {
    coAcctMemID: OKAFOR,
    family: 'Okafor',
    plan: 'Half year',
    name: 'First half',
    dateDueBy: '2026-09-01',
    val: 540,
    charged: 540,
    paid: 200,
    isPayed: 0,
    state: 'overdue',
  }),
  paymentRow(3, {
    coAcctMemID: PATEL,
    family: 'Patel',
    name: 'December payment',
    dateDueBy: '2026-12-01',
    val: 120.25,
    charged: 0,
    paid: 0,
    isPayed: 0,
    state: 'upcoming',
  }),
  paymentRow(4, {
    coAcctMemID: PATEL,
    family: 'Patel',
    name: 'November adjustment',
    kind: 'adjustment',
    dateDueBy: '2026-11-21',
    val: 32,
    charged: 32,
    paid: 0,
    isPayed: 0,
    state: 'due',
  }),
];

export const paymentList = (over: Partial<PlanPaymentList> = {}): PlanPaymentList => ({
  items: ROWS,
  total: ROWS.length,
  page: 1,
  pageSize: 25,
  sums: { val: 851.75, paid: 359.5, overdue: 340 },
  term: TERM,
  ...over,
});

export const familyList = (names: [string, string][]): AccountList => ({
  items: names.map(([familyId, lastName]) => ({
    id: familyId,
    coAcctMemID: familyId,
    lastName,
    email: `${lastName.toLowerCase()}@demo.example`,
    phone: '9735550100',
    students: [{ id: id(500), firstName: 'Emma', lastName }],
    balance: null,
    status: 'active',
    createdAt: '2026-09-01T12:00:00.000Z',
  })),
  total: names.length,
  page: 1,
  pageSize: 15,
  counts: { active: names.length, inactive: 0, incomplete: 0 },
});

export const overview = (over: Partial<MoneyOverview> = {}): MoneyOverview => ({
  today: '2026-11-21',
  takings: {
    today: [
      { method: 'cash', total: 80, count: 1 },
      { method: 'terminal', total: 159.5, count: 2 },
      { method: 'credit', total: 20, count: 1 },
    ],
    month: [
      { method: 'cash', total: 480, count: 5 },
      { method: 'check', total: 540, count: 1 },
      { method: 'terminal', total: 1319.5, count: 9 },
      { method: 'card', total: 2100.25, count: 12 },
      { method: 'credit', total: 60, count: 3 },
    ],
  },
  receivable: 1250.75,
  familiesOwing: 4,
  creditHeld: 95,
  aging: [
    { bucket: 'not-due', total: 120 },
    { bucket: '0-30', total: 530.75 },
    { bucket: '31-60', total: 400 },
    { bucket: '61-90', total: 0 },
    { bucket: '90+', total: 200 },
  ],
  revenue: [
    { month: '2026-09', category: 'tuition', total: 4200 },
    { month: '2026-09', category: 'registration_fee', total: 600 },
    { month: '2026-10', category: 'tuition', total: 4350.5 },
    { month: '2026-10', category: 'late_fee', total: 40 },
    { month: '2026-11', category: 'tuition', total: 4100 },
    { month: '2026-11', category: 'costume', total: 780 },
  ],
  owing: [
    { coAcctMemID: OKAFOR, family: 'Okafor', balance: 540, oldestDue: '2026-09-01' },
    { coAcctMemID: PATEL, family: 'Patel', balance: 352.25, oldestDue: '2026-11-01' },
  ],
  ...over,
});
