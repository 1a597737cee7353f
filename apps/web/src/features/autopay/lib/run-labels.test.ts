import { describe, expect, it } from 'vitest';
import { resultLook, tryText } from './run-labels';

describe('run labels', () => {
  it.each([
    [1, 'Try 1'],
    [2, 'Try 2'],
    [3, 'Try 3'],
    [4, 'By the studio'],
    [9, 'By the studio'],
  ])('try %i reads "%s"', (tryNo, text) => {
    expect(tryText(tryNo)).toBe(text);
  });

  it.each([
    ['charged', 'Charged', 'teal'],
    ['declined', 'Declined', 'red'],
    ['processing', 'Processing', 'blue'],
    ['skipped', 'Skipped', 'gray'],
    ['refunded', 'Refunded', 'gray'],
  ])('a %s result reads "%s" in %s', (result, label, color) => {
    expect(resultLook(result)).toEqual({ label, color });
  });
});
