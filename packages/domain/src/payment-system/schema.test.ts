import { describe, expect, it } from 'vitest';
import { paymentSystemMessages, updateOptionDueDayInput, updatePlanDiscountInput } from './schema';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('updatePlanDiscountInput', () => {
  it.each([
    [0, null],
    [0.05, null],
    [0.0525, null],
    [0.9999, null],
    [1, paymentSystemMessages.discount],
    [-0.01, paymentSystemMessages.discount],
    [0.00001, paymentSystemMessages.discountPrecision],
  ])('%s', (discount, expected) => {
    expect(message(updatePlanDiscountInput.safeParse({ discount }))).toBe(expected);
  });
});

describe('updateOptionDueDayInput', () => {
  it.each([
    [1, null],
    [28, null],
    [0, paymentSystemMessages.dueDay],
    [29, paymentSystemMessages.dueDay],
    [2.5, paymentSystemMessages.dueDay],
  ])('%s', (dayPaymentDue, expected) => {
    expect(message(updateOptionDueDayInput.safeParse({ dayPaymentDue }))).toBe(expected);
  });
});
