import { LEVELS, limits } from '../constants';
import { compareDates, dateParts, fromDayNumber, makeDate } from '../dates-core';
import { DOB_YEARS_BACK } from '../families/options';
import { directionControlMessage, email, isOneLine, keepsDirection } from '../fields';
import { formatDateOnly, phoneDigits } from '../format';

/**
 * Reading the cells of an imported file (issue 35, decision 055). Each reader takes a cell's text and
 * the column's name as the file gives it, and answers its value or a refusal: a code (which the import
 * decides by) and a sentence for the owner, naming the column ("Balance "abc" is not an amount of
 * money."); the row is put before it by the reader of the file. US forms only: `MM/DD/YYYY`, `$1,234.50`,
 * 10-digit phones.
 */

export const CELL_REFUSALS = [
  'too-long',
  'formula',
  'control',
  'direction',
  'required',
  'not-a-date',
  'date-in-future',
  'date-too-old',
  'date-after-import',
  'not-a-phone',
  'not-money',
  'money-too-large',
  'not-an-email',
  'not-a-day',
  'several-days',
  'not-a-time',
  'not-ages',
  'not-a-level',
  'not-a-gender',
  'not-a-number',
  'not-a-state',
  'not-a-zipcode',
] as const;
export type CellRefusalCode = (typeof CELL_REFUSALS)[number];

export type CellRead<T> = { ok: true; value: T } | { ok: false; code: CellRefusalCode; sentence: string };

const ok = <T>(value: T): CellRead<T> => ({ ok: true, value });
const no = <T>(code: CellRefusalCode, sentence: string): CellRead<T> => ({ ok: false, code, sentence });

/** The longest text cell read: no field of a studio's files needs more (a note, an address). */
export const CELL_MAX = 500;
/** The longest cell of a column the import leaves out: it is never kept, but a larger one is hostile. */
export const IGNORED_CELL_MAX = 10_000;
/** The largest opening balance or price, cents ($1,000,000). */
export const MONEY_MAX_CENTS = 100_000_000;

/** A cell as a sentence quotes it: at most 40 characters. */
export const shown = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

const count = (n: number) => n.toLocaleString('en-US');

/** A spreadsheet runs a cell starting with = + - @ (or a tab or CR) as a formula; "-20", "+1 973…", "-$5" are not. */
const FORMULA = /^(?:[=@\t\r]|[+-](?![\s$]*[\d.])(?=.))/s;

/** True when a spreadsheet opening the cell would run it as a formula. */
export const isFormula = (cell: string) => FORMULA.test(cell);

/**
 * The first reading of every cell the import keeps: refused when longer than `max` (its length said,
 * never its text), when a spreadsheet would run it as a formula, or when it holds control characters,
 * markup brackets or the invisible characters that turn text around; else trimmed, its line breaks
 * and runs of spaces made one space.
 */
export function checkCell(cell: string, label: string, max = CELL_MAX): CellRead<string> {
  if (cell.length > max) {
    return no(
      'too-long',
      `${label} is ${count(cell.length)} characters long; a cell may hold at most ${count(max)}.`,
    );
  }
  if (isFormula(cell)) {
    const first = cell[0] === '\t' ? 'a tab' : cell[0] === '\r' ? 'a line break' : `“${cell[0]}”`;
    return no(
      'formula',
      `${label} starts with ${first}, which a spreadsheet would run as a formula. Remove it from the cell.`,
    );
  }
  const text = cell
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (!keepsDirection(text)) return no('direction', directionControlMessage(label));
  if (!isOneLine(text)) return no('control', `${label} contains characters that are not allowed.`);
  return ok(text);
}

// ——— Dates ———

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (word: string) => {
  const w = word.toLowerCase().replace(/\.$/, '');
  const i = MONTHS.indexOf(w.slice(0, 3));
  const full = [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ];
  return i >= 0 && (w.length === 3 || full[i]?.startsWith(w) || (i === 8 && w === 'sept')) ? i + 1 : 0;
};

/** Day 1 of Excel's calendar (serial 1 is 1900-01-01; serial 60 is its false 1900-02-29, so day 0 is 1899-12-30). */
const EXCEL_DAY_ZERO = -25569;

const TIME_TAIL = String.raw`(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AP]M)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME_TAIL}$`, 'i');
const US = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})${TIME_TAIL}$`, 'i');
const WORDS_MDY = /^(?:[a-z]{3,9},?\s+)??([a-z]{3,9}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const WORDS_DMY = /^(\d{1,2})\s+([a-z]{3,9}\.?),?\s+(\d{4})$/i;
const SERIAL = /^(\d{5})(?:\.\d+)?$/;

/** A two-digit year: this century when that is not after `today`'s year, else the last. */
const fullYear = (yy: string, today: string) => {
  if (yy.length === 4) return Number(yy);
  const thisYear = dateParts(today)?.year ?? 2000;
  const y = 2000 + Number(yy);
  return y <= thisYear ? y : y - 100;
};

function dateOfParts(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1000) return null;
  const date = makeDate(year, month, day);
  // makeDate clamps the day to the month: a date that does not exist (02/30) is not read as another.
  return dateParts(date)?.day === day ? date : null;
}

function dateOf(text: string, today: string): string | null {
  let m = ISO.exec(text);
  if (m) return dateOfParts(Number(m[1]), Number(m[2]), Number(m[3]));
  m = US.exec(text);
  if (m) return dateOfParts(fullYear(m[3] ?? '', today), Number(m[1]), Number(m[2]));
  m = WORDS_MDY.exec(text);
  if (m) return dateOfParts(Number(m[3]), monthOf(m[1] ?? ''), Number(m[2]));
  m = WORDS_DMY.exec(text);
  if (m) return dateOfParts(Number(m[3]), monthOf(m[2] ?? ''), Number(m[1]));
  m = SERIAL.exec(text);
  if (m) return fromDayNumber(Number(m[1]) + EXCEL_DAY_ZERO);
  return null;
}

/**
 * A date: `MM/DD/YYYY`, `M/D/YY`, `MM-DD-YYYY`, `YYYY-MM-DD`, "Jan 5, 2015", "5 January 2015", or an
 * Excel day number (five digits). A time after it is dropped. `DD.MM.YYYY` and day-first forms are not
 * read: 05/01/2015 is May 1.
 */
export function readDate(text: string, label: string, today: string): CellRead<string> {
  const date = dateOf(text.trim(), today);
  return date ? ok(date) : no('not-a-date', `${label} ${shown(text)} is not a date; write it as MM/DD/YYYY.`);
}

/** A date of birth: a date, not after `today`, not more than DOB_YEARS_BACK years before it. */
export function readBirthDate(text: string, label: string, today: string): CellRead<string> {
  const read = readDate(text, label, today);
  if (!read.ok) return read;
  if (compareDates(read.value, today) > 0) {
    return no('date-in-future', `${label} ${formatDateOnly(read.value)} is in the future.`);
  }
  const now = dateParts(today);
  if (now && compareDates(read.value, makeDate(now.year - DOB_YEARS_BACK, now.month, now.day)) < 0) {
    return no(
      'date-too-old',
      `${label} ${formatDateOnly(read.value)} is more than ${DOB_YEARS_BACK} years ago.`,
    );
  }
  return read;
}

/** The day of a balance: a date, not after the import's day. */
export function readBalanceDate(text: string, label: string, today: string): CellRead<string> {
  const read = readDate(text, label, today);
  if (!read.ok) return read;
  if (compareDates(read.value, today) > 0) {
    return no(
      'date-after-import',
      `${label} ${formatDateOnly(read.value)} is after today (${formatDateOnly(today)}): a balance is what was owed on a day past.`,
    );
  }
  return read;
}

// ——— Phones, e-mail, addresses ———

const EXTENSION = /\s*(?:x|ext\.?|extension|#)\s*\d{1,6}\s*$/i;

/** A US phone in any common form ("(973) 555-0142", "973.555.0142", "+1 973 555 0142"), an extension dropped: 10 digits, or '' when empty. */
export function readPhone(text: string, label: string): CellRead<string> {
  const t = text.trim().replace(EXTENSION, '');
  if (t === '') return ok('');
  const digits = phoneDigits(t);
  if (/[a-z]/i.test(t) || digits.length !== 10) {
    return no('not-a-phone', `${label} ${shown(text)} is not a 10-digit phone number.`);
  }
  return ok(digits);
}

/** An e-mail address, lower case, by the rule of every e-mail field; '' when empty. */
export function readEmail(text: string, label: string): CellRead<string> {
  if (text.trim() === '') return ok('');
  const read = email.safeParse(text);
  return read.success
    ? ok(read.data)
    : no('not-an-email', `${label} ${shown(text)} is not an e-mail address.`);
}

const STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
};

/** A state: its two letters or its name ("New Jersey" → NJ); '' when empty. */
export function readState(text: string, label: string): CellRead<string> {
  const t = text.trim().replace(/\.$/, '');
  if (t === '') return ok('');
  if (/^[a-z]{2}$/i.test(t)) return ok(t.toUpperCase());
  const code = STATES[t.toLowerCase().replace(/\s+/g, ' ')];
  return code ? ok(code) : no('not-a-state', `${label} ${shown(text)} is not a US state.`);
}

/** A ZIP code: 5 digits or ZIP+4; 4 digits get back the leading zero a spreadsheet dropped (07030). */
export function readZipcode(text: string, label: string): CellRead<string> {
  const t = text.trim();
  if (t === '') return ok('');
  if (/^\d{5}(-\d{4})?$/.test(t)) return ok(t);
  if (/^\d{4}$/.test(t)) return ok(`0${t}`);
  if (/^\d{9}$/.test(t)) return ok(`${t.slice(0, 5)}-${t.slice(5)}`);
  return no('not-a-zipcode', `${label} ${shown(text)} is not a 5-digit ZIP code.`);
}

// ——— Money ———

/**
 * An amount of money in cents: "$1,234.50", "1234.5", "-$20.00", "$-20", "($20.00)" (negative, as
 * accountants write it). Commas only between thousands; at most two decimals (a number a spreadsheet
 * stored as 12.3000000001 is read as 12.30). "1.234,50" is not read.
 */
export function readMoney(text: string, label: string): CellRead<number> {
  const refuse = no<number>('not-money', `${label} ${shown(text)} is not an amount of money.`);
  let t = text.trim();
  let negative = false;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) [negative, t] = [true, (paren[1] ?? '').trim()];
  const sign = () => {
    if (!t.startsWith('-')) return true;
    if (negative) return false;
    [negative, t] = [true, t.slice(1).trim()];
    return true;
  };
  if (!sign()) return refuse;
  if (t.startsWith('$')) t = t.slice(1).trim();
  if (!sign()) return refuse;
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) return refuse;
  const whole = (m[1] ?? '0').replace(/,/g, '');
  let decimals = m[2] ?? '';
  if (decimals.length > 2) {
    const cents = Number(`0.${decimals}`) * 100;
    if (Math.abs(cents - Math.round(cents)) > 1e-6 || Math.round(cents) >= 100) return refuse;
    decimals = String(Math.round(cents)).padStart(2, '0');
  }
  if (whole.length > 9) return no('money-too-large', `${label} ${shown(text)} is more than $1,000,000.`);
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (cents > MONEY_MAX_CENTS)
    return no('money-too-large', `${label} ${shown(text)} is more than $1,000,000.`);
  return ok(negative && cents !== 0 ? -cents : cents);
}

// ——— Names ———

const hasCase = (s: string) => s.toUpperCase() !== s.toLowerCase();

/** A word's first letter, and each letter after a hyphen or an apostrophe, upper case: "o'brien" → "O'Brien". */
const titleWord = (word: string) =>
  word.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

/** A name trimmed, its spaces made one; title case only when it is all upper or all lower case. */
export function cleanName(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!hasCase(t) || (t !== t.toUpperCase() && t !== t.toLowerCase())) return t;
  return t.split(' ').map(titleWord).join(' ');
}

/** A name, at most the name limit of every form. */
export function readName(text: string, label: string): CellRead<string> {
  const name = cleanName(text);
  if (name.length > limits.name) {
    return no(
      'too-long',
      `${label} is ${count(name.length)} characters long; a name may hold at most ${limits.name}.`,
    );
  }
  return ok(name);
}

/** A whole name: "Last, First" split at its comma, "First Last" at its last space, one word a first name. */
export function splitName(text: string): { firstName: string; lastName: string } {
  const comma = text.indexOf(',');
  if (comma >= 0)
    return { firstName: cleanName(text.slice(comma + 1)), lastName: cleanName(text.slice(0, comma)) };
  const t = cleanName(text);
  const space = t.lastIndexOf(' ');
  if (space < 0) return { firstName: t, lastName: '' };
  return { firstName: t.slice(0, space), lastName: t.slice(space + 1) };
}

// ——— Classes: days, times, ages, levels; dancers: gender ———

const DAYS: Record<string, number> = {
  monday: 0,
  mon: 0,
  mo: 0,
  m: 0,
  tuesday: 1,
  tues: 1,
  tue: 1,
  tu: 1,
  wednesday: 2,
  wed: 2,
  we: 2,
  w: 2,
  thursday: 3,
  thurs: 3,
  thur: 3,
  thu: 3,
  th: 3,
  r: 3,
  friday: 4,
  fri: 4,
  fr: 4,
  f: 4,
  saturday: 5,
  sat: 5,
  sa: 5,
  sunday: 6,
  sun: 6,
  su: 6,
};
const dayOfWord = (word: string): number | undefined => {
  const w = word.toLowerCase().replace(/\.$/, '');
  return DAYS[w] ?? (w.endsWith('s') ? DAYS[w.slice(0, -1)] : undefined);
};

/**
 * A day of the week, 0 Monday … 6 Sunday: its name, plural or short ("Monday", "Mondays", "Mon", "M",
 * "Tu", "Thurs", "R"). A number is not read (0–6 and 1–7 both exist, Sunday or Monday first), nor a
 * list of days (a Pirouette class meets once a week).
 */
export function readDay(text: string, label: string): CellRead<number> {
  const t = text.trim();
  const day = dayOfWord(t);
  if (day !== undefined) return ok(day);
  const words = t.split(/\s*(?:[,/&+;]|\band\b|\s)\s*/i).filter((w) => w !== '');
  if (words.length > 1 && words.every((w) => dayOfWord(w) !== undefined)) {
    return no(
      'several-days',
      `${label} ${shown(text)} names more than one day; a class meets on one day a week: give each day its own row.`,
    );
  }
  return no('not-a-day', `${label} ${shown(text)} is not a day of the week; write its name (Monday or Mon).`);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A time of day as HH:MM: "4:00 PM", "4pm", "4:00p", "4:00 p.m.", "16:00", "16:00:00", "noon", or a spreadsheet's fraction of a day. */
export function readTime(text: string, label: string): CellRead<string> {
  const t = text.trim().toLowerCase();
  const refuse = no<string>(
    'not-a-time',
    `${label} ${shown(text)} is not a time of day; write it as 4:00 PM or 16:00.`,
  );
  if (t === 'noon') return ok('12:00');
  if (/^0?\.\d+$/.test(t)) {
    const minutes = Math.round(Number(t) * 1440);
    return minutes < 1440 ? ok(`${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`) : refuse;
  }
  const h12 = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap])\.?\s*(?:m\.?)?$/.exec(t);
  if (h12) {
    const hour = Number(h12[1]);
    const minute = Number(h12[2] ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) return refuse;
    return ok(`${pad2((hour % 12) + (h12[3] === 'p' ? 12 : 0))}:${pad2(minute)}`);
  }
  const h24 = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(t);
  if (h24) {
    const hour = Number(h24[1]);
    const minute = Number(h24[2]);
    return hour < 24 && minute < 60 ? ok(`${pad2(hour)}:${pad2(minute)}`) : refuse;
  }
  return refuse;
}

/** A start and an end time in one cell: "4:00-5:00 PM", "4:00 PM - 5:00 PM", "16:00–17:00", "4pm to 5pm". */
export function readTimeRange(text: string, label: string): CellRead<{ start: string; end: string }> {
  const refuse = no<{ start: string; end: string }>(
    'not-a-time',
    `${label} ${shown(text)} is not a start and an end time; write it as 4:00-5:00 PM.`,
  );
  const parts = text.trim().split(/\s*(?:-|–|—|\bto\b)\s*/i);
  if (parts.length !== 2) return refuse;
  const [first = '', second = ''] = parts;
  const end = readTime(second, label);
  if (!end.ok) return refuse;
  const suffix = /([ap])\.?\s*(?:m\.?)?$/i.exec(second)?.[1];
  let start = readTime(first, label);
  if (suffix && !/[ap]\.?\s*(?:m\.?)?$/i.test(first)) {
    // "4:00-5:00 PM": the start takes the end's half of the day, unless that puts it after the end ("11:30-12:30 PM").
    const same = readTime(`${first} ${suffix}m`, label);
    const other = readTime(`${first} ${suffix.toLowerCase() === 'p' ? 'a' : 'p'}m`, label);
    start = same.ok && same.value < end.value ? same : other.ok ? other : start;
  }
  if (!start.ok || start.value >= end.value) return refuse;
  return ok({ start: start.value, end: end.value });
}

export const AGE_MAX = 99;

/** One age in years: "5", "5 yrs", "3y 6m" (years kept), "3.5". */
export function readAge(text: string, label: string): CellRead<number> {
  // Jackrabbit's class listings write ages as ISO durations: P3Y6M.
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^p(\d{1,2})y(\d{1,2}m)?$/, '$1y');
  const m =
    /^(\d{1,2})(?:\.\d+)?\s*(?:y|yr|yrs|years?|yo)?\.?(?:\s*\d{1,2}\s*(?:m|mo|mos|months?)\.?)?$/.exec(t);
  if (!m) return no('not-ages', `${label} ${shown(text)} is not an age in years.`);
  return ok(Number(m[1]));
}

/** An age range: "3-5", "3 to 5", "Ages 3–5", "5+", "5 and up", one age, "Adult", "All ages". */
export function readAges(text: string, label: string): CellRead<{ min: number; max: number }> {
  const refuse = no<{ min: number; max: number }>(
    'not-ages',
    `${label} ${shown(text)} is not an age range; write it as 3-5, 3 to 5 or 5+.`,
  );
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^ages?\s*/, '')
    .replace(/\s*(?:y|yrs?|years?|yo)\.?(?=\s|$|-|–|\+)/g, '')
    .trim();
  if (/^(?:all|all ages|any)$/.test(t)) return ok({ min: 0, max: AGE_MAX });
  if (/^adults?$/.test(t)) return ok({ min: 18, max: AGE_MAX });
  const range = /^(\d{1,2})\s*(?:-|–|—|to|through)\s*(\d{1,2})$/.exec(t);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return min <= max ? ok({ min, max }) : refuse;
  }
  const up = /^(\d{1,2})\s*(?:\+|and up|& up|and older|& over|and over)$/.exec(t);
  if (up) return ok({ min: Number(up[1]), max: AGE_MAX });
  const one = /^(\d{1,2})$/.exec(t);
  return one ? ok({ min: Number(one[1]), max: Number(one[1]) }) : refuse;
}

const levelKey = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** A level, 1–7: its number ("3", "Level 3") or its name ("Intermediate/Advanced"); 1 when empty. */
export function readLevel(text: string, label: string): CellRead<number> {
  const t = text.trim();
  if (t === '') return ok(1);
  const n = /^(?:level\s*)?([1-7])$/i.exec(t);
  if (n) return ok(Number(n[1]));
  const i = LEVELS.findIndex((name) => levelKey(name) === levelKey(t));
  if (i >= 0) return ok(i + 1);
  return no(
    'not-a-level',
    `${label} ${shown(text)} is not a level; write 1 to 7 or one of ${LEVELS.join(', ')}.`,
  );
}

const GENDERS: Record<string, 'F' | 'M'> = {
  f: 'F',
  female: 'F',
  girl: 'F',
  g: 'F',
  w: 'F',
  woman: 'F',
  m: 'M',
  male: 'M',
  boy: 'M',
  b: 'M',
  man: 'M',
};

/** F or M: "F", "Female", "Girl", "M", "Male", "Boy"…; F when empty (the registration form's default). */
export function readGender(text: string, label: string): CellRead<'F' | 'M'> {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (t === '') return ok('F');
  const gender = GENDERS[t];
  return gender
    ? ok(gender)
    : no(
        'not-a-gender',
        `${label} ${shown(text)} is not F or M; write F (female, girl) or M (male, boy), or leave it empty.`,
      );
}

/** A whole number from `min` to `max` ("20", "20.0"). */
export function readWhole(text: string, label: string, min: number, max: number): CellRead<number> {
  const m = /^(\d{1,6})(?:\.0+)?$/.exec(text.trim());
  const n = m ? Number(m[1]) : Number.NaN;
  return n >= min && n <= max
    ? ok(n)
    : no('not-a-number', `${label} ${shown(text)} is not a whole number from ${min} to ${max}.`);
}
