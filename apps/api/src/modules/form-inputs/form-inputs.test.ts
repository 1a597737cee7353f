import { LEVEL_OPTIONS, messages, STUDENT_OPTIONS_LIMIT } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { MALFORMED_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { students } from '../../db/schema/families';

const { t, s } = useTwoStudios();
let a: ScheduleRecords;
let b: ScheduleRecords;
let annex: { LocID: string; RoomIDs: string[] };
let summer: string;
let retired: string;
let genresA: { id: string; name: string }[];

const URL = '/api/mystudio/inputs';

beforeAll(async () => {
  a = await scheduleRecords(s.a, s.termA.id);
  b = await scheduleRecords(s.b, s.termB.id);
  annex = (
    await s.a.post('/api/mystudio/locations', {
      loc: {
        name: 'Annex',
        address: '1 Elm St',
        city: 'Newark',
        state: 'NJ',
        zipcode: '07102',
        phone: '9735550100',
      },
      rooms: [{ name: 'Room 1', description: 'Big mirror room' }],
    })
  ).body[1];
  await s.a.post('/api/mystudio/tuition/classes', { yearTermID: s.termA.id, duration: 45, price: 1234.5 });
  summer = (
    await s.a.post('/api/mystudio/yearTerms/new', {
      name: 'Summer',
      dateStart: '2027-07-01',
      dateEnd: '2027-08-31',
    })
  ).body[1].id;
  await s.a.post('/api/mystudio/tuition/classes', { yearTermID: summer, duration: 90, price: 100 });
  await s.a.post('/api/mystudio/tuition/privates', { yearTermID: summer, name: 'Camp duet', price: 40 });
  retired = (await s.a.post('/api/mystudio/genres', { name: 'Charleston' })).body[1].id;
  await s.a.put(`/api/mystudio/genres/${retired}/retire`);
  genresA = (await s.a.get('/api/mystudio/genres')).body[1].map((g: { id: string; name: string }) => ({
    id: g.id,
    name: g.name,
  }));
});

describe('GET api/mystudio/inputs/classform', () => {
  it("answers the class dialog's options, with the current term's prices", async () => {
    const res = await s.a.get(`${URL}/classform`);
    expect(res.status).toBe(200);
    const classPrices = (await s.a.get('/api/mystudio/tuition/classes')).body[1];
    expect(res.body[1]).toEqual({
      yearTermID: s.termA.id,
      teachers: [{ id: a.teacherId, name: 'Lena Ortiz' }],
      rooms: [
        { id: annex.RoomIDs[0], name: 'Big mirror room', locationID: annex.LocID, location: 'Annex' },
        { id: a.roomIds[0], name: 'Studio A', locationID: a.locationId, location: 'Main Studio' },
        { id: a.roomIds[1], name: 'Studio B', locationID: a.locationId, location: 'Main Studio' },
      ],
      prices: [
        { id: classPrices[0].id, name: '45 min · $1,234.50', price: 1234.5, duration: 45 },
        { id: a.classPriceId, name: '60 min · $65.00', price: 65, duration: 60 },
      ],
      genres: genresA,
      levels: LEVEL_OPTIONS.map((l) => ({ id: l.id, name: l.name })),
      yearTerms: [
        { id: s.termA.id, name: s.termA.name },
        { id: summer, name: 'Summer' },
      ],
    });
    expect(genresA.map((g) => g.id)).not.toContain(retired);
  });

  it('answers the prices of the term asked for; 404 for another studio’s, 400 for a malformed one', async () => {
    const res = await s.a.get(`${URL}/classform?yearTermID=${summer}`);
    expect(res.body[1]).toMatchObject({
      yearTermID: summer,
      prices: [{ name: '90 min · $100.00', price: 100, duration: 90 }],
    });
    expect(await s.a.get(`${URL}/classform?yearTermID=${s.termB.id}`)).toMatchObject({
      status: 404,
      body: [false, messages.yearTermNotFound],
    });
    expect((await s.a.get(`${URL}/classform?yearTermID=${MALFORMED_ID}`)).status).toBe(400);
  });

  it("answers only the studio's own records", async () => {
    const res = (await s.b.get(`${URL}/classform`)).body[1];
    expect(res.teachers).toEqual([{ id: b.teacherId, name: 'Lena Ortiz' }]);
    expect(res.rooms.map((r: { id: string }) => r.id)).toEqual(b.roomIds);
    expect(res.prices.map((p: { id: string }) => p.id)).toEqual([b.classPriceId]);
    expect(res.yearTerms).toEqual([{ id: s.termB.id, name: s.termB.name }]);
  });
});

describe('GET api/mystudio/inputs/dncNumForm', () => {
  it('answers the genres still offered', async () => {
    expect(await s.a.get(`${URL}/dncNumForm`)).toMatchObject({
      status: 200,
      body: [true, { genres: genresA }],
    });
  });
});

describe('GET api/mystudio/inputs/privateForm', () => {
  it("answers the private dialog's options, with the term's private prices", async () => {
    const res = await s.a.get(`${URL}/privateForm`);
    expect(res.body[1]).toEqual({
      yearTermID: s.termA.id,
      teachers: [{ id: a.teacherId, name: 'Lena Ortiz' }],
      prices: [{ id: a.privatePriceId, name: 'Solo · $70.00', price: 70 }],
      genres: genresA,
      locations: [
        { id: annex.LocID, name: 'Annex' },
        { id: a.locationId, name: 'Main Studio' },
      ],
      types: [
        { id: 1, name: 'Solo' },
        { id: 2, name: 'Duet' },
        { id: 3, name: 'Trio' },
        { id: 4, name: 'Group' },
      ],
    });
    const camp = (await s.a.get(`${URL}/privateForm?yearTermID=${summer}`)).body[1];
    expect(camp.prices).toEqual([{ id: expect.any(String), name: 'Camp duet · $40.00', price: 40 }]);
    expect((await s.a.get(`${URL}/privateForm?yearTermID=${s.termB.id}`)).status).toBe(404);
  });
});

describe('GET api/mystudio/inputs/student', () => {
  beforeAll(async () => {
    const family = (await createFamily(t.database.db, s.companyA)).id;
    const names = [
      ['Ava', 'Brook'],
      ['zoe', 'brookes'],
      ['Mia', 'Zane'],
      ['Ann_Marie', 'Lee'],
      ['Per', '100%'],
      ['Back', 'Sl\\ash'],
    ];
    for (const [firstName, lastName] of names) {
      await createStudent(t.database.db, { companyId: s.companyA, familyId: family, firstName, lastName });
    }
    const familyB = (await createFamily(t.database.db, s.companyB)).id;
    await createStudent(t.database.db, {
      companyId: s.companyB,
      familyId: familyB,
      firstName: 'Bea',
      lastName: 'Brook',
    });
  });
  const names = async (q: string) =>
    (await s.a.get(`${URL}/student?q=${encodeURIComponent(q)}`)).body[1].map((o: { name: string }) => o.name);

  it('answers the students whose name contains q, any case, by last name then first, named "First Last"', async () => {
    const res = await s.a.get(`${URL}/student?q=BROOK`);
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual([
      { id: expect.any(String), name: 'Ava Brook', dob: '2016-04-12' },
      { id: expect.any(String), name: 'zoe brookes', dob: '2016-04-12' },
    ]);
    expect(await names('ava b')).toEqual(['Ava Brook']);
    expect(await names('')).toEqual([
      'Per 100%',
      'Ava Brook',
      'zoe brookes',
      'Ann_Marie Lee',
      'Back Sl\\ash',
      'Mia Zane',
    ]);
    expect(await names('  zane ')).toEqual(['Mia Zane']);
  });

  it('matches LIKE wildcards and the escape literally', async () => {
    expect(await names('%')).toEqual(['Per 100%']);
    expect(await names('_')).toEqual(['Ann_Marie Lee']);
    expect(await names('\\')).toEqual(['Back Sl\\ash']);
    expect(await names('n_m')).toEqual(['Ann_Marie Lee']);
    expect(await names('nxm')).toEqual([]);
  });

  it(`answers at most ${STUDENT_OPTIONS_LIMIT}`, async () => {
    const family = (await createFamily(t.database.db, s.companyA)).id;
    await t.database.db.insert(students).values(
      Array.from({ length: STUDENT_OPTIONS_LIMIT + 5 }, (_, i) => ({
        companyId: s.companyA,
        familyId: family,
        firstName: `Many${i}`,
        lastName: 'Many',
        dob: '2015-01-01',
      })),
    );
    expect(await names('many')).toHaveLength(STUDENT_OPTIONS_LIMIT);
  });

  it('refuses a q over 80 characters (400)', async () => {
    expect((await s.a.get(`${URL}/student?q=${'x'.repeat(81)}`)).status).toBe(400);
  });
});

describe('GET api/mystudio/inputs/yearTerms', () => {
  it("answers the studio's terms by start date, the current one marked", async () => {
    expect((await s.a.get(`${URL}/yearTerms`)).body[1]).toEqual([
      {
        id: s.termA.id,
        name: s.termA.name,
        dateStart: s.termA.dateStart,
        dateEnd: s.termA.dateEnd,
        isCurrent: true,
      },
      { id: summer, name: 'Summer', dateStart: '2027-07-01', dateEnd: '2027-08-31', isCurrent: false },
    ]);
    expect((await s.b.get(`${URL}/yearTerms`)).body[1]).toHaveLength(1);
  });
});

describe('every inputs call', () => {
  it.each(['classform', 'dncNumForm', 'privateForm', 'student', 'yearTerms'])(
    '%s refuses a parent (403) and no session (401)',
    async (path) => {
      expect(await s.parent.get(`${URL}/${path}`)).toMatchObject({
        status: 403,
        body: [false, messages.forbidden],
      });
      expect((await s.anonymous.get(`${URL}/${path}`)).status).toBe(401);
    },
  );
});

describe('GET api/mystudio/inputs/competition/entries (002 §7)', () => {
  it("answers the studio's competition entries, each named with its event; never another studio's", async () => {
    const C = '/api/mystudio/competition';
    const co = (await s.a.post(`${C}/company`, { name: 'Starpower', email: 'info@starpower.example' }))
      .body[1];
    const loc = (
      await s.a.post(`${C}/location/${co.id}`, { name: 'Expo Center', city: 'Secaucus', state: 'nj' })
    ).body[1];
    const made = (
      await s.a.post(`${C}/event/entry`, {
        event: { compCoLocID: loc.id, dateStart: '2027-03-05', dateEnd: '2027-03-07' },
        entry: [
          { name: 'Solo', priceStudio: 95, priceCustomer: 110, nDancersMin: 1, nDancersMax: 1 },
          { name: 'Duet', priceStudio: 60, priceCustomer: 70, nDancersMin: 2, nDancersMax: 2 },
        ],
      })
    ).body[1];
    const res = await s.a.get(`${URL}/competition/entries`);
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual([
      {
        id: made.entries[0],
        cmpEntID: made.entries[0],
        name: 'Solo',
        compCoEventID: made.id,
        event: 'Starpower · Expo Center · Mar 5, 2027',
        dateStart: '2027-03-05',
        dateEnd: '2027-03-07',
        priceCustomer: 110,
      },
      expect.objectContaining({ id: made.entries[1], name: 'Duet', priceCustomer: 70 }),
    ]);
    expect((await s.b.get(`${URL}/competition/entries`)).body).toEqual([true, []]);
    expect((await s.parent.get(`${URL}/competition/entries`)).status).toBe(403);
  });
});
