import { afterEach, describe, expect, it } from 'vitest';
import { forgetDeviceCopies } from './device-copies';

describe('forgetDeviceCopies', () => {
  afterEach(() => window.localStorage.clear());
  it("forgets the kept session, rolls and days, and keeps the taps not yet sent and others' keys", () => {
    window.localStorage.setItem('pirouette.me', '{}');
    window.localStorage.setItem('pirouette.rollcache.c.2026-11-23', '{}');
    window.localStorage.setItem('pirouette.rollday.today', '{}');
    window.localStorage.setItem('pirouette.roll.c.2026-11-23', '[]');
    window.localStorage.setItem('mantine-color-scheme', 'light');
    forgetDeviceCopies();
    expect(Object.keys(window.localStorage).sort()).toEqual([
      'mantine-color-scheme',
      'pirouette.roll.c.2026-11-23',
    ]);
  });
});
