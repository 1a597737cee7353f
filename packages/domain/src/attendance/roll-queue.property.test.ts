import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARK_STATUSES } from './meetings';
import { enqueueTap, type QueuedTap, readQueue, retryDelay, settleTaps, waitingMarks } from './roll-queue';

const dancers = ['a', 'b', 'c', 'd'];
const tapArb: fc.Arbitrary<QueuedTap> = fc.record({
  clientId: fc.uuid(),
  stdID: fc.constantFrom(...dancers),
  status: fc.constantFrom(...MARK_STATUSES),
  at: fc
    .integer({ min: Date.parse('2026-11-16T20:00:00Z'), max: Date.parse('2026-11-16T23:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
});
const queueOf = (taps: readonly QueuedTap[]) => taps.reduce<QueuedTap[]>(enqueueTap, []);

describe('the phone’s queue of taps', () => {
  it('keeps one tap per dancer: the latest one made', () => {
    fc.assert(
      fc.property(fc.array(tapArb, { maxLength: 40 }), (taps) => {
        const queue = queueOf(taps);
        expect(new Set(queue.map((q) => q.stdID)).size).toBe(queue.length);
        for (const q of queue) {
          const latest = Math.max(...taps.filter((t) => t.stdID === q.stdID).map((t) => Date.parse(t.at)));
          expect(Date.parse(q.at)).toBe(latest);
        }
        expect(queue.length).toBe(new Set(taps.map((t) => t.stdID)).size);
      }),
    );
  });

  it('a failed send keeps every tap (nothing settled), and a reload reads back the same queue', () => {
    fc.assert(
      fc.property(fc.array(tapArb, { maxLength: 40 }), (taps) => {
        const queue = queueOf(taps);
        expect(settleTaps(queue, { saved: [], ignored: [] })).toEqual(queue);
        expect(readQueue(JSON.parse(JSON.stringify(queue)))).toEqual(queue);
      }),
    );
  });

  it('an answer removes exactly the taps it lists, saved, ignored or refused', () => {
    fc.assert(
      fc.property(
        fc.array(tapArb, { maxLength: 40 }),
        fc.array(fc.constantFrom('keep', 'saved', 'ignored', 'refused'), { maxLength: 40 }),
        fc.array(fc.uuid(), { maxLength: 5 }),
        (taps, picks, strangers) => {
          const queue = queueOf(taps);
          const ids = (what: string) => queue.filter((_, i) => picks[i] === what).map((q) => q.clientId);
          const listed = [...ids('saved'), ...ids('ignored'), ...ids('refused')];
          const answer = {
            saved: [...ids('saved'), ...strangers],
            ignored: ids('ignored'),
            refused: ids('refused'),
          };
          const left = settleTaps(queue, answer);
          expect(left).toEqual(queue.filter((q) => !listed.includes(q.clientId)));
        },
      ),
    );
  });

  it('a refused tap never comes back: the rest of the queue is sent on', () => {
    fc.assert(
      fc.property(fc.array(tapArb, { minLength: 1, maxLength: 40 }), fc.nat(), (taps, n) => {
        const queue = queueOf(taps);
        const refused = queue[n % queue.length]!.clientId;
        const left = settleTaps(queue, { saved: [], ignored: [], refused: [refused] });
        expect(left.map((q) => q.clientId)).not.toContain(refused);
        expect(left.length).toBe(queue.length - 1);
      }),
    );
  });

  it('shows each waiting dancer with their latest status', () => {
    fc.assert(
      fc.property(fc.array(tapArb, { maxLength: 40 }), (taps) => {
        const queue = queueOf(taps);
        const shown = waitingMarks(queue);
        for (const q of queue) expect(shown.get(q.stdID)).toBe(q.status);
      }),
    );
  });

  it('waits longer after each failure, never more than a minute', () => {
    fc.assert(
      fc.property(fc.nat(100), (n) => {
        expect(retryDelay(n + 1)).toBeGreaterThanOrEqual(retryDelay(n));
        expect(retryDelay(n)).toBeLessThanOrEqual(60_000);
      }),
    );
  });

  it('reads nothing wrong from storage', () => {
    expect(readQueue('junk')).toEqual([]);
    expect(readQueue([{ clientId: 'x', stdID: 'a', status: 'gone', at: 'now' }, null])).toEqual([]);
  });
});
