import {
  type FamilyEmailKind,
  isFieldFallback,
  moneySettingsInput,
  type StudioMoneySettings,
  type StudioMoneySettingsInput,
  SURCHARGE_TEXT,
  UNLIMITED_PRESETS,
} from '@pirouette/domain';

/**
 * The tuition-rules form in dollars, as a person types them. `toMoneyBody` turns them into the API's
 * `studioMoneySettings` in cents; the shared `moneySettingsInput` checks the result for form and route.
 */
export type MoneyFormValues = {
  preset: 'A' | 'B' | 'C' | 'custom' | 'none';
  capFirst: number | string;
  capOthers: number | string;
  siblingIndex: 'student' | 'student+class';
  registrationFee: number | string;
  participation: string;
  lateFee: number | string;
  lateFeeDays: number | string;
  bouncedCheckFee: number | string;
  /** Class registration: parents' registrations wait for the owner; how long a waitlist offer holds. */
  approval: boolean;
  waitlistOfferHours: number | string;
  /** Which e-mails families receive (issue 31 point 11). */
  familyEmails: Record<FamilyEmailKind, boolean>;
  /** A surcharge on credit cards (decision 069): on or off, and its rate in percent as typed. */
  surchargeOn: boolean;
  surchargePercent: number | string;
};

const dollars = (cents: number) => cents / 100;
const cents = (v: number | string) => {
  const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
};
const whole = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

export function moneyFormOf(money: StudioMoneySettings): MoneyFormValues {
  const pair =
    money.unlimited.preset === 'custom'
      ? money.unlimited
      : money.unlimited.preset === 'none'
        ? UNLIMITED_PRESETS.A
        : UNLIMITED_PRESETS[money.unlimited.preset];
  return {
    preset: money.unlimited.preset,
    capFirst: dollars(pair.first),
    capOthers: dollars(pair.others),
    siblingIndex: money.siblingIndex,
    registrationFee: dollars(money.registrationFee.amount),
    participation: money.registrationFee.participation,
    lateFee: dollars(money.lateFee.amount),
    lateFeeDays: money.lateFee.afterDays,
    bouncedCheckFee: dollars(money.bouncedCheckFee.amount),
    approval: money.registration.approval,
    waitlistOfferHours: money.registration.waitlistOfferHours,
    familyEmails: { ...money.familyEmails },
    surchargeOn: money.cardSurcharge.bps > 0,
    surchargePercent: money.cardSurcharge.bps > 0 ? money.cardSurcharge.bps / 100 : '',
  };
}

export function toMoneyBody(v: MoneyFormValues): StudioMoneySettingsInput {
  return {
    unlimited:
      v.preset === 'custom'
        ? { preset: 'custom', first: cents(v.capFirst), others: cents(v.capOthers) }
        : { preset: v.preset },
    siblingIndex: v.siblingIndex,
    registrationFee: { amount: cents(v.registrationFee), participation: v.participation },
    lateFee: { amount: cents(v.lateFee), afterDays: whole(v.lateFeeDays) },
    bouncedCheckFee: { amount: cents(v.bouncedCheckFee) },
    // Sent whole: a body without it would put the studio's registration settings back to the defaults.
    registration: { approval: v.approval, waitlistOfferHours: whole(v.waitlistOfferHours) },
    familyEmails: { ...v.familyEmails },
    // A rate in percent is basis points over 100 (2.9 % is 290); off is 0.
    cardSurcharge: { bps: v.surchargeOn ? cents(v.surchargePercent) : 0 },
  };
}

const FIELD_OF: Record<string, keyof MoneyFormValues> = {
  'unlimited.first': 'capFirst',
  'unlimited.others': 'capOthers',
  'registrationFee.amount': 'registrationFee',
  'registrationFee.participation': 'participation',
  'lateFee.amount': 'lateFee',
  'lateFee.afterDays': 'lateFeeDays',
  'bouncedCheckFee.amount': 'bouncedCheckFee',
  siblingIndex: 'siblingIndex',
  'registration.waitlistOfferHours': 'waitlistOfferHours',
  'cardSurcharge.bps': 'surchargePercent',
};

/** The form's errors by field, from the shared schema's verdict on the body. */
export function moneyFormErrors(v: MoneyFormValues): Record<string, string> {
  const result = moneySettingsInput.safeParse(toMoneyBody(v));
  // A surcharge turned on asks for its rate (0 would be off).
  const errors: Record<string, string> =
    v.surchargeOn && cents(v.surchargePercent) === 0 ? { surchargePercent: SURCHARGE_TEXT.notWhole } : {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FIELD_OF[issue.path.map(String).join('.')] ?? 'preset';
    // zod's own wording (an empty box reaches the schema as NaN) is for developers, not for people.
    const zodWording =
      isFieldFallback(issue.message) || /^(Invalid input|Too small|Too big|Invalid)/.test(issue.message);
    const message = !zodWording
      ? issue.message
      : field === 'lateFeeDays'
        ? 'Please enter a number of days from 0 to 365'
        : field === 'surchargePercent'
          ? SURCHARGE_TEXT.notWhole
          : field === 'waitlistOfferHours'
            ? 'Please enter a number of hours from 1 to 168'
            : field === 'participation'
              ? 'Please enter the participation'
              : 'Please enter an amount';
    if (!(field in errors)) errors[field] = message;
  }
  return errors;
}

/** The draft as settings, or null while it is not valid. */
export function draftMoneySettings(v: MoneyFormValues): StudioMoneySettings | null {
  const result = moneySettingsInput.safeParse(toMoneyBody(v));
  return result.success ? result.data : null;
}
