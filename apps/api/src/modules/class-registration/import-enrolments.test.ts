import { type DiscountItem, quoteFamily, unlimitedCapOf } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { familyAccounts, students } from '../../db/schema/families';
import { readBook } from '../ledger/book';
import { runBillingUntil } from '../ledger/ledger.fixture';
import { postOpeningBalances } from '../ledger/operations/opening-balance';
import { addNumber } from '../schedule/schedule.fixture';
import { ok, registrationStudio } from './class-registration.fixture';
import { checkImportedEnrolments, importEnrolments } from './import-enrolments';
import { loadPricingRules } from './pricing';

/**
 * Enrolments brought by an import (issue 35 item 4, decision 056) on a real database: registered
 * approved from the import's day, the family's plan from that day with the period in progress at $0,
 * billing charging nothing before the next period and that period with the studio's discounts, no fee,
 * no mail; again changes nothing; a class over its places accepted and said; studio B untouched; a
 * failure rolls back the enrolments and the balances together; bulk in a fixed number of statements.
 */

const { t, s } = useTwoStudios();
const db = () => t.database.db;
const TODAY = '2026-11-21';
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
  await ok(
    s.a.post('/api/mystudio/discounts', {
      typeID: 100,
      vTypeID: 100,
      value: 0.1,
      rValue: 100,
      name: 'Multi-class',
    }),
  );
  await ok(
    s.a.post('/api/mystudio/discounts', {
      typeID: 200,
      vTypeID: 200,
      value: 1000,
      rValue: 1,
      name: 'Sibling',
    }),
  );
  await addNumber(setting.st, setting.classes.tuesday);
});

/** Families of a studio, each with its dancers (born a year apart), in two statements. */
async function families(companyId: string, n: number, dancersEach: number) {
  const fams = await db()
    .insert(familyAccounts)
    .values(Array.from({ length: n }, (_, i) => ({ companyId, lastName: `Moved${i}`, email: '' })))
    .returning({ id: familyAccounts.id });
  const rows = fams.flatMap((f) =>
    Array.from({ length: dancersEach }, (_, k) => ({
      companyId,
      familyId: f.id,
      firstName: `Dancer${k}`,
      lastName: 'Moved',
      dob: `${2012 + k}-05-0${1 + k}`,
    })),
  );
  const made = await db()
    .insert(students)
    .values(rows)
    .returning({ id: students.id, familyId: students.familyId });
  return fams.map((f) => ({ id: f.id, dancers: made.filter((d) => d.familyId === f.id).map((d) => d.id) }));
}

const write = (tx: Db, pairs: { familyId: string; studentId: string; classId: string }[]) =>
  importEnrolments(tx, {
    companyId: s.companyA,
    actorUserId: s.a.userId,
    asOf: TODAY,
    pairs: pairs.map((p, i) => ({ ...p, file: 'enrolments.csv', row: i + 2 })),
  });

async function counts(companyId: string) {
  const r = await db().execute(sql`select
      (select count(*) from class_registrations where company_id = ${companyId})::int as registrations,
      (select count(*) from family_terms where company_id = ${companyId})::int as terms,
      (select count(*) from family_plan_revisions where company_id = ${companyId})::int as revisions,
      (select count(*) from ledger_transactions where company_id = ${companyId})::int as ledger,
      (select count(*) from mail_outbox where company_id = ${companyId})::int as mail`);
  return (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

describe('enrolments by import', () => {
  // The studio's billing days run forward once: this test runs them, the others come after.
  it('registers approved from the day, bills nothing before the next period, then as any family, no fee, no mail', async () => {
    const { classes } = setting;
    const [fam] = await families(s.companyA, 1, 2);
    const [ava, ben] = fam!.dancers;
    const mailBefore = (await counts(s.companyA)).mail;
    const done = await db().transaction((tx) =>
      write(tx, [
        { familyId: fam!.id, studentId: ava!, classId: classes.tuesday },
        { familyId: fam!.id, studentId: ava!, classId: classes.thursday },
        { familyId: fam!.id, studentId: ben!, classId: classes.monday },
      ]),
    );
    expect(done).toEqual({ registered: 3, matched: 0, revised: 1 });

    const regs = await db().execute(sql`select r.status, r.i_status, r.date_i::text, r.pr_f,
        (select count(*) from dance_number_activity a where a.class_registration_id = r.id)::int as activity, c.name
      from class_registrations r join classes c on c.id = r.class_id
      join students st on st.id = r.student_id where st.family_id = ${fam!.id} order by c.name`);
    const rows = (regs as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows.map((r) => [r.name, r.status, r.i_status, r.date_i, r.activity])).toEqual([
      ['Ballet 1', 1, 10, TODAY, 0],
      ['Jazz 1', 1, 10, TODAY, 1],
      ['Tap 1', 1, 10, TODAY, 0],
    ]);

    const plan = await db().execute(sql`select ft.plan_id, r.revision, r.effective_date::text as eff,
        r.written_on::text as written, r.monthly, f.amount as fee
      from family_terms ft join family_plan_revisions r on r.family_term_id = ft.id
      join registration_fees f on f.family_term_id = ft.id where ft.family_id = ${fam!.id}`);
    const p = (plan as unknown as { rows: Record<string, unknown>[] }).rows;
    const rules = await loadPricingRules(db(), s.companyA, setting.st.term);
    const monthlyPlan = rules.paySys.find((x) => x.isDefault)!;
    expect(p).toEqual([
      {
        plan_id: monthlyPlan.id,
        revision: 1,
        eff: TODAY,
        written: TODAY,
        monthly: expect.any(Number),
        fee: 0,
      },
    ]);
    // What the studio's discounts make of the three classes: multi-class for Ava's second, sibling for Ben.
    const quote = quoteFamily({
      students: [
        { id: ava!, name: 'Dancer0' },
        { id: ben!, name: 'Dancer1' },
      ],
      classes: [
        { id: classes.tuesday, name: 'Jazz 1', day: 1, basePrice: 6000, applyDiscount: true },
        { id: classes.thursday, name: 'Tap 1', day: 3, basePrice: 4500, applyDiscount: true },
        { id: classes.monday, name: 'Ballet 1', day: 0, basePrice: 6500, applyDiscount: true },
      ],
      registrations: [
        { studentId: ava!, classId: classes.tuesday },
        { studentId: ava!, classId: classes.thursday },
        { studentId: ben!, classId: classes.monday },
      ],
      discounts: rules.discounts as DiscountItem[],
      unlimited: unlimitedCapOf(rules.settings.unlimited),
      siblingIndex: rules.settings.siblingIndex,
    });
    expect(quote.total).toBeLessThan(17_000);
    expect(p[0]!.monthly).toBe(quote.total);

    // November was billed by the old system: nothing is charged through the month, no fee either.
    await runBillingUntil(t, '2026-11-30');
    expect((await readBook(db(), s.companyA, fam!.id)).charges).toEqual([]);
    // December is the plan's first payment here: the family's monthly tuition, discounts and all.
    await runBillingUntil(t, '2026-12-02');
    const book = await readBook(db(), s.companyA, fam!.id);
    expect(book.charges.map((c) => [c.category, c.dueDate, c.total])).toEqual([
      ['tuition', '2026-12-01', quote.total],
    ]);
    const labels = book.charges[0]!.lines.map((l) => l.label).join(' ');
    expect(labels).toContain('Multi-class');
    expect(labels).toContain('Sibling');
    expect((await counts(s.companyA)).mail).toBe(mailBefore);
  });

  it('importing again changes nothing; a dancer new to a planned family revises its plan from the day', async () => {
    const [fam] = await families(s.companyA, 1, 2);
    const pair = { familyId: fam!.id, studentId: fam!.dancers[0]!, classId: setting.classes.tuesday };
    await db().transaction((tx) => write(tx, [pair]));
    const before = await counts(s.companyA);
    expect(await db().transaction((tx) => write(tx, [pair, pair]))).toEqual({
      registered: 0,
      matched: 1,
      revised: 0,
    });
    expect(await counts(s.companyA)).toEqual(before);

    const more = { familyId: fam!.id, studentId: fam!.dancers[1]!, classId: setting.classes.monday };
    expect(await db().transaction((tx) => write(tx, [pair, more]))).toEqual({
      registered: 1,
      matched: 1,
      revised: 1,
    });
    const revs =
      await db().execute(sql`select r.revision, r.effective_date::text as eff from family_plan_revisions r
      join family_terms ft on ft.id = r.family_term_id where ft.family_id = ${fam!.id} order by r.revision`);
    expect((revs as unknown as { rows: unknown[] }).rows).toEqual([
      { revision: 1, eff: TODAY },
      { revision: 2, eff: TODAY },
    ]);
  });

  it('the dry run: matched, twice, over its places (accepted, said), a new class, no plan refused', async () => {
    const [fam] = await families(s.companyA, 1, 3);
    const [a, b, c] = fam!.dancers;
    await db().transaction((tx) =>
      write(tx, [{ familyId: fam!.id, studentId: a!, classId: setting.classes.thursday }]),
    );
    const taken = await db().execute(
      sql`select count(*)::int as n from class_registrations where class_id = ${setting.classes.thursday}`,
    );
    const n = (taken as unknown as { rows: { n: number }[] }).rows[0]!.n;
    await db().execute(sql`update classes set n_max = ${n + 1} where id = ${setting.classes.thursday}`);
    const pairs = [
      { studentId: a!, classId: setting.classes.thursday },
      { studentId: b!, classId: setting.classes.thursday },
      { studentId: b!, classId: setting.classes.thursday },
      { studentId: c!, classId: setting.classes.thursday },
      {
        studentId: null,
        dancerKey: 'J-7',
        classId: null,
        classKey: 'Hip Hop|2|18:00',
        className: 'Hip Hop',
        places: 1,
      },
      {
        studentId: null,
        dancerKey: 'J-8',
        classId: null,
        classKey: 'Hip Hop|2|18:00',
        className: 'Hip Hop',
        places: 1,
      },
    ].map((p, i) => ({ dancerKey: '', classKey: p.classId ?? '', ...p, file: 'e.csv', row: i + 2 }));
    const checked = await checkImportedEnrolments(db(), {
      companyId: s.companyA,
      termId: setting.st.term,
      pairs,
    });
    expect(checked.map((x) => x.fate)).toEqual(['matched', 'new', 'skipped', 'new', 'new', 'new']);
    expect(checked[3]!.sentence).toBe(
      `Tap 1 takes ${n + 1} dancers and will have ${n + 2}: the old system's enrolments are who dances, so the dancer is registered over its places.`,
    );
    expect(checked[5]!.sentence).toContain('Hip Hop takes 1 dancers and will have 2');
    expect(checked[2]!.sentence).toContain('(e.csv, row 3)');
  });

  it("another studio's dancer or class is refused, nothing written; studio B is never touched", async () => {
    const [bFam] = await families(s.companyB, 1, 1);
    const [aFam] = await families(s.companyA, 1, 1);
    const beforeA = await counts(s.companyA);
    const beforeB = await counts(s.companyB);
    await expect(
      db().transaction((tx) =>
        write(tx, [
          { familyId: aFam!.id, studentId: aFam!.dancers[0]!, classId: setting.classes.monday },
          { familyId: bFam!.id, studentId: bFam!.dancers[0]!, classId: setting.classes.monday },
        ]),
      ),
    ).rejects.toThrow(/enrolments\.csv, row 3: the family is not one of the studio/);
    expect(await counts(s.companyA)).toEqual(beforeA);
    await db().transaction((tx) =>
      write(tx, [{ familyId: aFam!.id, studentId: aFam!.dancers[0]!, classId: setting.classes.monday }]),
    );
    expect(await counts(s.companyB)).toEqual(beforeB);
  });

  it('a failure in the middle of the import rolls back the balances and the enrolments together', async () => {
    const [fam] = await families(s.companyA, 1, 1);
    const before = await counts(s.companyA);
    const boom = new Error('the import failed at a later row');
    await expect(
      db().transaction(async (tx) => {
        await postOpeningBalances(tx, {
          companyId: s.companyA,
          actorUserId: s.a.userId,
          source: 'jackrabbit',
          sourceName: 'Jackrabbit',
          balances: [{ familyId: fam!.id, amount: 7_500, asOf: TODAY, file: 'b.csv', row: 2 }],
        });
        await write(tx, [
          { familyId: fam!.id, studentId: fam!.dancers[0]!, classId: setting.classes.tuesday },
        ]);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await counts(s.companyA)).toEqual(before);
  });

  it('bulk: the same statements for 5 families as for 40 (a statement per table per 500 rows); 1,000 families with 3,000 enrolments in one transaction', async () => {
    const { classes } = setting;
    const pairsOf = (fams: Awaited<ReturnType<typeof families>>) =>
      fams.flatMap((f) => [
        { familyId: f.id, studentId: f.dancers[0]!, classId: classes.tuesday },
        { familyId: f.id, studentId: f.dancers[0]!, classId: classes.thursday },
        { familyId: f.id, studentId: f.dancers[1]!, classId: classes.monday },
      ]);
    const run = async (n: number) => {
      const fams = await families(s.companyA, n, 2);
      return (await countQueries(t, () => db().transaction((tx) => write(tx, pairsOf(fams))))).count;
    };
    // The first run prepares the pricing read's statement (once per connection): then counted.
    await run(2);
    expect(await run(5)).toBe(await run(40));
    const fams = await families(s.companyA, 1_000, 2);
    const started = performance.now();
    const done = await db().transaction((tx) => write(tx, pairsOf(fams)));
    const seconds = (performance.now() - started) / 1000;
    expect(done).toEqual({ registered: 3_000, matched: 0, revised: 1_000 });
    // Printed, not asserted: speed is the bench's to measure (a run at load 13 took 30 s).
    console.info(`import: 3,000 enrolments of 1,000 families written in ${seconds.toFixed(1)} s`);
    // A bulk test: the project's 30 s per test is too short for it on a loaded machine (30.8 s in a CI
    // run beside the journeys), and its time is not what it tests.
  }, 180_000);
});
