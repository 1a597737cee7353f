import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockWords, compsLeft, priceOf, priceOrder, salesState, wallInstant } from './tickets-rules';
import type { TicketPriceItem } from './tickets-schema';

const prices: TicketPriceItem[] = [
  { section: '', kind: 'adult', amount: 2000 },
  { section: '', kind: 'child', amount: 1200 },
  { section: 'Front', kind: 'adult', amount: 3000 },
];

describe('ticket rules (decision 074)', () => {
  it.each([
    ['Front', 'adult', 3000],
    ['Front', 'child', 1200],
    ['Balcony', 'adult', 2000],
    ['Balcony', 'comp', 0],
  ] as const)('a %s %s ticket costs %i', (section, kind, amount) => {
    expect(priceOf(prices, section, kind)).toBe(amount);
  });

  it('a kind without a price is not sold', () => {
    expect(priceOf([{ section: '', kind: 'adult', amount: 1 }], 'X', 'child')).toBeNull();
  });

  it.each([
    ['2026-11-01T00:00:00Z', 'coming'],
    ['2026-11-10T00:00:00Z', 'open'],
    ['2026-12-12T18:29:00Z', 'open'],
    ['2026-12-12T18:30:00Z', 'closed'],
  ] as const)('sales at %s are %s', (now, state) => {
    const w = {
      opensAt: new Date('2026-11-05T00:00:00Z'),
      salesUntil: null,
      doorsAt: new Date('2026-12-12T18:30:00Z'),
    };
    expect(salesState(w, new Date(now))).toBe(state);
  });

  it('doors read on the studio’s wall clock', () => {
    expect(wallInstant('2026-12-12', '13:30', 'America/New_York').toISOString()).toBe(
      '2026-12-12T18:30:00.000Z',
    );
    expect(wallInstant('2026-06-13', '13:30', 'America/New_York').toISOString()).toBe(
      '2026-06-13T17:30:00.000Z',
    );
    expect(clockWords('19:05')).toBe('7:05 PM');
    expect(clockWords('00:30')).toBe('12:30 AM');
  });

  it('an order is priced seat by seat; comps within what is left; the seats exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Front', 'Middle'), { minLength: 1, maxLength: 10 }),
        fc.array(fc.constantFrom('adult' as const, 'child' as const, 'comp' as const), {
          minLength: 10,
          maxLength: 10,
        }),
        fc.integer({ min: 0, max: 5 }),
        (sections, kinds, comps) => {
          const seats = sections.map((section, i) => ({ seatId: `s${i}`, section }));
          const choices = seats.map((s, i) => ({ seatId: s.seatId, kind: kinds[i]! }));
          const result = priceOrder(seats, choices, prices, comps);
          const asked = choices.filter((c) => c.kind === 'comp').length;
          if (asked > comps) {
            expect(result).toEqual({ ok: false, refusal: { code: 'comps_over', available: comps } });
            return;
          }
          if (!result.ok) throw new Error('refused');
          expect(result.total).toBe(result.tickets.reduce((sum, t) => sum + t.price, 0));
          expect(priceOrder(seats, choices.slice(1), prices, comps)).toMatchObject({
            ok: seats.length === 0,
          });
        },
      ),
    );
    expect(compsLeft(2, 3, 5)).toBe(1);
    expect(compsLeft(2, 1, 5)).toBe(0);
  });
});
