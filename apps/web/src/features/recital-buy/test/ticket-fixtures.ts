import type { FamilyTicketRecitals, TicketMapSeat, TicketOrder, TicketSeatMap } from '@pirouette/domain';

/** A small venue as the seat map answers it: Orchestra (rows A–C, an aisle after seat 3) and Balcony. */

export const SHOW_ID = '5b0c1f2e-3b4a-4c5d-8e6f-00000000aa01';
export const RECITAL_ID = '5b0c1f2e-3b4a-4c5d-8e6f-00000000ab01';
export const ORDER_ID = '5b0c1f2e-3b4a-4c5d-8e6f-00000000ac01';

/** A seat's id from its row and number (a UUID, as the server's). */
export const seatId = (row: string, n: number) =>
  `5b0c1f2e-3b4a-4c5d-8e6f-${(row.charCodeAt(0) * 100 + n).toString(16).padStart(12, '0')}`;

type SeatOver = Partial<TicketMapSeat>;

const row = (name: string, order: number, over: Record<number, SeatOver> = {}) => ({
  name,
  order,
  // Seats 1–3, an aisle (col 4), seats 4–6.
  seats: [1, 2, 3, 4, 5, 6].map((n) => ({
    id: seatId(name, n),
    label: `${name} ${n}`,
    number: n,
    col: n <= 3 ? n : n + 1,
    accessible: false,
    state: 'free' as const,
    mine: false,
    ...over[n],
  })),
});

export function seatMap(over: Partial<TicketSeatMap> = {}): TicketSeatMap {
  return {
    showId: SHOW_ID,
    recitalId: RECITAL_ID,
    sections: [
      {
        name: 'Orchestra',
        order: 1,
        rows: [
          row('A', 1, { 1: { accessible: true }, 2: { state: 'sold' }, 6: { state: 'blocked' } }),
          row('B', 2, { 3: { state: 'held' } }),
          row('C', 3),
        ],
      },
      { name: 'Balcony', order: 2, rows: [row('D', 1)] },
    ],
    prices: [
      { section: '', kind: 'adult', amount: 1500 },
      { section: '', kind: 'child', amount: 1000 },
      { section: 'Balcony', kind: 'adult', amount: 1200 },
    ],
    free: 27,
    myOrder: null,
    ...over,
  };
}

export const show = {
  id: SHOW_ID,
  name: 'Saturday matinee',
  day: '2027-06-12',
  startsAt: '14:00',
  doorsAt: '13:30',
};

export function familyRecitals(
  over: Partial<FamilyTicketRecitals['recitals'][number]> = {},
): FamilyTicketRecitals {
  return {
    recitals: [
      {
        id: RECITAL_ID,
        name: 'Spring Recital 2027',
        venueName: 'Lincoln Theater',
        venueAddress: '12 Main St',
        salesState: 'open',
        opensAt: null,
        salesUntil: null,
        prices: seatMap().prices,
        shows: [{ ...show, onSale: true, free: 27, comps: { allowed: 2, taken: 0, available: 2 } }],
        mayBuy: true,
        refusal: null,
        ...over,
      },
    ],
  };
}

export function paidOrder(over: Partial<TicketOrder> = {}): TicketOrder {
  const ticket = (n: number, kind: 'adult' | 'child', price: number) => ({
    id: `5b0c1f2e-3b4a-4c5d-8e6f-00000000ad0${n}`,
    seatId: seatId('C', n),
    section: 'Orchestra',
    row: 'C',
    number: n,
    label: `C ${n}`,
    kind,
    price,
    state: 'sold' as const,
    code: `CODE-C${n}-abcdefghijkl`,
    usedAt: null,
  });
  return {
    id: ORDER_ID,
    number: 1001,
    recitalId: RECITAL_ID,
    recitalName: 'Spring Recital 2027',
    venueName: 'Lincoln Theater',
    show,
    channel: 'family',
    buyerName: 'Priya Patel',
    buyerEmail: 'priya@example.com',
    state: 'paid',
    heldUntil: '2027-05-01T15:10:00.000Z',
    total: 2500,
    refunded: 0,
    method: 'card',
    paidAt: '2027-05-01T15:03:00.000Z',
    createdAt: '2027-05-01T15:00:00.000Z',
    tickets: [ticket(1, 'adult', 1500), ticket(2, 'child', 1000)],
    ...over,
  };
}
