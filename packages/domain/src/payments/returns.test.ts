import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, dateParts, makeDate, weekdayOf } from '../dates';
import {
  MAX_PRESENTMENT,
  mayPresentAgain,
  REPRESENT_AFTER_DAYS,
  REPRESENT_WINDOW_DAYS,
  rateBps,
  rateStatus,
  representDay,
  returnFollowUp,
  returnGroup,
  returnRates,
  returnRateText,
  returnSentence,
} from './returns';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2025-01-01', n));

describe('returnGroup', () => {
  it.each([
    ['R01', 'funds'],
    ['R09', 'funds'],
    ['r01', 'funds'],
    [' R09 ', 'funds'],
    ['R05', 'unauthorized'],
    ['R07', 'unauthorized'],
    ['R10', 'unauthorized'],
    ['R11', 'unauthorized'],
    ['R29', 'unauthorized'],
    ['R51', 'unauthorized'],
    ['R02', 'administrative'],
    ['R03', 'administrative'],
    ['R04', 'administrative'],
    ['R08', 'other'],
    ['R16', 'other'],
    ['R99', 'other'],
    ['', 'other'],
  ] as const)('%s is %s', (code, group) => {
    expect(returnGroup(code)).toBe(group);
  });
});

describe('returnSentence', () => {
  it.each([
    ['R01', 'Your bank said there was not enough money in the account.'],
    ['R02', 'Your bank said the account is closed.'],
    ['R10', 'Your bank said the account holder did not authorize this debit.'],
    ['R77', 'Your bank returned the payment (return code R77).'],
  ])('%s: %s', (code, sentence) => {
    expect(returnSentence(code)).toBe(sentence);
  });

  it('every code has one plain sentence, starting with a capital and ending with a full stop', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        const s = returnSentence(`R${String(n).padStart(2, '0')}`);
        expect(s).toMatch(/^[A-Z].*\.$/);
        expect(s).not.toContain('undefined');
      }),
    );
  });
});

describe('representDay', () => {
  it.each([
    // Returned Wed 2026-11-25: from Sat 28th, the 2nd (Wed) is 4 days later: the day after payday.
    ['2026-11-25', '2026-12-02'],
    // Returned Mon 2026-11-02: from Thu 5th, the 16th is 11 days off: the 5th itself.
    ['2026-11-02', '2026-11-05'],
    // Returned Tue 2026-11-10: from Fri 13th, the 16th (Mon) is 3 days later.
    ['2026-11-10', '2026-11-16'],
    // Returned Fri 2026-11-06: from Mon 9th, the 16th is 7 days off (more than 6): Mon 9th.
    ['2026-11-06', '2026-11-09'],
    // Returned Thu 2026-12-10: from Sun 13th, the 16th (Wed).
    ['2026-12-10', '2026-12-16'],
    // Returned Mon 2026-12-28: from Thu 31st, the 2nd of January is a Saturday: Monday the 4th.
    ['2026-12-28', '2027-01-04'],
    // Returned Wed 2026-11-18: from Sat 21st, the 2nd is 11 days off: the 21st, a Saturday, so Monday.
    ['2026-11-18', '2026-11-23'],
  ])('returned %s: presented again %s', (returnedOn, expected) => {
    expect(representDay(returnedOn)).toBe(expected);
  });

  it('is a business day, at least 3 and at most 11 days after the return', () => {
    fc.assert(
      fc.property(day, (returnedOn) => {
        const on = representDay(returnedOn);
        expect(weekdayOf(on)).toBeLessThan(5);
        const after = compareDates(on, returnedOn);
        expect(after).toBeGreaterThanOrEqual(REPRESENT_AFTER_DAYS);
        // 3 days, 6 more for a payday, and a weekend at most.
        expect(after).toBeLessThanOrEqual(REPRESENT_AFTER_DAYS + 6 + 2);
      }),
    );
  });

  it('lands the day after a payday whenever that is a business day within the wait', () => {
    fc.assert(
      fc.property(day, (returnedOn) => {
        const on = representDay(returnedOn);
        const earliest = addDays(returnedOn, REPRESENT_AFTER_DAYS);
        for (let i = 0; i <= 6; i += 1) {
          const d = addDays(earliest, i);
          const n = dateParts(d)!.day;
          if ((n === 2 || n === 16) && weekdayOf(d) < 5) {
            expect(on).toBe(d);
            return;
          }
        }
      }),
    );
  });
});

describe('mayPresentAgain', () => {
  const first = '2026-06-01';
  it.each([
    ['funds', 1, '2026-06-10', { again: true, presentment: 2 }],
    ['funds', 2, '2026-06-20', { again: true, presentment: 3 }],
    ['funds', 3, '2026-06-30', { again: false, why: 'limit' }],
    ['funds', 1, addDays(first, 180), { again: true, presentment: 2 }],
    ['funds', 1, addDays(first, 181), { again: false, why: 'window' }],
    ['unauthorized', 1, '2026-06-10', { again: false, why: 'not_funds' }],
    ['administrative', 1, '2026-06-10', { again: false, why: 'not_funds' }],
    ['other', 1, '2026-06-10', { again: false, why: 'not_funds' }],
  ] as const)('%s after presentment %i, on %s', (group, presentment, on, expected) => {
    expect(mayPresentAgain({ group, presentment, firstDebitOn: first, on })).toEqual(expected);
  });

  it('never allows more than two re-presentments, nor one past 180 days, nor one not for funds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('R01', 'R09', 'R02', 'R03', 'R10', 'R29', 'R08', 'X'),
        fc.integer({ min: 1, max: 5 }),
        day,
        fc.integer({ min: 0, max: 400 }),
        (code, presentment, firstDebitOn, later) => {
          const returnedOn = addDays(firstDebitOn, later);
          const f = returnFollowUp({ code, presentment, firstDebitOn, returnedOn });
          if (f.kind !== 'represent') return;
          expect(returnGroup(code)).toBe('funds');
          expect(f.presentment).toBe(presentment + 1);
          expect(f.presentment).toBeLessThanOrEqual(MAX_PRESENTMENT);
          expect(compareDates(f.on, addDays(firstDebitOn, REPRESENT_WINDOW_DAYS))).toBeLessThanOrEqual(0);
          expect(compareDates(f.on, returnedOn)).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('a chain of insufficient-funds returns is presented at most three times in all', () => {
    fc.assert(
      fc.property(
        day,
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 5, maxLength: 5 }),
        (first, lags) => {
          let presentment = 1;
          let debitOn = first;
          let presented = 1;
          for (const lag of lags) {
            const f = returnFollowUp({
              code: 'R01',
              presentment,
              firstDebitOn: first,
              returnedOn: addDays(debitOn, lag + 2),
            });
            if (f.kind !== 'represent') break;
            presentment = f.presentment;
            debitOn = f.on;
            presented += 1;
          }
          expect(presented).toBeLessThanOrEqual(MAX_PRESENTMENT);
        },
      ),
    );
  });
});

describe('returnFollowUp', () => {
  it('R01 on a first debit: presented again as the second presentment on the chosen day', () => {
    expect(
      returnFollowUp({ code: 'R01', presentment: 1, firstDebitOn: '2026-11-20', returnedOn: '2026-11-25' }),
    ).toEqual({ kind: 'represent', on: '2026-12-02', presentment: 2 });
  });
  it('R10: never presented again', () => {
    expect(
      returnFollowUp({ code: 'R10', presentment: 1, firstDebitOn: '2026-11-20', returnedOn: '2026-11-25' }),
    ).toEqual({ kind: 'new_method', why: 'not_funds' });
  });
  it('R01 returned near the 180th day: the chosen day would be past it', () => {
    const first = '2026-01-05';
    expect(
      returnFollowUp({ code: 'R01', presentment: 2, firstDebitOn: first, returnedOn: addDays(first, 178) }),
    ).toEqual({ kind: 'new_method', why: 'window' });
  });
});

describe('return rates', () => {
  it.each([
    // count, debits, threshold (bps), status
    [0, 0, 50, 'ok'],
    [0, 100, 50, 'ok'],
    [1, 0, 50, 'over'],
    // 1 in 1000 = 0.1 %: under half of 0.5 %.
    [1, 1000, 50, 'ok'],
    // 1 in 400 = 0.25 %: exactly half: warned.
    [1, 400, 50, 'warn'],
    [1, 401, 50, 'ok'],
    // 1 in 200 = 0.5 %: at the threshold.
    [1, 200, 50, 'over'],
    [1, 201, 50, 'warn'],
    [3, 100, 300, 'over'],
    [2, 100, 300, 'warn'],
    [1, 100, 300, 'ok'],
    [15, 100, 1500, 'over'],
    [8, 100, 1500, 'warn'],
    [7, 100, 1500, 'ok'],
  ] as const)('%i of %i debits against %i bps: %s', (count, debits, threshold, status) => {
    expect(rateStatus(count, debits, threshold)).toBe(status);
  });

  it('agrees with exact fractions (no float drift)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(50, 300, 1500),
        (count, debits, threshold) => {
          // count / debits >= threshold / 10000, in BigInt.
          const over = BigInt(count) * 10_000n >= BigInt(threshold) * BigInt(debits);
          const warn = BigInt(count) * 20_000n >= BigInt(threshold) * BigInt(debits);
          const expected = count === 0 ? 'ok' : over ? 'over' : warn ? 'warn' : 'ok';
          expect(rateStatus(count, debits, threshold)).toBe(expected);
        },
      ),
    );
  });

  it('more returns never lower the standing', () => {
    const rank = { ok: 0, warn: 1, over: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 10_000 }), (count, debits) => {
        for (const threshold of [50, 300, 1500]) {
          expect(rank[rateStatus(count + 1, debits, threshold)]).toBeGreaterThanOrEqual(
            rank[rateStatus(count, debits, threshold)],
          );
        }
      }),
    );
  });

  it('counts each group in its rate and every return in the overall one', () => {
    const rates = returnRates({ debits: 200, funds: 10, unauthorized: 1, administrative: 4, other: 2 });
    expect(rates).toEqual([
      {
        kind: 'unauthorized',
        count: 1,
        debits: 200,
        rateBps: 50,
        thresholdBps: 50,
        warnBps: 25,
        status: 'over',
      },
      {
        kind: 'administrative',
        count: 4,
        debits: 200,
        rateBps: 200,
        thresholdBps: 300,
        warnBps: 150,
        status: 'warn',
      },
      {
        kind: 'overall',
        count: 17,
        debits: 200,
        rateBps: 850,
        thresholdBps: 1500,
        warnBps: 750,
        status: 'warn',
      },
    ]);
  });

  it('shows rates in basis points rounded half up', () => {
    expect(rateBps(1, 3)).toBe(3333);
    expect(rateBps(2, 3)).toBe(6667);
    expect(rateBps(1, 0)).toBeNull();
    expect(returnRateText(50)).toBe('0.50%');
    expect(returnRateText(1500)).toBe('15.00%');
    expect(returnRateText(3333)).toBe('33.33%');
  });

  it('weekday helper sanity: the 2nd of January 2027 is a Saturday', () => {
    expect(weekdayOf(makeDate(2027, 1, 2))).toBe(5);
  });
});
