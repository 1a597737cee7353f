import { describe, expect, it } from 'vitest';
import { computeFamilyTuition } from '../tuition/compute-family-tuition';
import {
  DEFAULT_STUDIO_MONEY_SETTINGS,
  type StudioMoneySettingsInput,
  studioMoneySettings,
  UNLIMITED_PRESETS,
  type UnlimitedSetting,
  unlimitedCapOf,
} from './schema';

describe('studio money settings', () => {
  it('defaults to reading A, the student sibling index and the fees of the studio terms', () => {
    expect(DEFAULT_STUDIO_MONEY_SETTINGS).toEqual({
      unlimited: { preset: 'A' },
      siblingIndex: 'student',
      registrationFee: { amount: 3500, participation: 'In-Studio' },
      lateFee: { amount: 2000, afterDays: 14 },
      bouncedCheckFee: { amount: 3500 },
      // Parents' registrations go through without waiting; a waitlist offer holds its place a day.
      registration: { approval: false, waitlistOfferHours: 24 },
      // Families hear of every kind of news until the studio turns one off (issue 31 item 11).
      familyEmails: {
        bill: true,
        overdue: true,
        lateFee: true,
        returnedCheck: true,
        registration: true,
        approval: true,
      },
      // No card surcharge until the studio sets one (decision 069).
      cardSurcharge: { bps: 0 },
    });
    expect(studioMoneySettings.parse({})).toEqual(DEFAULT_STUDIO_MONEY_SETTINGS);
  });

  it.each<[UnlimitedSetting, { first: number; others: number } | null]>([
    [{ preset: 'A' }, { first: 40_000, others: 16_000 }],
    [{ preset: 'B' }, { first: 42_000, others: 16_000 }],
    [{ preset: 'C' }, { first: 35_000, others: 15_000 }],
    [
      { preset: 'custom', first: 30_000, others: 12_500 },
      { first: 30_000, others: 12_500 },
    ],
    [{ preset: 'none' }, null],
  ])('the cap of %o is %o', (setting, cap) => {
    expect(unlimitedCapOf(studioMoneySettings.parse({ unlimited: setting }).unlimited)).toEqual(cap);
  });

  it('hands a copy of a preset, so a caller cannot change the preset', () => {
    const cap = unlimitedCapOf({ preset: 'A' });
    if (cap) cap.first = 1;
    expect(UNLIMITED_PRESETS.A.first).toBe(40_000);
  });

  it('feeds computeFamilyTuition: a custom cap of 300/100', () => {
    const settings = studioMoneySettings.parse({
      unlimited: { preset: 'custom', first: 30_000, others: 10_000 },
    });
    const result = computeFamilyTuition({
      students: [
        {
          id: 'x',
          classes: [
            { id: 'a', basePrice: 20_000 },
            { id: 'b', basePrice: 20_000 },
          ],
        },
      ],
      discounts: [],
      unlimited: unlimitedCapOf(settings.unlimited),
      siblingIndex: settings.siblingIndex,
    });
    expect(result.total).toBe(30_000);
  });

  it.each<[string, unknown]>([
    ['a custom cap without values', { unlimited: { preset: 'custom' } }],
    ['a negative custom cap', { unlimited: { preset: 'custom', first: -1, others: 16_000 } }],
    ['an unknown preset', { unlimited: { preset: 'D' } }],
    ['an unknown sibling mode', { siblingIndex: 'class' }],
    ['a negative registration fee', { registrationFee: { amount: -3500, participation: 'In-Studio' } }],
    ['a late fee in dollars with cents', { lateFee: { amount: 20.5, afterDays: 14 } }],
    ['a negative late fee delay', { lateFee: { amount: 2000, afterDays: -1 } }],
    ['a negative bounced check fee', { bouncedCheckFee: { amount: -1 } }],
  ])('refuses %s', (_name, input) => {
    expect(studioMoneySettings.safeParse(input as StudioMoneySettingsInput).success).toBe(false);
  });
});
