import type { BuilderClass } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { CONTEMPORARY, JAZZ, TAP, twoLocationWeeks } from './builder.fixture';
import { withClassesSeen } from './classes-seen';

const ids = (classes: readonly BuilderClass[]) => classes.map((c) => c.id);

describe('withClassesSeen (decision 082)', () => {
  it('adds the classes of other locations seen before, the answer’s own first and as they are', () => {
    const { main, annex } = twoLocationWeeks();
    const seen = new Map<string, BuilderClass>();
    expect(withClassesSeen(main, seen)).toBe(main);
    const merged = withClassesSeen(annex, seen);
    expect(ids(merged.sched.cls).slice(0, annex.sched.cls.length)).toEqual(ids(annex.sched.cls));
    expect(ids(merged.sched.cls)).toContain(JAZZ);
    expect(new Set(ids(merged.sched.cls)).size).toBe(merged.sched.cls.length);
    // Back at Main Street, the Annex's class comes along; everything else is the answer's.
    const back = withClassesSeen(main, seen);
    expect(ids(back.sched.cls)).toEqual([...ids(main.sched.cls), CONTEMPORARY]);
    expect({ ...back, sched: { ...back.sched, cls: [] } }).toEqual({
      ...main,
      sched: { ...main.sched, cls: [] },
    });
  });

  it('drops a class of the answer’s own location that the answer no longer lists (deleted since)', () => {
    const { main } = twoLocationWeeks();
    const seen = new Map<string, BuilderClass>();
    withClassesSeen(main, seen);
    const without = { ...main, sched: { ...main.sched, cls: main.sched.cls.filter((c) => c.id !== TAP) } };
    expect(ids(withClassesSeen(without, seen).sched.cls)).not.toContain(TAP);
  });
});
