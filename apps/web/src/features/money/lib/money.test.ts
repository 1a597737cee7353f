import { ledgerMessages } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  CASH,
  CHECK,
  cashPayment,
  checkPayment as checkFixture,
  costumeItem,
  FEE,
  feeItem,
  lateItem,
  payment,
  TUITION,
  transaction,
  tuitionItem,
} from '../test/money-fixtures';
import {
  CARD_REFUND_ONLY,
  CHECK_NUMBER_NEEDED,
  canRefund,
  canRemove,
  canReturn,
  cardRefundNote,
  checkPayment,
  type ItemValues,
  itemBody,
  itemErrors,
  itemStatus,
  itemTotal,
  leftAsCredit,
  linesOf,
  type PaymentValues,
  paymentBody,
  paymentMethod,
  prefilledAmount,
  REFUND_AMOUNT_NEEDED,
  REFUND_REASON_NEEDED,
  type RefundValues,
  refundBody,
  refundDestinations,
  refundErrors,
  refundOptions,
  refundSummary,
  takenBack,
} from './money';

const itemValues = (more: Partial<ItemValues> = {}): ItemValues => ({
  typeID: 'costume',
  item: 'Recital costume',
  amount: 42.5,
  quantity: 2,
  dueDate: '2026-11-21',
  note: '',
  ...more,
});

describe('an item added by hand', () => {
  it('totals amount × quantity in cents (0.1 × 3 is 30 cents, not 30.000000000000004)', () => {
    expect(itemTotal(itemValues())).toBe(8500);
    expect(itemTotal(itemValues({ amount: 0.1, quantity: 3 }))).toBe(30);
    expect(itemTotal(itemValues({ amount: -15, quantity: 1 }))).toBe(-1500);
    expect(itemTotal(itemValues({ amount: '' }))).toBeNull();
    expect(itemTotal(itemValues({ quantity: '' }))).toBeNull();
  });

  it("asks for every field with the spec's one sentence; a zero amount or a quantity out of 1–1000 is refused", () => {
    expect(itemErrors(itemValues())).toEqual({});
    const blank = itemErrors(itemValues({ item: '  ', amount: '', quantity: '' }));
    expect(blank).toEqual({
      item: ledgerMessages.invalidItem,
      amount: ledgerMessages.invalidItem,
      quantity: ledgerMessages.invalidItem,
    });
    expect(itemErrors(itemValues({ amount: 0 })).amount).toBe(ledgerMessages.invalidItem);
    expect(itemErrors(itemValues({ quantity: 1001 })).quantity).toBe(ledgerMessages.invalidItem);
    expect(itemErrors(itemValues({ quantity: 1.5 })).quantity).toBe(ledgerMessages.invalidItem);
    expect(itemErrors(itemValues({ typeID: 'late_fee' })).typeID).toBe(ledgerMessages.invalidItem);
    // A negative amount is a credit, and allowed.
    expect(itemErrors(itemValues({ amount: -20 }))).toEqual({});
  });

  it('sends the total the server checks (amount × quantity), the note only when given', () => {
    const body = itemBody(itemValues({ amount: 19.99, quantity: 3, note: ' size M ' }), 'rid', null);
    expect(body).toEqual({
      transactionID: null,
      requestId: 'rid',
      item: {
        typeID: 'costume',
        item: 'Recital costume',
        amount: 19.99,
        quantity: 3,
        total: 59.97,
        dueDate: '2026-11-21',
        note: 'size M',
      },
    });
    expect(itemBody(itemValues({ dueDate: '' }), 'rid', null).item).not.toHaveProperty('dueDate');
  });
});

describe("an item's status and working", () => {
  it('reads open, part paid, paid, removed, waived for a late fee, credit', () => {
    expect(itemStatus(lateItem).label).toBe('Open');
    expect(itemStatus(tuitionItem).label).toBe('Part paid');
    expect(itemStatus(feeItem).label).toBe('Paid');
    expect(itemStatus(costumeItem).label).toBe('Removed');
    expect(itemStatus({ ...lateItem, status: 'removed' }).label).toBe('Waived');
    expect(itemStatus({ ...lateItem, status: 'credit' }).label).toBe('Credit');
  });

  it('the lines add up to the total, in cents', () => {
    const { sum, addsUp } = linesOf(tuitionItem);
    expect(sum).toBe(15950);
    expect(addsUp).toBe(true);
    expect(linesOf({ ...tuitionItem, total: 160 }).addsUp).toBe(false);
  });

  it('a removed item, a credit, or an item partly refunded cannot be removed', () => {
    expect(canRemove(tuitionItem)).toBe(true);
    expect(canRemove(costumeItem)).toBe(false);
    expect(canRemove({ ...lateItem, status: 'credit', total: -10 })).toBe(false);
    expect(canRemove({ ...feeItem, refund_total: 5 })).toBe(false);
  });
});

describe('payments', () => {
  it("names the method and its reference; a check's number reads #1042", () => {
    expect(paymentMethod(checkFixture)).toBe('Check #1042');
    expect(paymentMethod(cashPayment)).toBe('Cash');
    expect(paymentMethod({ payProcID: 'terminal', payProc_TransferID: 'R-88' })).toBe(
      'Card (studio terminal) · R-88',
    );
  });

  it('what paid nothing became credit; a returned check or credit applied leaves none', () => {
    expect(leftAsCredit(payment({ id: CASH, total: 120, applied: 100 }))).toBe(2000);
    expect(leftAsCredit(cashPayment)).toBe(0);
    expect(leftAsCredit(payment({ id: CASH, total: 50, applied: 0, status: 'returned' }))).toBe(0);
  });

  it('only a received check with nothing refunded can be returned; credit applied cannot be refunded', () => {
    expect(canReturn(checkFixture)).toBe(true);
    expect(canReturn(cashPayment)).toBe(false);
    expect(canReturn({ ...checkFixture, status: 'returned' })).toBe(false);
    expect(canReturn({ ...checkFixture, refund_total: 5 })).toBe(false);
    expect(canRefund(payment({ id: CASH, total: 10, payProcID: 'credit', type: 'CREDIT' }))).toBe(false);
    expect(canRefund({ ...cashPayment, refund_available: 0 })).toBe(false);
  });
});

describe('recording a payment', () => {
  const ctx = { balance: 79.5, credit: 0, items: transaction().items };
  const values = (more: Partial<PaymentValues> = {}): PaymentValues => ({
    type: 'cash',
    amount: 79.5,
    reference: '',
    pick: false,
    items: [],
    ...more,
  });

  it('starts at the balance (credit: as much of it as the credit covers)', () => {
    expect(prefilledAmount('cash', ctx)).toBe(79.5);
    expect(prefilledAmount('credit', { balance: 79.5, credit: 25 })).toBe(25);
    expect(prefilledAmount('credit', { balance: 10, credit: 25 })).toBe(10);
  });

  it('pays the balance; beyond it, the rest becomes credit', () => {
    expect(checkPayment(values(), ctx)).toMatchObject({
      blocked: null,
      errors: {},
      pays: 7950,
      becomesCredit: 0,
    });
    expect(checkPayment(values({ amount: 100 }), ctx)).toMatchObject({ pays: 7950, becomesCredit: 2050 });
    expect(checkPayment(values({ amount: 30 }), ctx)).toMatchObject({ pays: 3000, becomesCredit: 0 });
  });

  it('picked items: pays their open amounts, the rest is credit; none picked is an empty cart', () => {
    const picked = checkPayment(values({ pick: true, items: [LATE_ID], amount: 50 }), ctx);
    expect(picked).toMatchObject({ target: 2000, pays: 2000, becomesCredit: 3000, errors: {} });
    expect(checkPayment(values({ pick: true, items: [] }), ctx).errors.items).toBe(ledgerMessages.noItems);
  });

  it("refuses with the spec's sentences: no items, nothing owed, an amount not above 0", () => {
    expect(checkPayment(values(), { ...ctx, items: [] }).blocked).toBe(ledgerMessages.noItems);
    expect(checkPayment(values(), { ...ctx, items: [costumeItem] }).blocked).toBe(ledgerMessages.noItems);
    expect(checkPayment(values(), { ...ctx, balance: 0 }).blocked).toBe(ledgerMessages.zeroPayment);
    expect(checkPayment(values({ amount: 0 }), ctx).errors.amount).toBe(ledgerMessages.zeroPayment);
    expect(checkPayment(values({ amount: '' }), ctx).errors.amount).toBe(ledgerMessages.zeroPayment);
  });

  it('a check needs its number; credit cannot use more than the family holds', () => {
    expect(checkPayment(values({ type: 'check' }), ctx).errors.reference).toBe(CHECK_NUMBER_NEEDED);
    expect(checkPayment(values({ type: 'check', reference: '1043' }), ctx).errors).toEqual({});
    const credit = checkPayment(values({ type: 'credit', amount: 30 }), { ...ctx, credit: 25 });
    expect(credit.errors.amount).toBe(ledgerMessages.notEnoughCredit('$25.00'));
    // Credit applied never becomes credit again.
    expect(checkPayment(values({ type: 'credit', amount: 25 }), { ...ctx, credit: 25 }).becomesCredit).toBe(
      0,
    );
  });

  it('sends one payment: the reference only for a check or the terminal, the items only when picked', () => {
    expect(paymentBody(values({ type: 'check', reference: ' 1043 ', amount: 79.5 }), 'rid')).toEqual({
      requestId: 'rid',
      payments: [{ type: 'check', total: 79.5, reference: '1043' }],
    });
    expect(paymentBody(values({ reference: 'x', pick: true, items: [TUITION] }), 'rid').payments[0]).toEqual({
      type: 'cash',
      total: 79.5,
      reference: '',
      items: [TUITION],
    });
  });

  it('sends the day it was received only when given (empty: today)', () => {
    expect(paymentBody(values({ receivedOn: '2026-11-28' }), 'rid').payments[0]).toMatchObject({
      receivedOn: '2026-11-28',
    });
    expect(paymentBody(values({ receivedOn: '' }), 'rid').payments[0]).not.toHaveProperty('receivedOn');
  });
});

const LATE_ID = lateItem.id;

describe('refunds', () => {
  const tx = transaction();

  it('each payment: what it can still give back, per item it paid, and its credit', () => {
    const options = refundOptions(tx, [], 0);
    expect(options.map((o) => o.payment.id)).toEqual([CASH, CHECK]);
    const cash = options[0]!;
    expect(cash.available).toBe(10000);
    // The tuition is still $59.50 open: nothing of it is refunded (issue 31 item 7).
    expect(cash.items).toEqual([
      { itemID: FEE, item: feeItem.item, available: 3500, open: 0 },
      { itemID: TUITION, item: tuitionItem.item, available: 0, open: 5950 },
    ]);
    expect(cash.credit).toBe(0);
  });

  it("an item's limit is the least of what this payment paid of it, what of the item is not refunded, and the payment's", () => {
    const items = tx.items.map((i) =>
      i.id === TUITION ? { ...i, open: 0, status: 'paid' as const, available_refund_total: 40 } : i,
    );
    const payments = [{ ...cashPayment, refund_available: 30 }];
    const [cash] = refundOptions({ items, payments }, [], 0);
    expect(cash!.items).toEqual([
      { itemID: FEE, item: feeItem.item, available: 3000, open: 0 },
      { itemID: TUITION, item: tuitionItem.item, available: 3000, open: 0 },
    ]);
  });

  it("the credit of a payment: its entry in the credit list, at most the family's credit", () => {
    const over = payment({ id: CASH, total: 120, applied: 100, allocations: cashPayment.allocations });
    const credits = [
      {
        creditID: CASH,
        amount: 20,
        remaining: 20,
        source: 'overpayment' as const,
        description: 'Overpayment',
        createdOn: '2026-11-02',
      },
    ];
    expect(refundOptions({ items: tx.items, payments: [over] }, credits, 20)[0]!.credit).toBe(2000);
    expect(refundOptions({ items: tx.items, payments: [over] }, credits, 12.5)[0]!.credit).toBe(1250);
    expect(refundOptions({ items: tx.items, payments: [over] }, [], 20)[0]!.credit).toBe(0);
  });

  it('refuses an amount over the limit with the server’s sentence, a missing amount or reason', () => {
    const options = refundOptions(tx, [], 0);
    const values = (more: Partial<RefundValues>): RefundValues => ({
      paymentID: CASH,
      what: FEE,
      total: 35,
      to: 'cash',
      reason: 'Moved away',
      ...more,
    });
    expect(refundErrors(values({}), options)).toEqual({});
    expect(refundErrors(values({ total: 35.01 }), options).total).toBe(
      ledgerMessages.refundItemTooLarge('$35.00'),
    );
    expect(refundErrors(values({ total: '' }), options).total).toBe(REFUND_AMOUNT_NEEDED);
    expect(refundErrors(values({ total: 0 }), options).total).toBe(ledgerMessages.refundNothing);
    expect(refundErrors(values({ reason: ' ' }), options).reason).toBe(REFUND_REASON_NEEDED);
    expect(refundErrors(values({ what: 'credit', total: 1 }), options).total).toBe(
      ledgerMessages.refundTooLarge('$0.00'),
    );
    expect(refundErrors(values({ what: 'credit', to: 'credit', total: 1 }), options).to).toBeTruthy();
    // An item still open is waived or lowered, not refunded: said before anything is sent.
    expect(refundErrors(values({ what: TUITION, total: 10 }), options)).toEqual({
      what: ledgerMessages.refundOpenItem('$59.50'),
    });
  });

  it('says what the refund will do, in a sentence', () => {
    const options = refundOptions(tx, [], 0);
    const values = (more: Partial<RefundValues>): RefundValues => ({
      paymentID: CASH,
      what: FEE,
      total: 35,
      to: 'cash',
      reason: '',
      ...more,
    });
    expect(refundSummary(values({}), options[0])).toBe(
      `Refunds $35.00 paid on Nov 2, 2026 for ${feeItem.item}, in cash.`,
    );
    expect(refundSummary(values({ to: 'credit', total: 10 }), options[0])).toBe(
      `Refunds $10.00 paid on Nov 2, 2026 for ${feeItem.item}, to the family's credit.`,
    );
    expect(refundSummary(values({ what: 'credit', to: 'check', total: 5 }), options[0])).toBe(
      'Gives back $5.00 of the payment of Nov 2, 2026 the family holds as credit, by check.',
    );
    expect(refundSummary(values({ what: TUITION }), options[0])).toBeNull();
    expect(refundSummary(values({ total: '' }), options[0])).toBeNull();
  });

  it('only a card payment goes back to its card, through the processor, said so before it is sent', () => {
    const card = payment({
      id: CASH,
      total: 50,
      payProcID: 'card',
      type: 'CARD',
      payProc_TransferID: 'Visa •••• 0006',
    });
    expect(refundDestinations(FEE, card)).toEqual(['cash', 'check', 'terminal', 'card', 'credit']);
    expect(refundDestinations('credit', card)).toEqual(['cash', 'check', 'terminal', 'card']);
    expect(refundDestinations(FEE, cashPayment)).toEqual(['cash', 'check', 'terminal', 'credit']);
    expect(cardRefundNote(card)).toMatch(/^Sent back to Visa •••• 0006 through the card processor\./);
    const options = refundOptions(tx, [], 0);
    const toCard: RefundValues = { paymentID: CASH, what: FEE, total: 35, to: 'card', reason: 'Moved away' };
    expect(refundErrors(toCard, options).to).toBe(CARD_REFUND_ONLY);
  });

  it('a disputed card payment counts no more: nothing of it is credit', () => {
    const disputed = payment({ id: CASH, total: 50, applied: 0, payProcID: 'card', status: 'disputed' });
    expect(takenBack(disputed)).toBe(true);
    expect(leftAsCredit(disputed)).toBe(0);
    expect(takenBack(cashPayment)).toBe(false);
  });

  it('sends the item, or null for credit', () => {
    const base: RefundValues = { paymentID: CASH, what: FEE, total: 35, to: 'credit', reason: ' Moved ' };
    expect(refundBody(base, 'rid')).toEqual({
      paymentID: CASH,
      itemID: FEE,
      total: 35,
      to: 'credit',
      reason: 'Moved',
      requestId: 'rid',
    });
    expect(refundBody({ ...base, what: 'credit', to: 'cash' }, 'rid').itemID).toBeNull();
  });
});
