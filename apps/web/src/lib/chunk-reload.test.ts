import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceAMinute } from './chunk-reload';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => map.delete(k),
    setItem: (k, v) => map.set(k, v),
  } as Storage;
}

describe('chunk load failures', () => {
  it('recognises the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const storage = memoryStorage();
    expect(reloadOnceAMinute(1_000_000, storage)).toBe(true);
    expect(reloadOnceAMinute(1_030_000, storage)).toBe(false);
    expect(reloadOnceAMinute(1_060_001, storage)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
