import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDates,
  dateOnlySchema,
  dateParts,
  dayNumber,
  daysInclusive,
  daysInMonth,
  endOfMonth,
  fromDayNumber,
  isDateOnly,
  makeDate,
  startOfMonth,
  timeZoneSchema,
  todayInZone,
  weekdayName,
  weekdayOf,
  weekdaySchema,
} from './dates';

describe('date-only strings', () => {
  it.each<[string, boolean]>([
    ['2026-09-01', true],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-09-00', false],
    ['2026-9-1', false],
    ['2026-09-01T00:00:00Z', false],
    ['', false],
  ])('%s exists: %s', (value, exists) => {
    expect(isDateOnly(value)).toBe(exists);
    expect(dateOnlySchema.safeParse(value).success).toBe(exists);
  });

  it('refuses what is not a string', () => {
    expect(isDateOnly(20260901)).toBe(false);
    expect(dateOnlySchema.safeParse(new Date()).success).toBe(false);
  });
});

describe('weekdays, Monday first', () => {
  it.each<[string, number, string]>([
    ['2026-09-07', 0, 'Monday'],
    ['2026-09-01', 1, 'Tuesday'],
    ['2026-09-03', 3, 'Thursday'],
    ['2026-09-06', 6, 'Sunday'],
    ['1970-01-01', 3, 'Thursday'],
    ['2000-02-29', 1, 'Tuesday'],
    ['1969-12-31', 2, 'Wednesday'],
  ])('%s is %i (%s)', (date, day, name) => {
    expect(weekdayOf(date)).toBe(day);
    expect(weekdayName(weekdayOf(date))).toBe(name);
  });

  it('validates a weekday field', () => {
    expect(weekdaySchema.safeParse(0).success).toBe(true);
    expect(weekdaySchema.safeParse(6).success).toBe(true);
    expect(weekdaySchema.safeParse(7).success).toBe(false);
    expect(weekdaySchema.safeParse(-1).success).toBe(false);
  });
});

describe('date arithmetic', () => {
  it.each<[string, number, string]>([
    ['2026-09-30', 1, '2026-10-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-11-25', -30, '2026-10-26'],
  ])('%s + %i days is %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
  });

  it.each<[string, string, number]>([
    ['2026-09-16', '2026-09-30', 15],
    ['2026-09-01', '2026-12-31', 122],
    ['2026-09-01', '2027-06-30', 303],
    ['2026-09-30', '2026-09-30', 1],
    ['2026-09-30', '2026-09-01', 0],
  ])('%s to %s inclusive is %i days', (from, to, days) => {
    expect(daysInclusive(from, to)).toBe(days);
  });

  it('clamps a day to the month and finds month ends', () => {
    expect(makeDate(2027, 2, 31)).toBe('2027-02-28');
    expect(makeDate(2028, 2, 31)).toBe('2028-02-29');
    expect(makeDate(2026, 9, 1)).toBe('2026-09-01');
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(startOfMonth('2026-11-25')).toBe('2026-11-01');
    expect(endOfMonth('2026-11-25')).toBe('2026-11-30');
    expect(endOfMonth('2028-02-03')).toBe('2028-02-29');
    expect(compareDates('2026-09-01', '2026-08-31')).toBe(1);
  });

  it('adding a week keeps the weekday, and adding days can be undone', () => {
    const date = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2200-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.integer({ min: -5000, max: 5000 }), (d, n) => {
        expect(weekdayOf(addDays(d, 7 * n))).toBe(weekdayOf(d));
        expect(addDays(addDays(d, n), -n)).toBe(d);
        expect(compareDates(addDays(d, n), d)).toBe(n);
        expect(isDateOnly(addDays(d, n))).toBe(true);
      }),
    );
  });
});

describe('day numbers', () => {
  const MS_PER_DAY = 86_400_000;
  /** Date's own count of 0001-01-01 (Date.UTC maps years 0–99 to the 1900s; setUTCFullYear does not). */
  const year1 = new Date(Date.UTC(2000, 0, 1)).setUTCFullYear(1) / MS_PER_DAY;
  const last = Date.UTC(9999, 11, 31) / MS_PER_DAY;
  const viaDate = (n: number) => new Date(n * MS_PER_DAY).toISOString().slice(0, 10);

  it("count days as Date's proleptic calendar does, from year 1 to 9999", () => {
    expect(fromDayNumber(0)).toBe('1970-01-01');
    expect(dayNumber('0001-01-01')).toBe(year1);
    expect(fromDayNumber(last)).toBe('9999-12-31');
    fc.assert(
      fc.property(fc.integer({ min: year1, max: last }), (n) => {
        const date = fromDayNumber(n);
        expect(date).toBe(viaDate(n));
        expect(dayNumber(date)).toBe(n);
        expect(weekdayOf(date)).toBe((new Date(n * MS_PER_DAY).getUTCDay() + 6) % 7);
      }),
      { numRuns: 2000 },
    );
  });

  it('read a date written YYYY-MM-DD that exists, and nothing else', () => {
    const written = /^(\d{4})-(\d{2})-(\d{2})$/;
    const exists = (value: string) => {
      const match = written.exec(value);
      if (!match || Number(match[1]) < 1) return false;
      const date = new Date(Date.UTC(2000, Number(match[2]) - 1, Number(match[3])));
      date.setUTCFullYear(Number(match[1]));
      return date.toISOString().slice(0, 10) === value;
    };
    const date = fc.integer({ min: year1, max: last }).map(fromDayNumber);
    const nearlyDates = fc.oneof(
      date,
      // A date with one character changed: a digit, a dash, a slash, a space, a letter, an Arabic zero.
      fc
        .tuple(date, fc.nat(9), fc.constantFrom(...'0123456789-/ x\u0660'))
        .map(([d, at, c]) => `${d.slice(0, at)}${c}${d.slice(at + 1)}`),
      fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      fc.string({ unit: fc.constantFrom(...'0123456789-/ x\u0660'), minLength: 8, maxLength: 12 }),
    );
    fc.assert(
      fc.property(nearlyDates, (value) => {
        expect(isDateOnly(value)).toBe(exists(value));
        expect(dateParts(value) !== null).toBe(exists(value));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the studio time zone', () => {
  it.each<[string, string, string]>([
    // 23:30 in New York on August 31st is already September 1st in UTC.
    ['2026-09-01T03:30:00Z', 'America/New_York', '2026-08-31'],
    ['2026-09-01T04:30:00Z', 'America/New_York', '2026-09-01'],
    // Winter time: New York is UTC−5.
    ['2026-12-01T04:30:00Z', 'America/New_York', '2026-11-30'],
    ['2026-09-01T03:30:00Z', 'UTC', '2026-09-01'],
    ['2026-08-31T16:00:00Z', 'Asia/Tokyo', '2026-09-01'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(todayInZone(zone, new Date(instant))).toBe(date);
  });

  it('gives every instant the date a fresh formatter gives, whichever instant of a minute it remembered', () => {
    // Zones a whole number of minutes off UTC (Kathmandu +5:45, Chatham +12:45), and ones that were not
    // before 1972 (Monrovia's −0:44:30 until 1972; Amsterdam's +0:19:32 until 1937).
    const zones = [
      'America/New_York',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'Africa/Monrovia',
      'Europe/Amsterdam',
    ];
    const fresh = (instant: Date, zone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(instant);
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        instant,
        fc.array(fc.integer({ min: -90_000, max: 90_000 })),
        (zone, t, steps) => {
          // Instants seconds apart, across the zone's midnight when it falls near: each asked after another.
          for (const at of [t, ...steps.map((step) => t + step)]) {
            expect(todayInZone(zone, new Date(at))).toBe(fresh(new Date(at), zone));
          }
        },
      ),
    );
    // Monrovia's midnight fell 30 s into a UTC minute in 1960: the seconds before and after it.
    const midnight = Date.UTC(1960, 5, 1, 0, 44, 30);
    for (const at of [midnight - 20_000, midnight + 10_000, midnight - 20_000]) {
      expect(todayInZone('Africa/Monrovia', new Date(at))).toBe(fresh(new Date(at), 'Africa/Monrovia'));
    }
  });

  it('defaults to America/New_York', () => {
    expect(todayInZone(undefined, new Date('2026-09-01T03:30:00Z'))).toBe('2026-08-31');
    expect(timeZoneSchema.parse(undefined)).toBe('America/New_York');
  });

  it('refuses a zone that does not exist', () => {
    expect(timeZoneSchema.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(timeZoneSchema.safeParse('Europe/Paris').success).toBe(true);
  });
});
