import { DEFAULT_TIME_ZONE, WEEKDAYS } from './constants';

/**
 * Calendar dates are `YYYY-MM-DD` strings in the studio's time zone (domain-rules.md, Units). They are
 * never turned into instants: arithmetic runs on day numbers (days since 1970-01-01, in UTC, where no
 * day is 23 or 25 hours long), so a daylight-saving change cannot move a date.
 */
export type DateOnly = string;

/** Weekdays are 0–6, Monday first (001 §9), unlike `Date#getDay` which starts on Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DASH = 45;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month, `month` 1–12. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return MONTH_DAYS[month - 1] ?? 31;
}

/** The number the decimal digits of `value` from `from` to `to` write, or -1 if one is not a digit. */
function digitsAt(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** Year, month (1–12) and day of a date string, or null when it is not a date that exists. */
export function dateParts(value: string): { year: number; month: number; day: number } | null {
  // `YYYY-MM-DD`, read digit by digit: dates are read wherever money and schedules are computed.
  if (value.length !== 10 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return null;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for a `YYYY-MM-DD` string naming a date that exists (2026-02-29 does not). */
export function isDateOnly(value: unknown): value is DateOnly {
  return typeof value === 'string' && dateParts(value) !== null;
}

function partsOrThrow(value: DateOnly) {
  const parts = dateParts(value);
  // Callers validate with `dateOnly` first; reaching this is a programming error, not a user's.
  if (!parts) throw new RangeError(`Not a date that exists: ${value}`);
  return parts;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date from its parts; the day is clamped to the month's length (day 31 of February is its last day). */
export function makeDate(year: number, month: number, day: number): DateOnly {
  const last = daysInMonth(year, month);
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(Math.max(day, 1), last))}`;
}

/*
 * Day numbers from dates and back by the proleptic Gregorian calendar's arithmetic (the algorithms of
 * Howard Hinnant's "chrono-compatible low-level date algorithms"), as Date.UTC counts them, without a
 * Date: years of 400 (146,097 days) that begin on March 1, so that February's leap day ends a year.
 */
const DAYS_PER_400_YEARS = 146_097;
/** Day 0 of the count (1970-01-01) is this many days after 0000-03-01. */
const EPOCH_AFTER_MARCH_OF_YEAR_0 = 719_468;

/** Days since 1970-01-01. */
export function dayNumber(value: DateOnly): number {
  const { year, month, day } = partsOrThrow(value);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_400_YEARS + dayOfEra - EPOCH_AFTER_MARCH_OF_YEAR_0;
}

/** The date `n` days after 1970-01-01 (a fraction of a day rounded down, as a Date reads it). */
export function fromDayNumber(n: number): DateOnly {
  const z = Math.floor(n) + EPOCH_AFTER_MARCH_OF_YEAR_0;
  const era = Math.floor(z / DAYS_PER_400_YEARS);
  const dayOfEra = z - era * DAYS_PER_400_YEARS;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function addDays(value: DateOnly, days: number): DateOnly {
  return fromDayNumber(dayNumber(value) + days);
}

/** Days from `from` to `to` inclusive: the same date is 1; 0 when `to` is before `from`. */
export function daysInclusive(from: DateOnly, to: DateOnly): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}

/** Negative, zero or positive, as `a` is before, equal to or after `b`. */
export function compareDates(a: DateOnly, b: DateOnly): number {
  return dayNumber(a) - dayNumber(b);
}

/** The weekday of a date, Monday = 0 … Sunday = 6. */
export function weekdayOf(value: DateOnly): Weekday {
  // 1970-01-01 was a Thursday (3).
  return ((((dayNumber(value) + 3) % 7) + 7) % 7) as Weekday;
}

export function weekdayName(day: Weekday): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[day];
}

export function startOfMonth(value: DateOnly): DateOnly {
  const { year, month } = partsOrThrow(value);
  return makeDate(year, month, 1);
}

export function endOfMonth(value: DateOnly): DateOnly {
  const { year, month } = partsOrThrow(value);
  return makeDate(year, month, 31);
}

/** True when `timeZone` is an IANA zone this runtime knows, e.g. America/New_York. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall clock of a zone, one formatter per zone made once: making an Intl.DateTimeFormat costs a
 * hundred times what using one does, and a page asks a studio's today many times (it was a fortieth of
 * the server's CPU, issue 20). Its parts: year, month, day, hour (0–23), minute, second. A zone the
 * runtime does not know throws when its formatter is made, and is not kept.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
export function wallClockOf(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

/**
 * The last date each zone's wall clock gave, with the UTC minute it was asked for: every instant of
 * that minute has the same date there, when the zone is a whole number of minutes off UTC at that
 * instant (every zone since 1972; older local mean times were not, and are never kept). Asking the
 * formatter cost 40–60 µs under the evening, and one request asks today several times (decision 100).
 */
const lastDates = new Map<string, { minute: number; date: DateOnly }>();
const MS_PER_MINUTE = 60_000;

/** The calendar date of an instant in a time zone: late evening in New York is already tomorrow in UTC. */
export function dateInZone(instant: Date, zone: string = DEFAULT_TIME_ZONE): DateOnly {
  const time = instant.getTime();
  const minute = Math.floor(time / MS_PER_MINUTE);
  const last = lastDates.get(zone);
  if (last && last.minute === minute) return last.date;
  const parts = wallClockOf(zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = makeDate(get('year'), get('month'), get('day'));
  // The wall clock's second is UTC's when the zone's offset is whole minutes.
  if (get('second') === Math.floor((time - minute * MS_PER_MINUTE) / 1000)) {
    lastDates.set(zone, { minute, date });
  }
  return date;
}

/** Today in the studio's time zone (default America/New_York). `now` is injectable for tests. */
export function todayInZone(zone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): DateOnly {
  return dateInZone(now, zone);
}
