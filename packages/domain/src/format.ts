/** Display helpers shared by the server (mail) and the screens. */

/** Digits of a phone number; a leading US country code 1 on 11 digits is dropped. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (000) 000-0000 for 10 digits; anything else is shown as it was entered. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const d = phoneDigits(value);
  if (d.length !== 10) return value;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** A date-time shown in the studio's time zone, e.g. "Nov 21, 2026, 9:30 AM". */
export function formatDateTime(value: string | Date, timeZone: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  let format = DATE_TIMES.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    DATE_TIMES.set(timeZone, format);
  }
  return format.format(date);
}
/** One format per time zone (an unknown zone throws on making, as before, and is never kept). */
const DATE_TIMES = new Map<string, Intl.DateTimeFormat>();

// Made once (making one costs a hundred times what using it does).
const DATE_ONLY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A date-only string (YYYY-MM-DD) shown as e.g. "Sep 1, 2026"; it is a calendar date, so no zone shift. */
export function formatDateOnly(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  return DATE_ONLY.format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A text with each date-only `YYYY-MM-DD` in it shown as `formatDateOnly` shows it: for what people
 * read of lines written before their dates were put in words (a ledger line is never rewritten).
 */
export function datesInWords(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, formatDateOnly);
}

/** A count with its noun: `countOf(1, 'class', 'classes')` → "1 class", `countOf(3, …)` → "3 classes". */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What holds a record, for the messages that refuse its delete: the non-zero counts joined with "and",
 * e.g. "2 classes and 1 private lesson"; `pronoun` is "it" for one thing, else "them".
 */
export function holders(counts: readonly [n: number, one: string, many: string][]): {
  text: string;
  pronoun: 'it' | 'them';
} {
  const held = counts.filter(([n]) => n > 0);
  const total = held.reduce((sum, [n]) => sum + n, 0);
  return {
    text: held.map(([n, one, many]) => countOf(n, one, many)).join(' and '),
    pronoun: total === 1 ? 'it' : 'them',
  };
}
