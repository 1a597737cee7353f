import { describe, expect, it } from 'vitest';
import { logByline } from './log-entry';

describe('logByline', () => {
  it.each([
    [{ name: 'Olivia Bennett', role: 'owner' as const }, 'Olivia Bennett (Owner)'],
    [{ name: 'Priya Patel', role: 'parent' as const }, 'Priya Patel (Parent)'],
    [{ name: '', role: 'system' as const }, 'System'],
    [{ name: 'Auto-pay', role: 'system' as const }, 'Auto-pay'],
    [{ name: '  ', role: 'owner' as const }, 'Owner'],
  ])('%j reads "%s"', (by, expected) => {
    expect(logByline(by)).toBe(expected);
  });
});
