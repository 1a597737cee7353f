import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTimeOfDay,
  minutesOfDay,
  normalizeTime,
  SONG_LENGTH_MAX_SECONDS,
  songLengthText,
  songSeconds,
  timesOverlap,
} from './time';

describe('normalizeTime', () => {
  it.each<[string, string | null]>([
    ['16:30', '16:30:00'],
    ['16:30:15', '16:30:15'],
    ['00:00:00', '00:00:00'],
    ['23:59:59', '23:59:59'],
    [' 09:05 ', '09:05:00'],
    ['24:00', null],
    ['9:00', null],
    ['12:60', null],
    ['12:30:60', null],
    ['12', null],
    ['12:30:00:00', null],
    ['4:30 PM', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizeTime(input)).toBe(expected);
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    ['00:00:00', '12:00 AM'],
    ['00:05:00', '12:05 AM'],
    ['09:30:00', '9:30 AM'],
    ['11:59:59', '11:59 AM'],
    ['12:00:00', '12:00 PM'],
    ['16:30:00', '4:30 PM'],
    ['23:45', '11:45 PM'],
  ])('%s → %s', (input, expected) => {
    expect(formatTimeOfDay(input)).toBe(expected);
  });
});

describe('timesOverlap', () => {
  const at = (timeStart: string, timeEnd: string) => ({ timeStart, timeEnd });

  it.each<[[string, string], [string, string], boolean]>([
    [['16:00:00', '17:00:00'], ['16:30:00', '17:30:00'], true],
    [['16:00:00', '17:00:00'], ['15:00:00', '16:01:00'], true],
    [['16:00:00', '17:00:00'], ['16:00:00', '17:00:00'], true],
    [['16:00:00', '17:00:00'], ['16:15:00', '16:45:00'], true],
    [['16:15:00', '16:45:00'], ['16:00:00', '17:00:00'], true],
    // Touching ends: one class ends as the next begins.
    [['16:00:00', '17:00:00'], ['17:00:00', '18:00:00'], false],
    [['17:00:00', '18:00:00'], ['16:00:00', '17:00:00'], false],
    [['09:00:00', '10:00:00'], ['18:00:00', '19:00:00'], false],
  ])('%j and %j → %s', (a, b, expected) => {
    expect(timesOverlap(at(...a), at(...b))).toBe(expected);
  });

  it('is symmetric', () => {
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    const range = fc
      .tuple(minute, minute)
      .filter(([x, y]) => x !== y)
      .map(([x, y]) => {
        const text = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
        return at(text(Math.min(x, y)), text(Math.max(x, y)));
      });
    fc.assert(
      fc.property(range, range, (a, b) => {
        expect(timesOverlap(a, b)).toBe(timesOverlap(b, a));
        expect(timesOverlap(a, a)).toBe(true);
      }),
    );
  });
});

describe('minutesOfDay', () => {
  it('counts minutes since midnight and drops seconds', () => {
    expect(minutesOfDay('00:00:00')).toBe(0);
    expect(minutesOfDay('16:30:59')).toBe(990);
  });
});

describe('songSeconds and songLengthText', () => {
  it.each<[string, number | null]>([
    ['2:00', 120],
    ['0:00', 0],
    ['03:45', 225],
    [' 4:05 ', 245],
    ['60:00', SONG_LENGTH_MAX_SECONDS],
    ['60:01', null],
    ['2:60', null],
    ['2:5', null],
    ['120', null],
    ['2:00:00', null],
    ['', null],
    ['-1:00', null],
  ])('%j → %j', (input, expected) => {
    expect(songSeconds(input)).toBe(expected);
  });

  it.each([
    [120, '2:00'],
    [0, '0:00'],
    [245, '4:05'],
    [3600, '60:00'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(songLengthText(seconds)).toBe(text);
  });

  it('round-trips every length up to an hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SONG_LENGTH_MAX_SECONDS }), (seconds) => {
        expect(songSeconds(songLengthText(seconds))).toBe(seconds);
      }),
    );
  });
});
