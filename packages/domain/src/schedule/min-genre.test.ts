import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampMinGenreRequired, minGenreRange } from './min-genre';

/** R required and O optional requirements, in an order that mixes the two. */
function requirements(required: number, optional: number) {
  const list: { isRequired: boolean }[] = [];
  for (let i = 0; i < Math.max(required, optional); i++) {
    if (i < optional) list.push({ isRequired: false });
    if (i < required) list.push({ isRequired: true });
  }
  return list;
}

describe('minGenreRange (002 §5)', () => {
  it.each<[number, number, number, number]>([
    // R, O → min, max
    [0, 0, 0, 0],
    [3, 0, 3, 3],
    [0, 1, 0, 0],
    [2, 1, 2, 2],
    [0, 2, 1, 1],
    [1, 2, 2, 2],
    [0, 5, 1, 4],
    [2, 5, 3, 6],
  ])('R=%i, O=%i → %i..%i', (r, o, min, max) => {
    expect(minGenreRange(requirements(r, o))).toEqual({ min, max });
  });
});

describe('clampMinGenreRequired', () => {
  it.each<[number, number, number, number]>([
    // R, O, value → kept
    [0, 0, 0, 0],
    [0, 0, 4, 0],
    [3, 0, 0, 3],
    [3, 0, 3, 3],
    [3, 0, 9, 3],
    [2, 1, 0, 2],
    [2, 1, 5, 2],
    [0, 1, 1, 0],
    [0, 2, 0, 1],
    [0, 2, 2, 1],
    [1, 2, 1, 2],
    [1, 2, 3, 2],
    [0, 5, 0, 1],
    [0, 5, 3, 3],
    [0, 5, 4, 4],
    [0, 5, 5, 4],
    [2, 5, 1, 3],
    [2, 5, 3, 3],
    [2, 5, 5, 5],
    [2, 5, 6, 6],
    [2, 5, 7, 6],
    [2, 5, 100, 6],
  ])('R=%i, O=%i: %i → %i', (r, o, value, kept) => {
    expect(clampMinGenreRequired(value, requirements(r, o))).toBe(kept);
  });

  it('drops a fraction before clamping', () => {
    expect(clampMinGenreRequired(4.7, requirements(2, 5))).toBe(4);
  });

  const reqs = fc.array(fc.record({ isRequired: fc.boolean() }), { maxLength: 20 });
  const value = fc.integer({ min: -5, max: 50 });

  it('always keeps a value inside the range, which is never empty', () => {
    fc.assert(
      fc.property(reqs, value, (list, v) => {
        const { min, max } = minGenreRange(list);
        expect(min).toBeLessThanOrEqual(max);
        const kept = clampMinGenreRequired(v, list);
        expect(kept).toBeGreaterThanOrEqual(min);
        expect(kept).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('is idempotent, and keeps a value already in range', () => {
    fc.assert(
      fc.property(reqs, value, (list, v) => {
        const kept = clampMinGenreRequired(v, list);
        expect(clampMinGenreRequired(kept, list)).toBe(kept);
        const { min, max } = minGenreRange(list);
        if (v >= min && v <= max) expect(kept).toBe(v);
      }),
    );
  });
});
