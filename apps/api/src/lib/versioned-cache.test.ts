import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  it('gives back what was kept only at the version it was read at, and forgets it once stale', () => {
    const cache = new VersionedCache<string>({ maxEntries: 10 });
    cache.set('a', 'first', 1);
    expect(cache.get('a', 1)).toBe('first');
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.count).toBe(0);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('lets the least recently used go first when full', () => {
    const cache = new VersionedCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.get('a', 0);
    cache.set('c', 3, 0);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe(1);
    expect(cache.get('c', 0)).toBe(3);
  });

  it('lets go first, of a full cache, one placed before the newest quarter and not read since', () => {
    const cache = new VersionedCache<number>({ maxEntries: 8 });
    for (const [i, key] of [...'abcdefgh'].entries()) cache.set(key, i, 0);
    // 'a' was placed 7 placings ago: read, it becomes the newest. 'g' is among the newest quarter: read,
    // it stays where it is, still newer than all but 'h' (and now 'a').
    expect(cache.get('a', 0)).toBe(0);
    expect(cache.get('g', 0)).toBe(6);
    cache.set('i', 8, 0);
    cache.set('j', 9, 0);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('c', 0)).toBeUndefined();
    for (const key of 'adefghij') expect(cache.get(key, 0)).toBeDefined();
  });

  it('holds no more than its size, and never an entry larger than the whole', () => {
    const cache = new VersionedCache<string>({ maxEntries: 100, maxSize: 10 });
    cache.set('big', 'x', 0, 11);
    expect(cache.count).toBe(0);
    cache.set('a', 'x', 0, 6);
    cache.set('b', 'y', 0, 6);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.size).toBe(6);
    cache.set('b', 'z', 0, 4);
    expect(cache.size).toBe(4);
    expect(cache.get('b', 0)).toBe('z');
  });

  it('stays within both bounds whatever is kept, asked for and cleared', () => {
    type Op =
      | { kind: 'set'; key: string; size: number; version: number }
      | { kind: 'get'; key: string; version: number }
      | { kind: 'clear' };
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const version = fc.integer({ min: 0, max: 2 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, size: fc.integer({ min: 1, max: 12 }), version }),
      fc.record({ kind: fc.constant('get' as const), key, version }),
      fc.constant({ kind: 'clear' as const }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const cache = new VersionedCache<string>({ maxEntries: 4, maxSize: 20 });
        const model = new Map<string, { value: string; version: number; size: number }>();
        for (const o of ops) {
          if (o.kind === 'set') {
            cache.set(o.key, `${o.key}${o.version}`, o.version, o.size);
            model.set(o.key, { value: `${o.key}${o.version}`, version: o.version, size: o.size });
          } else if (o.kind === 'get') {
            const got = cache.get(o.key, o.version);
            const expected = model.get(o.key);
            // Whatever it gives back is what was last kept under that key, at that version.
            if (got !== undefined)
              expect(got).toBe(expected?.version === o.version ? expected.value : 'never');
          } else {
            cache.clear();
            model.clear();
          }
          expect(cache.count).toBeLessThanOrEqual(4);
          expect(cache.size).toBeLessThanOrEqual(20);
          expect(cache.size).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('drops the entries a change concerns, and only those, keeping its sizes right (decision 080)', () => {
    const cache = new VersionedCache<{ user: string }>({ maxEntries: 10, maxSize: 10 });
    cache.set('a', { user: 'u1' }, 0, 2);
    cache.set('b', { user: 'u2' }, 0, 3);
    cache.set('c', { user: 'u1' }, 0, 1);
    cache.deleteWhere((v) => v.user === 'u1');
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('c', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toEqual({ user: 'u2' });
    expect(cache.count).toBe(1);
    expect(cache.size).toBe(3);
  });
});
