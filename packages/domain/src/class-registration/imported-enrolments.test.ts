import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, type Weekday } from '../dates';
import { sumCents } from '../money';
import { yearTermPlans } from '../tuition/test-plans';
import { type ImportedClass, importedPlan, judgeImportedEnrolments } from './imported-enrolments';
import { reviseFamilyPlan } from './plan-revision';

/** Enrolments brought by an import (decision 056): each row's fate, and the plan from the import's day. */

const classes = new Map<string, ImportedClass>([
  ['jazz', { name: 'Jazz 1', places: 2, taken: 1, inTerm: true }],
  ['tap', { name: 'Tap 1', places: 10, taken: 0, inTerm: true }],
  ['old', { name: 'Ballet 0', places: 10, taken: 0, inTerm: false }],
]);
const row = (n: number, dancer: string, classKey: string) => ({ file: 'e.csv', row: n, dancer, classKey });

describe('judgeImportedEnrolments', () => {
  it.each([
    ['a new dancer in a class with places', [row(2, 'd1', 'tap')], ['new'], ['new']],
    [
      'registered already: matched',
      [row(2, 'd1', 'tap')],
      ['matched'],
      ['already'],
      new Map([['d1|tap', true]]),
    ],
    ['dropped here: skipped', [row(2, 'd1', 'tap')], ['skipped'], ['dropped'], new Map([['d1|tap', false]])],
    [
      'the same pair twice: the second skipped',
      [row(2, 'd1', 'tap'), row(3, 'd1', 'tap')],
      ['new', 'skipped'],
      ['new', 'twice'],
    ],
    [
      'over its places: accepted, said',
      [row(2, 'd1', 'jazz'), row(3, 'd2', 'jazz')],
      ['new', 'new'],
      ['new', 'overPlaces'],
    ],
    ['a class of another term: refused', [row(2, 'd1', 'old')], ['refused'], ['otherTerm']],
    ['a class the studio does not have: refused', [row(2, 'd1', 'nope')], ['refused'], ['unknownClass']],
  ] as const)('%s', (_name, rows, fates, codes, registered = new Map<string, boolean>()) => {
    const judged = judgeImportedEnrolments(rows, { term: 'Fall 2026', hasPlan: true, classes, registered });
    expect(judged.map((j) => j.fate)).toEqual(fates);
    expect(judged.map((j) => j.code)).toEqual(codes);
    for (const j of judged) expect(j.sentence.length).toBeGreaterThan(0);
  });

  it('no payment plan in the term: every row refused, saying where to add one', () => {
    const judged = judgeImportedEnrolments([row(2, 'd1', 'tap')], {
      term: 'Fall 2026',
      hasPlan: false,
      classes,
      registered: new Map(),
    });
    expect(judged[0]).toMatchObject({ fate: 'refused', code: 'noPlan' });
    expect(judged[0]!.sentence).toContain('Fall 2026 has no payment plan');
  });

  it('over its places names the class, its places and the dancers it will have', () => {
    const [, second] = judgeImportedEnrolments([row(2, 'd1', 'jazz'), row(3, 'd2', 'jazz')], {
      term: 'T',
      hasPlan: true,
      classes,
      registered: new Map(),
    });
    expect(second!.sentence).toBe(
      "Jazz 1 takes 2 dancers and will have 3: the old system's enrolments are who dances, so the dancer is registered over its places.",
    );
  });
});

const weekday = fc.constantFrom<Weekday>(0, 1, 2, 3, 4, 5, 6);

describe('importedPlan (property)', () => {
  it('nothing worth anything is due before the day; the period in progress is $0; later periods are the plan', () => {
    fc.assert(
      fc.property(
        fc.record({
          month: fc.integer({ min: 1, max: 12 }),
          months: fc.integer({ min: 2, max: 12 }),
          dayPaymentDue: fc.integer({ min: 1, max: 28 }),
          planId: fc.constantFrom('monthly', 'half', 'full'),
          offset: fc.integer({ min: -30, max: 360 }),
          classes: fc.array(fc.record({ day: weekday, price: fc.integer({ min: 0, max: 30_000 }) }), {
            minLength: 1,
            maxLength: 4,
          }),
        }),
        (p) => {
          const plans = yearTermPlans({
            year: 2026,
            month: p.month,
            months: p.months,
            splitAfter: 1,
            dayPaymentDue: p.dayPaymentDue,
          });
          const start = plans[0]!.options[0]!.dateStart;
          const asOf = addDays(start, p.offset);
          const after = p.classes.map((c, i) => ({
            key: `k${i}`,
            label: `Class ${i}`,
            day: c.day,
            price: c.price,
          }));
          const first = reviseFamilyPlan({
            plans,
            planId: p.planId,
            effectiveDate: asOf,
            after,
            previous: null,
          });
          const imported = importedPlan(first, asOf);
          expect(imported.payments).toHaveLength(first.payments.length);
          expect(imported.total).toBe(sumCents(imported.payments.map((x) => x.val)));
          imported.payments.forEach((x, i) => {
            const was = first.payments[i]!;
            expect(sumCents(x.lines.map((l) => l.amount))).toBe(x.val);
            if (compareDates(x.dateDue, asOf) < 0 || was.period === 'inProgress') expect(x.val).toBe(0);
            else expect(x).toEqual(was);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
