import { z } from 'zod';
import {
  BOUNCED_CHECK_FEE_CENTS,
  LATE_FEE_AFTER_DAYS,
  LATE_FEE_CENTS,
  REGISTRATION_FEE_CENTS,
} from '../constants';
import { centsSchema } from '../money';
import { SIBLING_INDEX_MODES, type UnlimitedCap } from '../tuition/schema';

/**
 * The studio settings the money rules read (domain-rules.md §1 and §4), with the defaults named there.
 * Amounts are cents, like everywhere in the domain.
 */

/** The three readings of the unlimited cap in the spec (001 §9), in cents. */
export const UNLIMITED_PRESETS = {
  A: { first: 40_000, others: 16_000 },
  B: { first: 42_000, others: 16_000 },
  C: { first: 35_000, others: 15_000 },
} as const satisfies Record<string, UnlimitedCap>;
export type UnlimitedPreset = keyof typeof UNLIMITED_PRESETS;

export const unlimitedSetting = z.discriminatedUnion('preset', [
  z.object({ preset: z.literal(['A', 'B', 'C']) }),
  z.object({ preset: z.literal('custom'), first: centsSchema, others: centsSchema }),
  z.object({ preset: z.literal('none') }),
]);
export type UnlimitedSetting = z.infer<typeof unlimitedSetting>;

export const DEFAULT_PARTICIPATION = 'In-Studio';
/** How long a waitlist offer holds its place (billing.md). */
export const WAITLIST_OFFER_HOURS = 24;

export const studioMoneySettings = z.object({
  /** Reading A unless the studio picks another preset, its own pair, or no cap. */
  unlimited: unlimitedSetting.default({ preset: 'A' }),
  siblingIndex: z.enum(SIBLING_INDEX_MODES).default('student'),
  registrationFee: z
    .object({ amount: centsSchema, participation: z.string().trim().min(1) })
    .default({ amount: REGISTRATION_FEE_CENTS, participation: DEFAULT_PARTICIPATION }),
  lateFee: z
    .object({ amount: centsSchema, afterDays: z.number().int().min(0).max(365) })
    .default({ amount: LATE_FEE_CENTS, afterDays: LATE_FEE_AFTER_DAYS }),
  bouncedCheckFee: z.object({ amount: centsSchema }).default({ amount: BOUNCED_CHECK_FEE_CENTS }),
  /**
   * Class registration (issue 15): whether parents' registrations wait for the owner's approval, and
   * how long a waitlist offer holds its place (billing.md: 24 hours).
   */
  registration: z
    .object({
      approval: z.boolean().default(false),
      waitlistOfferHours: z.number().int().min(1).max(168).default(WAITLIST_OFFER_HOURS),
    })
    .default({ approval: false, waitlistOfferHours: WAITLIST_OFFER_HOURS }),
});
export type StudioMoneySettingsInput = z.input<typeof studioMoneySettings>;
export type StudioMoneySettings = z.output<typeof studioMoneySettings>;

export const DEFAULT_STUDIO_MONEY_SETTINGS: StudioMoneySettings = studioMoneySettings.parse({});

/** The cap pair `computeFamilyTuition` takes for a setting; null when the studio has no cap. */
export function unlimitedCapOf(setting: UnlimitedSetting): UnlimitedCap | null {
  switch (setting.preset) {
    case 'none':
      return null;
    case 'custom':
      return { first: setting.first, others: setting.others };
    default:
      return { ...UNLIMITED_PRESETS[setting.preset] };
  }
}
