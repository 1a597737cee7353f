import { isAllAges } from '../class-registration/eligibility';
import { compareDates, type DateOnly, wallClockOf } from '../dates-core';
import { ageInQuarterYears } from '../families/age';

/**
 * Make-up classes (issue 36 point 4, decision 064), pure: which meetings a dancer holding a credit may
 * make up in, and whether a booked make-up may still be cancelled. The server asks these under its locks
 * and the portal lists what they allow, so both give one answer. A refusal is a code (`MakeupRefusal`),
 * its sentence in `MAKEUP_TEXT`.
 */

/** A make-up is booked at least this long before the class starts (the teacher learns of the guest). */
export const MAKEUP_BOOKING_LEAD_MINUTES = 60;
/** The bookable meetings listed for one credit, at most. */
export const MAKEUP_OPTIONS_MAX = 20;

export const MAKEUP_REFUSALS = [
  'credit_not_open',
  'own_class',
  'not_related',
  'age',
  'not_a_meeting',
  'cancelled',
  'too_late',
  'after_expiry',
  'already_booked',
  'full',
] as const;
export type MakeupRefusal = (typeof MAKEUP_REFUSALS)[number];

/** The area's sentences: a refusal's, and the answers' of each change. */
export const MAKEUP_TEXT = {
  credit_not_open: 'This make-up credit is no longer open: it was booked, used, expired or removed.',
  own_class: 'This is one of the dancer’s own classes: choose another class for the make-up.',
  not_related: 'A make-up is taken in a class of the same level or genre as the class missed.',
  age: 'The dancer’s age is outside this class’s age range on that date.',
  not_a_meeting: 'This class does not meet on that date.',
  cancelled: 'This class is cancelled on that date (a studio closure).',
  too_late: `A make-up is booked at least ${MAKEUP_BOOKING_LEAD_MINUTES} minutes before the class starts; this one is too soon or has passed.`,
  after_expiry: 'This date is after the make-up credit expires.',
  already_booked: 'The dancer is already booked into this class on that date.',
  full: 'This class has no place free on that date.',
  creditNotFound: 'This make-up credit could not be found.',
  bookingNotFound: 'This make-up booking could not be found.',
  classNotFound: 'This class could not be found.',
  studentNotFound: 'This dancer could not be found in the family.',
  pastCutoff: (hours: number) =>
    `A make-up can be cancelled until ${hours} hour${hours === 1 ? '' : 's'} before the class starts; it is too late to cancel this one.`,
  booked: 'Make-up booked.',
  bookingCancelled: 'Make-up cancelled: the credit is yours to book again.',
  bookingCancelledExpired: 'Make-up cancelled. The credit has expired, so it cannot be booked again.',
  granted: 'Make-up credit given.',
  removed: 'Make-up credit removed.',
  expiresTooSoon: 'The credit must expire today or later.',
  expiresTooLate: 'A credit can be valid for at most a year.',
  settingsSaved: 'Attendance settings saved.',
} as const;

/** The missed class a credit makes up: its level and genres (null for a credit given by hand). */
export type MissedClass = { classId: string; level: number; genreIds: readonly string[] };

/** A class's meeting a make-up could be booked into, with what its place count needs. */
export type MakeupTarget = {
  classId: string;
  level: number;
  genreIds: readonly string[];
  ageMin: number;
  ageMax: number;
  nMax: number;
  date: DateOnly;
  /** The meeting's start: the date at the class's start time, in the studio's time zone. */
  startsAt: Date;
  /** The class meets on that date (its weekday, within its term). */
  meets: boolean;
  /** A closure cancels it. */
  cancelled: boolean;
  /** The dancers the meeting expects (`expectedOn` over the class's roster). */
  expected: number;
  /** The make-ups booked into it (state 'booked'). */
  booked: number;
  /**
   * The class's open waitlist offers: each holds a place until taken or ended, as registration counts it
   * (decision 064).
   */
  offered: number;
};

export type MakeupCheck = {
  credit: { state: string; expiresOn: DateOnly; missed: MissedClass | null };
  dancer: { dob: string | null };
  target: MakeupTarget;
  /** The dancer is expected at this meeting (one of their own classes). */
  enrolledThere: boolean;
  /** The dancer already has a make-up booked into this meeting. */
  bookedThere: boolean;
  now: Date;
};

/**
 * Whether a class relates to the missed one: the same level, or a genre in common. A credit given by hand
 * names no class, so any class relates.
 */
export function relatesTo(missed: MissedClass | null, target: Pick<MakeupTarget, 'level' | 'genreIds'>) {
  if (missed === null) return true;
  return missed.level === target.level || target.genreIds.some((g) => missed.genreIds.includes(g));
}

/**
 * Whether the dancer's age fits the class's range on some day of [from, to] (`ageFits` on that day). Ages
 * only grow, so the window's ages are every whole year from its first day's to its last day's: a class
 * that fits none of them is refused for `age` at every meeting in the window, and a make-up list need
 * not read it.
 */
export function ageFitsWithin(
  dob: string | null,
  cls: { ageMin: number; ageMax: number },
  from: DateOnly,
  to: DateOnly,
) {
  if (isAllAges({ age_min: cls.ageMin, age_max: cls.ageMax })) return true;
  const last = dob ? ageInQuarterYears(dob, to) : null;
  if (dob === null || last === null) return false;
  // Born within the window: 0 from the birthday on.
  const first = ageInQuarterYears(dob, from) ?? 0;
  return Math.floor(first) <= cls.ageMax && Math.floor(last) >= cls.ageMin;
}

/** Whether the dancer's age in whole years on `date` is within the class's range (all ages: always). */
export function ageFits(dob: string | null, cls: { ageMin: number; ageMax: number }, date: DateOnly) {
  const range = { age_min: cls.ageMin, age_max: cls.ageMax };
  if (isAllAges(range)) return true;
  const quarters = dob ? ageInQuarterYears(dob, date) : null;
  if (quarters === null) return false;
  const age = Math.floor(quarters);
  return age >= cls.ageMin && age <= cls.ageMax;
}

/**
 * The places left at a meeting: its maximum less the dancers expected, the make-ups booked and the
 * class's open waitlist offers.
 */
export const placesLeft = (t: Pick<MakeupTarget, 'nMax' | 'expected' | 'booked' | 'offered'>) =>
  Math.max(0, t.nMax - t.expected - t.booked - t.offered);

/** The last instant a make-up into a meeting starting at `startsAt` may be booked. */
export const bookingCutoff = (startsAt: Date) =>
  new Date(startsAt.getTime() - MAKEUP_BOOKING_LEAD_MINUTES * 60_000);

/**
 * Why the dancer may not make up in this meeting, or null when they may. The checks run in this order,
 * so the first refusal is the one a parent can do least about.
 */
export function makeupRefusal(c: MakeupCheck): MakeupRefusal | null {
  const { credit, target } = c;
  if (credit.state !== 'open') return 'credit_not_open';
  if (credit.missed?.classId === target.classId || c.enrolledThere) return 'own_class';
  if (!relatesTo(credit.missed, target)) return 'not_related';
  if (!ageFits(c.dancer.dob, target, target.date)) return 'age';
  if (!target.meets) return 'not_a_meeting';
  if (target.cancelled) return 'cancelled';
  if (c.now.getTime() > bookingCutoff(target.startsAt).getTime()) return 'too_late';
  if (compareDates(target.date, credit.expiresOn) > 0) return 'after_expiry';
  if (c.bookedThere) return 'already_booked';
  if (placesLeft(target) <= 0) return 'full';
  return null;
}

/** The last instant a booked make-up may be cancelled: `cancelHours` before the meeting starts. */
export const cancelCutoff = (startsAt: Date, cancelHours: number) =>
  new Date(startsAt.getTime() - cancelHours * 3_600_000);

/** Whether a booked make-up may still be cancelled at `now`. */
export const mayCancel = (startsAt: Date, cancelHours: number, now: Date) =>
  now.getTime() <= cancelCutoff(startsAt, cancelHours).getTime();

/**
 * The instant a wall-clock time (`HH:MM` or `HH:MM:SS`) on `date` is in `zone`: the meeting's start. Twice
 * corrected, so a day that changes the clocks gives the instant the studio's clock shows.
 */
export function wallTimeIn(date: DateOnly, time: string, zone: string): Date {
  const [h = '00', m = '00'] = time.split(':');
  const wanted = Date.parse(`${date}T${h.padStart(2, '0')}:${m.padStart(2, '0')}:00Z`);
  const format = wallClockOf(zone);
  const seenAt = (instant: number) => {
    const parts = format.formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
  };
  let guess = wanted - (seenAt(wanted) - wanted);
  guess -= seenAt(guess) - wanted;
  return new Date(guess);
}
