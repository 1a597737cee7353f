import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admittingScans, enqueueEvent, scanSentence, settleEvents, ticketCodeOf } from './door-rules';

describe('ticketCodeOf', () => {
  it.each([
    ['AbC123xyz', 'AbC123xyz'],
    ['  AbC123xyz \n', 'AbC123xyz'],
    ['https://studio.example/t/AbC123xyz', 'AbC123xyz'],
    ['https://studio.example/t/AbC123xyz?x=1', 'AbC123xyz'],
    ['https://studio.example/tickets?code=AbC123xyz&show=2', 'AbC123xyz'],
  ])('%j → %s', (scanned, code) => expect(ticketCodeOf(scanned)).toBe(code));
});

describe('scanSentence', () => {
  it('says when, where and by whom a ticket was first used', () => {
    expect(
      scanSentence({
        result: 'already_used',
        seat: null,
        ticketShow: null,
        firstUse: { at: '2026-11-21T18:40:00Z', door: 'Main door', by: 'Lena R.' },
        timeZone: 'America/New_York',
      }),
    ).toBe('Already used at 1:40 PM, Main door (Lena R.).');
  });
});

describe('admittingScans', () => {
  it('admits each ticket by its earliest scan, whatever the order sent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            clientScanId: fc.uuid(),
            ticketId: fc.constantFrom('t1', 't2', 't3'),
            scannedAt: fc
              .integer({ min: 0, max: 10_000 })
              .map((n) => new Date(1_800_000_000_000 + n * 1000).toISOString()),
          }),
          { maxLength: 30 },
        ),
        (scans) => {
          const first = admittingScans(scans);
          const shuffled = admittingScans([...scans].reverse());
          expect(new Set(first.keys())).toEqual(new Set(scans.map((s) => s.ticketId)));
          for (const [ticket, s] of first) {
            expect(shuffled.get(ticket)).toEqual(s);
            for (const o of scans.filter((x) => x.ticketId === ticket)) {
              expect(Date.parse(s.scannedAt)).toBeLessThanOrEqual(Date.parse(o.scannedAt));
            }
          }
        },
      ),
    );
  });
});

describe('the phone queue', () => {
  it('keeps an event once and lets go only of those answered', () => {
    const q = enqueueEvent(enqueueEvent([], { id: 'a' }), { id: 'b' });
    expect(enqueueEvent(q, { id: 'a' })).toHaveLength(2);
    expect(settleEvents(q, ['a', 'zzz'])).toEqual([{ id: 'b' }]);
  });
});
