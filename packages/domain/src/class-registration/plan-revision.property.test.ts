import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, type DateOnly, type Weekday } from '../dates';
import { sumCents } from '../money';
import { buildPaymentSchedule } from '../tuition/payment-schedule';
import type { PaymentPlanInput } from '../tuition/schema';
import { yearTermPlans } from '../tuition/test-plans';
import { type PlanClass, type PlanPayment, type Revision, reviseFamilyPlan } from './plan-revision';

const weekday = fc.constantFrom<Weekday>(0, 1, 2, 3, 4, 5, 6);
const KEYS = ['a', 'b', 'c', 'd', 'e'];

const term = fc
  .record({
    year: fc.integer({ min: 2024, max: 2029 }),
    month: fc.integer({ min: 1, max: 12 }),
    months: fc.integer({ min: 2, max: 12 }),
    dayPaymentDue: fc.integer({ min: 1, max: 31 }),
  })
  .chain((t) =>
    fc.integer({ min: 1, max: t.months - 1 }).map((splitAfter) => yearTermPlans({ ...t, splitAfter })),
  );

// Few keys and round prices, so the same class often comes back at the same price (carried) or at another.
const selection = fc.uniqueArray(
  fc.record({
    k: fc.integer({ min: 0, max: KEYS.length - 1 }),
    price: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.constantFrom(4500, 5000, 6000, 6300)),
  }),
  { selector: (c) => c.k, maxLength: KEYS.length },
);

type Step = { date: DateOnly; classes: PlanClass[]; paid: Set<string> };
type Scenario = { plans: PaymentPlanInput[]; planId: string; steps: Step[] };

/**
 * A family's history on one plan: the first revision from some day between a month before the term and
 * its end, then one to three changes, each on the same day or later, inside the term, each with some
 * more options paid. A class keeps its weekday for the whole history.
 */
const addAll = (set: Set<string>, ids: string[]) => {
  for (const id of ids) set.add(id);
  return set;
};

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    plans: term,
    planId: fc.constantFrom('monthly', 'half', 'full'),
    days: fc.tuple(weekday, weekday, weekday, weekday, weekday),
    start: fc.integer({ min: -40, max: 400 }),
    steps: fc.array(
      fc.record({
        selection,
        gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 })),
        paid: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 3 }),
      }),
      { minLength: 2, maxLength: 4 },
    ),
  })
  .map(({ plans, planId, days, start, steps }) => {
    const options = plans.find((p) => p.id === planId)?.options ?? [];
    const termStart = options[0]?.dateStart ?? '';
    const termEnd = plans[0]?.options.at(-1)?.dateEnd ?? '';
    const clamp = (d: DateOnly) => (compareDates(d, termEnd) > 0 ? termEnd : d);
    let date = clamp(addDays(termStart, start));
    // A payment once paid stays paid.
    const paid = new Set<string>();
    return {
      plans,
      planId,
      steps: steps.map((s, i) => {
        if (i > 0) date = clamp(addDays(compareDates(date, termStart) < 0 ? termStart : date, s.gap));
        return {
          date,
          classes: s.selection.map(({ k, price }) => ({
            key: KEYS[k] ?? '',
            label: `Class ${KEYS[k]}`,
            day: days[k] ?? 0,
            price,
          })),
          paid: new Set(
            addAll(
              paid,
              s.paid.flatMap((n) => options[n % options.length]?.id ?? []),
            ),
          ),
        };
      }),
    };
  });

type History = { classes: PlanClass[]; revision: Revision };

/** The revisions of a scenario, in order: the first, then one per later step. */
function histories({ plans, planId, steps }: Scenario): History[] {
  const out: History[] = [];
  for (const step of steps) {
    const prev = out.at(-1);
    const revision = reviseFamilyPlan({
      plans,
      planId,
      effectiveDate: step.date,
      after: step.classes,
      previous: prev ? { classes: prev.classes, payments: prev.revision.payments } : null,
      paidOptionIds: step.paid,
    });
    out.push({ classes: step.classes, revision });
  }
  return out;
}

const scheduleVals = (s: Scenario, classes: PlanClass[], effectiveDate: DateOnly) =>
  new Map(
    buildPaymentSchedule({
      classes: classes.map((c) => ({ id: c.key, day: c.day, price: c.price })),
      plans: s.plans,
      effectiveDate,
    })
      .find((p) => p.id === s.planId)
      ?.payments.map((p) => [p.id, p.val]),
  );

const withoutCarried = (payments: PlanPayment[]) => payments.map(({ carried: _, ...p }) => p);
const linesAddUp = (p: PlanPayment) => sumCents(p.lines.map((l) => l.amount)) === p.val;

const runs = { numRuns: 200 };

// Each property builds a few hundred histories of up to four schedules; a busy machine needs more than 5 s.
describe('reviseFamilyPlan: what always holds', () => {
  it('(a) every payment’s lines add up to its amount, in every revision', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const { revision } of histories(s)) {
          for (const p of revision.payments) expect(linesAddUp(p), JSON.stringify(p)).toBe(true);
          expect(revision.total).toBe(sumCents(revision.payments.map((p) => p.val)));
        }
      }),
      runs,
    );
  });

  it('(b, c) what was due before D or paid is unchanged; the rest moves by Δ, in place or as an adjustment due D', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const history = histories(s);
        history.slice(1).forEach(({ classes, revision }, i) => {
          const prev = history[i];
          const step = s.steps[i + 1];
          if (!prev || !step) throw new Error('a revision follows each step');
          const D = step.date;
          const before = scheduleVals(s, prev.classes, D);
          const after = scheduleVals(s, classes, D);
          const delta = (id: string) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
          // Plan payments keep their order, earlier adjustments follow, then this revision's.
          const old = prev.revision.payments;
          const fresh = revision.payments.slice(old.length);
          for (const a of fresh) expect([a.kind, a.carried]).toEqual(['adjustment', false]);

          let sumDelta = 0;
          for (const [j, p] of old.entries()) {
            const now = revision.payments[j];
            if (p.kind === 'adjustment') {
              expect(now).toEqual({ ...p, carried: true });
              continue;
            }
            const d = delta(p.optionId);
            sumDelta += d;
            const settled = compareDates(p.dateDue, D) < 0 || step.paid.has(p.optionId);
            const adjustment = fresh.filter((a) => a.optionId === p.optionId);
            if (settled || d === 0) expect(now).toEqual({ ...p, carried: true });
            else expect(now?.val).toBe(p.val + d);
            expect(adjustment.map((a) => [a.dateDue, a.val])).toEqual(settled && d !== 0 ? [[D, d]] : []);
          }
          expect(revision.total).toBe(prev.revision.total + sumDelta);
          expect(sumDelta).toBe(sumCents([...after.values()]) - sumCents([...before.values()]));
        });
      }),
      runs,
    );
  });

  it('(d) a revision to the same classes changes nothing', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const [i, { classes, revision }] of histories(s).entries()) {
          const again = reviseFamilyPlan({
            plans: s.plans,
            planId: s.planId,
            effectiveDate: s.steps[i + 1]?.date ?? s.steps[i]?.date ?? '',
            after: classes.map((c) => ({ ...c })),
            previous: { classes, payments: revision.payments },
            paidOptionIds: s.steps[i + 1]?.paid,
          });
          expect(again.payments).toEqual(revision.payments.map((p) => ({ ...p, carried: true })));
          expect(again.total).toBe(revision.total);
        }
      }),
      runs,
    );
  });

  it('(e) revising twice at the same date to the same classes is revising once', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const history = histories(s);
        const last = history.at(-1);
        const step = s.steps.at(-1);
        const prev = history.at(-2);
        if (!last || !step || !prev) throw new Error('two steps at least');
        const twice = reviseFamilyPlan({
          plans: s.plans,
          planId: s.planId,
          effectiveDate: step.date,
          after: step.classes,
          previous: { classes: step.classes, payments: last.revision.payments },
          paidOptionIds: step.paid,
        });
        expect(withoutCarried(twice.payments)).toEqual(withoutCarried(last.revision.payments));
        expect(twice.payments.every((p) => p.carried)).toBe(true);
        expect(twice.total).toBe(last.revision.total);
      }),
      runs,
    );
  });

  it('(f) with nothing settled, a change on the first revision’s own date gives the first revision of the new classes', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const [a, b] = s.steps;
        if (!a || !b) throw new Error('two steps at least');
        const base = { plans: s.plans, planId: s.planId, effectiveDate: a.date };
        const firstOfA = reviseFamilyPlan({ ...base, after: a.classes, previous: null });
        const changed = reviseFamilyPlan({
          ...base,
          after: b.classes,
          previous: { classes: a.classes, payments: firstOfA.payments },
        });
        const firstOfB = reviseFamilyPlan({ ...base, after: b.classes, previous: null });
        expect(changed.payments.map((p) => [p.optionId, p.kind, p.dateDue, p.val])).toEqual(
          firstOfB.payments.map((p) => [p.optionId, p.kind, p.dateDue, p.val]),
        );
        expect(changed.total).toBe(firstOfB.total);
      }),
      runs,
    );
  });

  it('with changes in date order, no payment and no option’s net charge falls below 0', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const { revision } of histories(s)) {
          const net = new Map<string, number>();
          for (const p of revision.payments) {
            if (p.kind === 'plan') expect(p.val).toBeGreaterThanOrEqual(0);
            net.set(p.optionId, (net.get(p.optionId) ?? 0) + p.val);
          }
          for (const v of net.values()) expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      runs,
    );
  });
});
