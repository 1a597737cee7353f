import { z } from 'zod';
import { limits } from '../constants';
import { email, phone, state, text, zipcode } from '../fields';
import { centsText } from '../money';
import {
  type StudioMoneySettings,
  studioMoneySettings,
  UNLIMITED_PRESETS,
  type UnlimitedSetting,
} from '../settings/schema';
import type { SiblingIndexMode } from '../tuition/schema';

/**
 * The studio's own settings (issue 4 point 9): its details, and the money settings of
 * settings/schema.ts (amounts in cents, as everywhere in the domain and at this API edge).
 */

export const STUDIO_SETTINGS_TEXT = {
  timeZoneRequired: 'Please choose a time zone',
  timeZoneInvalid: 'Please choose a valid time zone',
  capNotZero: 'A cap must be more than $0.00; choose “No cap” to have none.',
  capOthersAboveFirst: 'The cap of each further child cannot be above the first child’s.',
  participationTooLong: 'The participation must be at most 40 characters.',
} as const;

/** The US time zones a studio picks from (the screen adds the studio's current zone when it is another). */
export const US_TIME_ZONES: readonly { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Detroit', label: 'Eastern (Detroit)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Boise', label: 'Mountain (Boise)' },
  { value: 'America/Phoenix', label: 'Mountain, no daylight saving (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'America/Adak', label: 'Hawaii–Aleutian (Adak)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

// Names of the tz database only (Area/Location, or a bare name such as UTC): Intl also takes offsets
// like "+05:00", which are not zones and have no daylight saving rules.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical name of an IANA time zone, or null when the runtime does not know it. */
export function canonicalTimeZone(value: string): string | null {
  if (!ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const studioTimeZoneInput = z
  .string({ error: STUDIO_SETTINGS_TEXT.timeZoneRequired })
  .trim()
  .min(1, STUDIO_SETTINGS_TEXT.timeZoneRequired)
  .max(64, STUDIO_SETTINGS_TEXT.timeZoneInvalid)
  .refine((v) => canonicalTimeZone(v) !== null, STUDIO_SETTINGS_TEXT.timeZoneInvalid)
  .transform((v) => canonicalTimeZone(v) ?? v);

/** `PUT api/mystudio/settings/studio`. */
export const studioDetailsInput = z.object({
  name: text(limits.studioName, 'Studio name'),
  address: text(limits.address, 'Address'),
  city: text(limits.city, 'City'),
  state,
  zipcode,
  phone,
  email,
  timeZone: studioTimeZoneInput,
});
export type StudioDetailsInput = z.input<typeof studioDetailsInput>;

export const studioDetails = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
});
export type StudioDetails = z.infer<typeof studioDetails>;

/**
 * `PUT api/mystudio/settings/money`: a `studioMoneySettings` (fields left out take their defaults), refusing
 * the pairs no studio means: a custom cap of $0 (everyone would pay nothing), or a further child's cap
 * above the first child's.
 */
export const moneySettingsInput = studioMoneySettings.superRefine((s, ctx) => {
  if (s.unlimited.preset === 'custom') {
    if (s.unlimited.first <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['unlimited', 'first'],
        message: STUDIO_SETTINGS_TEXT.capNotZero,
      });
    }
    if (s.unlimited.others <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['unlimited', 'others'],
        message: STUDIO_SETTINGS_TEXT.capNotZero,
      });
    }
    if (s.unlimited.others > s.unlimited.first) {
      ctx.addIssue({
        code: 'custom',
        path: ['unlimited', 'others'],
        message: STUDIO_SETTINGS_TEXT.capOthersAboveFirst,
      });
    }
  }
  if (s.registrationFee.participation.length > 40) {
    ctx.addIssue({
      code: 'custom',
      path: ['registrationFee', 'participation'],
      message: STUDIO_SETTINGS_TEXT.participationTooLong,
    });
  }
});

/** `GET api/mystudio/settings`. */
export const studioSettingsResult = z.object({ studio: studioDetails, money: studioMoneySettings });
export type StudioSettingsResult = { studio: StudioDetails; money: StudioMoneySettings };

export const studioDetailsSaved = z.object({ msg: z.string(), studio: studioDetails });
export const moneySettingsSaved = z.object({ msg: z.string(), money: studioMoneySettings });

/** The settings a stored value stands for: anything unreadable falls back to the defaults, field by field. */
export function readMoneySettings(stored: unknown): StudioMoneySettings {
  const whole = studioMoneySettings.safeParse(stored ?? {});
  if (whole.success) return whole.data;
  const fields = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (studioMoneySettings.safeParse({ [key]: value }).success) kept[key] = value;
  }
  return studioMoneySettings.parse(kept);
}

/** The unlimited cap in plain words. */
export function describeUnlimited(setting: UnlimitedSetting): string {
  if (setting.preset === 'none') {
    return 'No cap: every child pays the sum of their classes, however many they take.';
  }
  const pair = setting.preset === 'custom' ? setting : UNLIMITED_PRESETS[setting.preset];
  const name = setting.preset === 'custom' ? 'Your own amounts' : `Reading ${setting.preset}`;
  return `${name}: the family's first child is capped at ${centsText(pair.first)} a month; each further child at ${centsText(pair.others)} once the first is capped.`;
}

/** The sibling index mode in plain words, with what a $10.00 sibling discount does under it. */
export function describeSiblingIndex(mode: SiblingIndexMode): string {
  return mode === 'student'
    ? 'By child: every class of the second child gets one step of the sibling discount, every class of the third child two steps, and so on (a $10.00 sibling discount takes $10.00 off each class of the second child, $20.00 off each class of the third).'
    : 'By child and class: the second child’s first class gets one step of the sibling discount, its second class two steps, and so on; the third child starts at two steps (a $10.00 sibling discount takes $10.00 off the second child’s first class, $20.00 off its second).';
}

/** The fees in plain words, one sentence each. */
export function describeFees(money: StudioMoneySettings): string[] {
  const { registrationFee, lateFee, bouncedCheckFee } = money;
  const days = lateFee.afterDays === 1 ? '1 day' : `${lateFee.afterDays} days`;
  return [
    `A registration fee of ${centsText(registrationFee.amount)} is charged once per family per year term, with its first registration (participation “${registrationFee.participation}”).`,
    `A late fee of ${centsText(lateFee.amount)} is added when a payment is still unpaid ${days} after its due date, once per payment.`,
    `A bounced check fee of ${centsText(bouncedCheckFee.amount)} is posted by you when a check payment bounces.`,
  ];
}
