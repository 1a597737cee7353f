import { messages, scheduleMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { targetAuditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { classGenres } from '../../db/schema/schedule';
import { CLASS, createClass, retiredGenre, type StudioSetting, setUpBoth } from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;
let classA: string;
let classB: string;

beforeAll(async () => {
  ({ A, B } = await setUpBoth(s));
  classA = await createClass(A);
  classB = await createClass(B);
});

const genresOf = (classId: string) =>
  t.database.db.select().from(classGenres).where(eq(classGenres.classId, classId));
const add = (classId: string, genreID: unknown, who = s.a) =>
  who.post(`${CLASS}/${classId}/genre`, { genreID });

describe('POST api/mystudio/schedule/class/{id}/genre', () => {
  it('adds a genre to the class, once, audited', async () => {
    const res = await add(classA, A.genres[0]);
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.insertSuccessful }] });
    expect(await genresOf(classA)).toEqual([
      expect.objectContaining({ id: res.body[1].id, genreId: A.genres[0], companyId: A.companyId }),
    ]);
    expect(await targetAuditCount(t, 'class.genre.add', classA)).toBe(1);
    expect(await add(classA, A.genres[0])).toMatchObject({
      status: 409,
      body: [false, scheduleMessages.genreExists],
    });
    expect(await genresOf(classA)).toHaveLength(1);
  });

  it('answers the same 409 to one of two identical requests sent at once', async () => {
    const both = await Promise.all([add(classA, A.genres[3]), add(classA, A.genres[3])]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body).toEqual([false, scheduleMessages.genreExists]);
  });

  it("refuses another studio's genre, a retired one, and another studio's class", async () => {
    const before = (await genresOf(classA)).length;
    expect(await add(classA, B.genres[1])).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.genreNotFound],
    });
    expect(await add(classA, await retiredGenre(A, 'Clogging'))).toMatchObject({
      status: 422,
      body: [false, scheduleMessages.genreRetired],
    });
    for (const id of [classB, UNKNOWN_ID]) {
      expect(await add(id, A.genres[1])).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.classNotFound],
      });
    }
    expect(await add(classB, B.genres[1])).toMatchObject({ status: 404 });
    expect(await genresOf(classA)).toHaveLength(before);
    expect(await genresOf(classB)).toEqual([]);
  });

  it("refuses a missing genre with 'insufficient data' and a malformed one with 400", async () => {
    expect(await add(classA, undefined)).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect(await add(classA, 'ballet')).toMatchObject({ status: 400, body: [false, messages.invalidId] });
  });
});

describe('DELETE api/mystudio/schedule/class/{id}/genre/{clsGenreID}', () => {
  it('removes the genre from the class, audited', async () => {
    const { id } = (await add(classA, A.genres[2])).body[1];
    expect(await s.a.del(`${CLASS}/${classA}/genre/${id}`)).toMatchObject({
      status: 200,
      body: [true, { msg: 'Genre successfully deleted.' }],
    });
    expect((await genresOf(classA)).map((g) => g.id)).not.toContain(id);
    expect(await targetAuditCount(t, 'class.genre.remove', classA)).toBe(1);
    expect(await s.a.del(`${CLASS}/${classA}/genre/${id}`)).toMatchObject({
      status: 404,
      body: [false, scheduleMessages.classGenreNotFound],
    });
  });

  it("answers 404 for another studio's class genre, or one of another class, and deletes nothing", async () => {
    const theirs = (await add(classB, B.genres[0], s.b)).body[1].id;
    const other = await createClass(A, { name: 'Other', day: 3 });
    const ours = (await add(other, A.genres[0])).body[1].id;
    for (const url of [
      `${CLASS}/${classB}/genre/${theirs}`,
      `${CLASS}/${classA}/genre/${theirs}`,
      `${CLASS}/${classA}/genre/${ours}`,
    ]) {
      expect(await s.a.del(url)).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.classGenreNotFound],
      });
    }
    expect(await genresOf(classB)).toHaveLength(1);
    expect(await genresOf(other)).toHaveLength(1);
  });

  it('refuses malformed ids with 400', async () => {
    expect(await s.a.del(`${CLASS}/${classA}/genre/1`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });
});
