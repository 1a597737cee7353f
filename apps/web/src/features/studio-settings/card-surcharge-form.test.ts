import { DEFAULT_STUDIO_MONEY_SETTINGS, SURCHARGE_TEXT } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { draftMoneySettings, moneyFormErrors, moneyFormOf, toMoneyBody } from './money-form';

describe('the card surcharge on the tuition rules form (decision 069)', () => {
  const base = moneyFormOf(DEFAULT_STUDIO_MONEY_SETTINGS);

  it('is off by default, and off sends 0 whatever rate was typed', () => {
    expect(base.surchargeOn).toBe(false);
    expect(toMoneyBody({ ...base, surchargePercent: 2.5 }).cardSurcharge).toEqual({ bps: 0 });
  });

  it('sends a rate in percent as basis points, and reads it back', () => {
    expect(toMoneyBody({ ...base, surchargeOn: true, surchargePercent: 2.45 }).cardSurcharge).toEqual({
      bps: 245,
    });
    const back = moneyFormOf({ ...DEFAULT_STUDIO_MONEY_SETTINGS, cardSurcharge: { bps: 290 } });
    expect(back).toMatchObject({ surchargeOn: true, surchargePercent: 2.9 });
  });

  it('names a rate past 3 % or missing on its field, and takes 3 %', () => {
    expect(moneyFormErrors({ ...base, surchargeOn: true, surchargePercent: 3.5 })).toEqual({
      surchargePercent: SURCHARGE_TEXT.tooHigh,
    });
    expect(moneyFormErrors({ ...base, surchargeOn: true, surchargePercent: 3 })).toEqual({});
    expect(moneyFormErrors({ ...base, surchargeOn: true, surchargePercent: '' })).toEqual({
      surchargePercent: SURCHARGE_TEXT.notWhole,
    });
    expect(moneyFormErrors({ ...base, surchargeOn: true, surchargePercent: 2.9 })).toEqual({});
    expect(draftMoneySettings({ ...base, surchargeOn: true, surchargePercent: 2.9 })?.cardSurcharge).toEqual({
      bps: 290,
    });
  });
});
