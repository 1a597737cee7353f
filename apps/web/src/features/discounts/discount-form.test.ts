import { DISCOUNT_TEXT, messages } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { discountFormErrors, discountFormOf, emptyDiscountForm, toDiscountBody } from './discount-form';

describe('discount form', () => {
  it('turns a percentage into a fraction and dollars into cents', () => {
    expect(toDiscountBody({ ...emptyDiscountForm(), percent: 12.34, rounding: '100' })).toEqual({
      typeID: 100,
      vTypeID: 100,
      value: 0.1234,
      rValue: 100,
      name: '',
    });
    expect(
      toDiscountBody({
        ...emptyDiscountForm(),
        typeID: '200',
        vTypeID: '200',
        amount: 10.5,
        rounding: 'custom',
        customRounding: 0.25,
      }),
    ).toEqual({ typeID: 200, vTypeID: 200, value: 1050, rValue: 25, name: '' });
  });

  it('reads a saved discount back, custom rounding included', () => {
    const values = discountFormOf({
      id: 'x',
      typeID: 200,
      vTypeID: 200,
      value: 1000,
      rValue: 250,
      name: 'Sibling',
      order: 0,
    });
    expect(values).toMatchObject({
      typeID: '200',
      vTypeID: '200',
      amount: 10,
      rounding: 'custom',
      customRounding: 2.5,
    });
    expect(toDiscountBody(values)).toEqual({
      typeID: 200,
      vTypeID: 200,
      value: 1000,
      rValue: 250,
      name: 'Sibling',
    });
    expect(
      discountFormOf({ id: 'y', typeID: 100, vTypeID: 100, value: 0.075, rValue: 500, name: '', order: 0 }),
    ).toMatchObject({
      percent: 7.5,
      rounding: '500',
    });
  });

  it('puts the shared schema’s messages on the form’s own fields', () => {
    expect(discountFormErrors(emptyDiscountForm())).toEqual({});
    expect(discountFormErrors({ ...emptyDiscountForm(), percent: '' })).toEqual({
      percent: messages.insufficientData,
    });
    expect(discountFormErrors({ ...emptyDiscountForm(), percent: 120 })).toEqual({
      percent: DISCOUNT_TEXT.percentRange,
    });
    expect(discountFormErrors({ ...emptyDiscountForm(), vTypeID: '200', amount: -1 })).toEqual({
      amount: DISCOUNT_TEXT.fixedNegative,
    });
    expect(discountFormErrors({ ...emptyDiscountForm(), rounding: 'custom', customRounding: 0 })).toEqual({
      customRounding: DISCOUNT_TEXT.rounding,
    });
  });
});
