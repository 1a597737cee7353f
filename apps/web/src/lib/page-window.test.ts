import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './page-window';

describe('pageWindow', () => {
  it.each([
    // page, total pages, window
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 12, [1, 2, 3, 4, 5]],
    [2, 12, [1, 2, 3, 4, 5]],
    [3, 12, [1, 2, 3, 4, 5]],
    [4, 12, [2, 3, 4, 5, 6]],
    [7, 12, [5, 6, 7, 8, 9]],
    [10, 12, [8, 9, 10, 11, 12]],
    [11, 12, [8, 9, 10, 11, 12]],
    [12, 12, [8, 9, 10, 11, 12]],
  ])('page %i of %i shows %j', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });

  it('always shows exactly 5 pages when there are at least 5', () => {
    for (let total = 5; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const window = pageWindow(page, total);
        expect(window).toHaveLength(5);
        expect(window).toContain(page);
        expect(window[4]! - window[0]!).toBe(4);
      }
    }
  });

  it('keeps a page out of range inside the window', () => {
    expect(pageWindow(0, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(40, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(Number.NaN, 3)).toEqual([1, 2, 3]);
  });

  it('shows nothing without pages, and honours another window size', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(6, 10, 3)).toEqual([5, 6, 7]);
    expect(pageWindow(6, 10, 4)).toEqual([5, 6, 7, 8]);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 10, 10],
    [5, 0, 1],
  ])('%i items, %i a page: %i pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });
});
