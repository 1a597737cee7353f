import { describe, expect, it } from 'vitest';
import {
  cashPayment,
  checkPayment,
  costume,
  creditPayment,
  currentBill,
  firstBill,
  lateFee,
  november,
  patelStatement,
} from '../test/money-fixtures';
import {
  addDollars,
  addMonths,
  defaultStatementRange,
  dueState,
  dueText,
  lineDate,
  openCharges,
  paymentsOf,
  paymentTitle,
  rangeText,
  receiptOf,
  standingText,
  statementRangeError,
  statementRangeMessages,
  statementTotals,
  workingLabel,
} from './money';

const TODAY = '2026-11-21';
const term = { dateStart: '2026-09-01', dateEnd: '2027-06-30' };

describe('open charges', () => {
  it('lists what is left to pay across bills, once each, oldest due first; paid, removed and credits stay out', () => {
    const items = openCharges([currentBill, firstBill, currentBill, null]);
    expect(items.map((i) => i.id)).toEqual([november.id, lateFee.id, costume.id]);
    expect(addDollars(...items.map((i) => i.open))).toBe(95);
  });

  it('says how old each one is', () => {
    expect(dueState('2026-11-01', TODAY)).toBe('overdue');
    expect(dueState(TODAY, TODAY)).toBe('today');
    expect(dueState('2026-12-05', TODAY)).toBe('upcoming');
    expect(dueText('2026-11-01', TODAY)).toBe('Past due since Nov 1, 2026');
    expect(dueText(TODAY, TODAY)).toBe('Due today');
    expect(dueText('2026-12-05', TODAY)).toBe('Due Dec 5, 2026');
  });

  it('cuts from a working line the amount its own column shows, and only that', () => {
    expect(workingLabel({ label: 'Monthly tuition $60.00', amount: 60 })).toBe('Monthly tuition');
    expect(workingLabel({ label: 'Jazz 1 (Emma) dropped from Jan 15, 2027: −$31.50', amount: -31.5 })).toBe(
      'Jazz 1 (Emma) dropped from Jan 15, 2027',
    );
    expect(workingLabel({ label: 'Multi-class discount (2nd class, 10 % off): −$6.50', amount: -6.5 })).toBe(
      'Multi-class discount (2nd class, 10 % off)',
    );
    // A figure that is not the line's amount is part of the sentence.
    expect(workingLabel({ label: 'Prorated by classes left: Tue 1/4 × $60.00', amount: 15 })).toBe(
      'Prorated by classes left: Tue 1/4 × $60.00',
    );
    expect(workingLabel({ label: '$60.00', amount: 60 })).toBe('$60.00');
  });
});

describe('receipts', () => {
  it('names how it was paid', () => {
    expect(paymentTitle(checkPayment)).toBe('Check 1042');
    expect(paymentTitle(cashPayment)).toBe('Cash');
    expect(paymentTitle(creditPayment)).toBe('Credit applied');
    expect(paymentTitle({ ...cashPayment, payProcID: 'terminal', payProc_TransferID: 'R-88' })).toBe(
      'Card (studio terminal) (R-88)',
    );
  });

  it('says what a payment paid, what it kept as credit, what was given back; a returned one paid nothing', () => {
    const check = receiptOf(checkPayment);
    expect(check.paid.map((a) => a.amount)).toEqual([35, 55]);
    expect(check.toCredit).toBe(10);
    expect(receiptOf(creditPayment).toCredit).toBe(0);
    expect(receiptOf({ ...cashPayment, refund_total: 5 }).refunded).toBe(5);
    const returned = receiptOf({ ...checkPayment, status: 'returned', applied: 0, allocations: [] });
    expect(returned).toMatchObject({ returned: true, toCredit: 0, paid: [] });
  });

  it('lists every payment of the bills read, newest first, once each', () => {
    expect(paymentsOf([currentBill, firstBill, currentBill]).map((p) => p.id)).toEqual([
      cashPayment.id,
      creditPayment.id,
      checkPayment.id,
    ]);
  });
});

describe('standing', () => {
  it('says what matters in one sentence', () => {
    expect(standingText({ balance: 95, overdue: 50, credit: 0 }, 'Demo Dance Academy')).toBe(
      '$50.00 is past due. Please pay Demo Dance Academy as soon as you can.',
    );
    expect(standingText({ balance: 50, overdue: 50, credit: 0 }, 'Demo')).toBe(
      'All of it is past due. Please pay Demo as soon as you can.',
    );
    expect(standingText({ balance: 45, overdue: 0, credit: 0 }, 'Demo')).toBe('Nothing is past due.');
    expect(standingText({ balance: 0, overdue: 0, credit: 0 }, 'Demo')).toBe("You're all paid up.");
    expect(standingText({ balance: 0, overdue: 0, credit: 12.5 }, 'Demo')).toBe(
      "You're all paid up, with $12.50 of credit for your next charges.",
    );
  });
});

describe('statement ranges', () => {
  it('moves by months, the 31st to the month’s last day', () => {
    expect(addMonths('2026-11-21', -3)).toBe('2026-08-21');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2024-02-29', 36)).toBe('2027-02-28');
  });

  it('is this term so far, the term’s end once it is over, or the last 3 months before a term starts', () => {
    expect(defaultStatementRange(TODAY, term)).toEqual({ from: '2026-09-01', to: TODAY });
    expect(defaultStatementRange('2027-07-15', term)).toEqual({ from: '2026-09-01', to: '2027-06-30' });
    expect(defaultStatementRange('2026-08-20', term)).toEqual({ from: '2026-05-20', to: '2026-08-20' });
    expect(defaultStatementRange(TODAY, null)).toEqual({ from: '2026-08-21', to: TODAY });
  });

  it('refuses what the server refuses, in its words', () => {
    expect(statementRangeError('2026-09-01', TODAY)).toBeNull();
    expect(statementRangeError(TODAY, TODAY)).toBeNull();
    expect(statementRangeError('2026-11-22', TODAY)).toBe(statementRangeMessages.backwards);
    expect(statementRangeError('2024-01-01', '2027-01-01')).toBeNull();
    expect(statementRangeError('2024-01-01', '2027-01-02')).toBe(statementRangeMessages.tooLong);
    expect(statementRangeError('', TODAY)).toBe(statementRangeMessages.missing);
    expect(statementRangeError('2026-02-30', TODAY)).toBe(statementRangeMessages.missing);
  });

  it('adds up its lines, and dates them short within one year', () => {
    const st = patelStatement();
    const totals = statementTotals(st);
    expect(totals).toEqual({ charges: 215, payments: 120 });
    expect(addDollars(st.opening, totals.charges, -totals.payments)).toBe(st.closing);
    expect(lineDate('2026-09-05', st)).toBe('Sep 5');
    expect(lineDate('2026-09-05', { from: '2025-09-01', to: '2026-11-21' })).toBe('Sep 5, 2026');
    expect(rangeText(st)).toBe('Sep 1, 2026 – Nov 21, 2026');
    expect(rangeText({ from: TODAY, to: TODAY })).toBe('Nov 21, 2026');
  });
});
