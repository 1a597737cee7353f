import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FeeCells,
  type FeeChargeRow,
  type FeeSettings,
  feeOnTheBill,
  feesAfterRun,
  type PerformingDancer,
  planRecitalFees,
  recitalFeeKey,
  tallyFromCells,
  tallyRecitalFees,
} from './fees-rules';

const R = 'rec1';
const perDancer: FeeSettings = { amount: 4500, per: 'dancer', refundableUntil: '2027-04-30' };
const perFamily: FeeSettings = { ...perDancer, per: 'family' };
const ava = { studentId: 'ava', familyId: 'adams' };
const ben = { studentId: 'ben', familyId: 'adams' };
const cal = { studentId: 'cal', familyId: 'brown' };
const live = (id: string, familyId: string, studentId: string | null, amount = 4500): FeeChargeRow => ({
  id,
  familyId,
  studentId,
  amount,
  removed: false,
});

const plan = (
  settings: FeeSettings,
  performing: PerformingDancer[],
  charges: FeeChargeRow[],
  today = '2027-04-01',
) =>
  planRecitalFees({ recitalId: R, settings, today, performing, charges }).map((p) => ({
    unit: p.studentId ?? p.familyId,
    state: p.state,
    amount: p.amount,
  }));

describe('who pays the recital fee', () => {
  it.each([
    ['per dancer: each performing dancer', perDancer, [ava, ben, cal], ['ava', 'ben', 'cal']],
    ['per family: one fee for a family of two dancers', perFamily, [ava, ben, cal], ['adams', 'brown']],
    ['nobody performs: nothing', perDancer, [], []],
  ] as const)('%s', (_, settings, performing, units) => {
    const p = plan(settings, [...performing], []);
    expect(p.map((x) => x.unit)).toEqual(units);
    expect(p.every((x) => x.state === 'to_post' && x.amount === 4500)).toBe(true);
  });

  it('a zero fee posts nothing', () => {
    expect(plan({ ...perDancer, amount: 0 }, [ava], [])).toEqual([]);
  });

  it('a dancer (or family) with a live fee is posted, not posted again', () => {
    expect(plan(perDancer, [ava, ben], [live('c1', 'adams', 'ava')])).toEqual([
      { unit: 'ava', state: 'posted', amount: 4500 },
      { unit: 'ben', state: 'to_post', amount: 4500 },
    ]);
    expect(plan(perFamily, [ava, ben], [live('c1', 'adams', null)])).toEqual([
      { unit: 'adams', state: 'posted', amount: 4500 },
    ]);
  });
});

describe('leaving the recital', () => {
  it.each([
    ['before the date: taken off', '2027-04-01', 'to_remove'],
    ['on the date: taken off', '2027-04-30', 'to_remove'],
    ['after the date: kept', '2027-05-01', 'kept'],
  ] as const)('%s', (_, today, state) => {
    expect(plan(perDancer, [ben], [live('c1', 'adams', 'ava')], today).find((p) => p.unit === 'ava')).toEqual(
      {
        unit: 'ava',
        state,
        amount: 4500,
      },
    );
  });

  it('without a last day, the fee stays', () => {
    expect(plan({ ...perDancer, refundableUntil: null }, [], [live('c1', 'adams', 'ava')])[0]?.state).toBe(
      'kept',
    );
  });

  it('per family: the fee stays while one dancer of the family performs', () => {
    expect(plan(perFamily, [ben], [live('c1', 'adams', null)])[0]?.state).toBe('posted');
    expect(plan(perFamily, [cal], [live('c1', 'adams', null)]).find((p) => p.unit === 'adams')?.state).toBe(
      'to_remove',
    );
  });

  it('a dancer who comes back after the fee came off is posted again under a new key', () => {
    const p = planRecitalFees({
      recitalId: R,
      settings: perDancer,
      today: '2027-04-01',
      performing: [ava],
      charges: [{ ...live('c1', 'adams', 'ava'), removed: true }],
    });
    expect(p[0]).toMatchObject({ state: 'to_post', key: 'recital-fee:rec1:ava:2' });
    expect(recitalFeeKey(R, { familyId: 'adams', studentId: null }, 0)).toBe('recital-fee:rec1:adams');
  });
});

/**
 * A model: dancers join and leave, days pass, and runs apply the plan. At any point after a run, the
 * fees on the bills (postings minus removals) equal the fee times the performing units, plus the fees
 * kept for those who left after the date.
 */
describe('postings minus removals (property)', () => {
  const dancers: PerformingDancer[] = [
    ava,
    ben,
    cal,
    { studentId: 'dee', familyId: 'brown' },
    { studentId: 'eve', familyId: 'cole' },
  ];
  const step = fc.oneof(
    fc.record({ kind: fc.constant('toggle' as const), who: fc.integer({ min: 0, max: dancers.length - 1 }) }),
    fc.record({ kind: fc.constant('run' as const) }),
    fc.record({ kind: fc.constant('day' as const) }),
  );
  it.each([['dancer'], ['family']] as const)('per %s', (per) => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 20_000 }), (steps, amount) => {
        const settings: FeeSettings = { amount, per, refundableUntil: '2027-04-10' };
        const performing = new Set<number>();
        let charges: FeeChargeRow[] = [];
        let day = 1;
        let posted = 0;
        let removed = 0;
        let n = 0;
        for (const s of steps) {
          if (s.kind === 'toggle') {
            if (performing.has(s.who)) performing.delete(s.who);
            else performing.add(s.who);
            continue;
          }
          if (s.kind === 'day') {
            day += 1;
            continue;
          }
          const today = `2027-04-${String(day).padStart(2, '0')}`;
          const now = dancers.filter((_, i) => performing.has(i));
          const plans = planRecitalFees({ recitalId: R, settings, today, performing: now, charges });
          for (const p of plans) {
            if (p.state === 'to_post') {
              n += 1;
              charges.push({
                id: `c${n}`,
                familyId: p.familyId,
                studentId: p.studentId,
                amount: p.amount,
                removed: false,
              });
              posted += p.amount;
            } else if (p.state === 'to_remove') {
              charges = charges.map((c) => (c.id === p.chargeId ? { ...c, removed: true } : c));
              removed += p.amount;
            }
          }
          const after = planRecitalFees({ recitalId: R, settings, today, performing: now, charges });
          const units = per === 'dancer' ? now.length : new Set(now.map((d) => d.familyId)).size;
          const kept = after.filter((p) => p.state === 'kept').length;
          expect(posted - removed).toBe(amount * (units + kept));
          expect(after.filter(feeOnTheBill).length).toBe(units + kept);
          expect(after.some((p) => p.state === 'to_post' || p.state === 'to_remove')).toBe(false);
          expect(feesAfterRun(plans).filter(feeOnTheBill).length).toBe(units + kept);
          if (today <= settings.refundableUntil!) expect(kept).toBe(0);
        }
      }),
    );
  });
});

describe("the fee page's totals (property)", () => {
  const ids = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`);
  const dancer = fc.record({
    studentId: fc.constantFrom(...ids('s', 8)),
    familyId: fc.constantFrom(...ids('f', 4)),
  });
  const row = fc.record({
    id: fc.uuid(),
    familyId: fc.constantFrom(...ids('f', 4)),
    studentId: fc.constantFrom(null, ...ids('s', 8)),
    amount: fc.constantFrom(4500, 3000),
    removed: fc.boolean(),
  });
  const input = fc.record({
    settings: fc.record({
      amount: fc.constantFrom(0, 4500),
      per: fc.constantFrom('dancer' as const, 'family' as const),
      refundableUntil: fc.constantFrom(null, '2027-04-30'),
    }),
    today: fc.constantFrom('2027-04-01', '2027-05-01'),
    performing: fc.array(dancer, { maxLength: 12 }),
    charges: fc.array(row, { maxLength: 10 }),
  });

  it("are the plan's states counted and summed, for any dancers, fee rows, setting and day", () => {
    fc.assert(
      fc.property(input, (i) => {
        const a = { recitalId: R, ...i };
        const plans = planRecitalFees(a);
        const tally = tallyRecitalFees(a);
        for (const state of ['to_post', 'posted', 'to_remove', 'removed', 'kept'] as const) {
          const mine = plans.filter((p) => p.state === state);
          expect(tally[state]).toEqual({
            count: mine.length,
            amount: mine.reduce((x, p) => x + p.amount, 0),
          });
        }
      }),
      { numRuns: 500 },
    );
  });

  /**
   * The units as migration 0045 keeps them (decision 110), counted by cell: a dancer's unit dances when
   * the dancer performs in that family, a family's when one of its dancers does; a unit's fee is its live
   * row (the last read) or else its last row taken off.
   */
  const cellsOf = (performing: readonly PerformingDancer[], charges: readonly FeeChargeRow[]): FeeCells => {
    type Unit = { dancer: boolean; dancing: boolean; live: number | null; removed: number | null };
    const units = new Map<string, Unit>();
    const unit = (familyId: string, studentId: string | null) => {
      const key = `${familyId}/${studentId ?? ''}`;
      let u = units.get(key);
      if (!u) {
        u = { dancer: studentId !== null, dancing: false, live: null, removed: null };
        units.set(key, u);
      }
      return u;
    };
    for (const d of performing) {
      unit(d.familyId, d.studentId).dancing = true;
      unit(d.familyId, null).dancing = true;
    }
    for (const c of charges) {
      const u = unit(c.familyId, c.studentId);
      if (c.removed) u.removed = c.amount;
      else u.live = c.amount;
    }
    const cells: FeeCells = {};
    for (const u of units.values()) {
      if (!u.dancing && u.live === null && u.removed === null) continue;
      const fee = u.live !== null ? 'l' : u.removed !== null ? 'r' : 'n';
      const cell = `${u.dancer ? 'd' : 'f'}${u.dancing ? '1' : '0'}${fee}` as const;
      const t = cells[cell] ?? { units: 0, amount: 0 };
      cells[cell] = { units: t.units + 1, amount: t.amount + (u.live ?? u.removed ?? 0) };
    }
    return cells;
  };

  it('are the same counted from the units kept by cell, for any dancers, fee rows, setting and day', () => {
    fc.assert(
      fc.property(input, (i) => {
        const kept = tallyFromCells(cellsOf(i.performing, i.charges), i.settings, i.today);
        expect(kept.tally).toEqual(tallyRecitalFees({ recitalId: R, ...i }));
        expect(kept.performing).toBe(new Set(i.performing.map((d) => `${d.familyId}/${d.studentId}`)).size);
        expect(kept.live).toBe(i.charges.some((c) => !c.removed));
      }),
      { numRuns: 1000 },
    );
  });

  it('judge a dancer by the family they dance in: a fee row of the family they left is taken off', () => {
    const moved = { studentId: 'ava', familyId: 'brown' };
    expect(plan(perDancer, [moved], [live('c1', 'adams', 'ava')])).toEqual([
      { unit: 'ava', state: 'to_post', amount: 4500 },
      { unit: 'ava', state: 'to_remove', amount: 4500 },
    ]);
  });
});
