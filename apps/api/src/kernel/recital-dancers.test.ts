import { randomUUID } from 'node:crypto';
import {
  planRecitalFees,
  type RecitalDancers,
  type RecitalFeeOverview,
  tallyRecitalFees,
} from '@pirouette/domain';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createRecital, createStudent, registerInClass } from '../../test/factories';
import { interleaved, ON_POSTGRES } from '../../test/interleaved';
import { keptDancerBreaches } from '../../test/kept-dancers';
import { keptFeeBreaches } from '../../test/kept-fees';
import { useTwoStudios } from '../../test/studios-base';
import type { Db } from '../db/client';
import { compactDaySums } from '../db/journal-sums';
import { oneStatement } from '../db/one-statement';
import { rowsOf } from '../db/rows';
import { ok } from '../modules/class-registration/class-registration.fixture';
import { feeChargeOf, feeRows, findRecital, performingDancers } from '../modules/recital-fees/fees.queries';
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
 * the oracle: the product reads only the kept flag. The recital fee's units kept from it (decision 110)
 * are checked after the same writes, and after those that move who dances into or out of a recital's
 * season (a class's term, a number's class, the recital's or a term's days) or write fee rows, against
 * `keptFeeBreaches`'s own count.
 */

const { t, s } = useTwoStudios();
let A: StudioSetting;
const registrations: string[] = [];
let activities: { id: string; number: string; registration: string }[] = [];
let studentsOfA: string[] = [];
let families: string[] = [];
let classIds: string[] = [];
let numberIds: string[] = [];
let termIds: string[] = [];
let recitalIds: string[] = [];
let showIds: string[] = [];

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
  numberIds = (
    await rowsOf<{ id: string }>(db, sql`select id from dance_numbers where company_id = ${A.companyId}`)
  ).map((r) => r.id);
  // A second term after the first, and two recitals: one in the first term's season, one in no term's
  // days (its season the last term begun by then).
  const [later] = await rowsOf<{ id: string }>(
    db,
    sql`insert into year_terms (company_id, name, date_start, date_end)
      select company_id, 'Summer', date_end + 1, date_end + 60 from year_terms where id = ${A.term}
      returning id`,
  );
  termIds = [A.term, later!.id];
  recitalIds = [await createRecital(db, A.companyId), await createRecital(db, A.companyId)];
  await db.execute(sql`update recitals set first_day = '2031-01-10', last_day = '2031-01-11'
    where id = ${recitalIds[1]!}`);
  await db.execute(sql`update recitals set fee_amount = 4500, fee_per = 'dancer',
    fee_refundable_until = '2030-01-01' where id = ${recitalIds[0]!}`);
  await db.execute(
    sql`update recitals set fee_amount = 2500, fee_per = 'family' where id = ${recitalIds[1]!}`,
  );
  // Shows: two for the first recital, one for the second; the first two numbers placed in the first.
  showIds = (
    await rowsOf<{ id: string }>(
      db,
      sql`insert into recital_shows (company_id, recital_id, name, day, starts_at, doors_at)
        values (${A.companyId}, ${recitalIds[0]!}, 'Matinee', '2027-05-15', '14:00', '13:30'),
          (${A.companyId}, ${recitalIds[0]!}, 'Evening', '2027-05-15', '19:00', '18:30'),
          (${A.companyId}, ${recitalIds[1]!}, 'Finale', '2031-01-10', '18:00', '17:30')
        returning id`,
    )
  ).map((r) => r.id);
  await db.execute(placeIn(showIds[0]!, numberIds[0]!));
  await db.execute(placeIn(showIds[1]!, numberIds[1]!));
});

/** A number placed last in a show, unless its recital has it already. */
function placeIn(showId: string, numberId: string) {
  return sql`insert into recital_show_numbers (company_id, recital_id, show_id, dance_number_id, position)
    select sh.company_id, sh.recital_id, sh.id, ${numberId},
      (select coalesce(max(p.position) + 1, 0) from recital_show_numbers p where p.show_id = sh.id)
    from recital_shows sh where sh.id = ${showId}
      and not exists (select 1 from recital_show_numbers p
        where p.recital_id = sh.recital_id and p.dance_number_id = ${numberId})`;
}

/**
 * Every page of each recital's dancer sheet over HTTP (decision 112: the kept dancers) against the
 * recital's dancers read from the tables and put in the sheet's order here: the same dancers, in the same
 * order, under the same names, and the same count. Answers what differs (nothing, always).
 */
async function dancerSheetBreaches(db: Db) {
  const found: unknown[] = [];
  for (const id of recitalIds) {
    const expected = await rowsOf<{ studentId: string; dancer: string; family: string }>(
      db,
      sql`select s.id as "studentId", trim(s.first_name || ' ' || s.last_name) as dancer, f.last_name as family
        from students s join family_accounts f on f.id = s.family_id
        where exists (select 1 from dance_number_activity a
          join recital_show_numbers p on p.dance_number_id = a.dance_number_id
          where a.student_id = s.id and a.at_recital and p.recital_id = ${id})
        order by f.last_name collate "und-x-icu", s.first_name collate "und-x-icu", s.id`,
    );
    const sheet = (page: number) =>
      ok(s.a.get(`/api/mystudio/recitals/${id}/reports/dancers?page=${page}`)) as Promise<RecitalDancers>;
    const first = await sheet(1);
    const items = [...first.items];
    for (let page = 2; (page - 1) * first.pageSize < first.total; page++)
      items.push(...(await sheet(page)).items);
    const got = items.map(({ studentId, dancer, family }) => ({ studentId, dancer, family }));
    if (JSON.stringify(got) !== JSON.stringify(expected)) found.push({ id, got, expected });
    if (first.total !== expected.length) found.push({ id, total: first.total, expected: expected.length });
  }
  return found;
}

/**
 * Every page of each recital's fee page (its rows from the kept units, decision 110) against the plan of
 * the whole recital read from the tables, as the posting run reads them: the same units in the same
 * states and amounts, and the totals the plan's. Answers what differs (nothing, always).
 */
async function feePageBreaches(db: Db) {
  const found: unknown[] = [];
  for (const id of recitalIds) {
    const r = (await findRecital(db, A.companyId, id))!;
    const performing = await performingDancers(db, A.companyId, r);
    const input = {
      recitalId: id,
      settings: { amount: r.feeAmount, per: r.feePer, refundableUntil: r.feeRefundableUntil },
      today: '2026-11-21',
      performing,
      charges: (await feeRows(db, A.companyId, id)).map(feeChargeOf),
    };
    const unit = (u: { familyId: string; studentId: string | null; state: string; amount: number }) =>
      `${u.familyId}/${u.studentId}/${u.state}/${u.amount}`;
    const planned = planRecitalFees(input).map(unit).sort();
    const first = (await ok(s.a.get(`/api/mystudio/recitals/${id}/fees?page=1`))) as RecitalFeeOverview;
    const items = [...first.items];
    for (let page = 2; (page - 1) * first.pageSize < first.total; page++) {
      items.push(
        ...((await ok(s.a.get(`/api/mystudio/recitals/${id}/fees?page=${page}`))) as RecitalFeeOverview)
          .items,
      );
    }
    const paged = items.map(unit).sort();
    const tally = tallyRecitalFees(input);
    const totals = {
      performing: performing.length,
      toPost: tally.to_post,
      posted: tally.posted,
      toRemove: tally.to_remove,
      removed: tally.removed,
      kept: tally.kept,
    };
    if (JSON.stringify(paged) !== JSON.stringify(planned)) found.push({ id, paged, planned });
    if (JSON.stringify(first.totals) !== JSON.stringify(totals))
      found.push({ id, kept: first.totals, totals });
    if (first.total !== planned.length) found.push({ id, total: first.total, planned: planned.length });
  }
  return found;
}

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

/**
 * What moves dancers into or out of a recital's season, or changes its fee rows: a class to another
 * term, a number to another class, the recital's or a term's days, a unit's fee posted or taken off
 * (toggled: taken off when live, posted when not), a fee row deleted.
 */
const seasonOrFee = fc.oneof(
  fc
    .record({ id: ofList(() => classIds), term: ofList(() => termIds) })
    .map((w) => sql`update classes set year_term_id = ${w.term} where id = ${w.id}`),
  fc
    .record({ id: ofList(() => numberIds), to: ofList(() => classIds) })
    .map((w) => sql`update dance_numbers set class_id = ${w.to} where id = ${w.id}`),
  fc
    .record({
      id: ofList(() => recitalIds),
      days: fc.constantFrom(
        ['2027-05-15', '2027-05-16'],
        ['2026-10-01', '2026-10-02'],
        ['2031-01-10', '2031-01-11'],
        ['2020-01-01', '2020-01-02'],
      ),
    })
    .map(
      (w) => sql`update recitals set first_day = ${w.days[0]}, last_day = ${w.days[1]} where id = ${w.id}`,
    ),
  fc
    .record({ id: ofList(() => termIds), days: fc.constantFrom(30, 90, 400) })
    .map((w) => sql`update year_terms set date_end = date_start + ${w.days}::int where id = ${w.id}`),
  fc
    .record({
      recital: ofList(() => recitalIds),
      family: ofList(() => families),
      student: fc.option(
        ofList(() => studentsOfA),
        { nil: null },
      ),
      amount: fc.constantFrom(4500, 3000),
    })
    .map(
      (w) => sql`with unit as (
          select ${w.recital}::uuid as recital_id, ${w.family}::uuid as family_id, ${w.student}::uuid as student_id
        ), gone as (
          update recital_fee_charges f set removed_at = now() from unit u
          where f.recital_id = u.recital_id and f.family_id = u.family_id
            and f.student_id is not distinct from u.student_id and f.removed_at is null
          returning f.id
        )
        insert into recital_fee_charges (company_id, recital_id, family_id, student_id, amount)
        select ${A.companyId}, recital_id, family_id, student_id, ${w.amount} from unit
        where not exists (select 1 from gone)`,
    ),
  fc
    .record({
      id: ofList(() => recitalIds),
      amount: fc.constantFrom(0, 4500),
      per: fc.constantFrom('dancer', 'family'),
      until: fc.constantFrom(null, '2026-01-01', '2030-01-01'),
    })
    .map(
      (w) => sql`update recitals set fee_amount = ${w.amount}, fee_per = ${w.per},
        fee_refundable_until = ${w.until} where id = ${w.id}`,
    ),
  ofList(() => recitalIds).map(
    (id) => sql`delete from recital_fee_charges where id = (
      select id from recital_fee_charges where recital_id = ${id} order by posted_at, id limit 1)`,
  ),
);

/**
 * What moves dancers into or out of a recital's shows, or renames them (decision 112): a number placed
 * or taken out, a recital's placements replaced in two statements as the proposal writes them, a
 * placement moved to another number, a family or a dancer renamed.
 */
const placementOrName = fc.oneof(
  fc
    .record({ show: ofList(() => showIds), number: ofList(() => numberIds) })
    .map((w) => placeIn(w.show, w.number)),
  fc
    .record({ recital: ofList(() => recitalIds), number: ofList(() => numberIds) })
    .map(
      (w) =>
        sql`delete from recital_show_numbers where recital_id = ${w.recital} and dance_number_id = ${w.number}`,
    ),
  fc.record({ from: ofList(() => numberIds), to: ofList(() => numberIds) }).map(
    (w) => sql`update recital_show_numbers p set dance_number_id = ${w.to} where p.dance_number_id = ${w.from}
        and not exists (select 1 from recital_show_numbers o where o.recital_id = p.recital_id
          and o.dance_number_id = ${w.to})`,
  ),
  fc
    .record({
      family: ofList(() => families),
      name: fc.constantFrom('Moore', 'Müller', 'murphy', 'Zeller', ''),
    })
    .map((w) => sql`update family_accounts set last_name = ${w.name} where id = ${w.family}`),
  fc
    .record({ student: ofList(() => studentsOfA), name: fc.constantFrom('Ava', 'Émile', 'bea', 'Zoe') })
    .map((w) => sql`update students set first_name = ${w.name} where id = ${w.student}`),
);

type Write = (db: Db) => Promise<unknown>;

/** A recital's placements replaced: every one deleted, then some inserted in one statement. */
const replacePlacements = fc
  .record({ recital: ofList(() => recitalIds), numbers: fc.subarray([0, 1, 2, 3]) })
  .map(
    (w): Write =>
      async (db) => {
        await db.execute(sql`delete from recital_show_numbers where recital_id = ${w.recital}`);
        const chosen = w.numbers.map((i) => numberIds[i % numberIds.length]!);
        if (chosen.length === 0) return;
        await db.execute(sql`insert into recital_show_numbers (company_id, recital_id, show_id, dance_number_id, position)
          select sh.company_id, sh.recital_id, sh.id, n.id, n.i::int
          from (select id from recital_shows where recital_id = ${w.recital} order by starts_at limit 1) one
          join recital_shows sh on sh.id = one.id
          cross join unnest(array[${sql.join(
            chosen.map((c) => sql`${c}::uuid`),
            sql`, `,
          )}])
            with ordinality as n(id, i)`);
      },
  );

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
  {
    arbitrary: seasonOrFee.map(
      (q: SQL): Write =>
        (db) =>
          db.execute(q),
    ),
    weight: 4,
  },
  {
    arbitrary: placementOrName.map(
      (q: SQL): Write =>
        (db) =>
          db.execute(q),
    ),
    weight: 4,
  },
  { arbitrary: replacePlacements, weight: 1 },
  // The minute's look compacting the kept sums between the writes.
  { arbitrary: fc.constant<Write>((db) => compactDaySums(db)), weight: 1 },
);

describe('who dances at the recital, kept on the activity (decision 107)', () => {
  it('is what the rule says of the rows after any writes, alone or several in one transaction', async () => {
    const db = t.database.db;
    let dancersSeen = 0;
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
          expect(await keptFeeBreaches(db)).toEqual([]);
          expect(await feePageBreaches(db)).toEqual([]);
          expect(await keptDancerBreaches(db)).toEqual([]);
          expect(await dancerSheetBreaches(db)).toEqual([]);
          const [kept] = await rowsOf<{ n: number }>(
            db,
            sql`select count(*)::int as n from recital_dancers where placements > 0 and company_id = ${A.companyId}`,
          );
          dancersSeen += kept!.n;
        },
      ),
      { numRuns: 40 },
    );
    // Not vacuous: the runs left dancers in the recitals' shows.
    expect(dancersSeen).toBeGreaterThan(40);
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

  it("is found out by the fee's check when an activity's or a fee row's change does not reach the units", async () => {
    const db = t.database.db;
    for (const [table, trigger, write] of [
      [
        'dance_number_activity',
        'dance_number_activity_fee_units_update',
        sql`update dance_number_activity set active = not active where company_id = ${A.companyId}`,
      ],
      [
        'recital_fee_charges',
        'recital_fee_charges_units',
        sql`insert into recital_fee_charges (company_id, recital_id, family_id, student_id, amount)
          values (${A.companyId}, ${recitalIds[0]!}, ${families[0]!}, null, 100)
          on conflict do nothing`,
      ],
      [
        'classes',
        'classes_term_kept',
        sql`update classes set year_term_id = case when year_term_id = ${termIds[0]!}::uuid
          then ${termIds[1]!}::uuid else ${termIds[0]!}::uuid end
          where id = (select class_id from dance_numbers where id = ${numberIds[0]!})`,
      ],
    ] as const) {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`update recitals set first_day = '2027-05-15', last_day = '2027-05-16'`);
          await tx.execute(
            sql`update year_terms set date_end = date_start + 400 where company_id = ${A.companyId}`,
          );
          await tx.execute(sql`update dance_number_activity set active = true, recital = true
            where company_id = ${A.companyId}`);
          await tx.execute(sql`update class_registrations set active = true, is_dropped = false, i_status = 10,
            status = 1 where company_id = ${A.companyId}`);
          await tx.execute(sql`delete from recital_fee_charges where company_id = ${A.companyId}`);
          await tx.execute(
            sql`update classes set year_term_id = ${termIds[0]!} where company_id = ${A.companyId}`,
          );
          expect(await keptFeeBreaches(tx as unknown as Db)).toEqual([]);
          // Not vacuous: the first recital counts its dancers.
          const [counted] = await rowsOf<{ units: number }>(
            tx,
            sql`select coalesce(sum(units), 0)::int as units from recital_fee_sums
              where recital_id = ${recitalIds[0]!} and cell like 'd1%'`,
          );
          expect(counted!.units, 'the first recital counts its dancers').toBeGreaterThan(0);
          await tx.execute(sql`alter table ${sql.raw(table)} disable trigger ${sql.raw(trigger)}`);
          await tx.execute(write);
          expect((await keptFeeBreaches(tx as unknown as Db)).length, `${trigger} off`).toBeGreaterThan(0);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    }
    expect(await keptFeeBreaches(db)).toEqual([]);
  });

  it("is found out by the dancers' check when a placement's, an activity's or a name's change does not reach them", async () => {
    const db = t.database.db;
    const third = numberIds[2]!;
    const place = placeIn(showIds[0]!, third);
    const unplace = sql`delete from recital_show_numbers where dance_number_id = ${third}`;
    // Each: the trigger switched off, what comes before it, and the write it misses.
    const cases: [string, string, SQL[], SQL][] = [
      ['recital_show_numbers', 'recital_show_numbers_dancers_placed', [unplace], place],
      ['recital_show_numbers', 'recital_show_numbers_dancers_unplaced', [place], unplace],
      [
        'dance_number_activity',
        'dance_number_activity_recital_dancers_update',
        [place],
        sql`update dance_number_activity set active = not active where dance_number_id = ${third}`,
      ],
      [
        'family_accounts',
        'family_accounts_recital_dancers_named',
        [place],
        sql`update family_accounts set last_name = last_name || 'x' where company_id = ${A.companyId}`,
      ],
      [
        'students',
        'students_recital_dancers_named',
        [place],
        sql`update students set first_name = first_name || 'x' where company_id = ${A.companyId}`,
      ],
    ];
    for (const [table, trigger, before, write] of cases) {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`update dance_number_activity set active = true, recital = true
            where company_id = ${A.companyId}`);
          await tx.execute(sql`update class_registrations set active = true, is_dropped = false, i_status = 10,
            status = 1 where company_id = ${A.companyId}`);
          for (const q of before) await tx.execute(q);
          expect(await keptDancerBreaches(tx as unknown as Db)).toEqual([]);
          await tx.execute(sql`alter table ${sql.raw(table)} disable trigger ${sql.raw(trigger)}`);
          await tx.execute(write);
          expect((await keptDancerBreaches(tx as unknown as Db)).length, `${trigger} off`).toBeGreaterThan(0);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    }
    expect(await keptDancerBreaches(db)).toEqual([]);
  });

  it("keeps a class's delete and a registration's delete from leaving anything behind, a placed number's too", async () => {
    const db = t.database.db;
    const classId = await createClass(A, freeSlot());
    const { id } = await enrol(t, A, classId);
    await enrol(t, A, classId);
    const thunder = (await addNumber(A, classId, { name: 'Thunder' })).id;
    await db.execute(placeIn(showIds[2]!, thunder));
    await db.execute(sql`delete from class_registrations where id = ${id}`);
    expect(await keptDancerBreaches(db)).toEqual([]);
    await db.execute(sql`delete from classes where id = ${classId}`);
    expect(await breaches(db)).toEqual([]);
    expect(await keptFeeBreaches(db)).toEqual([]);
    expect(await keptDancerBreaches(db)).toEqual([]);
  });
});

describe.runIf(ON_POSTGRES)(
  "the recital fee's units and its dancers under concurrent writes (PostgreSQL)",
  () => {
    const db = () => t.database.db;
    /** Studio A as the races start from: every dancer dancing in the first recital's season, no fee row. */
    const reset = async (tx: Db) => {
      await tx.execute(sql`update recitals set first_day = '2027-05-15', last_day = '2027-05-16'
      where id = ${recitalIds[0]!}`);
      await tx.execute(
        sql`update year_terms set date_end = date_start + 400 where company_id = ${A.companyId}`,
      );
      await tx.execute(
        sql`update classes set year_term_id = ${termIds[0]!} where company_id = ${A.companyId}`,
      );
      await tx.execute(sql`update class_registrations set active = true, is_dropped = false, i_status = 10,
      status = 1 where company_id = ${A.companyId}`);
      await tx.execute(sql`update dance_number_activity set active = true, recital = true
      where company_id = ${A.companyId}`);
      await tx.execute(sql`delete from recital_fee_charges where company_id = ${A.companyId}`);
    };
    // The family of two sisters: Ava's registrations (one a class), then Bea's.
    const ava = () => registrations.slice(6, 8);
    const bea = () => registrations.slice(8, 9);
    const dancing = (regs: string[], on: boolean) =>
      sql`update dance_number_activity set active = ${on} where class_registration_id in ${regs}`;
    const unplace = (numberId: string) =>
      sql`delete from recital_show_numbers where dance_number_id = ${numberId}`;
    const races: { name: string; before: () => SQL[]; one: () => SQL; two: () => SQL }[] = [
      {
        name: 'two sisters start dancing',
        before: () => [
          sql`update dance_number_activity set active = false where company_id = ${A.companyId}`,
        ],
        one: () => dancing(ava(), true),
        two: () => dancing(bea(), true),
      },
      {
        name: "the recital's days change while a dancer stops dancing",
        before: () => [],
        one: () => sql`update recitals set first_day = '2027-05-20', last_day = '2027-05-21'
        where id = ${recitalIds[0]!}`,
        two: () => dancing(ava(), false),
      },
      {
        name: "a term's days change while a dancer starts dancing",
        before: () => [dancing(ava(), false)],
        one: () => sql`update year_terms set date_end = date_start + 300 where id = ${termIds[0]!}`,
        two: () => dancing(ava(), true),
      },
      {
        // Ava has no unit at all (the recital made again without her): her first activity inserts it, and
        // her family's unit is written by both.
        name: "a recital's days change while a dancer new to it starts dancing",
        before: () => [
          dancing(ava(), false),
          sql`update recitals set first_day = '2027-05-14' where id = ${recitalIds[0]!}`,
        ],
        one: () => sql`update recitals set first_day = '2027-05-15' where id = ${recitalIds[0]!}`,
        two: () => dancing(ava(), true),
      },
      {
        name: 'a fee is posted while the dancer stops dancing',
        before: () => [],
        one: () => sql`insert into recital_fee_charges (company_id, recital_id, family_id, student_id, amount)
        select ${A.companyId}, ${recitalIds[0]!}, family_id, student_id, 4500 from class_registrations r
        join students st on st.id = r.student_id where r.id = ${ava()[0]!}`,
        two: () => dancing(ava(), false),
      },
      {
        name: 'a number is placed while its dancer stops dancing',
        before: () => [unplace(numberIds[2]!)],
        one: () => placeIn(showIds[0]!, numberIds[2]!),
        two: () => dancing(ava(), false),
      },
      {
        name: 'a number is taken out while its dancer starts dancing',
        before: () => [dancing(ava(), false), placeIn(showIds[0]!, numberIds[2]!)],
        one: () => unplace(numberIds[2]!),
        two: () => dancing(ava(), true),
      },
      {
        // A dancer of the second class only, new to the recital (a row at 0 is as none): the row written
        // for her reads her family's name, which the rename changes.
        name: "a family is renamed while its dancer's number is placed for the first time",
        before: () => [
          unplace(numberIds[2]!),
          unplace(numberIds[3]!),
          sql`delete from recital_dancers where placements = 0`,
        ],
        one: () => sql`update family_accounts set last_name = last_name || 'e'
          where id = (select st.family_id from class_registrations r join students st on st.id = r.student_id
            where r.id = ${registrations[3]!})`,
        two: () => placeIn(showIds[0]!, numberIds[2]!),
      },
      {
        name: 'two numbers of one dancer are placed at once',
        before: () => [unplace(numberIds[2]!), unplace(numberIds[3]!)],
        one: () => placeIn(showIds[0]!, numberIds[2]!),
        two: () => placeIn(showIds[1]!, numberIds[3]!),
      },
      {
        name: "a class moves to another term while its dancer's activities change",
        before: () => [],
        one: () => sql`update classes set year_term_id = ${termIds[1]!} where id = ${classIds[0]!}`,
        two: () => dancing(registrations.slice(0, 3), false),
      },
    ];
    for (const race of races) {
      for (const order of ['in one order', 'in the other'] as const) {
        it(`${race.name} (${order}): the kept units and dancers are the rows counted`, async () => {
          await db().transaction(async (tx) => {
            await reset(tx);
            for (const q of race.before()) await tx.execute(q);
          });
          expect(await keptFeeBreaches(db())).toEqual([]);
          const one = async (tx: Db) => void (await tx.execute(race.one()));
          const two = async (tx: Db) => void (await tx.execute(race.two()));
          if (order === 'in one order') await interleaved(db(), one, two);
          else await interleaved(db(), two, one);
          expect(await keptFeeBreaches(db())).toEqual([]);
          expect(await keptDancerBreaches(db())).toEqual([]);
        });
      }
    }
  },
);
