import { messages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { yearTerms } from '../../db/schema/companies';
import { familyAccounts } from '../../db/schema/families';
import { classes } from '../../db/schema/schedule';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';
import { ACCOUNT, deskFamily, enrolFamily, ok, registeredFamily, studentsOf } from './accounts.fixture';

const { t, s } = useTwoStudios();
let st: StudioSetting;
const cls = { ballet: '', tap: '', jazz: '', old: '' };
let north = { location: '', room: '' };
const fam = { adams: '', baker: '', cruz: '', diaz: '', evans: '', fox: '', patel: '' };

const list = (status: string, query = '') => s.a.get(`${ACCOUNT}/list/${status}${query ? `?${query}` : ''}`);
const names = async (status: string, query = '') =>
  ((await ok(list(status, query))).items as { lastName: string }[]).map((i) => i.lastName);

beforeAll(async () => {
  st = await setUpStudio(s.a, s.termA);
  const loc = await ok(
    s.a.post('/api/mystudio/locations', {
      loc: {
        name: 'North Studio',
        address: '1 North Rd',
        city: 'Clifton',
        state: 'NJ',
        zipcode: '07011',
        phone: '9735550190',
      },
      rooms: [{ name: 'North A' }],
    }),
  );
  north = { location: loc.LocID, room: loc.RoomIDs[0] };
  cls.ballet = await createClass(st, { name: 'Ballet I', day: 0, level: 1 });
  cls.tap = await createClass(st, { name: 'Tap II', day: 2, level: 3, roomID: st.rooms[1] });
  cls.jazz = await createClass(st, { name: 'Jazz', day: 4, level: 2, roomID: north.room });
  // A class of last year's term: its registrations do not make a family active this year.
  const [old] = await t.database.db
    .insert(yearTerms)
    .values({ companyId: s.companyA, name: '2025–26', dateStart: '2025-09-01', dateEnd: '2026-06-30' })
    .returning();
  const [oldClass] = await t.database.db
    .insert(classes)
    .values({
      companyId: s.companyA,
      yearTermId: old!.id,
      roomId: st.rooms[0],
      teacherId: st.teachers[0],
      priceId: st.price,
      name: 'Ballet I (last year)',
      day: 0,
      timeStart: '16:00',
      timeEnd: '17:00',
    })
    .returning();
  cls.old = oldClass!.id;

  const desk = (lastName: string, student = 'Ava', email = '') =>
    deskFamily(s.a, {
      user: { lastName, email },
      students: [{ firstName: student, lastName, dob: '2016-02-02' }],
    });
  const A = s.companyA;
  fam.adams = await desk('Adams');
  await enrolFamily(t, A, fam.adams, cls.ballet);
  fam.baker = await desk('Baker');
  await enrolFamily(t, A, fam.baker, cls.tap, { isDropped: true, iStatus: -1 });
  fam.cruz = await desk('Cruz');
  await enrolFamily(t, A, fam.cruz, cls.ballet, { status: -1 });
  fam.diaz = await desk('Diaz', 'Zelda');
  fam.evans = await desk('Evans');
  await enrolFamily(t, A, fam.evans, cls.old);
  fam.fox = await deskFamily(s.a, {
    user: { lastName: 'Fox', email: 'fox@parents.example' },
    students: [
      { firstName: 'Finn', lastName: 'Fox', dob: '2015-01-01' },
      { firstName: 'Flora', lastName: 'Fox', dob: '2017-01-01' },
    ],
  });
  const [finn, flora] = await studentsOf(t, fam.fox);
  await enrolFamily(t, A, fam.fox, cls.tap, { studentId: finn!.id });
  await enrolFamily(t, A, fam.fox, cls.ballet, { studentId: flora!.id, isDropped: true, iStatus: -1 });
  fam.patel = await registeredFamily(t, A, 'family-1@parents.example');
  await enrolFamily(t, A, fam.patel, cls.jazz);
});

describe('GET api/mystudio/account/list/{status}', () => {
  it('sorts each family into active, inactive or incomplete by its registrations in the current term', async () => {
    expect(await names('active')).toEqual(['Adams', 'Fox', 'Patel']);
    expect(await names('inactive')).toEqual(['Baker', 'Cruz']);
    expect(await names('incomplete')).toEqual(['Diaz', 'Evans']);
    const answer = await ok(list('active'));
    expect(answer).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(answer.counts).toEqual({ active: 3, inactive: 2, incomplete: 2 });
  });

  it('answers each account with its spec names, students and status', async () => {
    const { items } = await ok(list('active'));
    const fox = items.find((i: { id: string }) => i.id === fam.fox);
    expect(fox).toEqual({
      id: fam.fox,
      coAcctMemID: fam.fox,
      lastName: 'Fox',
      email: 'fox@parents.example',
      phone: '9735550160',
      students: [
        { id: expect.any(String), firstName: 'Finn', lastName: 'Fox' },
        { id: expect.any(String), firstName: 'Flora', lastName: 'Fox' },
      ],
      balance: 0, // nothing charged yet (account-balance.test.ts: balances)
      status: 'active',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const patel = items.find((i: { id: string }) => i.id === fam.patel);
    expect(patel.students.map((x: { firstName: string }) => x.firstName)).toEqual(['Anika', 'Dev']);
  });

  it('searches the family name, its students and its e-mail, case aside, % and _ taken literally', async () => {
    expect(await names('active', 'q=ADAM')).toEqual(['Adams']);
    expect(await names('active', 'q=flora')).toEqual(['Fox']);
    expect(await names('active', `q=${encodeURIComponent('anika patel')}`)).toEqual(['Patel']);
    expect(await names('active', 'q=family-1%40parents')).toEqual(['Patel']);
    expect(await names('incomplete', 'q=zelda')).toEqual(['Diaz']);
    expect(await names('active', `q=${encodeURIComponent('a%s')}`)).toEqual([]);
    expect(await names('active', 'q=_')).toEqual([]);
    const answer = await ok(list('active', 'q=fox'));
    expect(answer.total).toBe(1);
    // The tabs count the lists whole, search aside.
    expect(answer.counts).toEqual({ active: 3, inactive: 2, incomplete: 2 });
  });

  it('narrows the active list to families with a counting registration in a matching class', async () => {
    expect(await names('active', `clSchID=${cls.ballet}`)).toEqual(['Adams']);
    expect(await names('active', `clSchID=${cls.tap}`)).toEqual(['Fox']);
    expect(await names('active', 'day=2')).toEqual(['Fox']);
    expect(await names('active', 'day=0')).toEqual(['Adams']);
    expect(await names('active', `rmID=${st.rooms[1]}`)).toEqual(['Fox']);
    expect(await names('active', `locID=${north.location}`)).toEqual(['Patel']);
    expect(await names('active', `locID=${st.location}`)).toEqual(['Adams', 'Fox']);
    expect(await names('active', 'level=2')).toEqual(['Patel']);
    expect(await names('active', `clSchID=${cls.ballet}&day=2`)).toEqual([]);
    const answer = await ok(list('active', `locID=${st.location}&q=fox`));
    expect(answer).toMatchObject({ total: 1, counts: { active: 3, inactive: 2, incomplete: 2 } });
  });

  it('refuses an unknown list, a malformed filter or page size with 400', async () => {
    expect((await list('dropped')).status).toBe(400);
    expect((await list('active', 'clSchID=nope')).status).toBe(400);
    expect((await list('active', 'day=7')).status).toBe(400);
    expect((await list('active', 'pageSize=101')).status).toBe(400);
    expect((await list('active', 'page=0')).status).toBe(400);
  });

  it("never shows another studio's families, and refuses a parent (403) and no session (401)", async () => {
    const b = await ok(s.b.get(`${ACCOUNT}/list/active`));
    expect(b).toMatchObject({ items: [], total: 0, counts: { active: 0, inactive: 0, incomplete: 0 } });
    expect(await s.parent.get(`${ACCOUNT}/list/active`)).toMatchObject({
      status: 403,
      body: [false, messages.forbidden],
    });
    expect((await s.anonymous.get(`${ACCOUNT}/list/active`)).status).toBe(401);
  });

  it('pages by family name, case aside, with the total of every page', async () => {
    const lastNames = [
      'Kim',
      'abbott',
      'Lee',
      'Moss',
      'Baptiste',
      'Nash',
      'Cole',
      'Owen',
      'Diaz',
      'Pike',
      'Zane',
    ];
    for (const lastName of lastNames) await deskFamily(s.b, { user: { lastName } });
    const sorted = [...lastNames].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    const page1 = await ok(s.b.get(`${ACCOUNT}/list/incomplete?pageSize=4`));
    expect(page1.items.map((i: { lastName: string }) => i.lastName)).toEqual(sorted.slice(0, 4));
    const page3 = await ok(s.b.get(`${ACCOUNT}/list/incomplete?pageSize=4&page=3`));
    expect(page3).toMatchObject({ total: 11, page: 3, pageSize: 4 });
    expect(page3.items.map((i: { lastName: string }) => i.lastName)).toEqual(sorted.slice(8));
    const beyond = await ok(s.b.get(`${ACCOUNT}/list/incomplete?pageSize=4&page=9`));
    expect(beyond).toMatchObject({ items: [], total: 11 });
    const page2 = await ok(s.b.get(`${ACCOUNT}/list/incomplete?page=2`));
    expect(page2.items).toHaveLength(1);
  });
});

describe('POST api/mystudio/account/filter/accounts', () => {
  const filter = (body: Record<string, unknown>) => ok(s.a.post(`${ACCOUNT}/filter/accounts`, body));

  it('answers every account of the list and its e-mail list: lower-cased, without repeats, sorted', async () => {
    await t.database.db
      .update(familyAccounts)
      .set({ email: ' ADAMS@Parents.Example' })
      .where(eq(familyAccounts.id, fam.adams));
    await t.database.db
      .update(familyAccounts)
      .set({ email: 'Office@Fox.Example' })
      .where(eq(familyAccounts.id, fam.fox));
    expect(await filter({})).toEqual({
      ids: [fam.adams, fam.fox, fam.patel],
      emails: [
        'adams@parents.example',
        'family-1@parents.example',
        'fox@parents.example',
        'office@fox.example',
      ],
    });
    expect(await filter({ status: 'inactive' })).toEqual({ ids: [fam.baker, fam.cruz], emails: [] });
  });

  it('follows the search and the active-filter', async () => {
    expect((await filter({ filter: { clSchID: cls.tap } })).ids).toEqual([fam.fox]);
    expect((await filter({ filter: { day: 4 } })).emails).toEqual(['family-1@parents.example']);
    expect((await filter({ status: 'incomplete', q: 'zel' })).ids).toEqual([fam.diaz]);
  });

  it('refuses a malformed body (400), a parent (403), and sees only its own studio', async () => {
    expect((await s.a.post(`${ACCOUNT}/filter/accounts`, { status: 'gone' })).status).toBe(400);
    expect((await s.a.post(`${ACCOUNT}/filter/accounts`, { filter: { rmID: 'x' } })).status).toBe(400);
    expect((await s.parent.post(`${ACCOUNT}/filter/accounts`, {})).status).toBe(403);
    const b = await ok(s.b.post(`${ACCOUNT}/filter/accounts`, { status: 'active' }));
    expect(b).toEqual({ ids: [], emails: [] });
  });
});

describe('a studio without a current term', () => {
  it('holds every family as incomplete', async () => {
    const current = and(eq(yearTerms.companyId, s.companyA), eq(yearTerms.isCurrent, true));
    const [term] = await t.database.db.select().from(yearTerms).where(current);
    await t.database.db.update(yearTerms).set({ isCurrent: false }).where(current);
    try {
      const answer = await ok(list('incomplete'));
      expect(answer.counts).toEqual({ active: 0, inactive: 0, incomplete: 7 });
      expect(answer.items.map((i: { status: string }) => i.status)).toEqual(Array(7).fill('incomplete'));
      expect(await names('active')).toEqual([]);
    } finally {
      await t.database.db.update(yearTerms).set({ isCurrent: true }).where(eq(yearTerms.id, term!.id));
    }
  });
});
