import { z } from 'zod';
import {
  BOUNCED_CHECK_FEE_CENTS,
  LATE_FEE_AFTER_DAYS,
  LATE_FEE_CENTS,
  REGISTRATION_FEE_CENTS,
} from '../constants';
import { centsSchema } from '../money';
import { cardSurchargeSetting } from '../payments/surcharge';
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

/**
 * The e-mails a family receives about what it owes and its registrations (issue 31 point 11), each of
 * which the studio can turn off: a bill when charges post, a reminder before a late fee, the late fee's
 * notice, a returned check's notice, a registration's confirmation, an approval or rejection.
 */
export const FAMILY_EMAIL_KINDS = [
  'bill',
  'overdue',
  'lateFee',
  'returnedCheck',
  'registration',
  'approval',
] as const;
export type FamilyEmailKind = (typeof FAMILY_EMAIL_KINDS)[number];
/** The switches' names and what each sends, as the settings page shows them. */
export const FAMILY_EMAIL_LABELS: Record<FamilyEmailKind, { label: string; description: string }> = {
  bill: {
    label: 'Bills',
    description:
      'When charges post (a plan payment, a registration fee): what, why, the balance and a link to pay. Families on automatic payments get their reminder instead.',
  },
  overdue: {
    label: 'Overdue reminders',
    description: 'Three days before a late fee would be added to a payment still unpaid.',
  },
  lateFee: { label: 'Late fees', description: 'When a late fee is added, with what it is for.' },
  returnedCheck: {
    label: 'Returned checks',
    description: 'When a check comes back unpaid: the payment taken back and the returned check fee.',
  },
  registration: {
    label: 'Registration confirmations',
    description: 'When a family registers, or the studio registers it, for classes.',
  },
  approval: {
    label: 'Approvals and rejections',
    description: 'When the studio approves or rejects a registration that waited for it.',
  },
};
const allOn = Object.fromEntries(FAMILY_EMAIL_KINDS.map((k) => [k, true])) as Record<FamilyEmailKind, true>;
export const familyEmailSettings = z
  .object(
    Object.fromEntries(FAMILY_EMAIL_KINDS.map((k) => [k, z.boolean().default(true)])) as Record<
      FamilyEmailKind,
      z.ZodDefault<z.ZodBoolean>
    >,
  )
  .default(allOn);

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
  /** Which e-mails families receive (all on unless the studio turns one off). */
  familyEmails: familyEmailSettings,
  /** A surcharge on credit cards only (decision 069): off (0) unless the studio sets a rate. */
  cardSurcharge: cardSurchargeSetting,
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
