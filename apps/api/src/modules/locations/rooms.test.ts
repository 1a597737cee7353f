import { locationMessages, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { targetAuditCount as auditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { rooms } from '../../db/schema/locations';
import { classes } from '../../db/schema/schedule';
import { createdLocation, newLocation, ROOM_URL } from './location-bodies.fixture';

const { t, s } = useTwoStudios();

const created = (who: 'a' | 'b' = 'a', body: object = newLocation()) => createdLocation(s, who, body);
const roomsOf = (locationId: string) =>
  t.database.db.select().from(rooms).where(eq(rooms.locationId, locationId));

describe('POST api/mystudio/locations/room', () => {
  it('adds a room to a location, audited', async () => {
    const { LocID } = await created();
    const res = await s.a.post(ROOM_URL, { locationID: LocID, name: 'Studio C', description: 'Mirrors' });
    expect(res.status).toBe(200);
    const { id, msg } = res.body[1];
    expect(msg).toBe(messages.insertSuccessful);
    expect((await roomsOf(LocID)).find((r) => r.id === id)).toMatchObject({
      name: 'Studio C',
      description: 'Mirrors',
      companyId: s.a.companyId,
    });
    expect(await auditCount(t, 'room.create', id)).toBe(1);
  });

  it("needs a name: 'insufficient data'", async () => {
    const { LocID } = await created();
    for (const body of [{ locationID: LocID }, { locationID: LocID, name: '  ', description: 'x' }]) {
      expect(await s.a.post(ROOM_URL, body)).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    }
    expect(await roomsOf(LocID)).toHaveLength(2);
  });

  it('refuses a malformed location id with 400', async () => {
    expect(await s.a.post(ROOM_URL, { locationID: '1234', name: 'X' })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's location and adds nothing", async () => {
    const theirs = await created('b');
    expect(await s.a.post(ROOM_URL, { locationID: theirs.LocID, name: 'Intruder' })).toMatchObject({
      status: 404,
      body: [false, locationMessages.locationNotFound],
    });
    expect(await roomsOf(theirs.LocID)).toHaveLength(2);
  });

  it("refuses a parent's token with 403", async () => {
    const { LocID } = await created();
    expect((await s.parent.post(ROOM_URL, { locationID: LocID, name: 'X' })).status).toBe(403);
    expect(await roomsOf(LocID)).toHaveLength(2);
  });
});

describe('PUT api/mystudio/locations/room', () => {
  it('edits a room, audited', async () => {
    const { RoomIDs } = await created();
    const id = RoomIDs[0]!;
    const res = await s.a.put(ROOM_URL, { id, data: { name: 'Big room', description: 'Barres' } });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
    expect(row).toMatchObject({ name: 'Big room', description: 'Barres' });
    expect(await auditCount(t, 'room.update', id)).toBe(1);
  });

  it("needs a name: 'insufficient data'", async () => {
    const { RoomIDs } = await created();
    for (const body of [{ id: RoomIDs[0] }, { id: RoomIDs[0], data: { name: '', description: 'x' } }]) {
      expect(await s.a.put(ROOM_URL, body)).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    }
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.put(ROOM_URL, { id: 'zzz', data: { name: 'X' } })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's room and changes nothing", async () => {
    const theirs = await created('b');
    const id = theirs.RoomIDs[0]!;
    expect(await s.a.put(ROOM_URL, { id, data: { name: 'Mine now' } })).toMatchObject({
      status: 404,
      body: [false, locationMessages.roomNotFound],
    });
    const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
    expect(row?.name).toBe('Studio A');
  });

  it("refuses a parent's token with 403", async () => {
    const { RoomIDs } = await created();
    expect((await s.parent.put(ROOM_URL, { id: RoomIDs[0], data: { name: 'X' } })).status).toBe(403);
  });
});

describe('DELETE api/mystudio/locations/room/{id}', () => {
  it('deletes a room, audited, but never the last one of its location', async () => {
    const { LocID, RoomIDs } = await created();
    const [first, last] = RoomIDs as [string, string];
    expect(await s.a.del(`${ROOM_URL}/${first}`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await auditCount(t, 'room.delete', first)).toBe(1);
    expect(await s.a.del(`${ROOM_URL}/${last}`)).toMatchObject({
      status: 422,
      body: [false, locationMessages.lastRoom],
    });
    expect((await roomsOf(LocID)).map((r) => r.id)).toEqual([last]);
    expect(await auditCount(t, 'room.delete', last)).toBe(0);
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.del(`${ROOM_URL}/42`)).toMatchObject({ status: 400, body: [false, messages.invalidId] });
  });

  it("answers 404 for another studio's room and deletes nothing", async () => {
    const theirs = await created('b');
    expect(await s.a.del(`${ROOM_URL}/${theirs.RoomIDs[0]}`)).toMatchObject({
      status: 404,
      body: [false, locationMessages.roomNotFound],
    });
    expect(await roomsOf(theirs.LocID)).toHaveLength(2);
    expect((await s.a.del(`${ROOM_URL}/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it("refuses a parent's token with 403", async () => {
    const { LocID, RoomIDs } = await created();
    expect((await s.parent.del(`${ROOM_URL}/${RoomIDs[0]}`)).status).toBe(403);
    expect(await roomsOf(LocID)).toHaveLength(2);
  });
});

describe('DELETE api/mystudio/locations/room/{id} of a room the schedule uses', () => {
  it('refuses a room with classes (422) naming them, changes nothing, and deletes it once they go', async () => {
    const r = await scheduleRecords(s.a, s.termA.id);
    const room = r.roomIds[0]!;
    const classIds = [
      await insertClass(t.database.db, s.companyA, r),
      await insertClass(t.database.db, s.companyA, r, { day: 2 }),
    ];
    const res = await s.a.del(`${ROOM_URL}/${room}`);
    expect(res).toMatchObject({ status: 422, body: [false, locationMessages.roomInUse('Studio A', 2)] });
    expect(res.body[1]).toBe('Studio A has 2 classes. Move or delete them before deleting the room.');
    expect(await roomsOf(r.locationId)).toHaveLength(2);
    expect(await auditCount(t, 'room.delete', room)).toBe(0);

    await t.database.db.delete(classes).where(eq(classes.id, classIds[0]!));
    expect((await s.a.del(`${ROOM_URL}/${room}`)).body).toEqual([
      false,
      'Studio A has 1 class. Move or delete it before deleting the room.',
    ]);
    await t.database.db.delete(classes).where(eq(classes.id, classIds[1]!));
    expect((await s.a.del(`${ROOM_URL}/${room}`)).status).toBe(200);
    expect((await roomsOf(r.locationId)).map((x) => x.id)).toEqual([r.roomIds[1]]);
  });
});
