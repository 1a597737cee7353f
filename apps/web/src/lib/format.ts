import { DEFAULT_TIME_ZONE, formatDateOnly, formatDateTime, phoneDigits } from '@pirouette/domain';

/** A date-time in the studio's time zone (the signed-in person's, default America/New_York). */
export function studioDateTime(value: string | Date, timeZone?: string | null) {
  return formatDateTime(value, timeZone || DEFAULT_TIME_ZONE);
}

/** A year term's span, e.g. "Sep 1, 2026 – Jun 30, 2027". */
export function dateRange(start: string, end: string) {
  return `${formatDateOnly(start)} – ${formatDateOnly(end)}`;
}

/** Formats a phone number while it is typed: "(555) 12", "(555) 123-4567". */
export function formatPhoneTyping(value: string): string {
  const d = phoneDigits(value).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The verify_password rule in a few words, shown under new-password fields before anything is typed. */
export const PASSWORD_HINT =
  'At least 6 characters, with an uppercase letter, a lowercase letter and a number.';
