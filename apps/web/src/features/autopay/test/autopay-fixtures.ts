import {
  AUTOPAY_TERMS_VERSION,
  type AutopayAnswer,
  type AutopayPage,
  autopayTermsText,
} from '@pirouette/domain';

/** Ids that read as what they are in a failing test. */
export const id = (n: number) => `0a0a0a0a-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const HARTLEY = id(101);
export const OKAFOR = id(102);
export const PATEL = id(103);

type Run = AutopayPage['runs']['items'][number];

export const run = (n: number, over: Partial<Run> = {}): Run => ({
  id: id(n),
  family: 'Patel',
  coAcctMemID: PATEL,
  dueOn: '2026-11-01',
  ranOn: '2026-11-01',
  tryNo: 1,
  amount: 159.5,
  result: 'charged',
  reason: '',
  card: 'Visa •••• 0006',
  trigger: 'scheduled',
  ...over,
});

export const RUNS: Run[] = [
  run(1, {
    family: 'Okafor',
    coAcctMemID: OKAFOR,
    ranOn: '2026-11-08',
    tryNo: 3,
    trigger: 'retry',
    amount: 120,
    result: 'declined',
    reason: 'The card was declined for insufficient funds.',
    card: 'Mastercard •••• 4444',
  }),
  run(2, { ranOn: '2026-11-05', tryNo: 9, trigger: 'studio', amount: 32 }),
  run(3, {
    family: 'Hartley',
    coAcctMemID: HARTLEY,
    tryNo: 1,
    amount: null,
    result: 'skipped',
    reason: 'Automatic payments are paused by the studio.',
    card: '',
  }),
  run(4, { tryNo: 2, trigger: 'retry', result: 'processing' }),
];

type Month = AutopayPage['recovery'][number];
const pair = (count: number, amount: number) => ({ count, amount });

/** December: 5 failed ($600), 2 by retry, 1 by a new card, 1 by hand, 1 not recovered. */
export const RECOVERY: Month[] = [
  {
    month: '2026-12',
    failed: pair(5, 600),
    byRetry: pair(2, 240),
    byNewMethod: pair(1, 120),
    byBackup: pair(0, 0),
    byHand: pair(1, 120),
    notRecovered: pair(1, 120),
    rate: 0.8,
    averageDays: 3.5,
  },
  {
    month: '2026-11',
    failed: pair(1, 60),
    byRetry: pair(0, 0),
    byNewMethod: pair(0, 0),
    byBackup: pair(0, 0),
    byHand: pair(0, 0),
    notRecovered: pair(1, 60),
    rate: 0,
    averageDays: null,
  },
];

export const autopayPage = (over: Partial<AutopayPage> = {}): AutopayPage => ({
  next: {
    on: '2026-12-01',
    families: [
      {
        coAcctMemID: OKAFOR,
        family: 'Okafor',
        amount: 120,
        card: 'Mastercard •••• 4444',
        expiry: 'expired',
      },
      { coAcctMemID: PATEL, family: 'Patel', amount: 159.5, card: 'Visa •••• 0006', expiry: 'soon' },
    ],
    total: 279.5,
  },
  enrolled: [
    {
      coAcctMemID: HARTLEY,
      family: 'Hartley',
      card: 'Amex •••• 8431',
      hasCard: true,
      paused: true,
      pausedFor: 'studio',
      consentedOn: 'Sep 3, 2026',
      lastResult: 'skipped',
    },
    {
      coAcctMemID: OKAFOR,
      family: 'Okafor',
      card: 'Mastercard •••• 4444',
      hasCard: true,
      paused: false,
      pausedFor: null,
      consentedOn: 'Sep 10, 2026',
      lastResult: 'declined',
    },
    {
      coAcctMemID: PATEL,
      family: 'Patel',
      card: 'Visa •••• 0006',
      hasCard: true,
      paused: false,
      pausedFor: null,
      consentedOn: 'Oct 2, 2026',
      lastResult: null,
    },
  ],
  runs: { items: RUNS, total: RUNS.length, page: 1, pageSize: 25 },
  totals: { charged: 191.5, declined: 120, charges: 2, declines: 1 },
  recovery: RECOVERY,
  ...over,
});

export const emptyPage = (): AutopayPage =>
  autopayPage({
    next: { on: null, families: [], total: 0 },
    enrolled: [],
    runs: { items: [], total: 0, page: 1, pageSize: 25 },
    totals: { charged: 0, declined: 0, charges: 0, declines: 0 },
    recovery: [],
  });

export const TERMS = {
  version: AUTOPAY_TERMS_VERSION,
  text: autopayTermsText('Demo Dance Academy', 'Visa •••• 0006'),
};

export const familyAutopay = (over: Partial<AutopayAnswer> = {}): AutopayAnswer => ({
  on: false,
  paused: false,
  pausedFor: null,
  consentedOn: null,
  consentedBy: null,
  terms: TERMS,
  next: null,
  ...over,
});

export const autopayOn = (over: Partial<AutopayAnswer> = {}): AutopayAnswer =>
  familyAutopay({
    on: true,
    consentedOn: 'Nov 2, 2026',
    consentedBy: 'Priya Patel',
    next: { on: '2026-12-01', amount: 159.5 },
    ...over,
  });
