import type { RecitalDancers } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecital, danceFamily } from '../../../test/factories';
import { genericPlan } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, students } from '../../db/schema/families';
import { recitalShowNumbers, recitalShows } from '../../db/schema/recitals';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber } from '../schedule/schedule.fixture';
import { dancerCountQuery, dancerPage, dancerPageQuery } from './reports.queries';

const PAGE_2 = { limit: 50, offset: 50 };

/**
 * The recital's dancer sheet a page at a time (decisions 087, 111 and 112): the recital's dancers kept by
 * the database in the order people read names (Müller between Moore and Murphy, whatever the database's
 * collation). Its pages, end to end, are the whole sheet the CSV reads; two families of one name share
 * their dancers' order across a page's edge; families with nobody in a show are passed over.
 */

const { t, s } = useTwoStudios();
let recital: string;
const D = () => `/api/mystudio/recitals/${recital}/reports/dancers`;
const sheet = async (page: number) => (await ok(s.a.get(`${D()}?page=${page}`))) as RecitalDancers;
/** The whole sheet as the CSV reads it: one plain statement, in the same order. */
const whole = () => dancerPage(t.database.db, s.companyA, recital, null);
const line = (i: RecitalDancers['items'][number]) => `${i.family}/${i.dancer}`;

beforeAll(async () => {
  const { st, classes } = await registrationStudio(s);
  const family = (name: string, dancers: string[], classId = classes.monday) =>
    danceFamily(t.database.db, { companyId: s.companyA, name, dancers, classId });
  const tinyToes = (await addNumber(st, classes.monday, { name: 'Tiny Toes' })).id;
  // A number in no show: its dancers are not at the recital.
  await addNumber(st, classes.tuesday, { name: 'Jazz Hands' });
  // First in name order: a family with no dancer, and one whose dancer's number is in no show.
  await family('abbott', []);
  await family('Adams', ['Noah'], classes.tuesday);
  // 46 dancers, then Moore and Müller (48), then two families of one name whose dancers sort together
  // by first name across the first page's edge (rows 49 to 52), then one who does not dance, then Zeller.
  for (let i = 0; i < 23; i++) await family(`Family ${String(i).padStart(2, '0')}`, ['Ann', 'Bo']);
  await family('Zeller', ['Zoe']);
  await family('Müller', ['Mei']);
  await family('Murphy', ['Amara', 'Luna']);
  await family('Moore', ['Lucia']);
  await family('Murphy', ['Aria', 'Brooklyn']);
  await family('Nash', ['Otto'], classes.tuesday);
  recital = await createRecital(t.database.db, s.companyA);
  const [show] = await t.database.db
    .insert(recitalShows)
    .values({
      companyId: s.companyA,
      recitalId: recital,
      name: 'Matinee',
      day: '2027-05-15',
      startsAt: '14:00',
      doorsAt: '13:30',
    })
    .returning({ id: recitalShows.id });
  await t.database.db.insert(recitalShowNumbers).values({
    companyId: s.companyA,
    recitalId: recital,
    showId: show!.id,
    danceNumberId: tinyToes,
    position: 0,
  });
});

describe("the recital's dancer sheet a page at a time (decisions 111 and 112)", () => {
  it('answers pages that, end to end, are the whole sheet', async () => {
    const all = await whole();
    const pages = [await sheet(1), await sheet(2), await sheet(3)];
    expect(all.total).toBe(53);
    expect(pages.map((p) => p.items.length)).toEqual([50, 3, 0]);
    expect(pages.map((p) => p.total)).toEqual([53, 53, 53]);
    expect(pages.flatMap((p) => p.items.map((i) => i.studentId))).toEqual(all.rows.map((r) => r.studentId));
  });

  it('orders names as people read them, the dancers of two families of one name together across a page’s edge', async () => {
    const [first, second] = [await sheet(1), await sheet(2)];
    expect(first.items.slice(46).map(line)).toEqual([
      'Moore/Lucia Moore',
      'Müller/Mei Müller',
      'Murphy/Amara Murphy',
      'Murphy/Aria Murphy',
    ]);
    expect(second.items.map(line)).toEqual([
      'Murphy/Brooklyn Murphy',
      'Murphy/Luna Murphy',
      'Zeller/Zoe Zeller',
    ]);
  });

  it('passes over the families with nobody in a show', async () => {
    const families = new Set((await whole()).rows.map((r) => r.family));
    for (const name of ['abbott', 'Adams', 'Nash']) expect(families.has(name)).toBe(false);
    expect((await sheet(1)).items[0]).toMatchObject({ dancer: 'Ann Family 00', family: 'Family 00' });
  });
});

describe("a dancer sheet's page in the plan kept for any studio (decision 112)", () => {
  it("reads a range of the kept dancers in order, never sorts them, and counts the recital's rows alone", async () => {
    // With the statistics a studio's database has (the product analyzes after its bulk writes).
    await t.database.db.execute(sql`analyze recital_dancers`);
    const page = await genericPlan(
      t.database.db,
      dancerPageQuery(t.database.db, s.companyA, recital, PAGE_2),
    );
    expect(page).toContain('recital_dancers_page_idx');
    expect(page).not.toContain('Sort');
    const total = await genericPlan(t.database.db, dancerCountQuery(t.database.db, s.companyA, recital));
    // The count reads the recital's rows by one of the recital's indexes (which, the planner's choice).
    expect(total).toMatch(/Index (Only )?Scan .*recital_dancers|Index Cond: \(recital_id = \$1/);
    expect(total).not.toContain('Seq Scan');
  });

  it('follows a family renamed, a dancer renamed, and a number taken out of its show', async () => {
    const db = t.database.db;
    const [zeller] = await db
      .select({ id: familyAccounts.id })
      .from(familyAccounts)
      .where(and(eq(familyAccounts.companyId, s.companyA), eq(familyAccounts.lastName, 'Zeller')));
    await db.update(familyAccounts).set({ lastName: 'Aaron' }).where(eq(familyAccounts.id, zeller!.id));
    await db.update(students).set({ firstName: 'Zara' }).where(eq(students.familyId, zeller!.id));
    expect((await sheet(1)).items[0]).toMatchObject({ dancer: 'Zara Zeller', family: 'Aaron' });
    const [placed] = await db
      .delete(recitalShowNumbers)
      .where(eq(recitalShowNumbers.recitalId, recital))
      .returning();
    expect(await sheet(1)).toMatchObject({ items: [], total: 0 });
    await db.insert(recitalShowNumbers).values(placed!);
    await db.update(familyAccounts).set({ lastName: 'Zeller' }).where(eq(familyAccounts.id, zeller!.id));
    await db.update(students).set({ firstName: 'Zoe' }).where(eq(students.familyId, zeller!.id));
    expect((await sheet(2)).items.map(line)).toEqual([
      'Murphy/Brooklyn Murphy',
      'Murphy/Luna Murphy',
      'Zeller/Zoe Zeller',
    ]);
  });
});
