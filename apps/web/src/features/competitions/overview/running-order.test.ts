import type { CompetitionPerformance } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { clashesOf, clashText, moved } from './running-order';

const perf = (key: string, name: string, dancers: string[]): CompetitionPerformance => ({
  key,
  place: 0,
  placed: false,
  entryId: 'e',
  entry: 'Group',
  kind: 'dnc',
  targetId: key,
  name,
  dancers: dancers.map((d) => ({ id: d, name: d === 'ava' ? 'Ava Adams' : d })),
});

describe('the running order on screen', () => {
  it('moves a performance and leaves the rest in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('flags a dancer too close to their last performance and says so', () => {
    const order = [
      perf('1', 'Fever', ['ava']),
      perf('2', 'Tap', ['ben']),
      perf('3', 'Sing Sing Sing', ['ava']),
      perf('4', 'Jazz', ['cara']),
    ];
    const clashes = clashesOf(order, 3);
    expect(clashes).toEqual([
      {
        dancerId: 'ava',
        dancer: 'Ava Adams',
        first: '1',
        second: '3',
        firstPlace: 1,
        secondPlace: 3,
        apart: 2,
      },
    ]);
    const names = new Map(order.map((p) => [p.key, p.name]));
    expect(clashText(clashes[0]!, (k) => names.get(k)!, 3)).toBe(
      'Ava Adams: Fever (#1) then Sing Sing Sing (#3), 2 apart — needs 3',
    );
    expect(clashesOf(moved(order, 2, 3), 3)).toEqual([]);
    expect(clashesOf(order, 2)).toEqual([]);
  });
});
