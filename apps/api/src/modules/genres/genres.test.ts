import { DEFAULT_GENRES, GENRE_TEXT, type GenreItem, LEVEL_OPTIONS, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditCount, type Caller, MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { genres } from '../../db/schema/catalog';

const { t, s } = useTwoStudios();

const URL = '/api/mystudio/genres';
const rowOf = async (id: string) =>
  (await t.database.db.select().from(genres).where(eq(genres.id, id)))[0] ?? null;
const listOf = async (who: Caller, all = false) =>
  (await who.get(all ? `${URL}?all=1` : URL)).body[1] as GenreItem[];
async function added(who: Caller, name: string) {
  const res = await who.post(URL, { name });
  expect(res.status).toBe(200);
  return res.body[1].id as string;
}

describe('GET api/mystudio/genres', () => {
  it('answers the seeded genres in order, only the studio’s', async () => {
    const res = await s.a.get('/api/myStudio/Genres');
    expect(res.status).toBe(200);
    const list = res.body[1] as GenreItem[];
    expect(list.map((g) => g.name)).toEqual([...DEFAULT_GENRES]);
    expect(list[0]).toEqual({ id: expect.any(String), name: 'Ballet', retired: false, order: 0 });
    const theirs = await listOf(s.b);
    expect(theirs.map((g) => g.name)).toEqual([...DEFAULT_GENRES]);
    expect(theirs.some((g) => list.some((m) => m.id === g.id))).toBe(false);
  });

  it('leaves retired genres out unless ?all=1', async () => {
    const id = await added(s.b, 'Tumbling');
    await s.b.put(`${URL}/${id}/retire`);
    expect((await listOf(s.b)).map((g) => g.id)).not.toContain(id);
    expect((await listOf(s.b, true)).find((g) => g.id === id)).toMatchObject({
      name: 'Tumbling',
      retired: true,
    });
    expect((await s.b.get(`${URL}?all=yes`)).status).toBe(400);
  });

  it("refuses a parent's token with 403 and no session with 401", async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('POST api/mystudio/genres', () => {
  it('adds a genre at the end, tidied, and audits it', async () => {
    const before = await auditCount(t, s.companyA, 'genre.create');
    const res = await s.a.post(URL, { name: '  Jazz   Funk ' });
    expect(res).toMatchObject({
      status: 200,
      body: [true, { id: expect.any(String), msg: messages.insertSuccessful }],
    });
    const list = await listOf(s.a);
    expect(list.at(-1)).toMatchObject({ id: res.body[1].id, name: 'Jazz Funk', retired: false });
    expect(list.at(-1)!.order).toBeGreaterThan(list.at(-2)!.order);
    expect(await auditCount(t, s.companyA, 'genre.create')).toBe(before + 1);
  });

  it('refuses a name the studio has, ignoring case, retired ones too, with 409', async () => {
    expect(await s.a.post(URL, { name: 'hip hop' })).toMatchObject({
      status: 409,
      body: [false, GENRE_TEXT.exists],
    });
    const retired = await added(s.a, 'Clogging');
    await s.a.put(`${URL}/${retired}/retire`);
    expect(await s.a.post(URL, { name: 'CLOGGING' })).toMatchObject({
      status: 409,
      body: [false, GENRE_TEXT.exists],
    });
    // Another studio's names are no obstacle.
    expect((await s.b.post(URL, { name: 'Clogging' })).status).toBe(200);
  });

  it.each([
    ['an empty name', { name: '   ' }, 'Genre name is required'],
    ['a long name', { name: 'x'.repeat(61) }, 'Genre name must be at most 60 characters'],
    ['markup', { name: '<b>Ballet</b>' }, 'Genre name contains characters that are not allowed'],
    ['no name', {}, GENRE_TEXT.nameRequired],
  ])('refuses %s with 400', async (_, body, message) => {
    const before = (await listOf(s.a, true)).length;
    expect(await s.a.post(URL, body)).toMatchObject({ status: 400, body: [false, message] });
    expect((await listOf(s.a, true)).length).toBe(before);
  });

  it("refuses a parent's token with 403", async () => {
    const before = (await listOf(s.a, true)).length;
    expect(await s.parent.post(URL, { name: 'Salsa' })).toMatchObject({ status: 403 });
    expect((await listOf(s.a, true)).length).toBe(before);
  });
});

describe('PUT api/mystudio/genres/{id}', () => {
  it('renames a genre and audits it; its own name in another case is fine', async () => {
    const id = await added(s.a, 'Modern');
    const before = await auditCount(t, s.companyA, 'genre.rename');
    expect(await s.a.put(`${URL}/${id}`, { name: 'Modern Dance' })).toMatchObject({
      status: 200,
      body: [true, { msg: messages.updateSuccessful }],
    });
    expect(await s.a.put(`${URL}/${id}`, { name: 'modern dance' })).toMatchObject({ status: 200 });
    expect((await rowOf(id))!.name).toBe('modern dance');
    expect(await auditCount(t, s.companyA, 'genre.rename')).toBe(before + 2);
  });

  it('refuses another genre’s name with 409 and an empty name with 400, changing nothing', async () => {
    const id = await added(s.a, 'Breaking');
    expect(await s.a.put(`${URL}/${id}`, { name: 'BALLET' })).toMatchObject({
      status: 409,
      body: [false, GENRE_TEXT.exists],
    });
    expect(await s.a.put(`${URL}/${id}`, { name: '' })).toMatchObject({
      status: 400,
      body: [false, 'Genre name is required'],
    });
    expect((await rowOf(id))!.name).toBe('Breaking');
  });

  it('refuses a malformed id with 400, another studio’s with 404, a parent with 403', async () => {
    const theirs = (await listOf(s.b))[0]!;
    const own = (await listOf(s.a))[0]!;
    expect(await s.a.put(`${URL}/${MALFORMED_ID}`, { name: 'X' })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
    expect(await s.a.put(`${URL}/${UNKNOWN_ID}`, { name: 'X' })).toMatchObject({
      status: 404,
      body: [false, GENRE_TEXT.notFound],
    });
    expect(await s.a.put(`${URL}/${theirs.id}`, { name: 'Stolen' })).toMatchObject({ status: 404 });
    expect(await s.parent.put(`${URL}/${own.id}`, { name: 'Parented' })).toMatchObject({ status: 403 });
    expect((await rowOf(theirs.id))!.name).toBe(theirs.name);
    expect((await rowOf(own.id))!.name).toBe(own.name);
  });
});

describe('PUT api/mystudio/genres/{id}/retire and /restore', () => {
  it('retires a genre and brings it back, auditing both', async () => {
    const id = await added(s.a, 'Polka');
    expect(await s.a.put(`${URL}/${id}/retire`)).toMatchObject({
      status: 200,
      body: [true, { msg: GENRE_TEXT.retired }],
    });
    const retiredAt = (await rowOf(id))!.retiredAt;
    expect(retiredAt).not.toBeNull();
    // Retiring again keeps the first date.
    t.clock.advanceMinutes(5);
    await s.a.put(`${URL}/${id}/retire`);
    expect((await rowOf(id))!.retiredAt).toEqual(retiredAt);
    expect(await s.a.put(`${URL}/${id}/Restore`)).toMatchObject({
      status: 200,
      body: [true, { msg: GENRE_TEXT.restored }],
    });
    expect((await listOf(s.a)).find((g) => g.id === id)).toMatchObject({ retired: false });
    expect(await auditCount(t, s.companyA, 'genre.retire')).toBeGreaterThanOrEqual(2);
    expect(await auditCount(t, s.companyA, 'genre.restore')).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed id with 400, another studio’s with 404, a parent with 403', async () => {
    const theirs = (await listOf(s.b))[1]!;
    const own = (await listOf(s.a))[1]!;
    for (const action of ['retire', 'restore']) {
      expect((await s.a.put(`${URL}/${MALFORMED_ID}/${action}`)).status).toBe(400);
      expect(await s.a.put(`${URL}/${theirs.id}/${action}`)).toMatchObject({
        status: 404,
        body: [false, GENRE_TEXT.notFound],
      });
      expect((await s.parent.put(`${URL}/${own.id}/${action}`)).status).toBe(403);
    }
    expect((await rowOf(theirs.id))!.retiredAt).toBeNull();
    expect((await rowOf(own.id))!.retiredAt).toBeNull();
  });
});

describe('GET api/mystudio/levels', () => {
  it('answers the seven fixed levels with ids 1–7', async () => {
    const res = await s.a.get('/api/myStudio/levels');
    expect(res).toMatchObject({ status: 200, body: [true, LEVEL_OPTIONS] });
    expect(res.body[1]).toHaveLength(7);
    expect(res.body[1][6]).toEqual({ id: 7, name: 'Competition' });
  });

  it("refuses a parent's token with 403", async () => {
    expect((await s.parent.get('/api/mystudio/levels')).status).toBe(403);
  });
});
