import { DEFAULT_STUDIO_MONEY_SETTINGS, STUDIO_SETTINGS_TEXT } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { moneyFormErrors, moneyFormOf, toMoneyBody } from './money-form';

describe('tuition rules form', () => {
  it('shows the defaults in dollars and sends them back in cents', () => {
    const values = moneyFormOf(DEFAULT_STUDIO_MONEY_SETTINGS);
    expect(values).toMatchObject({
      preset: 'A',
      capFirst: 400,
      capOthers: 160,
      registrationFee: 35,
      lateFee: 20,
      lateFeeDays: 14,
    });
    expect(toMoneyBody(values)).toEqual(DEFAULT_STUDIO_MONEY_SETTINGS);
  });

  it("keeps the studio's registration settings: approval and the waitlist offer's hours go back as read", () => {
    const money = {
      ...DEFAULT_STUDIO_MONEY_SETTINGS,
      registration: { approval: true, waitlistOfferHours: 72 },
    };
    expect(toMoneyBody(moneyFormOf(money)).registration).toEqual({ approval: true, waitlistOfferHours: 72 });
  });

  it('sends a custom pair in cents', () => {
    const values = {
      ...moneyFormOf(DEFAULT_STUDIO_MONEY_SETTINGS),
      preset: 'custom' as const,
      capFirst: 375.5,
      capOthers: 150,
    };
    expect(toMoneyBody(values).unlimited).toEqual({ preset: 'custom', first: 37_550, others: 15_000 });
  });

  it('names what is wrong, on its field', () => {
    const base = moneyFormOf(DEFAULT_STUDIO_MONEY_SETTINGS);
    expect(moneyFormErrors(base)).toEqual({});
    expect(moneyFormErrors({ ...base, preset: 'custom', capFirst: 100, capOthers: 200 })).toEqual({
      capOthers: STUDIO_SETTINGS_TEXT.capOthersAboveFirst,
    });
    expect(moneyFormErrors({ ...base, lateFee: '' })).toEqual({ lateFee: 'Please enter an amount' });
    expect(moneyFormErrors({ ...base, lateFeeDays: 400 })).toEqual({
      lateFeeDays: 'Please enter a number of days from 0 to 365',
    });
    expect(moneyFormErrors({ ...base, participation: ' ' })).toEqual({
      participation: 'Please enter the participation',
    });
    expect(moneyFormErrors({ ...base, waitlistOfferHours: 0 })).toEqual({
      waitlistOfferHours: 'Please enter a number of hours from 1 to 168',
    });
    expect(moneyFormErrors({ ...base, waitlistOfferHours: '' })).toEqual({
      waitlistOfferHours: 'Please enter a number of hours from 1 to 168',
    });
    expect(moneyFormErrors({ ...base, bouncedCheckFee: -5 })).toEqual({
      bouncedCheckFee: 'Amounts cannot be negative',
    });
  });
});
