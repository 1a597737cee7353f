import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates-core';
import {
  CLOSURE_TEXT,
  cancelledShare,
  closureInput,
  closuresOverlap,
  meetingsCancelledBy,
  periodProblem,
} from './closures-schema';
import { meetingDates } from './meetings';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const good = { clSchID: null, dateFrom: '2026-11-26', dateTo: '2026-11-27', reason: 'Thanksgiving' };
const firstIssue = (body: unknown) => {
  const r = closureInput.safeParse(body);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('closureInput', () => {
  it('reads a closure of every class, with its defaults', () => {
    expect(closureInput.parse(good)).toEqual({ ...good, creditsTuition: false });
    expect(closureInput.parse({ ...good, clSchID: ID, givesMakeups: true }).givesMakeups).toBe(true);
    expect(closureInput.parse({ ...good, reason: '  Snow day ' }).reason).toBe('Snow day');
    expect(closureInput.parse({ ...good, dateTo: '2026-12-26' }).dateTo).toBe('2026-12-26');
  });
  it.each([
    ['dates out of order', { ...good, dateTo: '2026-11-25' }, CLOSURE_TEXT.datesOutOfOrder],
    ['over 31 days', { ...good, dateTo: '2026-12-28' }, CLOSURE_TEXT.tooLong],
    ['no reason', { ...good, reason: '   ' }, 'The reason is required'],
    ['a reason too long', { ...good, reason: 'x'.repeat(121) }, 'The reason must be at most 120 characters'],
    ['two lines', { ...good, reason: 'Snow\nday' }, 'The reason contains characters that are not allowed'],
    ['markup', { ...good, reason: '<b>Closed</b>' }, 'The reason contains characters that are not allowed'],
    [
      'a date that does not exist',
      { ...good, dateFrom: '2026-02-30' },
      'Not a date (YYYY-MM-DD) that exists',
    ],
    ['a class that is not an id', { ...good, clSchID: 'ballet' }, 'Invalid id.'],
  ])('refuses %s', (_, body, message) => {
    expect(firstIssue(body)).toBe(message);
  });
});

describe('periods and overlaps', () => {
  it('bounds a period', () => {
    expect(periodProblem('2026-11-01', '2026-12-31', 62)).toBeNull();
    expect(periodProblem('2026-11-01', '2027-01-02', 62)).toBe(CLOSURE_TEXT.periodTooLong(62));
    expect(periodProblem('2026-11-02', '2026-11-01', 62)).toBe(CLOSURE_TEXT.periodOutOfOrder);
  });
  it('overlaps on a shared day of the same class, or of every class', () => {
    const all = { classId: null, dateFrom: '2026-11-23', dateTo: '2026-11-27' };
    expect(closuresOverlap(all, { classId: 'a', dateFrom: '2026-11-27', dateTo: '2026-11-27' })).toBe(true);
    expect(closuresOverlap(all, { classId: 'a', dateFrom: '2026-11-28', dateTo: '2026-11-30' })).toBe(false);
    const a = { classId: 'a', dateFrom: '2026-12-01', dateTo: '2026-12-03' };
    expect(closuresOverlap(a, { ...a, classId: 'b' })).toBe(false);
    expect(closuresOverlap(a, { ...a, dateFrom: '2026-12-03', dateTo: '2026-12-09' })).toBe(true);
  });
  it('credits the cancelled share of the month, never more than the month', () => {
    expect(cancelledShare(6000, 1, 4)).toBe(1500);
    expect(cancelledShare(6000, 1, 5)).toBe(1200);
    expect(cancelledShare(4500, 1, 3)).toBe(1500);
    expect(cancelledShare(5000, 2, 3)).toBe(3333);
    expect(cancelledShare(6000, 5, 4)).toBe(6000);
    expect(cancelledShare(0, 1, 4)).toBe(0);
  });
  it('credits whole cents, between nothing and the month, more for more meetings, the month for all (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        (price, inMonth, cancelled) => {
          const share = cancelledShare(price, cancelled, inMonth);
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(price);
          expect(share).toBeLessThanOrEqual(cancelledShare(price, cancelled + 1, inMonth));
          if (cancelled >= inMonth) expect(share).toBe(price);
        },
      ),
    );
  });
});

describe('meetingsCancelledBy (property)', () => {
  const term = { dateStart: '2026-09-08', dateEnd: '2027-06-13' };
  it('never cancels a meeting outside its days, nor one of another class', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: -10, max: 280 }),
        fc.integer({ min: 0, max: 30 }),
        fc.option(fc.nat(4), { nil: null }),
        (days, start, len, which) => {
          const from = addDays(term.dateStart, start);
          const to = addDays(from, len);
          const meetings = days.flatMap((day, i) =>
            meetingDates(day, term, addDays(from, -20), addDays(to, 20)).map((date) => ({
              classId: `c${i}`,
              date,
            })),
          );
          const classId = which === null ? null : `c${which}`;
          const closure = { id: 'k', classId, dateFrom: from, dateTo: to, reason: 'Closed' };
          const cancelled = meetingsCancelledBy(closure, meetings);
          for (const m of cancelled) {
            expect(m.date >= from && m.date <= to).toBe(true);
            if (classId !== null) expect(m.classId).toBe(classId);
          }
          // And every meeting of its classes in its days is cancelled.
          const expected = meetings.filter(
            (m) => m.date >= from && m.date <= to && (classId === null || m.classId === classId),
          );
          expect(cancelled).toEqual(expected);
        },
      ),
    );
  });
});
