import { messages, privateMessages, scheduleMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import {
  createdPrivate,
  privateBody,
  type ScheduleRecords,
  scheduleRecords,
} from '../../../test/schedule-records';
import { MALFORMED_ID, targetAuditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { privateLessons, privateRegistrationActivity, privateRegistrations } from '../../db/schema/privates';

const { t, s } = useTwoStudios();
let a: ScheduleRecords;
let b: ScheduleRecords;

const URL = '/api/mystudio/privates';

beforeAll(async () => {
  a = await scheduleRecords(s.a, s.termA.id);
  b = await scheduleRecords(s.b, s.termB.id);
});

const rowOf = async (id: string) =>
  (await t.database.db.select().from(privateLessons).where(eq(privateLessons.id, id)))[0] ?? null;
const countLessons = async () => (await t.database.db.select().from(privateLessons)).length;
const retiredGenre = async (name: string) => {
  const id = (await s.a.post('/api/mystudio/genres', { name })).body[1].id as string;
  expect((await s.a.put(`/api/mystudio/genres/${id}/retire`)).status).toBe(200);
  return id;
};

describe('POST api/mystudio/privates/', () => {
  it('adds a private lesson in its price’s term, audited', async () => {
    const res = await s.a.post(`${URL}/`, privateBody(a));
    expect(res.status).toBe(200);
    expect(res.body[1]).toEqual({ id: expect.any(String), msg: messages.insertSuccessful });
    const id = res.body[1].id;
    expect(await rowOf(id)).toMatchObject({
      companyId: s.companyA,
      yearTermId: s.termA.id,
      locationId: a.locationId,
      teacherId: a.teacherId,
      priceId: a.privatePriceId,
      genreId: a.genreId,
      name: 'Swan solo',
      songLength: 185,
      type: 1,
    });
    expect(await targetAuditCount(t, 'private.create', id)).toBe(1);
  });

  it('takes its term from its price, and a 2:00 song and empty song texts by default', async () => {
    const summer = (
      await s.a.post('/api/mystudio/yearTerms/new', {
        name: 'Summer 2027',
        dateStart: '2027-07-01',
        dateEnd: '2027-08-31',
      })
    ).body[1].id;
    const price = (
      await s.a.post('/api/mystudio/tuition/privates', { yearTermID: summer, name: 'Duet', price: 90 })
    ).body[1].id;
    const { songName: _n, songArtist: _a, songLength: _l, ...bare } = privateBody(a, { priceID: price });
    const id = (await s.a.post(URL, bare)).body[1].id;
    expect(await rowOf(id)).toMatchObject({
      yearTermId: summer,
      songLength: 120,
      songName: '',
      songArtist: '',
    });
  });

  it.each([
    ['no body', undefined, messages.insufficientData],
    ['no name', { name: undefined }, messages.insufficientData],
    ['a blank name', { name: ' ' }, messages.insufficientData],
    ['no teacher', { teacherID: undefined }, messages.insufficientData],
    ['no type', { type: undefined }, messages.insufficientData],
    ['type 5', { type: 5 }, messages.insufficientData],
    ['a malformed teacher id', { teacherID: MALFORMED_ID }, messages.invalidId],
    ['a song length of 3 minutes', { songLength: '3' }, scheduleMessages.songLength],
  ])('refuses %s (400) and adds nothing', async (_label, over, message) => {
    const before = await countLessons();
    const body = over === undefined ? undefined : { ...privateBody(a), ...over };
    expect(await s.a('POST', URL, body)).toMatchObject({ status: 400, body: [false, message] });
    expect(await countLessons()).toBe(before);
  });

  it("answers 404 for another studio's teacher, price, genre or location, and adds nothing", async () => {
    const before = await countLessons();
    for (const [field, id, message] of [
      ['teacherID', b.teacherId, privateMessages.teacherNotFound],
      ['priceID', b.privatePriceId, privateMessages.priceNotFound],
      ['genreID', b.genreId, privateMessages.genreNotFound],
      ['locationID', b.locationId, privateMessages.locationNotFound],
      ['priceID', a.classPriceId, privateMessages.priceNotFound],
      ['locationID', UNKNOWN_ID, privateMessages.locationNotFound],
    ] as const) {
      expect(await s.a.post(URL, privateBody(a, { [field]: id }))).toMatchObject({
        status: 404,
        body: [false, message],
      });
    }
    expect(await countLessons()).toBe(before);
  });

  it('refuses a retired genre (422)', async () => {
    const genre = await retiredGenre('Retired for new');
    expect(await s.a.post(URL, privateBody(a, { genreID: genre }))).toMatchObject({
      status: 422,
      body: [false, privateMessages.genreRetired],
    });
  });

  it('refuses a parent (403) and no session (401)', async () => {
    const before = await countLessons();
    expect((await s.parent.post(URL, privateBody(a))).status).toBe(403);
    expect((await s.anonymous.post(URL, privateBody(a))).status).toBe(401);
    expect(await countLessons()).toBe(before);
  });
});

describe('PUT api/mystudio/privates/', () => {
  it('edits every field, audited', async () => {
    const id = await createdPrivate(s.a, a);
    const other = await scheduleRecords(s.a, s.termA.id, ' 2');
    const res = await s.a.put(`${URL}/`, {
      id,
      ...privateBody(other, {
        name: 'Trio',
        songName: 'Bolero',
        songArtist: 'Ravel',
        songLength: '15:50',
        type: 3,
      }),
    });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await rowOf(id)).toMatchObject({
      teacherId: other.teacherId,
      priceId: other.privatePriceId,
      locationId: other.locationId,
      name: 'Trio',
      songName: 'Bolero',
      songArtist: 'Ravel',
      songLength: 950,
      type: 3,
    });
    expect(await targetAuditCount(t, 'private.update', id)).toBe(1);
  });

  it('keeps a genre retired since, but refuses to change to a retired one', async () => {
    const kept = (await s.a.post('/api/mystudio/genres', { name: 'Kept then retired' })).body[1].id;
    const id = await createdPrivate(s.a, a, { genreID: kept });
    await s.a.put(`/api/mystudio/genres/${kept}/retire`);
    expect((await s.a.put(URL, { id, ...privateBody(a, { genreID: kept, name: 'Renamed' }) })).status).toBe(
      200,
    );
    const retired = await retiredGenre('Retired for edits');
    expect(await s.a.put(URL, { id, ...privateBody(a, { genreID: retired }) })).toMatchObject({
      status: 422,
      body: [false, privateMessages.genreRetired],
    });
    expect(await rowOf(id)).toMatchObject({ genreId: kept, name: 'Renamed' });
  });

  it("answers 404 for another studio's lesson or record, and changes nothing", async () => {
    const id = await createdPrivate(s.a, a);
    const theirs = await createdPrivate(s.b, b);
    expect(await s.a.put(URL, { id: theirs, ...privateBody(a, { name: 'Hijacked' }) })).toMatchObject({
      status: 404,
      body: [false, privateMessages.notFound],
    });
    expect(await rowOf(theirs)).toMatchObject({ name: 'Swan solo', companyId: s.companyB });
    expect(
      await s.a.put(URL, { id, ...privateBody(a, { teacherID: b.teacherId, name: 'X' }) }),
    ).toMatchObject({
      status: 404,
      body: [false, privateMessages.teacherNotFound],
    });
    expect(await rowOf(id)).toMatchObject({ teacherId: a.teacherId, name: 'Swan solo' });
  });

  it('refuses a missing or malformed id (400), a parent (403) and no session (401)', async () => {
    const id = await createdPrivate(s.a, a);
    expect(await s.a.put(URL, privateBody(a))).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await s.a.put(URL, { id: MALFORMED_ID, ...privateBody(a) })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect((await s.parent.put(URL, { id, ...privateBody(a, { name: 'P' }) })).status).toBe(403);
    expect((await s.anonymous.put(URL, { id, ...privateBody(a, { name: 'P' }) })).status).toBe(401);
    expect((await rowOf(id))?.name).toBe('Swan solo');
  });
});

describe('DELETE api/mystudio/privates/{id}', () => {
  it('deletes the lesson with its registrations and their activity, audited', async () => {
    const id = await createdPrivate(s.a, a);
    const family = await createFamily(t.database.db, s.companyA);
    const student = await createStudent(t.database.db, { companyId: s.companyA, familyId: family.id });
    const reg = await s.a.post(`${URL}/reg/student`, {
      studentID: student.id,
      privID: id,
      price: 55,
      dateStart: '2026-12-01',
    });
    const { privRegID, privRegActID } = reg.body[1].rData;
    expect(await s.a.del(`${URL}/${id}`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await rowOf(id)).toBeNull();
    const db = t.database.db;
    expect(
      await db.select().from(privateRegistrations).where(eq(privateRegistrations.id, privRegID)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(privateRegistrationActivity)
        .where(eq(privateRegistrationActivity.id, privRegActID)),
    ).toEqual([]);
    expect(await targetAuditCount(t, 'private.delete', id)).toBe(1);
    expect(await s.a.del(`${URL}/${id}`)).toMatchObject({
      status: 404,
      body: [false, privateMessages.notFound],
    });
  });

  it("answers 404 for another studio's lesson and 400 for a malformed id, deleting nothing", async () => {
    const theirs = await createdPrivate(s.b, b);
    expect(await s.a.del(`${URL}/${theirs}`)).toMatchObject({
      status: 404,
      body: [false, privateMessages.notFound],
    });
    expect(await rowOf(theirs)).not.toBeNull();
    expect(await s.a.del(`${URL}/${MALFORMED_ID}`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it('refuses a parent (403) and no session (401)', async () => {
    const id = await createdPrivate(s.a, a);
    expect((await s.parent.del(`${URL}/${id}`)).status).toBe(403);
    expect((await s.anonymous.del(`${URL}/${id}`)).status).toBe(401);
    expect(await rowOf(id)).not.toBeNull();
  });
});
