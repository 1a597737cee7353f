import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { TuitionInputError } from '../money';
import { computeFamilyTuition } from './compute-family-tuition';
import type { DiscountInput, TuitionInput } from './schema';
import type { TuitionResult } from './types';

const multi10Dollars: DiscountInput = { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 };
const sibling10Fixed: DiscountInput = { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 };
const capA = { first: 40_000, others: 16_000 };

const cls = (id: string, basePrice: number, applyDiscount?: boolean) =>
  applyDiscount === undefined ? { id, basePrice } : { id, basePrice, applyDiscount };

/** The shape to compare: per student in position order, `id`, `total` and each class's Pr_f. */
function summary(result: TuitionResult) {
  return {
    total: result.total,
    students: result.students.map((s) => ({
      id: s.id,
      position: s.position,
      total: s.total,
      unlimited: s.unlimited,
      Pr_f: Object.fromEntries(s.classes.map((c) => [c.id, c.Pr_f])),
    })),
  };
}

describe('computeFamilyTuition: the worked examples of domain-rules.md §1', () => {
  it.each<[string, TuitionInput, ReturnType<typeof summary>]>([
    [
      'multi-class 10 %, whole dollars',
      {
        students: [{ id: 's', classes: [cls('a', 6000), cls('b', 5000), cls('c', 4500)] }],
        discounts: [multi10Dollars],
      },
      {
        total: 14_100,
        students: [
          { id: 's', position: 0, total: 14_100, unlimited: false, Pr_f: { a: 6000, b: 4500, c: 3600 } },
        ],
      },
    ],
    [
      'sibling $10 fixed',
      {
        students: [
          { id: 'x', classes: [cls('a', 6000), cls('b', 5000)] },
          { id: 'y', classes: [cls('c', 6000)] },
        ],
        discounts: [multi10Dollars, sibling10Fixed],
      },
      {
        total: 15_500,
        students: [
          { id: 'x', position: 0, total: 10_500, unlimited: false, Pr_f: { a: 6000, b: 4500 } },
          { id: 'y', position: 1, total: 5000, unlimited: false, Pr_f: { c: 5000 } },
        ],
      },
    ],
    [
      'unlimited, reading A',
      {
        students: [
          { id: 'x', classes: ['x1', 'x2', 'x3', 'x4', 'x5'].map((id) => cls(id, 9000)) },
          { id: 'y', classes: [cls('y1', 9000), cls('y2', 8000)] },
        ],
        discounts: [],
        unlimited: capA,
      },
      {
        total: 56_000,
        students: [
          {
            id: 'x',
            position: 0,
            total: 40_000,
            unlimited: true,
            Pr_f: { x1: 8000, x2: 8000, x3: 8000, x4: 8000, x5: 8000 },
          },
          { id: 'y', position: 1, total: 16_000, unlimited: true, Pr_f: { y1: 8471, y2: 7529 } },
        ],
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(summary(computeFamilyTuition(input))).toEqual(expected);
  });

  it('shows its arithmetic: 4500 × 0.81 = 3645 → 3600 on the third class', () => {
    const result = computeFamilyTuition({
      students: [{ id: 's', classes: [cls('c', 4500), cls('a', 6000), cls('b', 5000)] }],
      discounts: [multi10Dollars],
    });
    const classes = result.students[0]?.classes ?? [];
    expect(classes.map((c) => [c.id, c.nTh, c.Pr_0, c.Pr_i, c.Pr_f])).toEqual([
      ['a', 1, 6000, 6000, 6000],
      ['b', 2, 5000, 4500, 4500],
      ['c', 3, 4500, 3600, 3600],
    ]);
    expect(classes[2]?.explain).toEqual([
      {
        kind: 'multiClass',
        discount: 0,
        typeID: 100,
        vTypeID: 100,
        value: 0.1,
        rValue: 100,
        index: 2,
        before: 4500,
        after: 3600,
        amount: 900,
        keptBecauseRoundingRaised: false,
      },
    ]);
  });

  it('explains the cap: the limit, the total it replaced, and who got the missing cent', () => {
    const result = computeFamilyTuition({
      students: [
        { id: 'x', classes: ['x1', 'x2', 'x3', 'x4', 'x5'].map((id) => cls(id, 9000)) },
        { id: 'y', classes: [cls('y1', 9000), cls('y2', 8000)] },
      ],
      discounts: [],
      unlimited: capA,
    });
    const y = result.students[1];
    expect(y?.cap).toEqual({ limit: 16_000, totalBefore: 17_000, reducedBy: 1000 });
    expect(y?.classes.map((c) => c.explain)).toEqual([
      [
        {
          kind: 'cap',
          cap: 16_000,
          studentTotal: 17_000,
          before: 9000,
          after: 8471,
          amount: 529,
          extraCent: true,
        },
      ],
      [
        {
          kind: 'cap',
          cap: 16_000,
          studentTotal: 17_000,
          before: 8000,
          after: 7529,
          amount: 471,
          extraCent: false,
        },
      ],
    ]);
    expect(result.students[0]?.cap).toEqual({ limit: 40_000, totalBefore: 45_000, reducedBy: 5000 });
  });
});

describe('computeFamilyTuition refuses input that cannot be right', () => {
  const valid = (): TuitionInput => ({
    students: [{ id: 's', classes: [cls('a', 6000)] }],
    discounts: [multi10Dollars],
  });
  it.each<[string, (input: TuitionInput) => unknown]>([
    ['a negative price', (i) => ({ ...i, students: [{ id: 's', classes: [cls('a', -1)] }] })],
    [
      'a price that is not whole cents',
      (i) => ({ ...i, students: [{ id: 's', classes: [cls('a', 10.5)] }] }),
    ],
    ['a percentage above 1', (i) => ({ ...i, discounts: [{ ...multi10Dollars, value: 1.5 }] })],
    ['a negative percentage', (i) => ({ ...i, discounts: [{ ...multi10Dollars, value: -0.1 }] })],
    ['a negative fixed value', (i) => ({ ...i, discounts: [{ ...sibling10Fixed, value: -1 }] })],
    ['a rounding unit of 0', (i) => ({ ...i, discounts: [{ ...multi10Dollars, rValue: 0 }] })],
    ['a rounding unit below 1 cent', (i) => ({ ...i, discounts: [{ ...multi10Dollars, rValue: 0.5 }] })],
    ['an unknown discount type', (i) => ({ ...i, discounts: [{ ...multi10Dollars, typeID: 300 }] })],
    [
      'a value that is not a number',
      (i) => ({ ...i, discounts: [{ ...multi10Dollars, value: Number.NaN }] }),
    ],
    ['a negative cap', (i) => ({ ...i, unlimited: { first: -1, others: 16_000 } })],
    ['a price above $100,000', (i) => ({ ...i, students: [{ id: 's', classes: [cls('a', 10_000_001)] }] })],
    ['an unknown sibling mode', (i) => ({ ...i, siblingIndex: 'class' })],
    ['a student listed twice', (i) => ({ ...i, students: [...i.students, ...i.students] })],
    [
      'a class listed twice for one student',
      (i) => ({ ...i, students: [{ id: 's', classes: [cls('a', 1), cls('a', 1)] }] }),
    ],
    ['no students list', (i) => ({ discounts: i.discounts })],
  ])('%s', (_name, mutate) => {
    const input = mutate(valid()) as TuitionInput;
    expect(() => computeFamilyTuition(input)).toThrow(TuitionInputError);
    expect(() => computeFamilyTuition(input)).toThrow(messages.tuitionInputInvalid);
  });

  it('accepts the valid input the refusals start from', () => {
    expect(computeFamilyTuition(valid()).total).toBe(6000);
  });
});
