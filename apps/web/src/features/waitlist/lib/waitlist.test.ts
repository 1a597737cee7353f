import type { WaitlistEntry } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { heldUntilText, moveInOrder, openEntriesByPair, positionText, splitClassEntries } from './waitlist';

const entry = (id: string, more: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id,
  clSchID: 'c1',
  className: 'Lyrical 2',
  stdID: `s-${id}`,
  student: `Dancer ${id}`,
  coAcctMemID: 'f1',
  family: 'Rivera',
  status: 'waiting',
  position: null,
  offeredAt: null,
  expiresAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...more,
});

describe('the waitlist’s order', () => {
  it('moves one dancer a place up or down, every id once', () => {
    expect(moveInOrder(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the order as it was past either end, or for an id not in it', () => {
    expect(moveInOrder(['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    expect(moveInOrder(['a', 'b'], 'b', 1)).toEqual(['a', 'b']);
    expect(moveInOrder(['a', 'b'], 'z', 1)).toEqual(['a', 'b']);
  });

  it('splits a class’s list: waiting by position, offers by expiry, the rest newest first', () => {
    const list = [
      entry('w2', { position: 2 }),
      entry('old', { status: 'declined', createdAt: '2026-10-01T00:00:00.000Z' }),
      entry('o2', { status: 'offered', expiresAt: '2026-11-23T10:00:00.000Z' }),
      entry('w1', { position: 1 }),
      entry('o1', { status: 'offered', expiresAt: '2026-11-22T10:00:00.000Z' }),
      entry('new', { status: 'expired', createdAt: '2026-11-10T00:00:00.000Z' }),
    ];
    const { waiting, offers, past } = splitClassEntries(list);
    expect(waiting.map((e) => e.id)).toEqual(['w1', 'w2']);
    expect(offers.map((e) => e.id)).toEqual(['o1', 'o2']);
    expect(past.map((e) => e.id)).toEqual(['new', 'old']);
  });

  it('keys the family’s open entries by dancer and class; a declined one is not open', () => {
    const map = openEntriesByPair([
      entry('a', { stdID: 'emma', clSchID: 'lyr', position: 3 }),
      entry('b', { stdID: 'leo', clSchID: 'lyr', status: 'declined' }),
    ]);
    expect([...map.keys()]).toEqual(['emma:lyr']);
    expect(positionText(map.get('emma:lyr')!)).toBe('#3 on the waitlist');
  });

  it('says until when an offer holds the place, in the studio’s time zone', () => {
    const e = { expiresAt: '2026-11-22T20:00:00.000Z' };
    expect(heldUntilText(e, 'America/New_York')).toBe('held until Nov 22, 2026, 3:00 PM');
    expect(heldUntilText(e, 'Europe/Paris')).toBe('held until Nov 22, 2026, 9:00 PM');
  });
});
