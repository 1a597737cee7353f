import type { RecitalDancers, RecitalFeeOverview, RecitalFeeRow } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecital, danceFamily } from '../../../test/factories';
import { countQueries, genericPlan, statementShape } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { recitalShowNumbers, recitalShows } from '../../db/schema/recitals';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { addNumber } from '../schedule/schedule.fixture';
import { pageDancersStatement } from './fees.queries';

/**
 * The fee page a page at a time (decision 087): rows by family name as people read names (Müller between
 * Moore and Murphy), then dancer, two families of one name sharing their rows' order, across a page's
 * edge; the totals of the whole recital; and a page of it, and of the dancer sheet, that costs the same
 * statements and answers the same rows when the studio grows by families dancing in another show.
 */

const { t, s } = useTwoStudios();
let recital: string;
let classes: { monday: string; tuesday: string };
const numbers = { tinyToes: '', jazzHands: '' };
const F = () => `/api/mystudio/recitals/${recital}/fees`;
const page = async (n: number) => (await ok(s.a.get(`${F()}?page=${n}`))) as RecitalFeeOverview;

/** A family of this name dancing in the class, with these dancers. */
const family = (name: string, dancers: string[], classId: string) =>
  danceFamily(t.database.db, { companyId: s.companyA, name, dancers, classId });

beforeAll(async () => {
  const setting = await registrationStudio(s);
  classes = setting.classes;
  numbers.tinyToes = (await addNumber(setting.st, classes.monday, { name: 'Tiny Toes' })).id;
  numbers.jazzHands = (await addNumber(setting.st, classes.tuesday, { name: 'Jazz Hands' })).id;
  // 46 dancers before Moore, then Moore, Müller, and two Murphy families whose dancers interleave
  // across the first page's edge (rows 49 to 52), then Zeller.
  for (let i = 0; i < 23; i++)
    await family(`Family ${String(i).padStart(2, '0')}`, ['Ann', 'Bo'], classes.monday);
  await family('Moore', ['Lucia'], classes.monday);
  await family('Müller', ['Mei'], classes.monday);
  await family('Murphy', ['Amara', 'Brooklyn'], classes.monday);
  await family('Murphy', ['Aria', 'Luna'], classes.monday);
  await family('Zeller', ['Zoe'], classes.monday);
  recital = await createRecital(t.database.db, s.companyA);
  // Tiny Toes in the matinee, Jazz Hands (nobody dances it yet) in the evening.
  const shows = await t.database.db
    .insert(recitalShows)
    .values(
      ['Matinee', 'Evening'].map((name, i) => ({
        companyId: s.companyA,
        recitalId: recital,
        name,
        day: '2027-05-15',
        startsAt: i === 0 ? '14:00' : '18:00',
        doorsAt: i === 0 ? '13:30' : '17:30',
      })),
    )
    .returning({ id: recitalShows.id });
  await t.database.db.insert(recitalShowNumbers).values([
    {
      companyId: s.companyA,
      recitalId: recital,
      showId: shows[0]!.id,
      danceNumberId: numbers.tinyToes,
      position: 0,
    },
    {
      companyId: s.companyA,
      recitalId: recital,
      showId: shows[1]!.id,
      danceNumberId: numbers.jazzHands,
      position: 0,
    },
  ]);
  await ok(s.a.put(`${F()}/settings`, { amount: 4500, per: 'dancer', refundableUntil: null }));
});

const line = (i: RecitalFeeRow) => `${i.family}/${i.dancer}`;

describe('the fee page a page at a time (decision 087)', () => {
  it('orders the rows by family name as people read them, then dancer, across the pages', async () => {
    const first = await page(1);
    const second = await page(2);
    expect(first.total).toBe(53);
    expect(first.totals.toPost).toEqual({ count: 53, amount: 53 * 4500 });
    expect(first.items).toHaveLength(50);
    expect(second.items).toHaveLength(3);
    expect(first.items.slice(45).map(line)).toEqual([
      'Family 22/Bo Family 22',
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
    expect((await page(3)).items).toEqual([]);
  });

  it('counts a family once per family when the fee is per family', async () => {
    await ok(s.a.put(`${F()}/settings`, { amount: 9000, per: 'family', refundableUntil: null }));
    const first = await page(1);
    expect(first.total).toBe(28);
    expect(first.items.map((i) => i.dancer)).toEqual(Array(28).fill(null));
    expect(first.items.slice(23).map((i) => i.family)).toEqual([
      'Moore',
      'Müller',
      'Murphy',
      'Murphy',
      'Zeller',
    ]);
    await ok(s.a.put(`${F()}/settings`, { amount: 4500, per: 'dancer', refundableUntil: null }));
  });

  it('answers a fee page and a dancer sheet page in the same statements and rows when other families dance in another show', async () => {
    const D = `/api/mystudio/recitals/${recital}/reports/dancers?page=1`;
    const before = await countQueries(t, () => s.a.get(`${F()}?page=1`));
    const sheetBefore = await countQueries(t, () => s.a.get(D));
    for (let i = 0; i < 12; i++)
      await family(`Zimmer ${String(i).padStart(2, '0')}`, ['Kai', 'Lou'], classes.tuesday);
    const after = await countQueries(t, () => s.a.get(`${F()}?page=1`));
    const sheetAfter = await countQueries(t, () => s.a.get(D));
    const [, was] = before.result.body as [unknown, RecitalFeeOverview];
    const [, now] = after.result.body as [unknown, RecitalFeeOverview];
    expect(JSON.stringify(now.items)).toBe(JSON.stringify(was.items));
    expect(now.total).toBe(was.total + 24);
    expect(now.totals.toPost.count).toBe(was.totals.toPost.count + 24);
    expect(after.statements.map(statementShape)).toEqual(before.statements.map(statementShape));
    const [, sheetWas] = sheetBefore.result.body as [unknown, RecitalDancers];
    const [, sheetNow] = sheetAfter.result.body as [unknown, RecitalDancers];
    expect(sheetWas.items).toHaveLength(50);
    expect(sheetWas.items[0]!.numbers[0]).toMatchObject({ show: 'Matinee', number: 'Tiny Toes', place: 1 });
    expect(JSON.stringify(sheetNow.items)).toBe(JSON.stringify(sheetWas.items));
    expect(sheetNow.total).toBe(sheetWas.total + 24);
    expect(sheetAfter.statements.map(statementShape)).toEqual(sheetBefore.statements.map(statementShape));
    const last = (await ok(s.a.get(D.replace('page=1', 'page=2')))) as RecitalDancers;
    expect(last.items.at(-1)).toMatchObject({
      dancer: 'Lou Zimmer 11',
      numbers: [{ show: 'Evening', place: 1 }],
    });
  });
});

describe("a fee page's dancers, in the plan kept for any studio (decision 110)", () => {
  it('finds each family, its units and each dancer by their keys', async () => {
    const families = (await page(1)).items.map((i) => i.familyId);
    const statement = pageDancersStatement({ companyId: s.companyA, id: recital }, [...new Set(families)]);
    const plan = await genericPlan(t.database.db, statement);
    // Never the studio's families walked by name for each family (what the plan kept with the studio in
    // the family's lookup did: 0.15 ms a family at 4 × the bench's studio), nor its dancers.
    expect(plan).toContain('family_accounts_pkey');
    expect(plan).toContain('recital_fee_units_recital_id_family_id_unit_id_pk');
    expect(plan).toContain('students_pkey');
    expect(plan).not.toMatch(/family_accounts_(name|status)\w*_idx|students_\w+_idx/);
  });
});
