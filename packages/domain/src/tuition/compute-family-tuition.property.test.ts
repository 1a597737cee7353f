import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFamilyTuition } from './compute-family-tuition';
import type { DiscountInput, TuitionInput } from './schema';

const roundingUnit = fc.oneof(fc.constantFrom(1, 100, 500), fc.integer({ min: 1, max: 1000 }));

const discount: fc.Arbitrary<DiscountInput> = fc.oneof(
  fc.record({
    typeID: fc.constantFrom(100 as const, 200 as const),
    vTypeID: fc.constant(100 as const),
    value: fc.double({ min: 0, max: 1, noNaN: true }),
    rValue: roundingUnit,
  }),
  fc.record({
    typeID: fc.constantFrom(100 as const, 200 as const),
    vTypeID: fc.constant(200 as const),
    value: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.double({ min: 0, max: 5000, noNaN: true })),
    rValue: roundingUnit,
  }),
);

// Few distinct ids and round prices, so ties in price (and so the id tie-break) happen often.
const price = fc.oneof(
  fc.integer({ min: 0, max: 30_000 }),
  fc.integer({ min: 0, max: 12 }).map((n) => n * 2500),
);
const classes = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'),
    basePrice: price,
    applyDiscount: fc.boolean(),
  }),
  { selector: (c) => c.id, maxLength: 6 },
);
const students = fc.uniqueArray(fc.record({ id: fc.constantFrom('p', 'q', 'r', 's', 't'), classes }), {
  selector: (s) => s.id,
  maxLength: 5,
});

const family: fc.Arbitrary<TuitionInput> = fc.record({
  students,
  discounts: fc.array(discount, { maxLength: 4 }),
  unlimited: fc.oneof(
    fc.constant(null),
    fc.constantFrom(
      { first: 40_000, others: 16_000 },
      { first: 42_000, others: 16_000 },
      { first: 35_000, others: 15_000 },
    ),
    fc.record({ first: fc.integer({ min: 0, max: 80_000 }), others: fc.integer({ min: 0, max: 40_000 }) }),
  ),
  siblingIndex: fc.constantFrom('student' as const, 'student+class' as const),
});

const runs = { numRuns: 500 };

describe('computeFamilyTuition: what always holds', () => {
  it('no price or total is below 0, and all are whole cents', () => {
    fc.assert(
      fc.property(family, (input) => {
        const result = computeFamilyTuition(input);
        const amounts = [
          result.total,
          ...result.students.flatMap((s) => [s.total, ...s.classes.flatMap((c) => [c.Pr_0, c.Pr_i, c.Pr_f])]),
        ];
        for (const amount of amounts) {
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
      runs,
    );
  });

  it('a discount never raises a price: every step lowers or keeps it, and Pr_f ≤ Pr_i ≤ Pr_0', () => {
    fc.assert(
      fc.property(family, (input) => {
        for (const student of computeFamilyTuition(input).students) {
          for (const c of student.classes) {
            expect(c.Pr_i).toBeLessThanOrEqual(c.Pr_0);
            expect(c.Pr_f).toBeLessThanOrEqual(c.Pr_i);
            for (const step of c.explain) expect(step.after).toBeLessThanOrEqual(step.before);
            if (!c.applyDiscount) expect(c.Pr_i).toBe(c.Pr_0);
          }
        }
      }),
      runs,
    );
  });

  it('a capped student’s Pr_f add up to the cap exactly; an uncapped one keeps Pr_i', () => {
    fc.assert(
      fc.property(family, (input) => {
        const result = computeFamilyTuition(input);
        const cap = input.unlimited ?? null;
        const first = result.students[0];
        for (const student of result.students) {
          const totalI = student.classes.reduce((sum, c) => sum + c.Pr_i, 0);
          const limit = cap === null ? null : student.position === 0 ? cap.first : cap.others;
          const shouldCap =
            limit !== null && totalI >= limit && (student.position === 0 || first?.unlimited === true);
          expect(student.unlimited).toBe(shouldCap);
          if (shouldCap) {
            expect(student.classes.reduce((sum, c) => sum + c.Pr_f, 0)).toBe(limit);
            expect(student.total).toBe(limit);
          } else {
            for (const c of student.classes) expect(c.Pr_f).toBe(c.Pr_i);
          }
        }
      }),
      runs,
    );
  });

  it('the family total is the sum of the students’ totals, and each is the sum of its Pr_f', () => {
    fc.assert(
      fc.property(family, (input) => {
        const result = computeFamilyTuition(input);
        expect(result.total).toBe(result.students.reduce((sum, s) => sum + s.total, 0));
        for (const s of result.students) expect(s.total).toBe(s.classes.reduce((sum, c) => sum + c.Pr_f, 0));
      }),
      runs,
    );
  });

  it('numbers discountable classes 1, 2, 3 … by price, then id; others are 0; students by order total', () => {
    fc.assert(
      fc.property(family, (input) => {
        const result = computeFamilyTuition(input);
        result.students.forEach((student, position) => {
          expect(student.position).toBe(position);
          const discountable = student.classes.filter((c) => c.applyDiscount);
          expect(discountable.map((c) => c.nTh)).toEqual(discountable.map((_, i) => i + 1));
          for (const c of student.classes) if (!c.applyDiscount) expect(c.nTh).toBe(0);
          for (let i = 1; i < student.classes.length; i++) {
            const [a, b] = [student.classes[i - 1], student.classes[i]];
            if (a && b) expect(a.Pr_0 > b.Pr_0 || (a.Pr_0 === b.Pr_0 && a.id < b.id)).toBe(true);
          }
          const previous = result.students[position - 1];
          if (previous) expect(previous.orderTotal).toBeGreaterThanOrEqual(student.orderTotal);
        });
      }),
      runs,
    );
  });

  it('does not depend on the order in which students and classes are given', () => {
    fc.assert(
      fc.property(family, fc.gen(), (input, gen) => {
        const shuffle = <T>(items: readonly T[]): T[] => {
          const copy = [...items];
          for (let i = copy.length - 1; i > 0; i--) {
            const j = gen(fc.integer, { min: 0, max: i });
            [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
          }
          return copy;
        };
        const shuffled = {
          ...input,
          students: shuffle(input.students.map((s) => ({ ...s, classes: shuffle(s.classes) }))),
        };
        expect(computeFamilyTuition(shuffled)).toEqual(computeFamilyTuition(input));
      }),
      runs,
    );
  });

  it('with no discounts and no cap, every price is its base price', () => {
    fc.assert(
      fc.property(students, (list) => {
        const result = computeFamilyTuition({ students: list, discounts: [] });
        const base = list.reduce((sum, s) => sum + s.classes.reduce((t, c) => t + c.basePrice, 0), 0);
        expect(result.total).toBe(base);
      }),
      runs,
    );
  });
});
