import { addDays } from '@pirouette/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byMonth, type FailedCharge, type FamilyPayment, recover } from './autopay-recovery';

/**
 * The recovery report's arithmetic (decision 070): whatever the failures and the payments, what is
 * recovered is exactly what the payments put against failed charges hold: never more than failed, nor
 * than the payments, and the month's figures add up.
 */
const family = fc.constantFrom('f1', 'f2', 'f3');
const day = fc.integer({ min: 0, max: 90 }).map((n) => addDays('2026-12-01', n));
const charge = fc.record({ familyId: family, failedOn: day, amount: fc.integer({ min: 1, max: 50_000 }) });
const payment = fc.record({
  familyId: family,
  receivedOn: day,
  total: fc.integer({ min: 1, max: 50_000 }),
  by: fc.constantFrom('retry' as const, 'method' as const, 'backup' as const, 'hand' as const),
});

describe('recover', () => {
  it('puts payments against failed charges oldest first, never more than either holds', () => {
    fc.assert(
      fc.property(fc.array(charge, { maxLength: 12 }), fc.array(payment, { maxLength: 12 }), (cs, ps) => {
        const rows = recover(cs as FailedCharge[], ps as FamilyPayment[]);
        expect(rows).toHaveLength(cs.length);
        for (const f of ['f1', 'f2', 'f3']) {
          const mine = rows.filter((r) => r.familyId === f);
          const recovered = mine.reduce((s, r) => s + r.recovered, 0);
          const paid = ps.filter((p) => p.familyId === f).reduce((s, p) => s + p.total, 0);
          expect(recovered).toBeLessThanOrEqual(paid);
          // Each try asks for the whole balance: what failed is counted once, never more than asked.
          const asked = cs.filter((c) => c.familyId === f).reduce((s, c) => s + c.amount, 0);
          expect(mine.reduce((s, r) => s + r.amount, 0)).toBeLessThanOrEqual(asked);
        }
        for (const r of rows) {
          expect(r.recovered).toBeGreaterThanOrEqual(0);
          expect(r.recovered).toBeLessThanOrEqual(r.amount);
          expect(r.by === null).toBe(r.recovered === 0);
          if (r.days !== null) expect(r.days).toBeGreaterThanOrEqual(0);
        }
        for (const m of byMonth(rows)) {
          const parts = [m.byRetry, m.byNewMethod, m.byBackup, m.byHand, m.notRecovered];
          expect(parts.reduce((s, p) => s + p.count, 0)).toBe(m.failed.count);
          expect(Math.round(parts.reduce((s, p) => s + p.amount, 0) * 100)).toBe(
            Math.round(m.failed.amount * 100),
          );
          expect(m.rate).toBeGreaterThanOrEqual(0);
          expect(m.rate).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a payment after the retry window recovers nothing', () => {
    const rows = recover(
      [{ familyId: 'f1', failedOn: '2026-12-01', amount: 6000 }],
      [{ familyId: 'f1', receivedOn: '2026-12-31', total: 6000, by: 'hand' }],
    );
    expect(rows[0]).toMatchObject({ recovered: 0, by: null, days: null });
    const inTime = recover(
      [{ familyId: 'f1', failedOn: '2026-12-01', amount: 6000 }],
      [{ familyId: 'f1', receivedOn: '2026-12-30', total: 6000, by: 'retry' }],
    );
    expect(inTime[0]).toMatchObject({ recovered: 6000, by: 'retry', days: 29 });
  });
});
