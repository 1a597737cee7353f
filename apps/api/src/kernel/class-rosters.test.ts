import { describe, expect, it } from 'vitest';
import { expectedOn } from './class-rosters';

describe('expectedOn', () => {
  const entry = { dateI: '2026-09-10', dateF: '2027-06-13', droppedOn: null };
  it.each([
    ['before the registration starts', entry, '2026-09-09', false],
    ['on its first day', entry, '2026-09-10', true],
    ['on its last day', entry, '2027-06-13', true],
    ['after it ends', entry, '2027-06-14', false],
    ['the day before a drop takes effect', { ...entry, droppedOn: '2026-11-01' }, '2026-10-31', true],
    ['on the day a drop takes effect', { ...entry, droppedOn: '2026-11-01' }, '2026-11-01', false],
  ])('%s', (_what, e, date, expected) => {
    expect(expectedOn(e, date)).toBe(expected);
  });
});
