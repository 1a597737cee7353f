import { addDays, type DateOnly } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../test/factories';
import { insertClass, scheduleRecords } from '../../test/schedule-records';
import { useTwoStudios } from '../../test/studios-base';
import { batch } from '../db/batch';
import { classRegistrations } from '../db/schema/schedule';
import { classRosterSpansRead, classRosterTalliesRead, expectedOn, rosterTallies } from './class-rosters';

/**
 * A roster counted where it can be (decision 143): for any registrations (starting, ending and dropped on
 * any day, removed or not), any days [from, to] and any dancers named, each date of [from, to] expects
 * the steady count plus the spans expected that day, exactly as many as the whole roster expects; the
 * dancers named are among the spans with every entry of theirs.
 */

const { t, s } = useTwoStudios();
const db = () => t.database.db;
let classId = '';
const dancers: string[] = [];
const day = (n: number): DateOnly => addDays('2026-10-01', n);

beforeAll(async () => {
  const rec = await scheduleRecords(s.a, s.termA.id);
  classId = await insertClass(db(), s.companyA, rec, { name: 'Tallied', nMax: 40 });
  const family = await createFamily(db(), s.companyA);
  for (let i = 0; i < 8; i++)
    dancers.push((await createStudent(db(), { companyId: s.companyA, familyId: family.id })).id);
});

const registration = fc.record({
  dancer: fc.integer({ min: 0, max: 7 }),
  // Few days, so that starts, ends and drops fall on the period's first and last days often.
  start: fc.integer({ min: 0, max: 12 }),
  length: fc.integer({ min: 0, max: 12 }),
  dropped: fc.option(fc.integer({ min: -2, max: 26 }), { nil: null }),
  droppedWithoutDate: fc.boolean(),
  removed: fc.boolean(),
});

describe('classRosterTalliesRead', () => {
  it('expects at each date as many as the whole roster, with the named dancers’ entries all listed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(registration, { maxLength: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6, 7]),
        async (regs, fromDay, days, named) => {
          await db().delete(classRegistrations).where(eq(classRegistrations.classId, classId));
          // One registration a dancer in a class (the unique index): the first of each dancer's.
          const once = regs.filter((r, i) => regs.findIndex((x) => x.dancer === r.dancer) === i);
          for (const r of once) {
            const row = await registerInClass(db(), {
              companyId: s.companyA,
              classId,
              studentId: dancers[r.dancer]!,
              dateI: day(r.start),
              dateF: day(r.start + r.length),
            });
            await db()
              .update(classRegistrations)
              .set({
                isDropped: r.dropped !== null || r.droppedWithoutDate,
                droppedOn: r.dropped === null ? null : day(r.dropped),
                status: r.removed ? -1 : 1,
              })
              .where(eq(classRegistrations.id, row.id));
          }
          const [from, to] = [day(fromDay), day(fromDay + days)];
          const names = named.map((i) => dancers[i]!);
          const read = await batch(db(), {
            whole: classRosterSpansRead(db(), s.companyA, [classId], from, to),
            tallies: classRosterTalliesRead(db(), s.companyA, {
              classIds: [classId],
              dancers: names,
              from,
              to,
            }),
          });
          const { steady, spans } = rosterTallies(read.tallies);
          for (let d = from; d <= to; d = addDays(d, 1)) {
            const whole = read.whole.filter((e) => expectedOn(e, d)).length;
            const tallied = (steady.get(classId) ?? 0) + spans.filter((e) => expectedOn(e, d)).length;
            expect(tallied).toBe(whole);
          }
          const own = (list: readonly { studentId: string; dateI: string }[]) =>
            list
              .filter((e) => names.includes(e.studentId))
              .map((e) => `${e.studentId}|${e.dateI}`)
              .sort();
          expect(own(spans)).toEqual(own(read.whole));
        },
      ),
      { numRuns: 80 },
    );
  });
});
