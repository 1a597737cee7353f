import type { FamilyTuition } from '@pirouette/domain';

/**
 * A family's tuition as the server answers it: Emma's second class takes the multi-class discount, Noah
 * the sibling discount; the half-year plan was revised when Hip Hop 1 was dropped mid-term, so its
 * second payment changed and the first, already due, got an adjustment.
 */
/** 001 §3's names of a payment (decision 043), as the server adds them beside ours. */
const spec = (dateDue: string, kind: 'plan' | 'adjustment', val: number) => ({
  dateDueBy: dateDue,
  dayPaymentDue: 1,
  percent: 100,
  val_i: val,
  iStatus: kind === 'adjustment' ? 2 : 10,
  rev: 2,
  tuition: { active: 159.5, inActive: 60, total: 219.5 },
  a_paymentOptionsID: 'opt-1',
  n: 1,
  order: 0,
  xPlanFinal: kind === 'adjustment' ? 0 : 5,
});

export const hartleyTuition: FamilyTuition = {
  yrTrmID: '33333333-3333-4333-8333-333333333333',
  termName: '2026-2027',
  monthly: 159.5,
  students: [
    {
      id: 'std-emma',
      name: 'Emma Hartley',
      total: 119,
      unlimited: false,
      classes: [
        {
          clsRegID: 'reg-ballet',
          clSchID: 'cls-ballet',
          name: 'Ballet 1',
          day: 0,
          timeStart: '17:00',
          nTh: 1,
          Pr_0: 65,
          Pr_i: 65,
          Pr_f: 65,
          lines: [{ label: 'Monthly price', amount: 65 }],
          status: 1,
        },
        {
          clsRegID: 'reg-jazz',
          clSchID: 'cls-jazz',
          name: 'Jazz 1',
          day: 1,
          timeStart: '17:30',
          nTh: 2,
          Pr_0: 60,
          Pr_i: 54,
          Pr_f: 54,
          lines: [
            { label: 'Monthly price', amount: 60 },
            { label: 'Multi-class discount (2nd class): 10 %', amount: -6 },
          ],
          status: 1,
        },
      ],
    },
    {
      id: 'std-noah',
      name: 'Noah Hartley',
      total: 40.5,
      unlimited: false,
      classes: [
        {
          clsRegID: 'reg-tap',
          clSchID: 'cls-tap',
          name: 'Tap 1',
          day: 3,
          timeStart: '16:00',
          nTh: 1,
          Pr_0: 45,
          Pr_i: 45,
          Pr_f: 40.5,
          lines: [
            { label: 'Monthly price', amount: 45 },
            { label: 'Sibling discount (2nd child): 10 %', amount: -4.5 },
          ],
          status: 1,
        },
      ],
    },
  ],
  plan: {
    id: 'plan-half',
    name: 'Half Year',
    revision: 2,
    effectiveDate: '2027-01-15',
    reason: 'Hip Hop 1 (Noah) dropped',
    total: 1542.5,
    payments: [
      {
        id: 'pay-1',
        kind: 'plan',
        name: 'Fall',
        dateStart: '2026-09-01',
        dateEnd: '2027-01-31',
        dateDue: '2026-09-01',
        period: 'completed',
        val: 797.5,
        isRelivent: true,
        lines: [{ label: '5 × $159.50', amount: 797.5 }],
        changed: false,
        charged: 797.5,
        paid: 797.5,
        isPayed: 1,
        ...spec('2026-09-01', 'plan', 797.5),
      },
      {
        id: 'pay-2',
        kind: 'plan',
        name: 'Spring',
        dateStart: '2027-02-01',
        dateEnd: '2027-06-30',
        dateDue: '2027-02-01',
        period: 'remaining',
        val: 767.5,
        isRelivent: true,
        lines: [
          { label: '5 × $165.50', amount: 827.5 },
          { label: 'Hip Hop 1 dropped from Jan 15, 2027: −$60.00', amount: -60 },
        ],
        changed: true,
        charged: 0,
        paid: 0,
        isPayed: 0,
        ...spec('2027-02-01', 'plan', 767.5),
      },
      {
        id: 'pay-3',
        kind: 'adjustment',
        name: 'Fall: change from Jan 15, 2027',
        dateStart: '2027-01-15',
        dateEnd: '2027-01-31',
        dateDue: '2027-01-15',
        period: 'inProgress',
        val: -22.5,
        isRelivent: true,
        lines: [{ label: 'Hip Hop 1 dropped from Jan 15, 2027: −$22.50', amount: -22.5 }],
        changed: true,
        charged: -22.5,
        paid: -22.5,
        isPayed: 1,
        ...spec('2027-01-15', 'adjustment', -22.5),
      },
    ],
  },
  fee: { amount: 35, participation: 'In-Studio', date: '2026-09-01' },
  pending: [{ clsRegID: 'reg-tap2', name: 'Tap 2', student: 'Emma', Pr_f: 45 }],
};

/** A family of the studio with nothing registered this term. */
export const emptyTuition: FamilyTuition = {
  yrTrmID: '33333333-3333-4333-8333-333333333333',
  termName: '2026-2027',
  monthly: 0,
  students: [],
  plan: null,
  fee: null,
  pending: [],
};

/** Registered, but every class still waits for the studio: no plan yet. */
export const pendingOnlyTuition: FamilyTuition = {
  ...emptyTuition,
  pending: [
    { clsRegID: 'reg-jazz', name: 'Jazz 1', student: 'Emma', Pr_f: 60 },
    { clsRegID: 'reg-tap', name: 'Tap 1', student: 'Noah', Pr_f: 40.5 },
  ],
};
