import { messages, scheduleMessages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/flows';
import { MALFORMED_ID, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { CLASS, createClass, enrol, SCHEDULE, type StudioSetting, setUpStudio } from './schedule.fixture';

const { t, s } = useTwoStudios();
let A: StudioSetting;
let B: StudioSetting;
/** Studio B's schedule before it had a location. */
let emptySchedule: { status: number; body: unknown };
let annex: { LocID: string; RoomIDs: string[] };
let summer: { term: string; price: string };
/** Studio A's classes: Monday 4 PM and 5 PM and Tuesday 10 AM in room A, Monday 4 PM in room B. */
let mon16: string;
let mon17: string;
let tue10: string;
let roomB: string;
let summerClass: string;

beforeAll(async () => {
  emptySchedule = await s.b.get(SCHEDULE);
  A = await setUpStudio(s.a, s.termA);
  B = await setUpStudio(s.b, s.termB);
  // "Annex" sorts before "Main Studio": the schedule opens on it.
  annex = (
    await s.a.post('/api/mystudio/locations', {
      loc: {
        name: 'Annex',
        address: '3 Church St',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '9735550143',
      },
      rooms: [{ name: 'Hall' }],
    })
  ).body[1];
  const term = (
    await s.a.post('/api/mystudio/yearTerms/new', {
      name: 'Summer 2027',
      dateStart: '2027-07-01',
      dateEnd: '2027-08-31',
    })
  ).body[1].id as string;
  const price = (
    await s.a.post('/api/mystudio/tuition/classes', { yearTermID: term, duration: 45, price: 40.5 })
  ).body[1].id as string;
  summer = { term, price };
  tue10 = await createClass(A, { name: 'Tap', day: 1, timeStart: '10:00', timeEnd: '11:00' });
  mon17 = await createClass(A, { name: 'Jazz', timeStart: '17:00', timeEnd: '18:00', nMax: 3 });
  mon16 = await createClass(A, { name: 'Ballet I', age_min: 5, age_max: 7, level: 2, nMin: 4 });
  roomB = await createClass(A, { name: 'Hip Hop', roomID: A.rooms[1], teacherID: A.teachers[1] });
  summerClass = await createClass(A, { name: 'Summer Ballet', yearTermID: term, priceID: price });
  await createClass(B, { name: 'Their Ballet' });
});

const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('GET api/mystudio/schedule/', () => {
  it('answers no classes and no selection for a studio without locations', () => {
    expect(emptySchedule).toMatchObject({
      status: 200,
      body: [true, { yrTrmID: s.termB.id, cls: [], rm: [], loc: [], selIDs: { locID: null, rmID: null } }],
    });
  });

  it("opens on the first location by name and its first room, with every room of the studio's", async () => {
    const res = await s.a.get(`${SCHEDULE}/`);
    expect(res.status).toBe(200);
    const data = res.body[1];
    expect(data.yrTrmID).toBe(s.termA.id);
    expect(data.loc).toEqual([
      { id: annex.LocID, name: 'Annex' },
      { id: A.location, name: 'Main Studio' },
    ]);
    expect(data.rm).toEqual([
      { id: annex.RoomIDs[0], locationID: annex.LocID, name: 'Hall', description: '' },
      { id: A.rooms[0], locationID: A.location, name: 'Studio A', description: 'Sprung floor' },
      { id: A.rooms[1], locationID: A.location, name: 'Studio B', description: '' },
    ]);
    expect(data.selIDs).toEqual({ locID: annex.LocID, rmID: annex.RoomIDs[0] });
    expect(data.cls).toEqual([]);
  });

  it("lists the selected room's classes of the term by day, then start time, in the spec's shape", async () => {
    const res = await s.a.get(`${SCHEDULE}?locID=${A.location}`);
    const data = res.body[1];
    expect(data.selIDs).toEqual({ locID: A.location, rmID: A.rooms[0] });
    expect(ids(data.cls)).toEqual([mon16, mon17, tue10]);
    expect(data.cls[0]).toEqual({
      id: mon16,
      name: 'Ballet I',
      day: 0,
      timeStart: '16:00:00',
      timeEnd: '17:00:00',
      yearTermID: s.termA.id,
      roomID: A.rooms[0],
      locationID: A.location,
      priceID: A.price,
      teacherID: A.teachers[0],
      teacher: 'Maria Tallchief',
      age_min: 5,
      age_max: 7,
      level: 2,
      nMin: 4,
      nMax: 20,
      cost: 65,
      tuit_base: 65,
      isOpen: true,
      isFull: false,
      nReg: 0,
      isReg: false,
      minGenreRequired: 0,
    });
  });

  it.each([
    [
      'the room and its location',
      () => `locID=${A.location}&rmID=${A.rooms[1]}`,
      () => [A.location, A.rooms[1]],
    ],
    ['a room alone, with its location', () => `rmID=${A.rooms[1]}`, () => [A.location, A.rooms[1]]],
    [
      'a location whose room is not the one asked for: its first room',
      () => `locID=${A.location}&rmID=${annex.RoomIDs[0]}`,
      () => [A.location, A.rooms[0]],
    ],
    [
      'an unknown location: the first one',
      () => `locID=${UNKNOWN_ID}`,
      () => [annex.LocID, annex.RoomIDs[0]],
    ],
    [
      "another studio's room: the first one",
      () => `rmID=${B.rooms[0]}`,
      () => [annex.LocID, annex.RoomIDs[0]],
    ],
  ])('selects %s', async (_, query, expected) => {
    const data = (await s.a.get(`${SCHEDULE}?${query()}`)).body[1];
    const [locID, rmID] = expected();
    expect(data.selIDs).toEqual({ locID, rmID });
  });

  it('shows another year term when asked, and refuses one of another studio with 404', async () => {
    const data = (await s.a.get(`${SCHEDULE}?yrTrmID=${summer.term}&locID=${A.location}`)).body[1];
    expect(data.yrTrmID).toBe(summer.term);
    expect(data.cls).toEqual([
      expect.objectContaining({ id: summerClass, cost: 40.5, tuit_base: 40.5, priceID: summer.price }),
    ]);
    for (const id of [s.termB.id, UNKNOWN_ID]) {
      expect(await s.a.get(`${SCHEDULE}?yrTrmID=${id}`)).toMatchObject({
        status: 404,
        body: [false, messages.yearTermNotFound],
      });
    }
    expect(await s.a.get(`${SCHEDULE}?locID=${MALFORMED_ID}`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it('counts registered students: not dropped, not removed, not rejected', async () => {
    await enrol(t, A, mon17, { iStatus: 10, status: 1 });
    await enrol(t, A, mon17, { iStatus: 1, status: 0 });
    await enrol(t, A, mon17, { iStatus: 2 });
    await enrol(t, A, mon17, { iStatus: -1, isDropped: true });
    await enrol(t, A, mon17, { iStatus: -2 });
    await enrol(t, A, mon17, { iStatus: 10, status: -1 });
    await enrol(t, A, tue10, { iStatus: 10, status: 1 });
    const cls = (await s.a.get(`${SCHEDULE}?rmID=${A.rooms[0]}`)).body[1].cls;
    expect(
      cls.map((c: { nReg: number; isFull: boolean; isReg: boolean }) => [c.nReg, c.isFull, c.isReg]),
    ).toEqual([
      [0, false, false],
      [3, true, true],
      [1, false, true],
    ]);
  });
});

describe('POST api/mystudio/schedule/', () => {
  it("answers every class of the current term in every room, and never another studio's", async () => {
    const res = await s.a.post(SCHEDULE, {});
    expect(res.status).toBe(200);
    const data = res.body[1];
    expect(data.yrTrmID).toBe(s.termA.id);
    expect(ids(data.cls)).toEqual([mon16, roomB, mon17, tue10]);
    expect(data.cls[1]).toMatchObject({ roomID: A.rooms[1], teacher: 'Arthur Mitchell' });
    expect(data.rm).toHaveLength(3);
    expect(data.selIDs).toEqual({ locID: annex.LocID, rmID: annex.RoomIDs[0] });
  });

  it('takes a null body or none as the current term', async () => {
    const { token } = await signIn(t, 'owner@studio-a.example');
    const json = { 'content-type': 'application/json', 'x-access-token': token };
    for (const payload of ['null', undefined]) {
      // No body at all comes without a content type.
      const headers = payload ? json : { 'x-access-token': token };
      const res = await t.call({ method: 'POST', url: SCHEDULE, headers, payload });
      expect(res.status, `${payload}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(ids(res.body[1].cls)).toEqual([mon16, roomB, mon17, tue10]);
    }
    expect(ids((await s.a.post(SCHEDULE, { yrTrmID: null })).body[1].cls)).toHaveLength(4);
  });

  it('answers the term asked for; 404 for one of another studio', async () => {
    expect(ids((await s.a.post(SCHEDULE, { yrTrmID: summer.term })).body[1].cls)).toEqual([summerClass]);
    expect(await s.a.post(SCHEDULE, { yrTrmID: s.termB.id })).toMatchObject({
      status: 404,
      body: [false, messages.yearTermNotFound],
    });
    expect((await s.a.post(SCHEDULE, { yrTrmID: 'x' })).status).toBe(400);
  });
});

describe('GET api/mystudio/schedule/class/list/…', () => {
  it("answers a room's classes of the current term, or of the term named", async () => {
    const current = await s.a.get(`${CLASS}/list/${A.rooms[0]}`);
    expect(current.status).toBe(200);
    expect(ids(current.body[1])).toEqual([mon16, mon17, tue10]);
    expect(current.body[1][1]).toMatchObject({ nReg: 3, isFull: true });
    expect(ids((await s.a.get(`${CLASS}/list/${s.termA.id}/${A.rooms[1]}`)).body[1])).toEqual([roomB]);
    expect(ids((await s.a.get(`${CLASS}/list/${summer.term}/${A.rooms[0]}`)).body[1])).toEqual([summerClass]);
    expect((await s.a.get(`${CLASS}/list/${summer.term}/${A.rooms[1]}`)).body[1]).toEqual([]);
  });

  it('answers 404 for a room or term of another studio, exactly as for a missing one', async () => {
    for (const room of [B.rooms[0], UNKNOWN_ID]) {
      expect(await s.a.get(`${CLASS}/list/${room}`)).toEqual(
        expect.objectContaining({ status: 404, body: [false, scheduleMessages.roomNotFound] }),
      );
      expect(await s.a.get(`${CLASS}/list/${s.termA.id}/${room}`)).toMatchObject({
        status: 404,
        body: [false, scheduleMessages.roomNotFound],
      });
    }
    for (const term of [s.termB.id, UNKNOWN_ID]) {
      expect(await s.a.get(`${CLASS}/list/${term}/${A.rooms[0]}`)).toMatchObject({
        status: 404,
        body: [false, messages.yearTermNotFound],
      });
    }
  });

  it("refuses malformed ids with 400 and the screen's 'nothing selected' text (002 §5)", async () => {
    const noRoom = [false, scheduleMessages.noRoomSelected];
    expect(await s.a.get(`${CLASS}/list/${MALFORMED_ID}`)).toMatchObject({ status: 400, body: noRoom });
    expect(await s.a.get(`${CLASS}/list/${MALFORMED_ID}/${A.rooms[0]}`)).toMatchObject({
      status: 400,
      body: noRoom,
    });
  });
});
