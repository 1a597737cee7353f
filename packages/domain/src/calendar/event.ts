import { addDays, type DateOnly, dateParts, wallClockOf } from '../dates';

/**
 * One event of an iCalendar feed and the times it is written with (decision 035): a timed event is a
 * range of instants, converted from the studio's wall time by `wallTimeToUtc`; an all-day event is a
 * range of dates with an exclusive end, as RFC 5545 writes it.
 */

/**
 * Offsets already read, by zone and quarter hour: a zone changes its offset only at a quarter hour of
 * UTC (local whole or half hours, offsets in quarter hours), so one reading holds for its quarter. A
 * feed read again, or another family's of the same studio, finds its offsets here.
 */
const QUARTER = 15 * 60_000;
const OFFSETS_KEPT = 100_000;
/** By zone, then by quarter hour (a number key: no string made for each look). */
const offsets = new Map<string, Map<number, number>>();
let offsetsKept = 0;

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: −5 h). */
function zoneOffset(instant: number, zone: string): number {
  const quarter = Math.floor(instant / QUARTER) * QUARTER;
  let ofZone = offsets.get(zone);
  const known = ofZone?.get(quarter);
  if (known !== undefined) return known;
  const offset = readOffset(quarter, zone);
  if (offsetsKept >= OFFSETS_KEPT) {
    offsets.clear();
    offsetsKept = 0;
    ofZone = undefined;
  }
  if (!ofZone) {
    ofZone = new Map();
    offsets.set(zone, ofZone);
  }
  ofZone.set(quarter, offset);
  offsetsKept++;
  return offset;
}

function readOffset(instant: number, zone: string): number {
  const parts = wallClockOf(zone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - instant;
}

/**
 * The instant a wall-clock time of a date has in an IANA zone, daylight saving taken into account: 5 PM
 * in New York is 22:00 UTC in winter and 21:00 UTC in summer. A time skipped by the spring change (2:30
 * AM that day) is read with the offset before the change, so it lands an hour later, as clocks show it;
 * a time that happens twice in the autumn is the first of the two.
 */
export function wallTimeToUtc(date: DateOnly, time: string, zone: string): Date {
  const d = dateParts(date);
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time);
  if (!d || !t) throw new RangeError(`Not a date and time: ${date} ${time}`);
  const wall = Date.UTC(d.year, d.month - 1, d.day, Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  // The zone's offsets half a day either side (no zone changes twice in a day): each one that reads
  // back to the wall time gives an instant; the earliest is taken, and none means the time was skipped.
  const before = zoneOffset(wall - HALF_DAY, zone);
  const after = zoneOffset(wall + HALF_DAY, zone);
  const fits = [before, after].map((o) => wall - o).filter((t) => t + zoneOffset(t, zone) === wall);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before);
}

const HALF_DAY = 12 * 3_600_000;

/** When an event happens: an instant range (UTC), or whole days (`end` exclusive, the day after the last). */
export type ICalWhen =
  | { kind: 'timed'; start: Date; end: Date }
  | { kind: 'all-day'; start: DateOnly; endExclusive: DateOnly };

export type ICalEvent = {
  /** Stable for the same occurrence from one fetch to the next, so apps update rather than duplicate. */
  uid: string;
  when: ICalWhen;
  summary: string;
  description?: string;
  location?: string;
  /** Last change of what the event says, when known (apps use it to tell a changed event). */
  lastModified?: Date;
  /** A meeting the studio cancelled (a closure, decision 062): apps show it struck through or drop it. */
  cancelled?: boolean;
};

/** An all-day range from its first to its last day (both included). */
export const allDay = (first: DateOnly, last: DateOnly): ICalWhen => ({
  kind: 'all-day',
  start: first,
  endExclusive: addDays(last, 1),
});
