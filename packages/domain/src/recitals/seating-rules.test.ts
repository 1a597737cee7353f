import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateSeats,
  layoutOfSeats,
  planSeating,
  rowColumns,
  rowNumbers,
  salesRefusal,
  seatKey,
} from './seating-rules';
import { MAX_ROW_SEATS, SEAT_NUMBERINGS, type SeatingInput, type SeatRowInput } from './seating-schema';

const row = (label: string, seats: number, extra: Partial<SeatRowInput> = {}): SeatRowInput => ({
  label,
  seats,
  firstNumber: 1,
  numbering: 'ltr',
  aisles: [],
  blocked: [],
  accessible: [],
  ...extra,
});

describe('rowNumbers and rowColumns', () => {
  it.each([
    [5, 1, 'ltr', [1, 2, 3, 4, 5]],
    [5, 101, 'rtl', [105, 104, 103, 102, 101]],
    [4, 1, 'odd', [1, 3, 5, 7]],
    [4, 1, 'even', [2, 4, 6, 8]],
    [3, 2, 'even', [2, 4, 6]],
    [3, 4, 'odd', [5, 7, 9]],
  ] as const)('%i seats from %i numbered %s', (seats, first, numbering, expected) => {
    expect(rowNumbers(seats, first, numbering)).toEqual(expected);
  });

  it.each([
    [4, [], [0, 1, 2, 3]],
    [6, [3], [0, 1, 2, 4, 5, 6]],
    [6, [1, 5], [0, 2, 3, 4, 5, 7]],
  ])('%i seats with aisles after %j', (seats, aisles, expected) => {
    expect(rowColumns(seats, aisles)).toEqual(expected);
  });
});

describe('generateSeats', () => {
  it.each<[string, SeatingInput, string]>([
    [
      'a section twice',
      {
        sections: [
          { name: 'A', rows: [row('1', 2)] },
          { name: 'a', rows: [row('1', 2)] },
        ],
      },
      'section_twice',
    ],
    ['a row twice', { sections: [{ name: 'A', rows: [row('1', 2), row('1 ', 2)] }] }, 'row_twice'],
    [
      'an aisle after the last seat',
      { sections: [{ name: 'A', rows: [row('1', 2, { aisles: [2] })] }] },
      'aisle_outside',
    ],
    [
      'a blocked seat not in its row',
      { sections: [{ name: 'A', rows: [row('1', 2, { blocked: [3] })] }] },
      'seat_not_in_row',
    ],
    [
      'more than 5,000 seats',
      { sections: [{ name: 'A', rows: Array.from({ length: 84 }, (_, i) => row(`${i}`, 60)) }] },
      'too_many_seats',
    ],
  ])('refuses %s', (_, input, code) => {
    expect(generateSeats(input)).toMatchObject({ ok: false, code });
  });

  it('marks blocked and accessible seats by number', () => {
    const made = generateSeats({
      sections: [{ name: 'Main', rows: [row('A', 3, { blocked: [2], accessible: [3] })] }],
    });
    expect(made.ok && made.seats.map((s) => [s.number, s.blocked, s.accessible])).toEqual([
      [1, false, false],
      [2, true, false],
      [3, false, true],
    ]);
  });
});

const rowArb = (label: string) =>
  fc
    .record({
      seats: fc.integer({ min: 1, max: MAX_ROW_SEATS }),
      firstNumber: fc.integer({ min: 1, max: 200 }),
      numbering: fc.constantFrom(...SEAT_NUMBERINGS),
      aisleSeed: fc.array(fc.integer({ min: 1, max: MAX_ROW_SEATS }), { maxLength: 4 }),
    })
    .map(({ seats, firstNumber, numbering, aisleSeed }) => {
      const aisles = [...new Set(aisleSeed.filter((a) => a < seats))].sort((a, b) => a - b);
      return row(label, seats, { firstNumber, numbering, aisles });
    });

const venueArb: fc.Arbitrary<SeatingInput> = fc
  .array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 })
  .chain((rowsPerSection) =>
    fc.tuple(
      ...rowsPerSection.map((n, s) =>
        fc
          .tuple(...Array.from({ length: n }, (_, r) => rowArb(`R${r}`)))
          .map((rows) => ({ name: `S${s}`, rows })),
      ),
    ),
  )
  .map((sections) => ({ sections }));

describe('generateSeats (properties)', () => {
  it('makes every seat once, with columns increasing along each row', () => {
    fc.assert(
      fc.property(venueArb, (venue) => {
        const made = generateSeats(venue);
        if (!made.ok) return made.code === 'too_many_seats';
        const keys = made.seats.map(seatKey);
        expect(new Set(keys).size).toBe(keys.length);
        const total = venue.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats, 0), 0);
        expect(made.seats).toHaveLength(total);
        for (const section of venue.sections) {
          for (const r of section.rows) {
            const cols = made.seats
              .filter((s) => s.section === section.name && s.row === r.label)
              .map((s) => s.col);
            for (const [i, c] of cols.slice(1).entries()) expect(c).toBeGreaterThan(cols[i]!);
          }
        }
        return true;
      }),
      { numRuns: 60 },
    );
  });

  it('reads back a description that makes the same seats', () => {
    fc.assert(
      fc.property(venueArb, (venue) => {
        const made = generateSeats(venue);
        if (!made.ok) return true;
        const again = generateSeats(layoutOfSeats(made.seats));
        expect(again).toEqual(made);
        return true;
      }),
      { numRuns: 60 },
    );
  });
});

describe('planSeating', () => {
  const made = generateSeats({ sections: [{ name: 'Main', rows: [row('A', 4)] }] });
  const seats = made.ok ? made.seats : [];
  const stored = seats.map((s, i) => ({ ...s, id: `id${i}`, taken: i === 3 }));

  it('keeps the ids of the seats that stay and adds the new ones', () => {
    const more = generateSeats({
      sections: [{ name: 'Main', rows: [row('A', 4, { aisles: [2] }), row('B', 2)] }],
    });
    if (!more.ok) throw new Error('the venue is made');
    const plan = planSeating(stored, more.seats);
    expect(plan).toMatchObject({ ok: true, remove: [] });
    if (!plan.ok) throw new Error('the plan is made');
    expect(plan.keep.map((k) => [k.id, k.col])).toEqual([
      ['id0', 0],
      ['id1', 1],
      ['id2', 3],
      ['id3', 4],
    ]);
    expect(plan.add).toHaveLength(2);
  });

  it('refuses removing or blocking a taken seat', () => {
    const fewer = generateSeats({ sections: [{ name: 'Main', rows: [row('A', 3)] }] });
    expect(fewer.ok && planSeating(stored, fewer.seats)).toMatchObject({
      ok: false,
      code: 'sold_seat_removed',
    });
    const blocked = generateSeats({ sections: [{ name: 'Main', rows: [row('A', 4, { blocked: [4] })] }] });
    expect(blocked.ok && planSeating(stored, blocked.seats)).toMatchObject({
      ok: false,
      code: 'sold_seat_blocked',
    });
  });
});

describe('salesRefusal', () => {
  const base = {
    prices: [{ section: '', kind: 'adult' as const, amount: 1000 }],
    compsPerDancer: 0,
    familySalesFrom: '2026-11-01T00:00:00Z',
    publicSalesFrom: '2026-11-08T00:00:00Z',
    salesUntil: '2026-11-20T00:00:00Z',
    settledFamiliesOnly: false,
    refundsUntil: null,
  };
  it.each([
    ['in order', base, null],
    ['public before families', { ...base, publicSalesFrom: '2026-10-01T00:00:00Z' }, 'sales_order'],
    ['ending before opening', { ...base, salesUntil: '2026-11-05T00:00:00Z' }, 'sales_end'],
    [
      'a price twice',
      { ...base, prices: [...base.prices, { section: ' ', kind: 'adult' as const, amount: 5 }] },
      'price_twice',
    ],
    [
      'an unknown section',
      { ...base, prices: [{ section: 'Loge', kind: 'child' as const, amount: 5 }] },
      'price_section',
    ],
  ])('%s', (_, input, code) => {
    expect(salesRefusal(input, ['Main'])?.code ?? null).toBe(code);
  });
});
