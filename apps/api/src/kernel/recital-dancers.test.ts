import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent, registerInClass } from '../../test/factories';
import { useTwoStudios } from '../../test/studios-base';
import type { Db } from '../db/client';
import { oneStatement } from '../db/one-statement';
import { rowsOf } from '../db/rows';
import { registrationInserts } from '../modules/schedule';
import {
  addNumber,
  createClass,
  enrol,
  freeSlot,
  type StudioSetting,
  setUpBoth,
} from '../modules/schedule/schedule.fixture';

/**
 * Who dances at the recital, kept on each dance-number activity by the database (decision 107): the
 * activity's dancer and family and `at_recital` must equal, after any write of the four tables they
 * depend on, what the rule says of the rows as they are (an active activity with the recital switch on,
 * of an active registration that counts, `registrationCounts`). The rule is restated here, on purpose, as
 * the oracle: the product reads only the kept flag.
 */

const { t, s } = useTwoStudios();
let A: StudioSetting;
const registrations: string[] = [];
let activities: { id: string; number: string; registration: string }[] = [];
let studentsOfA: string[] = [];
let families: string[] = [];
let classIds: string[] = [];

/** Every activity of studio A whose kept columns differ from the rule over its rows as they are now. */
async function breaches(db: Db) {
  return rowsOf<{ id: string }>(
    db,
    sql`select a.id from dance_number_activity a
      join class_registrations r on r.id = a.class_registration_id
      join students st on st.id = r.student_id
      where a.company_id = ${A.companyId} and (
        a.at_recital is distinct from (a.active and a.recital and r.active and r.is_dropped = false
          and r.i_status > 0 and r.status <> -1)
        or a.student_id is distinct from r.student_id
        or a.family_id is distinct from st.family_id)`,
  );
}

/** The ids of studio A's activities, with their number and registration. */
async function readActivities(db: Db) {
  return rowsOf<{ id: string; number: string; registration: string }>(
    db,
    sql`select id, dance_number_id as number, class_registration_id as registration
      from dance_number_activity where company_id = ${A.companyId} order by id`,
  );
}

beforeAll(async () => {
  ({ A } = await setUpBoth(s));
  const db = t.database.db;
  const classes = [await createClass(A, freeSlot()), await createClass(A, freeSlot())];
  classIds = classes;
  for (const classId of classes) {
    for (let i = 0; i < 3; i++) registrations.push((await enrol(t, A, classId)).id);
  }
  // A dancer in both classes, and her sister: one family, two dancers, three registrations.
  const family = await createFamily(db, A.companyId);
  const ava = await createStudent(db, { companyId: A.companyId, familyId: family.id, firstName: 'Ava' });
  const bea = await createStudent(db, { companyId: A.companyId, familyId: family.id, firstName: 'Bea' });
  for (const classId of classes) {
    registrations.push(
      (await registerInClass(db, { companyId: A.companyId, classId, studentId: ava.id })).id,
    );
  }
  registrations.push(
    (await registerInClass(db, { companyId: A.companyId, classId: classes[0]!, studentId: bea.id })).id,
  );
  // Two numbers a class, through the API: each writes an activity for every registration of its class.
  for (const classId of classes) {
    await addNumber(A, classId, { name: 'Firework' });
    await addNumber(A, classId, { name: 'Rain' });
  }
  activities = await readActivities(db);
  studentsOfA = (
    await rowsOf<{ id: string }>(db, sql`select id from students where company_id = ${A.companyId}`)
  ).map((r) => r.id);
  families = (
    await rowsOf<{ id: string }>(db, sql`select id from family_accounts where company_id = ${A.companyId}`)
  ).map((r) => r.id);
});

const ofList = <T>(list: () => T[]) => fc.nat().map((i) => list()[i % list().length]!);

/** One statement of the product's kinds, on rows of studio A. */
const statement = fc.oneof(
  // A registration's state, one column at a time as the product writes it: its own switch, a drop, a
  // removal, the owner's approval or rejection.
  fc
    .record({
      id: ofList(() => registrations),
      set: fc.oneof(
        fc.boolean().map((v) => sql`active = ${v}`),
        fc.boolean().map((v) => sql`is_dropped = ${v}`),
        fc.constantFrom(1, 2, 10, -1, -2).map((v) => sql`i_status = ${v}`),
        fc.constantFrom(0, 1, -1).map((v) => sql`status = ${v}`),
      ),
    })
    .map((w) => sql`update class_registrations set ${w.set} where id = ${w.id}`),
  // Every registration of the studio at once (one statement of several rows).
  fc
    .boolean()
    .map(
      (active) => sql`update class_registrations set active = ${active} where company_id = ${A.companyId}`,
    ),
  // An activity's switches.
  fc
    .record({ id: ofList(() => activities.map((a) => a.id)), active: fc.boolean(), recital: fc.boolean() })
    .map(
      (w) =>
        sql`update dance_number_activity set active = ${w.active}, recital = ${w.recital} where id = ${w.id}`,
    ),
  // An activity taken away and made again.
  ofList(() => activities).map(
    (a) => sql`with gone as (delete from dance_number_activity where id = ${a.id} returning id)
      insert into dance_number_activity (id, company_id, dance_number_id, class_registration_id, recital)
      select ${a.id}, ${A.companyId}, ${a.number}, ${a.registration}, (select count(*) = 1 from gone)`,
  ),
  // A dancer moved to another family.
  fc
    .record({ student: ofList(() => studentsOfA), family: ofList(() => families) })
    .map((w) => sql`update students set family_id = ${w.family} where id = ${w.student}`),
  // A writer that tries to set the kept columns by hand: the trigger sets them from the rows again.
  ofList(() => activities.map((a) => a.id)).map(
    (id) =>
      sql`update dance_number_activity set at_recital = not at_recital, student_id = null, family_id = null
        where id = ${id}`,
  ),
);

type Write = (db: Db) => Promise<unknown>;

/**
 * A new dancer registered in a class with an activity for each of its numbers in one statement, as a
 * class change writes them (`registrationInserts`, decision 084): the activities' statement cannot read
 * the registration beside it.
 */
const registerInOneStatement =
  (classId: string): Write =>
  async (db) => {
    const [student] = await rowsOf<{ id: string }>(
      db,
      sql`insert into students (company_id, family_id, first_name, last_name, dob)
      values (${A.companyId}, ${families[0]!}, 'Cleo', 'Moved', '2016-04-12') returning id`,
    );
    const id = randomUUID();
    await db.execute(
      oneStatement(
        registrationInserts(db, [
          {
            id,
            companyId: A.companyId,
            classId,
            studentId: student!.id,
            pr0: 6500,
            prI: 6500,
            prF: 6500,
            dateI: '2026-09-01',
            dateF: '2027-06-30',
          },
        ]),
      ),
    );
    registrations.push(id);
  };

const write: fc.Arbitrary<Write> = fc.oneof(
  {
    arbitrary: statement.map(
      (q: SQL): Write =>
        (db) =>
          db.execute(q),
    ),
    weight: 6,
  },
  { arbitrary: ofList(() => classIds).map(registerInOneStatement), weight: 1 },
);

describe('who dances at the recital, kept on the activity (decision 107)', () => {
  it('is what the rule says of the rows after any writes, alone or several in one transaction', async () => {
    const db = t.database.db;
    expect(await breaches(db)).toEqual([]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
        async (txs) => {
          for (const statements of txs) {
            await db.transaction(async (tx) => {
              for (const run of statements) await run(tx);
            });
          }
          expect(await breaches(db)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("is found out by the check when a registration's change does not reach its activities", async () => {
    const db = t.database.db;
    const id = registrations[0]!;
    // The check above is not vacuous: with the registration's trigger off, a drop leaves its activities
    // kept as dancing, and the check names them.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update class_registrations set active = true, is_dropped = false, i_status = 10,
          status = 1 where id = ${id}`);
        await tx.execute(
          sql`update dance_number_activity set active = true, recital = true where class_registration_id = ${id}`,
        );
        await tx.execute(
          sql`alter table class_registrations disable trigger class_registrations_recital_kept`,
        );
        await tx.execute(sql`update class_registrations set is_dropped = true where id = ${id}`);
        const found = await breaches(tx as unknown as Db);
        expect(found.length).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await breaches(db)).toEqual([]);
  });

  it("keeps a class's delete and a registration's delete from leaving anything behind", async () => {
    const db = t.database.db;
    const classId = await createClass(A, freeSlot());
    const { id } = await enrol(t, A, classId);
    await addNumber(A, classId, { name: 'Thunder' });
    await db.execute(sql`delete from class_registrations where id = ${id}`);
    await db.execute(sql`delete from classes where id = ${classId}`);
    expect(await breaches(db)).toEqual([]);
  });
});
