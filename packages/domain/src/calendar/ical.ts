import type { DateOnly } from '../dates';
import type { ICalEvent } from './event';

/**
 * iCalendar (RFC 5545) writing for the family's calendar feed (issue 19 point 5, decision 035): a
 * VCALENDAR of VEVENTs, each line ended by CRLF and folded at 75 octets. Timed events are written in UTC
 * (`…Z`), converted from the studio's wall time with its IANA zone, so the feed needs no VTIMEZONE and
 * every calendar app shows the same instant; all-day events are `VALUE=DATE` with an exclusive end.
 *
 * The family's events themselves (class meetings week by week, competition events) are made by
 * `familyCalendarEvents` (feed.ts), re-exported here.
 */

export * from './event';
export * from './feed';

/** The longest line in octets, CRLF not counted (RFC 5545 §3.1). */
export const ICAL_LINE_OCTETS = 75;

/**
 * TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon and comma get a backslash, a line break
 * (CRLF, LF or CR) becomes `\n`. Other control characters are not allowed in TEXT and are dropped.
 */
export function escapeText(value: string): string {
  // Most of a feed's texts (names, places, teachers) hold none of these: written as they are.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
  );
}

/** Any character `escapeText` changes: a backslash, semicolon, comma, or a control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those changed
const NEEDS_ESCAPE = /[\\;,\u0000-\u001F\u007F]/;

/** The reverse of `escapeText` (what a calendar app reads back), for tests and checks. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/**
 * A text's length in UTF-8 octets, counted from its UTF-16 code units without encoding it: one for
 * ASCII, two below U+0800, four for a surrogate pair (two units), three for the rest (a lone surrogate
 * is written as U+FFFD, three octets, as TextEncoder writes it).
 */
function octets(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) n += 1;
    else if (unit < 0x800) n += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The UTF-8 length of one code point, without encoding it. */
const charOctets = (char: string) => {
  const cp = char.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
};

/**
 * Folds one content line (RFC 5545 §3.1): no line longer than 75 octets, each continuation begun by a
 * space (which counts in its 75). A line is cut between characters only, never inside a character's
 * UTF-8 bytes nor between a surrogate pair's halves. Lines are joined by CRLF, with no final CRLF.
 */
export function foldLine(line: string): string {
  // A UTF-16 unit is at most three octets: a line of 25 units or fewer fits whatever it holds.
  if (line.length <= ICAL_LINE_OCTETS / 3 || octets(line) <= ICAL_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  // for…of walks code points: an emoji's two UTF-16 halves stay together.
  for (const char of line) {
    const n = charOctets(char);
    const room = parts.length === 0 ? ICAL_LINE_OCTETS : ICAL_LINE_OCTETS - 1;
    if (size + n > room) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.map((p, i) => (i === 0 ? p : ` ${p}`)).join('\r\n');
}

/** Unfolds a calendar's text (RFC 5545 §3.1): CRLF followed by a space or tab is removed. */
export function unfoldLines(text: string): string[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as an iCalendar UTC DATE-TIME: `20270316T210000Z`. */
export function icalUtc(instant: Date): string {
  return (
    `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** A date as an iCalendar DATE: `20270305`. */
export function icalDate(date: DateOnly): string {
  return date.replaceAll('-', '');
}

export type ICalendar = {
  /** The calendar's name in the subscriber's app (X-WR-CALNAME, NAME). */
  name: string;
  description?: string;
  /** When the feed was written: each event's DTSTAMP. */
  stamp: Date;
  /** How often apps are asked to fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL), in hours. */
  refreshHours?: number;
  events: readonly ICalEvent[];
};

export const ICAL_PRODID = '-//Pirouette//Family calendar//EN';

/** A property line: `NAME;PARAM=…:value`, folded. */
const prop = (name: string, value: string) => foldLine(`${name}:${value}`);

function eventLines(event: ICalEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', prop('UID', event.uid), prop('DTSTAMP', stamp)];
  if (event.when.kind === 'timed') {
    lines.push(prop('DTSTART', icalUtc(event.when.start)), prop('DTEND', icalUtc(event.when.end)));
  } else {
    lines.push(
      prop('DTSTART;VALUE=DATE', icalDate(event.when.start)),
      prop('DTEND;VALUE=DATE', icalDate(event.when.endExclusive)),
      // An all-day event does not make the person busy all day.
      'TRANSP:TRANSPARENT',
    );
  }
  lines.push(prop('SUMMARY', escapeText(event.summary)));
  if (event.location) lines.push(prop('LOCATION', escapeText(event.location)));
  if (event.description) lines.push(prop('DESCRIPTION', escapeText(event.description)));
  if (event.lastModified) lines.push(prop('LAST-MODIFIED', icalUtc(event.lastModified)));
  if (event.cancelled) lines.push('STATUS:CANCELLED');
  lines.push('END:VEVENT');
  return lines;
}

/** The whole calendar as iCalendar text: CRLF after every line, the last one included. */
export function writeICalendar(calendar: ICalendar): string {
  const stamp = icalUtc(calendar.stamp);
  const hours = calendar.refreshHours ?? 6;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    prop('PRODID', ICAL_PRODID),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    prop('X-WR-CALNAME', escapeText(calendar.name)),
    prop('NAME', escapeText(calendar.name)),
    ...(calendar.description
      ? [
          prop('X-WR-CALDESC', escapeText(calendar.description)),
          prop('DESCRIPTION', escapeText(calendar.description)),
        ]
      : []),
    prop('REFRESH-INTERVAL;VALUE=DURATION', `PT${hours}H`),
    prop('X-PUBLISHED-TTL', `PT${hours}H`),
    // An event's lines joined as it is written: one line per event in the calendar's list.
    ...calendar.events.map((e) => eventLines(e, stamp).join('\r\n')),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
