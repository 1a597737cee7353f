import { messages, privateMessages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { createdPrivate, type ScheduleRecords, scheduleRecords } from '../../../test/schedule-records';
import { MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';

const { t, s } = useTwoStudios();
let a: ScheduleRecords;
let b: ScheduleRecords;
/** A second location of studio A, "Annex", whose name sorts first. */
let annex: string;
/** A second teacher of studio A, Amy Adams, whose last name sorts first. */
let amy: string;
let ids: { solo: string; duet: string; amySolo: string; atAnnex: string };
let students: string[];

const URL = '/api/mystudio/privates';

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
      rooms: [{ name: 'Small' }],
    })
  ).body[1].LocID;
  amy = (
    await s.a.post('/api/mystudio/teachers', {
      firstName: 'Amy',
      lastName: 'Adams',
      address: '1 Elm St',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07102',
      phone: '9735550100',
      email: 'amy@example.com',
    })
  ).body[1].id;
  ids = {
    duet: await createdPrivate(s.a, a, { name: 'Tango duet', type: 2 }),
    solo: await createdPrivate(s.a, a, { name: 'swan solo', type: 1 }),
    amySolo: await createdPrivate(s.a, a, { name: 'Zydeco solo', type: 1, teacherID: amy }),
    atAnnex: await createdPrivate(s.a, a, { name: 'Annex solo', locationID: annex }),
  };
  await createdPrivate(s.b, b, { name: 'Theirs' });
  const family = await createFamily(t.database.db, s.companyA);
  students = [];
  for (const [firstName, lastName] of [
    ['Mia', 'Zane'],
    ['Ava', 'Brook'],
    ['Zoe', 'Brook'],
  ] as const) {
    students.push(
      (
        await createStudent(t.database.db, {
          companyId: s.companyA,
          familyId: family.id,
          firstName,
          lastName,
        })
      ).id,
    );
  }
  for (const studentID of students) {
    const res = await s.a.post(`${URL}/reg/student`, {
      studentID,
      privID: ids.solo,
      price: '$55.00',
      dateStart: '2026-10-01',
      // Three dancers in a solo: past the price's one place, as the owner may knowingly do.
      override: true,
    });
    expect(res.status).toBe(200);
  }
  // The third student is no longer active: the lesson counts two.
  const detail = (await s.a.get(`${URL}/${ids.solo}`)).body[1];
  const zoe = detail.regList.find((r: { studentName: string }) => r.studentName === 'Zoe Brook');
  await s.a.put(`${URL}/reg/${zoe.privRegID}`, { step: 1, status: 0 });
});

describe('GET api/mystudio/privates/', () => {
  it('answers the teachers, the locations by name with the first selected, and its privates by type, teacher, name', async () => {
    const res = await s.a.get(`${URL}/`);
    expect(res.status).toBe(200);
    const data = res.body[1];
    expect(data.yrTrmID).toBe(s.termA.id);
    expect(data.tchr).toEqual([
      { id: amy, name: 'Amy Adams' },
      { id: a.teacherId, name: 'Lena Ortiz' },
    ]);
    expect(data.loc).toEqual([
      { id: annex, name: 'Annex' },
      { id: a.locationId, name: 'Main Studio' },
    ]);
    expect(data.selIDs).toEqual({ locID: annex });
    expect(data.priv.map((p: { id: string }) => p.id)).toEqual([ids.atAnnex]);
  });

  it('selects the location asked for, when it is the studio’s', async () => {
    const data = (await s.a.get(`${URL}?locID=${a.locationId}&yrTrmID=${s.termA.id}`)).body[1];
    expect(data.selIDs).toEqual({ locID: a.locationId });
    expect(data.priv.map((p: { id: string }) => p.id)).toEqual([ids.amySolo, ids.solo, ids.duet]);
    // Another studio's location, or none at all, selects the first by name.
    expect((await s.a.get(`${URL}?locID=${b.locationId}`)).body[1].selIDs).toEqual({ locID: annex });
    expect((await s.a.get(`${URL}?locID=${UNKNOWN_ID}`)).body[1].selIDs).toEqual({ locID: annex });
  });

  it('answers a new studio’s empty lists', async () => {
    const fresh = await s.b.get(`${URL}?locID=${UNKNOWN_ID}`);
    expect(fresh.body[1]).toMatchObject({
      yrTrmID: s.termB.id,
      tchr: [{ id: b.teacherId }],
      loc: [{ id: b.locationId }],
    });
    expect(fresh.body[1].priv.map((p: { name: string }) => p.name)).toEqual(['Theirs']);
  });

  it('answers 404 for another studio’s term and 400 for a malformed one', async () => {
    expect(await s.a.get(`${URL}?yrTrmID=${s.termB.id}`)).toMatchObject({
      status: 404,
      body: [false, messages.yearTermNotFound],
    });
    expect((await s.a.get(`${URL}?yrTrmID=${MALFORMED_ID}`)).status).toBe(400);
    expect((await s.a.get(`${URL}?locID=${MALFORMED_ID}`)).status).toBe(400);
  });

  it('refuses a parent (403) and no session (401)', async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('GET api/mystudio/privates/list/{locID}', () => {
  it('answers the term’s privates at the location, with registered students counted', async () => {
    const res = await s.a.get(`${URL}/list/${a.locationId}`);
    expect(res.status).toBe(200);
    expect(res.body[1].map((p: { id: string }) => p.id)).toEqual([ids.amySolo, ids.solo, ids.duet]);
    expect(res.body[1][1]).toEqual({
      id: ids.solo,
      name: 'swan solo',
      yearTermID: s.termA.id,
      teacherID: a.teacherId,
      teacher: 'Lena Ortiz',
      priceID: a.privatePriceId,
      priceName: 'Solo',
      price: 70,
      genreID: a.genreId,
      nGenre: expect.any(String),
      locationID: a.locationId,
      songName: 'Dying Swan',
      songArtist: 'Saint-Saëns',
      songLength: '3:05',
      type: 1,
      nReg: 2,
      nDancers: 1,
    });
    expect(res.body[1][0].nReg).toBe(0);
  });

  it('answers the term asked for: none in a term without privates', async () => {
    const other = await s.a.post('/api/mystudio/yearTerms/new', {
      name: 'Summer',
      dateStart: '2027-07-01',
      dateEnd: '2027-08-31',
    });
    expect((await s.a.get(`${URL}/list/${a.locationId}?yrTrmID=${other.body[1].id}`)).body[1]).toEqual([]);
    expect((await s.a.get(`${URL}/list/${a.locationId}?yrTrmID=${s.termA.id}`)).body[1]).toHaveLength(3);
    expect((await s.a.get(`${URL}/list/${a.locationId}?yrTrmID=${s.termB.id}`)).status).toBe(404);
  });

  it('answers 404 for another studio’s location, 400 for a malformed one', async () => {
    for (const id of [b.locationId, UNKNOWN_ID]) {
      expect(await s.a.get(`${URL}/list/${id}`)).toMatchObject({
        status: 404,
        body: [false, privateMessages.locationNotFound],
      });
    }
    expect((await s.a.get(`${URL}/list/${MALFORMED_ID}`)).status).toBe(400);
  });

  it('refuses a parent (403) and no session (401)', async () => {
    expect((await s.parent.get(`${URL}/list/${a.locationId}`)).status).toBe(403);
    expect((await s.anonymous.get(`${URL}/list/${a.locationId}`)).status).toBe(401);
  });
});

describe('GET api/mystudio/privates/{id}', () => {
  it('answers the lesson and its registrations by last name, prices in dollars, flags as 0/1', async () => {
    const res = await s.a.get(`${URL}/${ids.solo}`);
    expect(res.status).toBe(200);
    const { info, regList } = res.body[1];
    expect(info).toMatchObject({ id: ids.solo, nReg: 2, price: 70 });
    expect(regList.map((r: { studentName: string }) => r.studentName)).toEqual([
      'Ava Brook',
      'Zoe Brook',
      'Mia Zane',
    ]);
    expect(regList[0]).toEqual({
      privRegID: expect.any(String),
      privRegActID: expect.any(String),
      studentID: students[1],
      studentName: 'Ava Brook',
      price: 55,
      regStatus: 1,
      regDateStart: '2026-10-01',
      regDateEnd: s.termA.dateEnd,
      status: 1,
      competition: 1,
      recital: 1,
      costume: 1,
    });
    expect(regList[1]).toMatchObject({ regStatus: 0, status: 0, competition: 0, recital: 0, costume: 0 });
    expect((await s.a.get(`${URL}/${ids.duet}`)).body[1].regList).toEqual([]);
  });

  it('answers 404 for another studio’s lesson, 400 for a malformed id', async () => {
    const theirs = (await s.b.get(`${URL}/list/${b.locationId}`)).body[1][0].id;
    for (const id of [theirs, UNKNOWN_ID]) {
      expect(await s.a.get(`${URL}/${id}`)).toMatchObject({
        status: 404,
        body: [false, privateMessages.notFound],
      });
    }
    expect((await s.a.get(`${URL}/${MALFORMED_ID}`)).status).toBe(400);
  });

  it('refuses a parent (403) and no session (401)', async () => {
    expect((await s.parent.get(`${URL}/${ids.solo}`)).status).toBe(403);
    expect((await s.anonymous.get(`${URL}/${ids.solo}`)).status).toBe(401);
  });
});
