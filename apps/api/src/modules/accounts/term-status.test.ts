/**
 * family_accounts.term_status (migration 0019, 001 §4) always equals the rule, however the rows it is
 * read from are written:
 *
 * - a model-based test: random sequences of writes straight to the tables (registrations added,
 *   changed, moved and taken off, one or many in a statement; dancers moved between families and taken
 *   off; classes moved between terms and taken off; the current term switched, unset, added and taken
 *   off; several writes in one transaction, kept or rolled back), each run in a transaction rolled back
 *   at its end. After every step each family's stored status is compared with the rule computed here
 *   from scratch (ORACLE, SQL of its own, not the migration's function), and studio B's families, which
 *   no write touches, must not even be locked. The studio's kept counts (decision 109: the families by
 *   status, a term's registrations waiting for approval) must equal the rows counted afresh after every
 *   step too, with families added and taken off and the kept rows compacted among the steps;
 * - on PostgreSQL, writes of two transactions on separate connections to the same family, their order
 *   forced (the first holds its transaction open after its write until the second has written or is
 *   waiting): the final status equals the rule, without a deadlock or a lock timeout.
 *
 * Environment: TERM_STATUS_RUNS (default 60), TERM_STATUS_SEED to replay the run fast-check printed.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { interleaved as interleavedOn, ON_POSTGRES, type Write } from '../../../test/interleaved';
import { keptCountBreaches } from '../../../test/kept-counts';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { compactDaySums } from '../../db/journal-sums';
import { rows } from '../ledger/ledger-model.fixture';
import { type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';

const RUNS = Number(process.env.TERM_STATUS_RUNS ?? 60);
const SEED = process.env.TERM_STATUS_SEED ? Number(process.env.TERM_STATUS_SEED) : undefined;

const { t, s } = useTwoStudios();
let stA: StudioSetting;
let stB: StudioSetting;

/** 001 §4 from scratch: each family's status as the rule gives it, beside the one stored. */
const ORACLE = sql`
  select f.id, f.company_id as "companyId", f.last_name as "lastName", f.term_status as stored,
    case
      when exists (
        select 1 from students s
        join class_registrations r on r.student_id = s.id and r.company_id = f.company_id
        join classes c on c.id = r.class_id and c.company_id = f.company_id
        join year_terms y on y.id = c.year_term_id and y.company_id = f.company_id
        where s.family_id = f.id and s.company_id = f.company_id and y.is_current
          and r.is_dropped = false and r.i_status > 0 and r.status <> -1)
        then 'active'
      when exists (
        select 1 from students s
        join class_registrations r on r.student_id = s.id and r.company_id = f.company_id
        join classes c on c.id = r.class_id and c.company_id = f.company_id
        join year_terms y on y.id = c.year_term_id and y.company_id = f.company_id
        where s.family_id = f.id and s.company_id = f.company_id and y.is_current)
        then 'inactive'
      else 'incomplete'
    end as expected
  from family_accounts f`;

type OracleRow = { id: string; companyId: string; lastName: string; stored: string; expected: string };

/** The families whose stored status is not the rule's (none, always). */
async function mismatches(db: Db) {
  const all = await rows<OracleRow>(db, ORACLE);
  expect(all.length).toBeGreaterThan(0);
  return all.filter((r) => r.stored !== r.expected);
}

/** Studio B's families as the row versions and locks stand: a write or a lock changes xmin or xmax. */
async function untouched(db: Db) {
  return rows<{ id: string; xmin: string; xmax: string; termStatus: string }>(
    db,
    sql`select id, xmin::text as xmin, xmax::text as xmax, term_status as "termStatus"
        from family_accounts where company_id = ${s.companyB} order by id`,
  );
}

async function insertTerm(db: Db, companyId: string, name: string, current: boolean) {
  const [term] = await rows<{ id: string }>(
    db,
    sql`insert into year_terms (company_id, name, date_start, date_end, is_current)
        values (${companyId}, ${name}, '2027-09-01', '2028-06-30', ${current}) returning id`,
  );
  return term!.id;
}

async function insertClass(db: Db, st: StudioSetting, termId: string, name: string, price = st.price) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into classes (company_id, year_term_id, room_id, teacher_id, price_id, name, day, time_start, time_end)
        values (${st.companyId}, ${termId}, ${st.rooms[0]}, ${st.teachers[0]}, ${price}, ${name}, 1, '16:00', '17:00')
        returning id`,
  );
  return row!.id;
}

type Flags = { isDropped: boolean; iStatus: number; status: number };
const COUNTS: Flags = { isDropped: false, iStatus: 10, status: 0 };

async function register(db: Db, companyId: string, studentId: string, classId: string, f: Flags = COUNTS) {
  await db.execute(sql`
    insert into class_registrations
      (company_id, class_id, student_id, pr_0, pr_i, pr_f, i_status, status, is_dropped, date_i, date_f)
    values (${companyId}, ${classId}, ${studentId}, 6500, 6500, 6500, ${f.iStatus}, ${f.status}, ${f.isDropped},
      '2026-09-01', '2027-06-30')`);
}

/** A family of studio A named `lastName`, with dancers of the given first names; answers the ids. */
async function family(db: Db, lastName: string, dancers: string[]) {
  const row = await createFamily(db, s.companyA);
  await db.execute(sql`update family_accounts set last_name = ${lastName} where id = ${row.id}`);
  const kids: string[] = [];
  for (const firstName of dancers) {
    kids.push((await createStudent(db, { companyId: s.companyA, familyId: row.id, firstName, lastName })).id);
  }
  return { id: row.id, kids };
}

const statusOf = async (db: Db, familyId: string) =>
  (
    await rows<{ s: string }>(db, sql`select term_status as s from family_accounts where id = ${familyId}`)
  )[0]!.s;

let otherTermA = '';

beforeAll(async () => {
  const db = t.database.db;
  stA = await setUpStudio(s.a, s.termA);
  stB = await setUpStudio(s.b, s.termB);
  // Studio A: its current term with three classes, last year's with its own price and two classes.
  const [oldTerm] = await rows<{ id: string }>(
    db,
    sql`insert into year_terms (company_id, name, date_start, date_end, is_current)
        values (${s.companyA}, '2025–26', '2025-09-01', '2026-06-30', false) returning id`,
  );
  otherTermA = oldTerm!.id;
  const [oldPrice] = await rows<{ id: string }>(
    db,
    sql`insert into class_tuitions (company_id, year_term_id, duration, price)
        values (${s.companyA}, ${otherTermA}, 60, 6000) returning id`,
  );
  const classIds: string[] = [];
  for (const name of ['C1 Ballet', 'C2 Tap', 'C3 Jazz'])
    classIds.push(await insertClass(db, stA, s.termA.id, name));
  for (const name of ['C4 Ballet (last year)', 'C5 Tap (last year)']) {
    classIds.push(await insertClass(db, stA, otherTermA, name, oldPrice!.id));
  }
  const [c1, c2, c3] = classIds.slice(0, 3) as [string, string, string];
  const c4 = classIds[3]!;
  // Each run starts from registrations of every kind: active, inactive (dropped; refused), last year's.
  const m1 = await family(db, 'Model 1', ['S1', 'S2']);
  await register(db, s.companyA, m1.kids[0]!, c1);
  const m2 = await family(db, 'Model 2', ['S3']);
  await register(db, s.companyA, m2.kids[0]!, c2, { ...COUNTS, isDropped: true, iStatus: -1 });
  const m3 = await family(db, 'Model 3', ['S4', 'S5']);
  await register(db, s.companyA, m3.kids[0]!, c4);
  await register(db, s.companyA, m3.kids[1]!, c3, { ...COUNTS, status: -1 });
  await family(db, 'Model 4', ['S6']);
  // Studio B: an active family and an inactive one, whose status nothing of studio A may touch.
  const classB = await insertClass(db, stB, s.termB.id, 'B Ballet');
  for (const [lastName, flags] of [
    ['B Active', COUNTS],
    ['B Inactive', { ...COUNTS, isDropped: true }],
  ] as const) {
    const row = await createFamily(db, s.companyB);
    await db.execute(sql`update family_accounts set last_name = ${lastName} where id = ${row.id}`);
    const kid = await createStudent(db, { companyId: s.companyB, familyId: row.id, lastName });
    await register(db, s.companyB, kid.id, classB, flags);
  }
  expect(await mismatches(db)).toEqual([]);
  expect(await keptCountBreaches(db)).toEqual([]);
  expect((await untouched(db)).map((f) => f.termStatus).sort()).toEqual(['active', 'inactive']);
});

// ---------------------------------------------------------------------------------------------------
// The model: steps name rows by their position in studio A's lists (modulo their length), ordered by
// names, so that a seed replays the same writes.

type Which = 'class' | 'student' | 'all';
type Step =
  | { k: 'insert'; items: { student: number; cls: number; flags: Flags }[] }
  | { k: 'update'; reg: number; set: Partial<Flags>; cls: number | null; student: number | null }
  | { k: 'updateMany'; by: Which; at: number; set: Partial<Flags> }
  | { k: 'delete'; by: 'reg' | 'class' | 'student'; at: number }
  | { k: 'moveStudent'; student: number; family: number }
  | { k: 'moveFamily'; from: number; to: number }
  | { k: 'deleteStudent'; student: number }
  | { k: 'moveClass'; cls: number }
  | { k: 'moveTerm'; from: number; to: number }
  | { k: 'deleteClass'; cls: number }
  | { k: 'setCurrent'; term: number | null }
  | { k: 'deleteCurrentTerm' }
  | { k: 'insertTerm'; current: boolean }
  | { k: 'insertFamily' }
  | { k: 'deleteFamily'; family: number }
  | { k: 'compact' }
  | { k: 'tx'; steps: Step[]; rollback: boolean };

const flagsArb: fc.Arbitrary<Flags> = fc.record({
  isDropped: fc.boolean(),
  iStatus: fc.constantFrom(10, 1, 2, -1, -2),
  status: fc.constantFrom(0, 1, -1),
});
const setArb = fc.record(
  { isDropped: fc.boolean(), iStatus: fc.constantFrom(10, 1, 2, -1, -2), status: fc.constantFrom(0, 1, -1) },
  { requiredKeys: [] },
);
const ix = fc.nat({ max: 11 });

const leafArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('insert' as const),
      items: fc.array(fc.record({ student: ix, cls: ix, flags: flagsArb }), { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('update' as const),
      reg: ix,
      set: setArb,
      cls: fc.option(ix),
      student: fc.option(ix, { freq: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('updateMany' as const),
      by: fc.constantFrom<Which>('class', 'student', 'all'),
      at: ix,
      set: setArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('delete' as const),
      by: fc.constantFrom<'reg' | 'class' | 'student'>('reg', 'reg', 'class', 'student'),
      at: ix,
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('moveStudent' as const), student: ix, family: ix }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('moveFamily' as const), from: ix, to: ix }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('deleteStudent' as const), student: ix }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('moveClass' as const), cls: ix }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('moveTerm' as const), from: ix, to: ix }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteClass' as const), cls: ix }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('setCurrent' as const), term: fc.option(ix) }) },
  { weight: 1, arbitrary: fc.constant({ k: 'deleteCurrentTerm' as const }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('insertTerm' as const), current: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ k: 'insertFamily' as const }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteFamily' as const), family: ix }) },
  { weight: 1, arbitrary: fc.constant({ k: 'compact' as const }) },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: leafArb },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('tx' as const),
      steps: fc.array(leafArb, { minLength: 2, maxLength: 5 }),
      rollback: fc.boolean(),
    }),
  },
);

type Lists = {
  students: { id: string }[];
  families: { id: string }[];
  classes: { id: string; termId: string }[];
  terms: { id: string; isCurrent: boolean }[];
  regs: { id: string; studentId: string; classId: string }[];
};

async function lists(db: Db): Promise<Lists> {
  const A = s.companyA;
  return {
    students: await rows(db, sql`select id from students where company_id = ${A} order by first_name`),
    families: await rows(
      db,
      sql`select id from family_accounts where company_id = ${A} and last_name like 'Model %' order by last_name`,
    ),
    classes: await rows(
      db,
      sql`select id, year_term_id as "termId" from classes where company_id = ${A} order by name`,
    ),
    terms: await rows(
      db,
      sql`select id, is_current as "isCurrent" from year_terms where company_id = ${A} order by name`,
    ),
    regs: await rows(
      db,
      sql`select r.id, r.student_id as "studentId", r.class_id as "classId" from class_registrations r
          join students s on s.id = r.student_id join classes c on c.id = r.class_id
          where r.company_id = ${A} order by s.first_name, c.name`,
    ),
  };
}

const pick = <T>(list: T[], at: number): T | undefined => (list.length ? list[at % list.length] : undefined);

function setClause(set: Partial<Flags>) {
  const parts = [
    ...(set.isDropped === undefined ? [] : [sql`is_dropped = ${set.isDropped}`]),
    ...(set.iStatus === undefined ? [] : [sql`i_status = ${set.iStatus}`]),
    ...(set.status === undefined ? [] : [sql`status = ${set.status}`]),
  ];
  // Nothing of the status changed: a price change, which must leave every status as it was.
  return parts.length ? sql.join(parts, sql`, `) : sql`pr_0 = pr_0 + 100`;
}

class RolledBack extends Error {}

/** Applies one step to studio A; `check` runs after each write of a transaction step. */
async function apply(db: Db, step: Step, termNames: { next: number }, check: () => Promise<void>) {
  const A = s.companyA;
  const l = await lists(db);
  switch (step.k) {
    case 'insert': {
      const values = step.items.flatMap(({ student, cls, flags }) => {
        const st = pick(l.students, student);
        const c = pick(l.classes, cls);
        return st && c
          ? [
              sql`(${A}, ${c.id}, ${st.id}, 6500, 6500, 6500, ${flags.iStatus}, ${flags.status}, ${flags.isDropped},
                '2026-09-01', '2027-06-30')`,
            ]
          : [];
      });
      if (!values.length) return;
      await db.execute(sql`insert into class_registrations
          (company_id, class_id, student_id, pr_0, pr_i, pr_f, i_status, status, is_dropped, date_i, date_f)
          values ${sql.join(values, sql`, `)} on conflict (class_id, student_id) do nothing`);
      return;
    }
    case 'update': {
      const reg = pick(l.regs, step.reg);
      if (!reg) return;
      // Moved to another class, or to another dancer, when the pair is not registered yet.
      const classId = (step.cls === null ? undefined : pick(l.classes, step.cls))?.id ?? reg.classId;
      const studentId =
        (step.student === null ? undefined : pick(l.students, step.student))?.id ?? reg.studentId;
      const free = !l.regs.some((r) => r.id !== reg.id && r.classId === classId && r.studentId === studentId);
      const move = free ? sql`, class_id = ${classId}, student_id = ${studentId}` : sql``;
      await db.execute(
        sql`update class_registrations set ${setClause(step.set)}${move} where id = ${reg.id}`,
      );
      return;
    }
    case 'updateMany': {
      const where =
        step.by === 'all'
          ? sql`company_id = ${A}`
          : step.by === 'class'
            ? sql`class_id = ${pick(l.classes, step.at)?.id ?? null}`
            : sql`student_id = ${pick(l.students, step.at)?.id ?? null}`;
      await db.execute(sql`update class_registrations set ${setClause(step.set)} where ${where}`);
      return;
    }
    case 'delete': {
      const where =
        step.by === 'reg'
          ? sql`id = ${pick(l.regs, step.at)?.id ?? null}`
          : step.by === 'class'
            ? sql`class_id = ${pick(l.classes, step.at)?.id ?? null}`
            : sql`student_id = ${pick(l.students, step.at)?.id ?? null}`;
      await db.execute(sql`delete from class_registrations where ${where}`);
      return;
    }
    case 'moveStudent': {
      const st = pick(l.students, step.student);
      const f = pick(l.families, step.family);
      if (st && f) await db.execute(sql`update students set family_id = ${f.id} where id = ${st.id}`);
      return;
    }
    case 'moveFamily': {
      const from = pick(l.families, step.from);
      const to = pick(l.families, step.to);
      if (from && to)
        await db.execute(sql`update students set family_id = ${to.id} where family_id = ${from.id}`);
      return;
    }
    case 'deleteStudent': {
      const st = pick(l.students, step.student);
      if (st) await db.execute(sql`delete from students where id = ${st.id}`);
      return;
    }
    case 'moveClass': {
      const c = pick(l.classes, step.cls);
      const others = l.terms.filter((x) => x.id !== c?.termId);
      const to = pick(others, step.cls);
      if (c && to) await db.execute(sql`update classes set year_term_id = ${to.id} where id = ${c.id}`);
      return;
    }
    case 'moveTerm': {
      const from = pick(l.terms, step.from);
      const to = pick(l.terms, step.to);
      if (from && to) {
        await db.execute(sql`update classes set year_term_id = ${to.id} where year_term_id = ${from.id}`);
      }
      return;
    }
    case 'deleteClass': {
      const c = pick(l.classes, step.cls);
      if (c) await db.execute(sql`delete from classes where id = ${c.id}`);
      return;
    }
    case 'setCurrent': {
      const to = step.term === null ? undefined : pick(l.terms, step.term);
      await db.execute(sql`update year_terms set is_current = false
          where company_id = ${A} and is_current and id is distinct from ${to?.id ?? null}`);
      if (to) await db.execute(sql`update year_terms set is_current = true where id = ${to.id}`);
      return;
    }
    case 'deleteCurrentTerm': {
      const current = l.terms.find((x) => x.isCurrent);
      if (!current) return;
      // A term goes with its classes, and with the classes priced by its tuition (which goes with it).
      await db.execute(sql`delete from classes where company_id = ${A} and (year_term_id = ${current.id}
          or price_id in (select id from class_tuitions where year_term_id = ${current.id}))`);
      await db.execute(sql`delete from year_terms where id = ${current.id}`);
      return;
    }
    case 'insertTerm': {
      const current = step.current && !l.terms.some((x) => x.isCurrent);
      await insertTerm(db, A, `Model term ${termNames.next++}`, current);
      return;
    }
    case 'insertFamily': {
      await db.execute(sql`insert into family_accounts (company_id, last_name, email)
          values (${A}, ${`Model ${5 + l.families.length}`}, 'model@example.com')`);
      return;
    }
    case 'deleteFamily': {
      // A family goes with its dancers and their registrations.
      const f = pick(l.families, step.family);
      if (f) await db.execute(sql`delete from family_accounts where id = ${f.id}`);
      return;
    }
    case 'compact': {
      await compactDaySums(db);
      return;
    }
    case 'tx': {
      try {
        await db.transaction(async (tx) => {
          for (const inner of step.steps) {
            await apply(tx, inner, termNames, check);
            await check();
          }
          if (step.rollback) throw new RolledBack();
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      return;
    }
  }
}

describe('family_accounts.term_status', () => {
  it('equals the rule after every step of any sequence of writes, and no write of studio A touches studio B', async () => {
    const db = t.database.db;
    const before = await untouched(db);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 15 }), async (steps) => {
        try {
          await db.transaction(async (tx) => {
            const check = async () => {
              expect(await mismatches(tx)).toEqual([]);
              expect(await untouched(tx)).toEqual(before);
              expect(await keptCountBreaches(tx)).toEqual([]);
            };
            const termNames = { next: 1 };
            for (const step of steps) {
              await apply(tx, step, termNames, check);
              await check();
            }
            throw new RolledBack();
          });
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    // Every run was rolled back: the stored statuses are the rule's still, and so are the kept counts.
    expect(await mismatches(db)).toEqual([]);
    expect(await keptCountBreaches(db)).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------
// Two transactions at once, on PostgreSQL (PGlite runs one statement at a time).

/** Two writes interleaved on this file's database (test/interleaved.ts). */
const interleaved = (first: Write, second: Write) => interleavedOn(t.database.db, first, second);

describe.runIf(ON_POSTGRES)('term_status under concurrent writes (PostgreSQL)', () => {
  const db = () => t.database.db;
  let current = '';
  let old = '';
  let n = 0;
  beforeAll(async () => {
    current = await insertClass(db(), stA, s.termA.id, 'Concurrent current');
    old = await insertClass(db(), stA, otherTermA, 'Concurrent last year');
  });
  const fresh = (dancers: string[]) => family(db(), `Race ${++n}`, dancers);
  const settled = async (familyId: string, status: string) => {
    expect((await mismatches(db())).filter((m) => m.id === familyId)).toEqual([]);
    expect(await statusOf(db(), familyId)).toBe(status);
  };

  for (const order of ['drop first', 'add first'] as const) {
    it(`drops the only counting registration while a sibling's is added (${order}): active`, async () => {
      const f = await fresh(['Ada', 'Bea']);
      await register(db(), s.companyA, f.kids[0]!, current);
      expect(await statusOf(db(), f.id)).toBe('active');
      const drop: Write = (tx) =>
        tx
          .execute(sql`update class_registrations set is_dropped = true where student_id = ${f.kids[0]!}`)
          .then();
      const add: Write = (tx) => register(tx, s.companyA, f.kids[1]!, current);
      const waited = order === 'drop first' ? await interleaved(drop, add) : await interleaved(add, drop);
      expect(waited).toBe('waited');
      await settled(f.id, 'active');
    });
  }

  it('drops both counting registrations at once, one in each transaction: inactive', async () => {
    const f = await fresh(['Ada', 'Bea']);
    for (const kid of f.kids) await register(db(), s.companyA, kid, current);
    const drop =
      (kid: string): Write =>
      (tx) =>
        tx.execute(sql`update class_registrations set status = -1 where student_id = ${kid}`).then();
    expect(await interleaved(drop(f.kids[0]!), drop(f.kids[1]!))).toBe('waited');
    await settled(f.id, 'inactive');
  });

  for (const [a, b, status] of [
    [COUNTS, COUNTS, 'active'],
    [{ ...COUNTS, status: -1 }, COUNTS, 'active'],
    [COUNTS, { ...COUNTS, iStatus: -1 }, 'active'],
    [{ ...COUNTS, isDropped: true }, { ...COUNTS, iStatus: -2 }, 'inactive'],
  ] as const) {
    it(`registers two siblings of an incomplete family at once (${JSON.stringify([a, b])}): ${status}`, async () => {
      const f = await fresh(['Ada', 'Bea']);
      expect(await statusOf(db(), f.id)).toBe('incomplete');
      const waited = await interleaved(
        (tx) => register(tx, s.companyA, f.kids[0]!, current, a),
        (tx) => register(tx, s.companyA, f.kids[1]!, current, b),
      );
      expect(waited).toBe('waited');
      await settled(f.id, status);
    });
  }

  for (const order of ['switch first', 'register first'] as const) {
    it(`switches the current term while a dancer is registered in a class of the new one (${order})`, async () => {
      const f = await fresh(['Ada']);
      const g = await fresh(['Cy']);
      await register(db(), s.companyA, g.kids[0]!, current);
      const switchTerm: Write = async (tx) => {
        await tx.execute(sql`update year_terms set is_current = false where id = ${s.termA.id}`);
        await tx.execute(sql`update year_terms set is_current = true where id = ${otherTermA}`);
      };
      const add: Write = (tx) => register(tx, s.companyA, f.kids[0]!, old);
      try {
        const waited =
          order === 'switch first' ? await interleaved(switchTerm, add) : await interleaved(add, switchTerm);
        expect(waited).toBe('waited');
        await settled(f.id, 'active');
        await settled(g.id, 'incomplete');
      } finally {
        await db().execute(sql`update year_terms set is_current = false where id = ${otherTermA}`);
        await db().execute(sql`update year_terms set is_current = true where id = ${s.termA.id}`);
      }
      await settled(f.id, 'incomplete');
      await settled(g.id, 'active');
    });
  }

  it('changes registrations of the same two families in one statement each, at once: no deadlock', async () => {
    const f = await fresh(['Ada', 'Bea']);
    const g = await fresh(['Cy', 'Dee']);
    for (const kid of [...f.kids, ...g.kids]) await register(db(), s.companyA, kid, current);
    const dropEach =
      (kids: string[]): Write =>
      (tx) =>
        tx
          .execute(sql`update class_registrations set is_dropped = true
          where student_id in (${sql.join(
            kids.map((k) => sql`${k}`),
            sql`, `,
          )})`)
          .then();
    // One drops the first dancer of each family, the other the second, listing the families the other way round.
    await interleaved(dropEach([g.kids[0]!, f.kids[0]!]), dropEach([f.kids[1]!, g.kids[1]!]));
    await settled(f.id, 'inactive');
    await settled(g.id, 'inactive');
  });

  /**
   * A dancer moved to another family, or a class moved to another term, while another transaction
   * writes a registration of that dancer or class. The triggers map written rows to families through
   * students.family_id and classes.year_term_id; a move's row lock is one a registration's writer would
   * not wait for (the foreign key's FOR KEY SHARE does not conflict with it), so each trigger
   * share-locks the dancers and classes it maps through, in id order, before reading them: it waits for
   * a concurrent move and reads what it committed, or the move waits and then sees its rows. Without
   * those locks (migration 0019 as first written) the orders marked here were lost: a dancer moved
   * first, then a registration of theirs written (the new family kept a stale status); a class moved to
   * the current term while a registration was written into it, either order; a dancer moved, then
   * their class.
   */
  type Race = {
    name: string;
    /** Rows committed before: the families to check and the writes of both transactions. */
    setup: () => Promise<{ checked: string[]; move: Write; write: Write; expected: string[] }>;
  };
  const races: Race[] = [
    {
      name: 'registers a dancer while the dancer moves to another family',
      setup: async () => {
        const [from, to] = [await fresh(['Ada']), await fresh(['Bea'])];
        return {
          checked: [from.id, to.id],
          move: (tx) =>
            tx.execute(sql`update students set family_id = ${to.id} where id = ${from.kids[0]!}`).then(),
          write: (tx) => register(tx, s.companyA, from.kids[0]!, current),
          expected: ['incomplete', 'active'],
        };
      },
    },
    {
      name: "makes a dancer's registration count while the dancer moves to another family",
      setup: async () => {
        const [from, to] = [await fresh(['Ada']), await fresh(['Bea'])];
        await register(db(), s.companyA, from.kids[0]!, current, { ...COUNTS, isDropped: true });
        return {
          checked: [from.id, to.id],
          move: (tx) =>
            tx.execute(sql`update students set family_id = ${to.id} where id = ${from.kids[0]!}`).then(),
          write: (tx) =>
            tx
              .execute(
                sql`update class_registrations set is_dropped = false where student_id = ${from.kids[0]!}`,
              )
              .then(),
          expected: ['incomplete', 'active'],
        };
      },
    },
    {
      name: "takes off a dancer's registration while the dancer moves to another family",
      setup: async () => {
        const [from, to] = [await fresh(['Ada']), await fresh(['Bea'])];
        await register(db(), s.companyA, from.kids[0]!, current);
        return {
          checked: [from.id, to.id],
          move: (tx) =>
            tx.execute(sql`update students set family_id = ${to.id} where id = ${from.kids[0]!}`).then(),
          write: (tx) =>
            tx.execute(sql`delete from class_registrations where student_id = ${from.kids[0]!}`).then(),
          expected: ['incomplete', 'incomplete'],
        };
      },
    },
    {
      name: 'registers a dancer in a class while the class moves to the current term',
      setup: async () => {
        const f = await fresh(['Ada']);
        const moving = await insertClass(db(), stA, otherTermA, `Moving ${n}`);
        return {
          checked: [f.id],
          move: (tx) =>
            tx.execute(sql`update classes set year_term_id = ${s.termA.id} where id = ${moving}`).then(),
          write: (tx) => register(tx, s.companyA, f.kids[0]!, moving),
          expected: ['active'],
        };
      },
    },
    {
      name: 'moves a registration into a class while the class moves to the current term',
      setup: async () => {
        const f = await fresh(['Ada']);
        const moving = await insertClass(db(), stA, otherTermA, `Moving ${n}`);
        await register(db(), s.companyA, f.kids[0]!, old);
        return {
          checked: [f.id],
          move: (tx) =>
            tx.execute(sql`update classes set year_term_id = ${s.termA.id} where id = ${moving}`).then(),
          write: (tx) =>
            tx
              .execute(
                sql`update class_registrations set class_id = ${moving} where student_id = ${f.kids[0]!}`,
              )
              .then(),
          expected: ['active'],
        };
      },
    },
    // A waiting registration enters or leaves the approvals' kept count (decision 109) under its class's
    // term while the class moves to another term or is taken off. The family stays active throughout (its
    // other dancer's registration in the current term).
    ...(['approves', 'takes off'] as const).flatMap((what) =>
      (['moves to the current term', 'is taken off'] as const).map(
        (move): Race => ({
          name: `${what} a waiting registration while its class ${move}`,
          setup: async () => {
            const f = await fresh(['Ada', 'Bea']);
            const moving = await insertClass(db(), stA, otherTermA, `Moving ${n}`);
            await register(db(), s.companyA, f.kids[0]!, moving);
            await register(db(), s.companyA, f.kids[1]!, current, { ...COUNTS, status: 1 });
            const written =
              what === 'approves'
                ? sql`update class_registrations set status = 1 where student_id = ${f.kids[0]!}`
                : sql`delete from class_registrations where student_id = ${f.kids[0]!}`;
            const moved =
              move === 'is taken off'
                ? sql`delete from classes where id = ${moving}`
                : sql`update classes set year_term_id = ${s.termA.id} where id = ${moving}`;
            return {
              checked: [f.id],
              move: (tx) => tx.execute(moved).then(),
              write: (tx) => tx.execute(written).then(),
              expected: ['active'],
            };
          },
        }),
      ),
    ),
    {
      name: 'moves a class to the current term while one of its dancers moves to another family',
      setup: async () => {
        const [from, to] = [await fresh(['Ada']), await fresh(['Bea'])];
        const moving = await insertClass(db(), stA, otherTermA, `Moving ${n}`);
        await register(db(), s.companyA, from.kids[0]!, moving);
        return {
          checked: [from.id, to.id],
          move: (tx) =>
            tx.execute(sql`update students set family_id = ${to.id} where id = ${from.kids[0]!}`).then(),
          write: (tx) =>
            tx.execute(sql`update classes set year_term_id = ${s.termA.id} where id = ${moving}`).then(),
          expected: ['incomplete', 'active'],
        };
      },
    },
  ];
  for (const race of races) {
    for (const order of ['the move first', 'the move second'] as const) {
      it(`${race.name} (${order}): the status is the rule's`, async () => {
        const { checked, move, write, expected } = await race.setup();
        const waited =
          order === 'the move first' ? await interleaved(move, write) : await interleaved(write, move);
        const wrong = (await mismatches(db())).filter((m) => checked.includes(m.id));
        expect(wrong).toEqual([]);
        expect(await keptCountBreaches(db())).toEqual([]);
        expect(await Promise.all(checked.map((id) => statusOf(db(), id)))).toEqual(expected);
        expect(waited).toBe('waited');
      });
    }
  }
});
