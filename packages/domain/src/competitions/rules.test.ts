import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  badEntries,
  classRegistered,
  DEFAULT_QUICK_CHANGE_GAP,
  dancersProblem,
  type EntryValues,
  entryProblems,
  numberRegistered,
  privateRegistered,
  type QuickChange,
  quickChanges,
  type RunningEntry,
  regState,
  toggleClass,
} from './rules';

/**
 * The competition rules (issue 19; 002 §4, §5): the entries' batch rules, the registration screen's
 * states, and quick-change clashes. Tables for the spec's cases, properties against plain oracles.
 */

const entry = (over: Partial<EntryValues> = {}): EntryValues => ({
  name: 'Small Group Jazz',
  priceStudio: 4500,
  priceCustomer: 5500,
  nDancersMin: 4,
  nDancersMax: 9,
  ...over,
});

describe("an event's entries, as one batch (002 §5)", () => {
  it.each([
    ['a valid entry', {}, []],
    ['a name under 2 characters', { name: ' J ' }, ['name']],
    ['no minimum of dancers', { nDancersMin: 0 }, ['dancersZero']],
    ['no maximum of dancers', { nDancersMax: 0 }, ['dancersZero', 'dancersOrder']],
    ['a maximum below the minimum', { nDancersMin: 5, nDancersMax: 4 }, ['dancersOrder']],
    ['one dancer, a solo', { nDancersMin: 1, nDancersMax: 1 }, []],
    ['no studio price', { priceStudio: 0 }, ['priceZero']],
    ['no customer price', { priceCustomer: 0 }, ['priceZero', 'priceOrder']],
    ['a customer price below the studio’s', { priceCustomer: 4499 }, ['priceOrder']],
    ['a customer price equal to the studio’s', { priceCustomer: 4500 }, []],
  ] as const)('%s', (_, over, problems) => {
    expect(entryProblems(entry(over))).toEqual(problems);
  });

  it('names every bad entry of a batch, and none of a good one', () => {
    expect(badEntries([entry(), entry({ name: 'x' }), entry(), entry({ priceCustomer: 1 })])).toEqual([1, 3]);
    expect(badEntries([entry(), entry({ name: 'Solo' })])).toEqual([]);
    expect(badEntries([])).toEqual([]);
  });
});

describe('registration states (002 §4)', () => {
  it.each([
    [{ total: 4, registered: 4 }, true],
    [{ total: 4, registered: 3 }, false],
    [{ total: 0, registered: 0 }, false],
  ])('a dance number %j is registered: %s', (n, expected) => {
    expect(numberRegistered(n)).toBe(expected);
  });

  it('a class is registered when every number with dancers is', () => {
    const all = { total: 3, registered: 3 };
    const part = { total: 3, registered: 1 };
    const empty = { total: 0, registered: 0 };
    expect(classRegistered([all, all])).toBe(true);
    expect(classRegistered([all, part])).toBe(false);
    expect(classRegistered([all, empty])).toBe(true);
    expect(classRegistered([empty])).toBe(false);
    expect(classRegistered([])).toBe(false);
  });

  it('a private lesson is registered when all its active dancers are, and it has some', () => {
    expect(privateRegistered({ active: 2, registered: 2 })).toBe(true);
    expect(privateRegistered({ active: 2, registered: 1 })).toBe(false);
    expect(privateRegistered({ active: 0, registered: 0 })).toBe(false);
  });

  it('a row shows 2 once registered, whatever its selection', () => {
    expect([
      regState(false, false),
      regState(false, true),
      regState(true, false),
      regState(true, true),
    ]).toEqual([0, 1, 2, 2]);
  });

  const numbers = fc.uniqueArray(
    fc.record({ id: fc.string({ minLength: 1, maxLength: 3 }), total: fc.nat(4), registered: fc.nat(4) }),
    { selector: (n) => n.id, maxLength: 6 },
  );
  const withSelection = numbers.chain((ns) =>
    fc.tuple(
      fc.constant(ns.map((n) => ({ ...n, registered: Math.min(n.registered, n.total) }))),
      fc.subarray(ns.map((n) => n.id)),
      fc.array(fc.string({ minLength: 4, maxLength: 6 }), { maxLength: 3 }),
    ),
  );

  it('selecting a class toggles all its unregistered numbers, and touches nothing else', () => {
    fc.assert(
      fc.property(withSelection, ([ns, chosen, others]) => {
        const before = new Set([...chosen, ...others]);
        const after = toggleClass(before, ns);
        const open = ns.filter((n) => n.total > 0 && n.registered < n.total).map((n) => n.id);
        // Registered numbers, numbers nobody dances and other classes' rows keep their selection.
        for (const id of new Set([...before, ...after])) {
          if (!open.includes(id)) expect(after.has(id)).toBe(before.has(id));
        }
        // The open numbers end all selected or all not, and all not only when all were selected.
        const allBefore = open.length > 0 && open.every((id) => before.has(id));
        for (const id of open) expect(after.has(id)).toBe(!allBefore);
        // Twice, from all or none selected, is where it started.
        if (allBefore || open.every((id) => !before.has(id))) {
          expect(toggleClass(after, ns)).toEqual(before);
        }
      }),
    );
  });
});

describe('quick-change clashes', () => {
  const order = (...entries: string[][]): RunningEntry[] =>
    entries.map((dancers, i) => ({ id: `E${i + 1}`, dancers }));

  it('flags a dancer’s next entry fewer places away than the gap (3 by default)', () => {
    const running = order(['Ava', 'Mia'], ['Zoe'], ['Ava'], ['Mia'], ['Zoe', 'Ava'], ['Zoe']);
    expect(DEFAULT_QUICK_CHANGE_GAP).toBe(3);
    expect(quickChanges(running)).toEqual([
      { dancer: 'Ava', first: 'E1', second: 'E3', apart: 2 },
      { dancer: 'Ava', first: 'E3', second: 'E5', apart: 2 },
      { dancer: 'Zoe', first: 'E5', second: 'E6', apart: 1 },
    ]);
    // Mia: E1 then E4, three places apart, in time. Zoe: E2 then E5, the same.
    expect(quickChanges(running, 2)).toEqual([{ dancer: 'Zoe', first: 'E5', second: 'E6', apart: 1 }]);
    expect(quickChanges(order(['Ava', 'Ava']))).toEqual([]);
  });

  /** The oracle: every pair of places a dancer dances with no dance of theirs between, closer than the gap. */
  function oracle(running: RunningEntry[], gap: number): QuickChange[] {
    const out: (QuickChange & { place: number })[] = [];
    running.forEach((b, j) => {
      running.forEach((a, i) => {
        if (i >= j) return;
        for (const dancer of new Set(a.dancers)) {
          if (!b.dancers.includes(dancer)) continue;
          const between = running.slice(i + 1, j).some((e) => e.dancers.includes(dancer));
          if (!between && j - i < gap)
            out.push({ dancer, first: a.id, second: b.id, apart: j - i, place: j });
        }
      });
    });
    return out
      .sort((x, y) => x.place - y.place || (x.dancer < y.dancer ? -1 : x.dancer > y.dancer ? 1 : 0))
      .map(({ place: _, ...c }) => c);
  }

  const running = fc
    .array(fc.array(fc.constantFrom('Ava', 'Bo', 'Cy', 'Di', 'Eli'), { maxLength: 4 }), { maxLength: 14 })
    .map((entries) => entries.map((dancers, i) => ({ id: `E${i + 1}`, dancers })));

  it('agrees with the oracle, and a wider gap never clears a clash', () => {
    fc.assert(
      fc.property(running, fc.integer({ min: 0, max: 6 }), (r, gap) => {
        const found = quickChanges(r, gap);
        expect(found).toEqual(oracle(r, gap));
        const wider = quickChanges(r, gap + 1);
        for (const c of found) expect(wider).toContainEqual(c);
        expect(quickChanges(r, 1)).toEqual([]);
      }),
    );
  });
});

describe("an entry's dancer limits on a number (decision 032)", () => {
  it.each([
    [0, 4, 9, null],
    [3, 4, 9, 'tooFew'],
    [4, 4, 9, null],
    [9, 4, 9, null],
    [10, 4, 9, 'tooMany'],
    [1, 1, 1, null],
    [2, 1, 1, 'tooMany'],
  ] as const)('%i dancers for %i–%i: %s', (count, min, max, problem) => {
    expect(dancersProblem(count, { min, max })).toBe(problem);
  });

  it('is never a problem within the limits, always one outside them but for none', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.integer({ min: 1, max: 20 }), fc.nat(20), (count, min, extra) => {
        const max = min + extra;
        const within = count === 0 || (count >= min && count <= max);
        expect(dancersProblem(count, { min, max }) === null).toBe(within);
      }),
    );
  });
});
