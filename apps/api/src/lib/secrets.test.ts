import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotsOf } from './secrets';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('slotsOf', () => {
  it('runs at most its slots at once, the others in the order they came, whatever fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ steps: fc.integer({ min: 0, max: 3 }), fails: fc.boolean() }), {
          maxLength: 20,
        }),
        async (slots, works) => {
          const inSlot = slotsOf(slots);
          let running = 0;
          let most = 0;
          const started: number[] = [];
          const all = works.map((w, i) =>
            inSlot(async () => {
              started.push(i);
              running++;
              most = Math.max(most, running);
              for (let s = 0; s < w.steps; s++) await tick();
              running--;
              if (w.fails) throw new Error(`work ${i}`);
              return i;
            }),
          );
          const outcomes = await Promise.allSettled(all);
          expect(most).toBeLessThanOrEqual(slots);
          expect(started).toEqual(works.map((_, i) => i));
          outcomes.forEach((o, i) => {
            expect(o.status).toBe(works[i]!.fails ? 'rejected' : 'fulfilled');
          });
          // Every slot came back: as many again run at once.
          let again = 0;
          let mostAgain = 0;
          await Promise.all(
            Array.from({ length: slots + 1 }, () =>
              inSlot(async () => {
                again++;
                mostAgain = Math.max(mostAgain, again);
                await tick();
                again--;
              }),
            ),
          );
          expect(mostAgain).toBe(slots);
        },
      ),
      { numRuns: 100 },
    );
  });
});
