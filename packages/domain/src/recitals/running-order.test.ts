import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockOf,
  hhmmMinutes,
  lengthText,
  quickChangeSentence,
  showLength,
  showQuickChanges,
  showTiming,
} from './running-order';

describe('a show running order (decision 072)', () => {
  it('reckons start times from the curtain with the gap and the intermission', () => {
    expect(showTiming([180, 120, 240], 30, null, 15)).toEqual({ starts: [0, 210, 360], seconds: 600 });
    expect(showTiming([180, 120, 240], 30, 0, 15)).toEqual({ starts: [0, 1110, 1260], seconds: 1500 });
    // An intermission after the last number counts for nothing.
    expect(showTiming([180], 30, 0, 15)).toEqual({ starts: [0], seconds: 180 });
    expect(showTiming([], 30, null, 15)).toEqual({ starts: [], seconds: 0 });
  });

  it("reckons a show's length from its count and its songs' total as from its running order", () => {
    expect(showLength(3, 540, 30, 0, 15)).toBe(1500);
    expect(showLength(1, 180, 30, 0, 15)).toBe(180);
    expect(showLength(0, 0, 30, null, 15)).toBe(0);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -30, max: 900 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 300 }),
        fc.option(fc.integer({ min: -2, max: 32 })),
        fc.integer({ min: 0, max: 45 }),
        (lengths, gap, after, minutes) => {
          const songs = lengths.reduce((sum, l) => sum + Math.max(0, l), 0);
          expect(showLength(lengths.length, songs, gap, after, minutes)).toBe(
            showTiming(lengths, gap, after, minutes).seconds,
          );
        },
      ),
    );
  });

  it('reads and writes clock times', () => {
    expect(hhmmMinutes('18:30')).toBe(1110);
    expect(hhmmMinutes('24:00')).toBeNull();
    expect(hhmmMinutes('7:00')).toBeNull();
    expect(clockOf(1110 * 60 + 210)).toBe('18:33');
    expect(lengthText(42 * 60)).toBe('42 min');
    expect(lengthText(65 * 60)).toBe('1 h 05 min');
  });

  it('flags a quick change closer than the gap, in words', () => {
    const ava = { id: 'ava', name: 'Ava Adams' };
    const order = [
      { id: 'a', name: 'Opening', dancers: [] },
      { id: 'b', name: 'Jump', dancers: [] },
      { id: 'c', name: 'Fever', dancers: [ava] },
      { id: 'd', name: 'Waltz', dancers: [] },
      { id: 'e', name: 'Swing', dancers: [ava] },
    ];
    const changes = showQuickChanges(order, 3);
    expect(changes).toHaveLength(1);
    expect(quickChangeSentence(changes[0]!, 3)).toBe(
      'Ava Adams: Fever (#3) then Swing (#5), 2 apart — needs 3',
    );
    expect(showQuickChanges(order, 2)).toEqual([]);
    // The intermission between Fever and Swing gives the dancer the interval to change.
    expect(showQuickChanges(order, 3, 2)).toEqual([]);
    expect(showQuickChanges(order, 3, 3)).toEqual([]);
    expect(showQuickChanges(order, 3, 4)).toHaveLength(1);
  });
});
