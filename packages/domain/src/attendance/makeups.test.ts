import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageFits,
  ageFitsWithin,
  bookingCutoff,
  cancelCutoff,
  MAKEUP_REFUSALS,
  MAKEUP_TEXT,
  type MakeupCheck,
  type MakeupRefusal,
  makeupRefusal,
  mayCancel,
  placesLeft,
  relatesTo,
  wallTimeIn,
} from './makeups';

const NOW = new Date('2026-11-21T15:00:00Z');
const START = new Date('2026-11-23T21:00:00Z'); // Monday 16:00 in New York

function check(over: {
  credit?: Partial<MakeupCheck['credit']>;
  target?: Partial<MakeupCheck['target']>;
  dob?: string | null;
  enrolledThere?: boolean;
  bookedThere?: boolean;
  now?: Date;
}): MakeupCheck {
  return {
    credit: {
      state: 'open',
      expiresOn: '2026-12-20',
      missed: { classId: 'missed', level: 2, genreIds: ['ballet'] },
      ...over.credit,
    },
    dancer: { dob: over.dob === undefined ? '2016-04-12' : over.dob },
    target: {
      classId: 'other',
      level: 2,
      genreIds: ['jazz'],
      ageMin: 8,
      ageMax: 12,
      nMax: 10,
      date: '2026-11-23',
      startsAt: START,
      meets: true,
      cancelled: false,
      expected: 8,
      booked: 1,
      offered: 0,
      ...over.target,
    },
    enrolledThere: over.enrolledThere ?? false,
    bookedThere: over.bookedThere ?? false,
    now: over.now ?? NOW,
  };
}

describe('makeupRefusal', () => {
  const cases: [string, Parameters<typeof check>[0], MakeupRefusal | null][] = [
    ['same level, age fits, a place free', {}, null],
    ['a shared genre at another level', { target: { level: 5, genreIds: ['ballet', 'tap'] } }, null],
    ['neither level nor genre', { target: { level: 5, genreIds: ['tap'] } }, 'not_related'],
    ['a hand-given credit takes any class', { credit: { missed: null }, target: { level: 7 } }, null],
    ['a credit already booked', { credit: { state: 'booked' } }, 'credit_not_open'],
    ['an expired credit', { credit: { state: 'expired' } }, 'credit_not_open'],
    ['the missed class itself', { target: { classId: 'missed' } }, 'own_class'],
    ['a class the dancer takes', { enrolledThere: true }, 'own_class'],
    ['too young (10 on the date, class 11–14)', { target: { ageMin: 11, ageMax: 14 } }, 'age'],
    ['too old (class 5–9)', { target: { ageMin: 5, ageMax: 9 } }, 'age'],
    ['no date of birth, a class with ages', { dob: null }, 'age'],
    ['no date of birth, all ages', { dob: null, target: { ageMin: 0, ageMax: 99 } }, null],
    ['not a meeting', { target: { meets: false } }, 'not_a_meeting'],
    ['a closure', { target: { cancelled: true } }, 'cancelled'],
    ['starts in 59 minutes', { now: new Date(START.getTime() - 59 * 60_000) }, 'too_late'],
    ['starts in exactly an hour', { now: new Date(START.getTime() - 60 * 60_000) }, null],
    ['past', { now: new Date('2026-11-30T12:00:00Z') }, 'too_late'],
    ['the day after the credit expires', { credit: { expiresOn: '2026-11-22' } }, 'after_expiry'],
    ['on the day the credit expires', { credit: { expiresOn: '2026-11-23' } }, null],
    ['already booked into it', { bookedThere: true }, 'already_booked'],
    ['full with registered dancers', { target: { expected: 10, booked: 0 } }, 'full'],
    ['full with make-ups', { target: { expected: 8, booked: 2 } }, 'full'],
    ['over full', { target: { expected: 12, booked: 0 } }, 'full'],
    ['the last place', { target: { expected: 9, booked: 0 } }, null],
    ['the last place held by a waitlist offer', { target: { expected: 9, booked: 0, offered: 1 } }, 'full'],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    expect(makeupRefusal(check(over))).toBe(expected);
  });

  it('has a sentence for every refusal', () => {
    for (const r of MAKEUP_REFUSALS) expect(MAKEUP_TEXT[r]).toMatch(/\.$/);
  });

  it('never allows a meeting without a place, after the credit, or past the cut-off (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: -72 * 60, max: 72 * 60 }),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: 1, max: 7 }),
        (nMax, expected, booked, minutesBefore, expiryShift, level) => {
          const now = new Date(START.getTime() - minutesBefore * 60_000);
          const expiresOn = new Date(Date.parse('2026-11-23') + expiryShift * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const c = check({ now, credit: { expiresOn }, target: { nMax, expected, booked, level } });
          if (makeupRefusal(c) !== null) return;
          expect(nMax - expected - booked).toBeGreaterThan(0);
          expect(expiresOn >= '2026-11-23').toBe(true);
          expect(minutesBefore).toBeGreaterThanOrEqual(60);
          expect(level === 2).toBe(true);
        },
      ),
    );
  });
});

describe('the parts', () => {
  it('relatesTo: level or a genre', () => {
    const missed = { classId: 'm', level: 3, genreIds: ['a', 'b'] };
    expect(relatesTo(missed, { level: 3, genreIds: [] })).toBe(true);
    expect(relatesTo(missed, { level: 1, genreIds: ['b'] })).toBe(true);
    expect(relatesTo(missed, { level: 1, genreIds: ['c'] })).toBe(false);
  });
  it('ageFitsWithin: true exactly when the age fits on some day of the window', () => {
    const day = fc
      .integer({ min: 0, max: 3 * 365 })
      .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.option(
          fc.integer({ min: 0, max: 20 * 365 }).map((n) => new Date(Date.UTC(2006, 0, 1) + n * 86_400_000)),
          { nil: null },
        ),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        day,
        fc.integer({ min: 0, max: 120 }),
        (born, a, b, from, span) => {
          const dob = born ? born.toISOString().slice(0, 10) : null;
          const cls = { ageMin: Math.min(a, b), ageMax: Math.max(a, b) };
          const to = new Date(Date.parse(`${from}T00:00:00Z`) + span * 86_400_000).toISOString().slice(0, 10);
          const days = Array.from({ length: span + 1 }, (_, i) =>
            new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
          );
          expect(ageFitsWithin(dob, cls, from, to)).toBe(days.some((d) => ageFits(dob, cls, d)));
        },
      ),
      { numRuns: 1000, examples: [[new Date('2025-01-02T00:00:00Z'), 0, 0, '2025-01-01', 1]] },
    );
  });

  it('ageFits: whole years on the meeting date', () => {
    const cls = { ageMin: 10, ageMax: 10 };
    expect(ageFits('2016-04-12', cls, '2026-04-11')).toBe(false); // 9 the day before
    expect(ageFits('2016-04-12', cls, '2026-04-12')).toBe(true);
    expect(ageFits('2016-04-12', cls, '2027-04-11')).toBe(true); // still 10
    expect(ageFits('2016-04-12', cls, '2027-04-12')).toBe(false);
  });
  it('placesLeft never goes below zero', () => {
    expect(placesLeft({ nMax: 5, expected: 3, booked: 1, offered: 0 })).toBe(1);
    expect(placesLeft({ nMax: 5, expected: 3, booked: 1, offered: 1 })).toBe(0);
    expect(placesLeft({ nMax: 5, expected: 7, booked: 1, offered: 2 })).toBe(0);
  });
  it('the booking cut-off is an hour before the start', () => {
    expect(bookingCutoff(START).toISOString()).toBe('2026-11-23T20:00:00.000Z');
  });
  it('a booking may be cancelled until the cut-off, not after', () => {
    expect(cancelCutoff(START, 24).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(mayCancel(START, 24, new Date('2026-11-22T21:00:00Z'))).toBe(true);
    expect(mayCancel(START, 24, new Date('2026-11-22T21:00:01Z'))).toBe(false);
    expect(mayCancel(START, 0, START)).toBe(true);
  });
  it('mayCancel is monotone in time (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 168 }), fc.integer({ min: -1e9, max: 1e9 }), (hours, ms) => {
        const now = new Date(START.getTime() + ms);
        const later = new Date(now.getTime() + 1000);
        if (mayCancel(START, hours, later)) expect(mayCancel(START, hours, now)).toBe(true);
      }),
    );
  });
  it('wallTimeIn: the studio clock’s time, across the clocks changing', () => {
    expect(wallTimeIn('2026-11-23', '16:00:00', 'America/New_York').toISOString()).toBe(
      '2026-11-23T21:00:00.000Z',
    );
    expect(wallTimeIn('2026-07-06', '16:30', 'America/New_York').toISOString()).toBe(
      '2026-07-06T20:30:00.000Z',
    );
    expect(wallTimeIn('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(wallTimeIn('2026-11-01', '09:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(wallTimeIn('2026-11-23', '00:15', 'UTC').toISOString()).toBe('2026-11-23T00:15:00.000Z');
  });
});
