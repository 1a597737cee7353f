import { describe, expect, it } from 'vitest';
import { computeFamilyTuition } from './compute-family-tuition';
import type { DiscountInput, TuitionInput } from './schema';

// Cases beyond the worked examples: each pins one rule of domain-rules.md §1 to a number.
const multi10Dollars: DiscountInput = { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 };
const sibling10Fixed: DiscountInput = { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 };
const capA = { first: 40_000, others: 16_000 };

const cls = (id: string, basePrice: number, applyDiscount?: boolean) =>
  applyDiscount === undefined ? { id, basePrice } : { id, basePrice, applyDiscount };

const two = (x: ReturnType<typeof cls>[], y: ReturnType<typeof cls>[]) => [
  { id: 'x', classes: x },
  { id: 'y', classes: y },
];

describe('computeFamilyTuition: more cases', () => {
  it.each<[string, TuitionInput, number, Record<string, number>]>([
    [
      "sibling index 'student': every class of the second child at k = 1",
      {
        students: two([cls('a', 6000), cls('b', 5000)], [cls('c', 6000), cls('d', 5000)]),
        discounts: [sibling10Fixed],
      },
      20_000,
      { a: 6000, b: 5000, c: 5000, d: 4000 },
    ],
    [
      "sibling index 'student+class': k = position + nTh − 1",
      {
        students: two([cls('a', 6000), cls('b', 5000)], [cls('c', 6000), cls('d', 5000)]),
        discounts: [sibling10Fixed],
        siblingIndex: 'student+class',
      },
      19_000,
      { a: 6000, b: 5000, c: 5000, d: 3000 },
    ],
    [
      'applyDiscount false: nTh 0, full price, the next class is the first discountable one (4050 → 4100)',
      {
        students: [{ id: 's', classes: [cls('a', 6000, false), cls('b', 5000), cls('c', 4500)] }],
        discounts: [multi10Dollars],
      },
      15_100,
      { a: 6000, b: 5000, c: 4100 },
    ],
    [
      'fixed multi-class discount: 500 off per step',
      {
        students: [{ id: 's', classes: [cls('a', 6000), cls('b', 5000), cls('c', 4500)] }],
        discounts: [{ typeID: 100, vTypeID: 200, value: 500, rValue: 1 }],
      },
      14_000,
      { a: 6000, b: 4500, c: 3500 },
    ],
    [
      'two multi-class discounts apply in list order, each on the price the previous one left',
      {
        students: [{ id: 's', classes: [cls('a', 6000), cls('b', 5000)] }],
        discounts: [
          { typeID: 100, vTypeID: 100, value: 0.1, rValue: 1 },
          { typeID: 100, vTypeID: 200, value: 100, rValue: 1 },
        ],
      },
      10_400,
      { a: 6000, b: 4400 },
    ],
    [
      'percentage sibling rounded to five dollars: 6300 × 0.9 = 5670 → 5500',
      {
        students: two([cls('a', 7000)], [cls('b', 6300)]),
        discounts: [{ typeID: 200, vTypeID: 100, value: 0.1, rValue: 500 }],
      },
      12_500,
      { a: 7000, b: 5500 },
    ],
    [
      'rounding never raises a price: 6300 at index 0 stays (not 6500); 6200 × 0.9 = 5580 → 5500',
      {
        students: [{ id: 's', classes: [cls('a', 6300), cls('b', 6200)] }],
        discounts: [{ typeID: 100, vTypeID: 100, value: 0.1, rValue: 500 }],
      },
      11_800,
      { a: 6300, b: 5500 },
    ],
    [
      'rounding at index 0 may lower a price: 6200 to five dollars is 6000',
      {
        students: [{ id: 's', classes: [cls('a', 6200)] }],
        discounts: [{ typeID: 100, vTypeID: 100, value: 0.1, rValue: 500 }],
      },
      6000,
      { a: 6000 },
    ],
    [
      'a fixed discount larger than the price stops at 0',
      {
        students: [{ id: 's', classes: [cls('a', 6000), cls('b', 800), cls('c', 500)] }],
        discounts: [{ typeID: 100, vTypeID: 200, value: 1000, rValue: 1 }],
      },
      6000,
      { a: 6000, b: 0, c: 0 },
    ],
    [
      'students are ordered by their price after the multi-class discount, not the base price',
      {
        students: two([cls('a', 6000), cls('b', 6000)], [cls('c', 9500)]),
        discounts: [{ typeID: 100, vTypeID: 100, value: 0.5, rValue: 1 }, sibling10Fixed],
      },
      16_500,
      { a: 5000, b: 2000, c: 9500 },
    ],
    [
      'no cap for later students while the first is not unlimited',
      { students: two([cls('a', 30_000)], [cls('b', 20_000)]), discounts: [], unlimited: capA },
      50_000,
      { a: 30_000, b: 20_000 },
    ],
    [
      'reading C 350/150: 17500 each, and 16000 scaled to 15000 (9375 + 5625)',
      {
        students: two([cls('a', 20_000), cls('b', 20_000)], [cls('c', 10_000), cls('d', 6000)]),
        discounts: [],
        unlimited: { first: 35_000, others: 15_000 },
      },
      50_000,
      { a: 17_500, b: 17_500, c: 9375, d: 5625 },
    ],
    [
      'a tie in remainders gives the missing cent to the earlier class',
      {
        students: [{ id: 's', classes: [cls('c', 5000), cls('b', 5000), cls('a', 5000)] }],
        discounts: [],
        unlimited: { first: 10_000, others: 5000 },
      },
      10_000,
      { a: 3334, b: 3333, c: 3333 },
    ],
    [
      'a class without discount still counts toward the cap and is scaled with the rest',
      {
        students: [{ id: 's', classes: [cls('a', 30_000, false), cls('b', 20_000)] }],
        discounts: [multi10Dollars],
        unlimited: capA,
      },
      40_000,
      { a: 24_000, b: 16_000 },
    ],
    [
      'no cap when unlimited is null',
      { students: [{ id: 's', classes: [cls('a', 50_000)] }], discounts: [], unlimited: null },
      50_000,
      { a: 50_000 },
    ],
    ['an empty family owes nothing', { students: [], discounts: [multi10Dollars] }, 0, {}],
  ])('%s', (_name, input, total, prices) => {
    const result = computeFamilyTuition(input);
    expect(result.total).toBe(total);
    expect(Object.fromEntries(result.students.flatMap((s) => s.classes.map((c) => [c.id, c.Pr_f])))).toEqual(
      prices,
    );
  });

  it('a third child is capped at `others` too, and the first child exactly at the cap is unlimited', () => {
    const result = computeFamilyTuition({
      students: [
        { id: 'x', classes: [cls('a', 40_000)] },
        { id: 'y', classes: [cls('b', 20_000)] },
        { id: 'z', classes: [cls('c', 10_000), cls('d', 9000)] },
      ],
      discounts: [],
      unlimited: capA,
    });
    expect(result.students.map((s) => [s.id, s.total, s.unlimited])).toEqual([
      ['x', 40_000, true],
      ['y', 16_000, true],
      ['z', 16_000, true],
    ]);
    expect(result.students[2]?.classes.map((c) => c.Pr_f)).toEqual([8421, 7579]);
    expect(result.total).toBe(72_000);
  });

  it('marks the rounding that was refused in the explanation', () => {
    const result = computeFamilyTuition({
      students: [{ id: 's', classes: [cls('a', 6300)] }],
      discounts: [{ typeID: 100, vTypeID: 100, value: 0.1, rValue: 500 }],
    });
    expect(result.students[0]?.classes[0]?.explain[0]).toMatchObject({
      before: 6300,
      after: 6300,
      amount: 0,
      keptBecauseRoundingRaised: true,
    });
  });

  it('names the discount in the explanation when the input gave it an id', () => {
    const result = computeFamilyTuition({
      students: two([cls('a', 6000)], [cls('b', 6000)]),
      discounts: [{ ...sibling10Fixed, id: 'sibling-2026' }],
    });
    expect(result.students[1]?.classes[0]?.explain).toEqual([
      {
        kind: 'sibling',
        discount: 0,
        discountId: 'sibling-2026',
        typeID: 200,
        vTypeID: 200,
        value: 1000,
        rValue: 1,
        index: 1,
        before: 6000,
        after: 5000,
        amount: 1000,
        keptBecauseRoundingRaised: false,
      },
    ]);
  });
});
