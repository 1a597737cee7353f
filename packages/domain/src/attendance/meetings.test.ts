import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../dates-core';
import { closureOn, givesMakeup, makeupExpiry, meetingDates, meetsOn } from './meetings';
import { readAttendanceSettings } from './settings';

const term = { dateStart: '2026-09-08', dateEnd: '2027-06-13' };

describe('meetingDates', () => {
  it('lists a Monday class from the first Monday of the term', () => {
    // 2026-09-08 is a Tuesday; day 0 is Monday.
    expect(meetingDates(0, term, '2026-09-01', '2026-09-30')).toEqual([
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
    ]);
    expect(meetingDates(1, term, '2026-09-01', '2026-09-15')).toEqual(['2026-09-08', '2026-09-15']);
  });
  it('stops at the term and at the period', () => {
    expect(meetingDates(6, term, '2027-06-01', '2027-07-31')).toEqual(['2027-06-06', '2027-06-13']);
    expect(meetingDates(2, term, '2027-07-01', '2027-07-31')).toEqual([]);
    expect(meetingDates(2, term, '2026-10-10', '2026-10-01')).toEqual([]);
  });
  it('gives dates on the weekday, a week apart, inside both spans (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: -30, max: 300 }),
        fc.integer({ min: 0, max: 120 }),
        (day, a, len) => {
          const from = addDays(term.dateStart, a);
          const to = addDays(from, len);
          const dates = meetingDates(day, term, from, to);
          for (const d of dates) {
            expect(weekdayOf(d)).toBe(day);
            expect(d >= from && d <= to && d >= term.dateStart && d <= term.dateEnd).toBe(true);
            expect(meetsOn(day, term, d)).toBe(true);
          }
          for (let i = 1; i < dates.length; i++) expect(addDays(dates[i - 1]!, 7)).toBe(dates[i]);
        },
      ),
    );
  });
});

describe('closures and credits', () => {
  const closures = [
    { id: 'a', classId: null, dateFrom: '2026-11-25', dateTo: '2026-11-29', reason: 'Thanksgiving' },
    { id: 'b', classId: 'c1', dateFrom: '2026-12-02', dateTo: '2026-12-02', reason: 'Snow day' },
  ];
  it('finds the closure of a meeting: every class, or the one named', () => {
    expect(closureOn(closures, 'c9', '2026-11-27')?.id).toBe('a');
    expect(closureOn(closures, 'c1', '2026-12-02')?.id).toBe('b');
    expect(closureOn(closures, 'c2', '2026-12-02')).toBeNull();
    expect(closureOn(closures, 'c1', '2026-11-30')).toBeNull();
  });
  it('gives a credit for an absence, excused or not, valid for the window', () => {
    expect(['present', 'absent', 'late', 'excused'].filter((s) => givesMakeup(s as never))).toEqual([
      'absent',
      'excused',
    ]);
    expect(makeupExpiry('2026-10-31', 30)).toBe('2026-11-30');
  });
  it('reads stored settings with defaults', () => {
    expect(readAttendanceSettings(null)).toEqual({
      makeupWindowDays: 30,
      makeupCancelHours: 24,
      closureGivesMakeups: false,
    });
    expect(readAttendanceSettings({ makeupWindowDays: 14 }).makeupWindowDays).toBe(14);
    expect(readAttendanceSettings({ makeupWindowDays: -1 }).makeupWindowDays).toBe(30);
  });
});
