import { describe, expect, it } from 'vitest';
import { resultLook, tryText } from './run-labels';

describe('run labels', () => {
  it.each([
    [1, 'scheduled', 'Try 1'],
    [2, 'retry', 'Try 2'],
    [8, 'retry', 'Try 8'],
    [3, 'new_method', 'Try 3 · new method'],
    [2, 'backup', 'Try 2 · backup'],
    [9, 'studio', 'By the studio'],
  ] as const)('try %i (%s) reads "%s"', (tryNo, trigger, text) => {
    expect(tryText(tryNo, trigger)).toBe(text);
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
