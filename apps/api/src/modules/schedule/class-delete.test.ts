import { messages, scheduleMessages } from '@pirouette/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audited, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { students } from '../../db/schema/families';
import { classGenres, classRequirements, danceNumberActivity } from '../../db/schema/schedule';
import {
  CLASS,
  classFootprint,
  createClass,
  enrol,
  numberBody,
  type StudioSetting,
  setUpBoth,
} from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;

beforeAll(async () => {
  ({ A, B } = await setUpBoth(s));
});

const del = (id: string, room: string, who = s.a) => who.del(`${CLASS}/${id}/room/${room}`);

/** A class with two numbers, two students, a genre and a requirement. */
async function fullClass(st: StudioSetting, over: Record<string, unknown>) {
  const id = await createClass(st, over, [numberBody(st), numberBody(st, { name: 'Finale' })]);
  const first = await enrol(t, st, id);
  const second = await enrol(t, st, id, { iStatus: -1, isDropped: true });
  await st.owner.post(`${CLASS}/${id}/genre`, { genreID: st.genres[0] });
  await st.owner.post(`${CLASS}/${id}/otherRequirement`, { genreID: st.genres[1], levelID: 1 });
  return { id, registrations: [first, second] };
}

async function partsOf(classId: string) {
  const db = t.database.db;
  const footprint = await classFootprint(t, classId);
  return {
    ...footprint,
    genres: await db.select().from(classGenres).where(eq(classGenres.classId, classId)),
    requirements: await db.select().from(classRequirements).where(eq(classRequirements.classId, classId)),
  };
}

describe('DELETE api/mystudio/schedule/class/{id}/room/{roomID}', () => {
  it('deletes the class and everything it owns in one go, and nothing of the other classes', async () => {
    const doomed = await fullClass(A, { name: 'Doomed', day: 1 });
    const kept = await fullClass(A, { name: 'Kept', day: 2 });
    const before = await partsOf(doomed.id);
    expect(before.numbers).toHaveLength(2);
    expect(before.registrations).toHaveLength(2);
    expect(before.activity).toHaveLength(4);
    expect(before.genres).toHaveLength(1);
    expect(before.requirements).toHaveLength(1);
    const keptBefore = await partsOf(kept.id);

    expect(await del(doomed.id, A.rooms[0])).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    const after = await partsOf(doomed.id);
    expect(after).toEqual({
      row: null,
      numbers: [],
      registrations: [],
      activity: [],
      genres: [],
      requirements: [],
    });
    // Activity rows are gone by id too, not only out of reach of the deleted numbers.
    const activityIds = before.activity.map((a) => a.id);
    expect(
      await t.database.db
        .select()
        .from(danceNumberActivity)
        .where(inArray(danceNumberActivity.id, activityIds)),
    ).toEqual([]);
    // The students stay: only their place in the class went.
    const studentIds = doomed.registrations.map((r) => r.studentId);
    expect(await t.database.db.select().from(students).where(inArray(students.id, studentIds))).toHaveLength(
      2,
    );
    expect(await partsOf(kept.id)).toEqual(keptBefore);

    const [entry] = await audited(t, A.companyId, 'class.delete');
    expect(entry).toMatchObject({ targetId: doomed.id, detail: { roomId: A.rooms[0], registrations: 2 } });
    expect((await del(doomed.id, A.rooms[0])).status).toBe(404);
  });

  it('answers 404 when the class is not in that room, and deletes nothing', async () => {
    const id = await createClass(A, { name: 'Elsewhere', day: 3 });
    for (const room of [A.rooms[1], B.rooms[0], UNKNOWN_ID]) {
      expect(await del(id, room)).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.classNotFound],
      });
    }
    expect((await classFootprint(t, id)).row).not.toBeNull();
  });

  it("answers 404 for another studio's class and deletes nothing", async () => {
    const theirs = await fullClass(B, { name: 'Theirs', day: 4 });
    const before = await partsOf(theirs.id);
    for (const room of [B.rooms[0], A.rooms[0]]) {
      expect(await del(theirs.id, room)).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.classNotFound],
      });
    }
    expect(await partsOf(theirs.id)).toEqual(before);
  });

  it('refuses malformed ids with 400', async () => {
    const id = await createClass(A, { name: 'Malformed', day: 5 });
    expect(await del(id, 'room-1')).toMatchObject({ status: 400, body: [false, messages.invalidId] });
    expect(await del('x', A.rooms[0])).toMatchObject({ status: 400, body: [false, messages.invalidId] });
    expect((await classFootprint(t, id)).row).not.toBeNull();
  });
});
