import { MAX_SEATS_PER_ORDER } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { seatId, seatMap } from '../test/ticket-fixtures';
import {
  allSeats,
  firstKinds,
  kindsFor,
  pricesOf,
  rowCells,
  seatLook,
  seatName,
  seatPriceWords,
  sectionColumns,
  stillFree,
  toggleSeat,
  totalOf,
} from './seat-map';

const map = seatMap();
const orchestra = map.sections[0]!;
const seat = (row: string, n: number) =>
  allSeats(map.sections).find((s) => s.seat.id === seatId(row, n))!.seat;

describe('toggleSeat', () => {
  it('picks and unpicks a seat', () => {
    expect(toggleSeat([], 'a')).toEqual({ picked: ['a'], refused: null });
    expect(toggleSeat(['a', 'b'], 'a')).toEqual({ picked: ['b'], refused: null });
  });

  it(`refuses an eleventh seat and changes nothing (at most ${MAX_SEATS_PER_ORDER} an order)`, () => {
    const ten = Array.from({ length: MAX_SEATS_PER_ORDER }, (_, i) => `s${i}`);
    expect(toggleSeat(ten, 'x')).toEqual({ picked: ten, refused: 'limit' });
    // Unpicking one at the limit is still allowed.
    expect(toggleSeat(ten, 's3').picked).toHaveLength(MAX_SEATS_PER_ORDER - 1);
  });
});

describe('seatLook', () => {
  const picked = new Set([seatId('C', 1)]);
  it.each([
    ['C', 1, 'picked'],
    ['C', 2, 'free'],
    ['A', 2, 'sold'],
    ['A', 6, 'blocked'],
    ['B', 3, 'held'],
  ] as const)('row %s seat %i is %s', (row, n, look) => {
    expect(seatLook(seat(row, n), picked)).toBe(look);
  });

  it("shows the asker's own held seat as theirs, not as held by another buyer", () => {
    expect(seatLook({ ...seat('B', 3), mine: true }, picked)).toBe('mine');
  });
});

describe('seatName', () => {
  it('names a free seat with its row, number, accessibility and price', () => {
    expect(seatName(seat('A', 1), 'A', 'free', '$15.00')).toBe('Row A, seat 1, accessible, $15.00');
    expect(seatName(seat('C', 12 - 10), 'C', 'picked', '$15.00')).toBe('Row C, seat 2, $15.00, chosen');
  });

  it('names a seat not to be had by its state, without a price', () => {
    expect(seatName(seat('A', 2), 'A', 'sold', '$15.00')).toBe('Row A, seat 2, sold');
    expect(seatName(seat('B', 3), 'B', 'held', '$15.00')).toBe('Row B, seat 3, held by another buyer');
    expect(seatName(seat('A', 6), 'A', 'blocked', '')).toBe('Row A, seat 6, not for sale');
  });
});

describe('the rows drawn on a grid', () => {
  it('leaves a gap where the venue has an aisle', () => {
    const { first, last } = sectionColumns(orchestra);
    expect([first, last]).toEqual([1, 7]);
    const cells = rowCells(orchestra.rows[0]!.seats, first, last);
    expect(cells.map((c) => c.seat?.number ?? null)).toEqual([1, 2, 3, null, 4, 5, 6]);
  });

  it('keeps only the picked seats still free on a fresh map', () => {
    const fresh = seatMap();
    fresh.sections[0]!.rows[2]!.seats[0]!.state = 'held';
    expect(stillFree(fresh, [seatId('C', 1), seatId('C', 2)])).toEqual([seatId('C', 2)]);
  });
});

describe('prices and the total', () => {
  it("names a seat's price by its section's adult price", () => {
    expect(seatPriceWords(map.prices, 'Orchestra')).toBe('$15.00');
    expect(seatPriceWords(map.prices, 'Balcony')).toBe('$12.00');
    expect(seatPriceWords([], 'Balcony')).toBe('');
  });

  it("reads a section's own price before the venue's", () => {
    expect(pricesOf(map.prices, 'Balcony')).toEqual([
      { kind: 'adult', amount: 1200 },
      { kind: 'child', amount: 1000 },
    ]);
    expect(pricesOf(map.prices, 'Orchestra')).toEqual([
      { kind: 'adult', amount: 1500 },
      { kind: 'child', amount: 1000 },
    ]);
  });

  it('offers a comp only while the family has comps left', () => {
    expect(kindsFor(map.prices, 'Orchestra', 0).map((k) => k.kind)).toEqual(['adult', 'child']);
    expect(kindsFor(map.prices, 'Orchestra', 1).map((k) => k.kind)).toEqual(['adult', 'child', 'comp']);
  });

  it('adds each ticket at its kind’s price, a comp free', () => {
    const held = [
      { seatId: 'a', section: 'Orchestra', label: 'C 1' },
      { seatId: 'b', section: 'Orchestra', label: 'C 2' },
      { seatId: 'c', section: 'Balcony', label: 'D 1' },
    ];
    const kinds = firstKinds(map.prices, held);
    expect(kinds).toEqual({ a: 'adult', b: 'adult', c: 'adult' });
    expect(totalOf(map.prices, held, kinds)).toBe(1500 + 1500 + 1200);
    expect(totalOf(map.prices, held, { a: 'child', b: 'comp', c: 'adult' })).toBe(1000 + 0 + 1200);
  });
});
