import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDates } from '../dates';
import {
  type ChangeRegistration,
  type ChangeStudent,
  planChanges,
  type RequestedChanges,
} from './plan-changes';

const term = { dateStart: '2026-09-01', dateEnd: '2027-06-30' };
const STUDENTS = ['emma', 'noah', 'zoe'];
const CLASSES = ['c1', 'c2', 'c3', 'c4'];
const students: ChangeStudent[] = STUDENTS.slice(0, 2).map((id) => ({
  id,
  firstName: id,
  dob: '2016-01-01',
}));
const day = fc.constantFrom('2026-08-20', '2026-09-01', '2026-10-15', '2026-12-01', '2027-03-01');

/** A family's registrations: each (dancer, class) pair at most once, counting or dropped. */
const registrations = fc
  .uniqueArray(
    fc.record({
      studentId: fc.constantFrom(...STUDENTS.slice(0, 2)),
      classId: fc.constantFrom(...CLASSES),
      counts: fc.boolean(),
      dateI: day,
    }),
    { selector: (r) => `${r.studentId}:${r.classId}`, maxLength: 6 },
  )
  .map((rows) => rows.map((r, i): ChangeRegistration => ({ ...r, id: `r${i}`, className: r.classId })));

const scenario = registrations.chain((regs) => {
  const ids = [...regs.map((r) => r.id), 'unknown'];
  const changes: fc.Arbitrary<RequestedChanges> = fc.record({
    add: fc.array(
      fc.record({ studentId: fc.constantFrom(...STUDENTS), classId: fc.constantFrom(...CLASSES) }),
      { maxLength: 3 },
    ),
    drop: fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 2 }),
    restore: fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 2 }),
  });
  return fc.record({
    registrations: fc.constant(regs),
    changes,
    side: fc.constantFrom('parent' as const, 'owner' as const),
    effectiveDate: day,
    ownerDate: fc.boolean(),
  });
});

describe('planChanges, on any family and any request', () => {
  it('plans rows that keep the rules, or refuses', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const got = planChanges({ ...s, term, students });
        if (!got.ok) {
          expect(['not_found', 'conflict', 'unprocessable']).toContain(got.refusal.status);
          expect(got.refusal.message.length).toBeGreaterThan(0);
          return;
        }
        const plan = got.value;
        const byId = new Map(s.registrations.map((r) => [r.id, r]));
        // Something is done, and nothing twice.
        expect(plan.inserts.length + plan.restores.length + plan.drops.length).toBeGreaterThan(0);
        expect(new Set(plan.restores.map((r) => r.id)).size).toBe(plan.restores.length);
        // A drop is of a class that counts, a restore of one that does not: never the same row.
        for (const d of plan.drops) expect(byId.get(d.id)?.counts).toBe(true);
        for (const r of plan.restores) expect(byId.get(r.id)?.counts).toBe(false);
        // An insert is a pair the family has no row for, of a dancer of the family.
        for (const i of plan.inserts) {
          expect(students.some((st) => st.id === i.studentId)).toBe(true);
          expect(s.registrations.some((r) => r.studentId === i.studentId && r.classId === i.classId)).toBe(
            false,
          );
        }
        // The places counted are the dancers joining.
        const gained = [...plan.gaining.values()].reduce((a, b) => a + b, 0);
        expect(gained).toBe(plan.inserts.length + plan.restores.length);
        expect(plan.joining.length).toBe(gained);
        // From the effective date, never before the term; a date moves only later, to a lone change's start.
        expect(compareDates(plan.startOn, term.dateStart)).toBeGreaterThanOrEqual(0);
        expect(compareDates(plan.startOn, plan.effectiveDate)).toBeGreaterThanOrEqual(0);
        expect(compareDates(plan.effectiveDate, s.effectiveDate)).toBeGreaterThanOrEqual(0);
        if (plan.effectiveDate !== s.effectiveDate) {
          expect(plan.inserts.length).toBe(0);
          expect(plan.drops.length + plan.restores.length).toBe(1);
        }
        // No drop or restore takes effect before its registration's start.
        for (const r of [...plan.drops, ...plan.restores]) {
          expect(compareDates(r.dateI, plan.startOn)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('answers the same for the same state (nothing but its input decides)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(planChanges({ ...s, term, students })).toEqual(planChanges({ ...s, term, students }));
      }),
    );
  });
});
