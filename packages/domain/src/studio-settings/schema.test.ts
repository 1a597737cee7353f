import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_MONEY_SETTINGS } from '../settings/schema';
import {
  canonicalTimeZone,
  describeFees,
  describeUnlimited,
  moneySettingsInput,
  readMoneySettings,
  STUDIO_SETTINGS_TEXT,
  studioDetailsInput,
} from './schema';

describe('time zones', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    ['america/chicago', 'America/Chicago'],
    ['Pacific/Honolulu', 'Pacific/Honolulu'],
    ['UTC', 'UTC'],
  ])('%s is %s', (input, zone) => {
    expect(canonicalTimeZone(input)).toBe(zone);
  });

  it.each(['Mars/Olympus', '+05:00', '', 'America/New York', '../etc/passwd'])('refuses %s', (input) => {
    expect(canonicalTimeZone(input)).toBeNull();
  });
});

describe('studioDetailsInput', () => {
  const studio = {
    name: 'Lopez Dance',
    address: '2 Broad St',
    city: 'Newark',
    state: 'nj',
    zipcode: '07102',
    phone: '(973) 555-0111',
    email: 'Studio@Lopez.example',
    timeZone: 'America/Chicago',
  };

  it('normalises what it takes', () => {
    expect(studioDetailsInput.parse(studio)).toEqual({
      ...studio,
      state: 'NJ',
      phone: '9735550111',
      email: 'studio@lopez.example',
    });
  });

  it('refuses an unknown zone', () => {
    const result = studioDetailsInput.safeParse({ ...studio, timeZone: 'Mars/Olympus' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(
      STUDIO_SETTINGS_TEXT.timeZoneInvalid,
    );
  });
});

describe('moneySettingsInput', () => {
  const message = (input: unknown) => {
    const result = moneySettingsInput.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes the defaults from nothing', () => {
    expect(moneySettingsInput.parse({})).toEqual(DEFAULT_STUDIO_MONEY_SETTINGS);
  });

  it('refuses a custom cap of 0 and a further child above the first', () => {
    expect(message({ unlimited: { preset: 'custom', first: 0, others: 100 } })).toBe(
      STUDIO_SETTINGS_TEXT.capNotZero,
    );
    expect(message({ unlimited: { preset: 'custom', first: 10_000, others: 20_000 } })).toBe(
      STUDIO_SETTINGS_TEXT.capOthersAboveFirst,
    );
    expect(message({ unlimited: { preset: 'custom', first: 30_000, others: 12_000 } })).toBeNull();
  });
});

describe('readMoneySettings', () => {
  it('keeps what is readable and defaults the rest', () => {
    expect(readMoneySettings(null)).toEqual(DEFAULT_STUDIO_MONEY_SETTINGS);
    expect(readMoneySettings({ siblingIndex: 'student+class', lateFee: { amount: -5 } })).toEqual({
      ...DEFAULT_STUDIO_MONEY_SETTINGS,
      siblingIndex: 'student+class',
    });
  });
});

describe('plain words', () => {
  it('explains the cap readings', () => {
    expect(describeUnlimited({ preset: 'A' })).toBe(
      "Reading A: the family's first child is capped at $400.00 a month; each further child at $160.00 once the first is capped.",
    );
    expect(describeUnlimited({ preset: 'C' })).toContain('$350.00 a month');
    expect(describeUnlimited({ preset: 'custom', first: 30_000, others: 12_550 })).toBe(
      "Your own amounts: the family's first child is capped at $300.00 a month; each further child at $125.50 once the first is capped.",
    );
    expect(describeUnlimited({ preset: 'none' })).toMatch(/^No cap/);
  });

  it('explains the fees', () => {
    expect(describeFees(DEFAULT_STUDIO_MONEY_SETTINGS)).toEqual([
      'A registration fee of $35.00 is charged once per family per year term, with its first registration (participation “In-Studio”).',
      'A late fee of $20.00 is added when a payment is still unpaid 14 days after its due date, once per payment.',
      'A bounced check fee of $35.00 is posted by you when a check payment bounces.',
    ]);
  });
});
