import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Weekday } from '../dates';
import { sumCents } from '../money';
import { computeFamilyTuition } from '../tuition/compute-family-tuition';
import { type FamilyQuote, linesAddUp, type QuoteDiscount, type QuoteInput, quoteFamily } from './quote';

const multi10Dollars: QuoteDiscount = {
  id: 'multi',
  name: 'Multi-class discount',
  typeID: 100,
  vTypeID: 100,
  value: 0.1,
  rValue: 100,
};
const sibling10Fixed: QuoteDiscount = {
  id: 'sib',
  name: 'Sibling discount',
  typeID: 200,
  vTypeID: 200,
  value: 1000,
  rValue: 1,
};

/** A family from `{ studentId: { classId: basePrice } }`; every class on Tuesday and discountable. */
function family(prices: Record<string, Record<string, number>>, rest: Partial<QuoteInput> = {}): QuoteInput {
  const names: Record<string, string> = { x: 'Emma', y: 'Leo', z: 'Mia' };
  return {
    students: Object.keys(prices).map((id) => ({ id, name: names[id] ?? id })),
    classes: Object.values(prices).flatMap((classes) =>
      Object.entries(classes).map(([id, basePrice]) => ({
        id,
        name: `Class ${id}`,
        day: 1 as Weekday,
        basePrice,
        applyDiscount: true,
      })),
    ),
    registrations: Object.entries(prices).flatMap(([studentId, classes]) =>
      Object.keys(classes).map((classId) => ({ studentId, classId })),
    ),
    discounts: [],
    unlimited: null,
    siblingIndex: 'student',
    ...rest,
  };
}

/** Per student in position order: its total and each class's Pr_f. */
const summary = (quote: FamilyQuote) => ({
  total: quote.total,
  students: quote.students.map((s) => ({
    id: s.id,
    total: s.total,
    unlimited: s.unlimited,
    Pr_f: Object.fromEntries(s.classes.map((c) => [c.classId, c.Pr_f])),
  })),
});

const linesOf = (quote: FamilyQuote, studentId: string, classId: string) =>
  quote.students.find((s) => s.id === studentId)?.classes.find((c) => c.classId === classId)?.lines;

describe('quoteFamily: the worked examples of domain-rules §1', () => {
  it('multi-class 10 %, whole dollars: 6000 + 4500 + 3600 = 14100, each line explained', () => {
    const quote = quoteFamily(family({ x: { a: 6000, b: 5000, c: 4500 } }, { discounts: [multi10Dollars] }));
    expect(summary(quote)).toEqual({
      total: 14_100,
      students: [{ id: 'x', total: 14_100, unlimited: false, Pr_f: { a: 6000, b: 4500, c: 3600 } }],
    });
    expect(linesOf(quote, 'x', 'a')).toEqual([{ label: 'Monthly price', amount: 6000 }]);
    expect(linesOf(quote, 'x', 'b')).toEqual([
      { label: 'Monthly price', amount: 5000 },
      { label: 'Multi-class discount (2nd class, 10 % off)', amount: -500 },
    ]);
    // 4500 × 0.81 = 3645, rounded to the dollar: the line must say why it is not 855 off.
    expect(linesOf(quote, 'x', 'c')).toEqual([
      { label: 'Monthly price', amount: 4500 },
      { label: 'Multi-class discount (3rd class, 10 % off, 2 times, rounded to the dollar)', amount: -900 },
    ]);
    expect(linesAddUp(quote)).toBe(true);
  });

  it('sibling $10 fixed: x 10500 at position 0, y 6000 − 1000 = 5000, total 15500', () => {
    const quote = quoteFamily(
      family({ x: { a: 6000, b: 5000 }, y: { c: 6000 } }, { discounts: [multi10Dollars, sibling10Fixed] }),
    );
    expect(summary(quote)).toEqual({
      total: 15_500,
      students: [
        { id: 'x', total: 10_500, unlimited: false, Pr_f: { a: 6000, b: 4500 } },
        { id: 'y', total: 5000, unlimited: false, Pr_f: { c: 5000 } },
      ],
    });
    expect(quote.students.map((s) => [s.name, s.position])).toEqual([
      ['Emma', 0],
      ['Leo', 1],
    ]);
    expect(linesOf(quote, 'y', 'c')).toEqual([
      { label: 'Monthly price', amount: 6000 },
      { label: 'Sibling discount (2nd child, $10.00)', amount: -1000 },
    ]);
  });

  it('unlimited, reading A: x capped at 40000, y 17000 capped at 16000 as 8471 + 7529, total 56000', () => {
    const quote = quoteFamily(
      family(
        { x: { a: 9000, b: 9000, c: 9000, d: 9000, e: 9000 }, y: { f: 9000, g: 8000 } },
        { unlimited: { first: 40_000, others: 16_000 } },
      ),
    );
    expect(summary(quote)).toEqual({
      total: 56_000,
      students: [
        { id: 'x', total: 40_000, unlimited: true, Pr_f: { a: 8000, b: 8000, c: 8000, d: 8000, e: 8000 } },
        { id: 'y', total: 16_000, unlimited: true, Pr_f: { f: 8471, g: 7529 } },
      ],
    });
    expect(linesOf(quote, 'x', 'a')).toEqual([
      { label: 'Monthly price', amount: 9000 },
      { label: "Unlimited: Emma's classes capped at $400.00 a month", amount: -1000 },
    ]);
    expect(linesOf(quote, 'y', 'g')).toEqual([
      { label: 'Monthly price', amount: 8000 },
      { label: "Unlimited: Leo's classes capped at $160.00 a month", amount: -471 },
    ]);
  });
});

describe('quoteFamily: what each line says', () => {
  it.each<[string, QuoteInput, string, string, string[]]>([
    [
      'a fixed multi-class step, twice',
      family(
        { x: { a: 6000, b: 5000, c: 4000 } },
        { discounts: [{ ...multi10Dollars, vTypeID: 200, value: 500, rValue: 1 }] },
      ),
      'x',
      'c',
      ['Monthly price', 'Multi-class discount (3rd class, $5.00 × 2)'],
    ],
    [
      'a sibling percentage for the third child',
      family(
        { x: { a: 9000 }, y: { b: 8000 }, z: { c: 6000 } },
        { discounts: [{ ...sibling10Fixed, vTypeID: 100, value: 0.1, rValue: 1 }] },
      ),
      'z',
      'c',
      ['Monthly price', 'Sibling discount (3rd child, 10 % off, 2 times)'],
    ],
    [
      'the sibling index counting classes (student+class)',
      family(
        { x: { a: 20_000 }, y: { b: 8000, c: 6000 } },
        { discounts: [sibling10Fixed], siblingIndex: 'student+class' },
      ),
      'y',
      'c',
      ['Monthly price', 'Sibling discount (2nd child, $10.00 × 2)'],
    ],
    [
      'rounding alone at index 0',
      family({ x: { a: 4540 } }, { discounts: [multi10Dollars] }),
      'x',
      'a',
      ['Monthly price', 'Multi-class discount (1st class, rounded to the dollar)'],
    ],
    [
      'an unnamed discount takes its kind’s name',
      family({ x: { a: 6000, b: 5000 } }, { discounts: [{ ...multi10Dollars, name: '  ', rValue: 1 }] }),
      'x',
      'b',
      ['Monthly price', 'Multi-class discount (2nd class, 10 % off)'],
    ],
    [
      'a discount, then the cap',
      family(
        { x: { a: 30_000, b: 20_000 } },
        { discounts: [multi10Dollars], unlimited: { first: 40_000, others: 16_000 } },
      ),
      'x',
      'b',
      [
        'Monthly price',
        'Multi-class discount (2nd class, 10 % off)',
        "Unlimited: Emma's classes capped at $400.00 a month",
      ],
    ],
  ])('%s', (_, input, studentId, classId, labels) => {
    const quote = quoteFamily(input);
    expect(linesOf(quote, studentId, classId)?.map((l) => l.label)).toEqual(labels);
    expect(linesAddUp(quote)).toBe(true);
  });

  it('a class that takes no discount shows its price alone; a dancer with no name is "this dancer"', () => {
    const input = family(
      { x: { a: 30_000, b: 20_000 } },
      { discounts: [multi10Dollars], unlimited: { first: 40_000, others: 0 } },
    );
    input.students = [{ id: 'x', name: '' }];
    input.classes = input.classes.map((c) => (c.id === 'b' ? { ...c, applyDiscount: false } : c));
    const quote = quoteFamily(input);
    expect(linesOf(quote, 'x', 'b')).toEqual([
      { label: 'Monthly price', amount: 20_000 },
      { label: "Unlimited: this dancer's classes capped at $400.00 a month", amount: -4000 },
    ]);
    expect(quote.students[0]?.classes.map((c) => [c.classId, c.nTh, c.Pr_f])).toEqual([
      ['a', 1, 24_000],
      ['b', 0, 16_000],
    ]);
  });

  it('a student without classes shows at 0 after the others, and the total does not count them', () => {
    const input = family({ x: { a: 6000 } });
    input.students = [{ id: 'y', name: 'Leo' }, ...input.students, { id: 'z', name: 'Mia' }];
    const quote = quoteFamily(input);
    expect(quote.students.map((s) => [s.id, s.name, s.position, s.total, s.classes.length])).toEqual([
      ['x', 'Emma', 0, 6000, 1],
      ['y', 'Leo', 1, 0, 0],
      ['z', 'Mia', 2, 0, 0],
    ]);
    expect(quote.total).toBe(6000);
    expect(quote.students[0]?.classes[0]).toMatchObject({ key: 'x:a', name: 'Class a', day: 1 });
  });

  it('refuses a registration for a class it was not given', () => {
    const input = family({ x: { a: 6000 } });
    input.registrations.push({ studentId: 'x', classId: 'zz' });
    expect(() => quoteFamily(input)).toThrow('class zz not given');
  });
});

const roundingUnit = fc.constantFrom(1, 5, 100, 500);
const discount: fc.Arbitrary<QuoteDiscount> = fc.oneof(
  fc.record({
    id: fc.constant('d'),
    name: fc.constantFrom('', 'Family'),
    typeID: fc.constantFrom(100 as const, 200 as const),
    vTypeID: fc.constant(100 as const),
    value: fc.double({ min: 0, max: 1, noNaN: true }),
    rValue: roundingUnit,
  }),
  fc.record({
    id: fc.constant('d'),
    name: fc.constantFrom('', 'Family'),
    typeID: fc.constantFrom(100 as const, 200 as const),
    vTypeID: fc.constant(200 as const),
    value: fc.integer({ min: 0, max: 5000 }),
    rValue: roundingUnit,
  }),
);
const classIds = ['a', 'b', 'c', 'd', 'e', 'f'];
const studentIds = ['p', 'q', 'r', 's'];

const randomFamily: fc.Arbitrary<QuoteInput> = fc.record({
  students: fc.constant(studentIds.map((id) => ({ id, name: `Dancer ${id}` }))),
  classes: fc.tuple(
    ...classIds.map((id) =>
      fc.record({
        id: fc.constant(id),
        name: fc.constant(`Class ${id}`),
        day: fc.constantFrom<Weekday>(0, 1, 2, 3, 4, 5, 6),
        basePrice: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.constantFrom(4500, 5000, 6000, 9000)),
        applyDiscount: fc.boolean(),
      }),
    ),
  ),
  registrations: fc.uniqueArray(
    fc.record({ studentId: fc.constantFrom(...studentIds), classId: fc.constantFrom(...classIds) }),
    { selector: (r) => `${r.studentId}:${r.classId}`, maxLength: 12 },
  ),
  discounts: fc.array(discount, { maxLength: 3 }),
  unlimited: fc.oneof(
    fc.constant(null),
    fc.record({ first: fc.integer({ min: 0, max: 60_000 }), others: fc.integer({ min: 0, max: 30_000 }) }),
  ),
  siblingIndex: fc.constantFrom('student' as const, 'student+class' as const),
});

describe('quoteFamily: what always holds', () => {
  it('every class’s lines add up to Pr_f, the total to the students’, and the prices are computeFamilyTuition’s', () => {
    fc.assert(
      fc.property(randomFamily, (input) => {
        const quote = quoteFamily(input);
        expect(linesAddUp(quote)).toBe(true);
        for (const s of quote.students) {
          for (const c of s.classes) {
            expect(c.lines[0]).toEqual({ label: 'Monthly price', amount: c.Pr_0 });
            expect(sumCents(c.lines.map((l) => l.amount))).toBe(c.Pr_f);
            // The cap's line names the dancer; a discount line names the discount or its kind.
            for (const line of c.lines.slice(1)) {
              expect(line.amount).toBeLessThan(0);
              expect(line.label).toMatch(
                /^(Unlimited: Dancer [pqrs]'s|Family|Multi-class discount|Sibling discount) /,
              );
            }
          }
          expect(s.total).toBe(sumCents(s.classes.map((c) => c.Pr_f)));
        }
        expect(quote.total).toBe(sumCents(quote.students.map((s) => s.total)));
        expect(quote.students.map((s) => s.id).sort()).toEqual(studentIds);

        const tuition = computeFamilyTuition({
          students: studentIds
            .map((id) => ({
              id,
              classes: input.registrations
                .filter((r) => r.studentId === id)
                .map((r) => input.classes.find((c) => c.id === r.classId)!),
            }))
            .filter((s) => s.classes.length > 0),
          discounts: input.discounts,
          unlimited: input.unlimited,
          siblingIndex: input.siblingIndex,
        });
        expect(quote.total).toBe(tuition.total);
        for (const s of tuition.students) {
          const quoted = quote.students.find((q) => q.id === s.id);
          expect(quoted?.position).toBe(s.position);
          expect(quoted?.classes.map((c) => [c.classId, c.Pr_f])).toEqual(
            s.classes.map((c) => [c.id, c.Pr_f]),
          );
        }
      }),
      { numRuns: 500 },
    );
  });
});
