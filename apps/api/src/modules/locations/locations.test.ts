import { locationMessages, messages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createdPrivate, insertClass, scheduleRecords } from '../../../test/schedule-records';
import { targetAuditCount as auditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { locations, rooms } from '../../db/schema/locations';
import { classes } from '../../db/schema/schedule';
import { createdLocation, loc, newLocation, LOCATIONS_URL as URL } from './location-bodies.fixture';

const { t, s } = useTwoStudios();

const created = (who: 'a' | 'b' = 'a', body: object = newLocation()) => createdLocation(s, who, body);
const rowOf = async (id: string) =>
  (await t.database.db.select().from(locations).where(eq(locations.id, id)))[0] ?? null;
const roomsOf = (locationId: string) =>
  t.database.db.select().from(rooms).where(eq(rooms.locationId, locationId));

describe('GET api/mystudio/locations', () => {
  it('answers an empty list for a new studio', async () => {
    expect(await s.b.get(URL)).toMatchObject({ status: 200, body: [true, []] });
  });

  it('answers the locations with their rooms, by name, and only of the studio', async () => {
    const second = await created(
      'a',
      newLocation({ loc: loc({ name: 'Annex' }), rooms: [{ name: 'Hall' }] }),
    );
    const first = await created('a', newLocation({ loc: loc({ name: 'Zeta Hall' }) }));
    const theirs = await created('b');
    const res = await s.a.get('/api/myStudio/Locations');
    expect(res.status).toBe(200);
    const list = res.body[1] as { id: string; name: string; rooms: { name: string }[] }[];
    const ids = list.map((l) => l.id);
    expect(ids).toContain(first.LocID);
    expect(ids).not.toContain(theirs.LocID);
    expect(list.map((l) => l.name)).toEqual([...list.map((l) => l.name)].sort());
    expect(list.find((l) => l.id === second.LocID)).toEqual({
      id: second.LocID,
      name: 'Annex',
      address: '12 Bloomfield Ave',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      phone: '9735550142',
      rooms: [{ id: second.RoomIDs[0], locationID: second.LocID, name: 'Hall', description: '' }],
    });
    expect(list.find((l) => l.id === first.LocID)?.rooms.map((r) => r.name)).toEqual([
      'Studio A',
      'Studio B',
    ]);
    expect((await s.b.get(URL)).body[1].map((l: { id: string }) => l.id)).toEqual([theirs.LocID]);
  });

  it("refuses a parent's token with 403 and no session with 401", async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('POST api/mystudio/locations', () => {
  it('creates the location and its rooms in one go, audited', async () => {
    const res = await s.a.post(URL, newLocation());
    expect(res.status).toBe(200);
    const { LocID, RoomIDs, msg } = res.body[1];
    expect(msg).toBe(messages.insertSuccessful);
    expect(RoomIDs).toHaveLength(2);
    const row = await rowOf(LocID);
    expect(row).toMatchObject({ companyId: s.a.companyId, phone: '9735550142', state: 'NJ' });
    const stored = await roomsOf(LocID);
    expect(stored.map((r) => r.id).sort()).toEqual([...RoomIDs].sort());
    expect(stored.find((r) => r.id === RoomIDs[0])).toMatchObject({
      name: 'Studio A',
      description: 'Sprung floor',
      companyId: s.a.companyId,
    });
    expect(await auditCount(t, 'location.create', LocID)).toBe(1);
  });

  it.each(['name', 'address', 'city', 'state', 'zipcode', 'phone'])(
    "needs the location's %s: 'insufficient data'",
    async (field) => {
      const missing = newLocation({ loc: { ...loc(), [field]: undefined } });
      const blank = newLocation({ loc: { ...loc(), [field]: '   ' } });
      expect(await s.a.post(URL, missing)).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
      expect(await s.a.post(URL, blank)).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    },
  );

  it("needs at least one room with a name: 'insufficient data'", async () => {
    const before = (await s.a.get(URL)).body[1].length;
    for (const body of [
      newLocation({ rooms: [] }),
      newLocation({ rooms: undefined }),
      newLocation({ rooms: [{ name: '', description: 'No name' }] }),
      newLocation({ rooms: [{ name: 'Studio A' }, { name: ' ' }] }),
      { rooms: [{ name: 'Studio A' }] },
      {},
    ]) {
      expect(await s.a.post(URL, body)).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    }
    expect((await s.a.get(URL)).body[1]).toHaveLength(before);
  });

  it.each([
    ['phone', '555-0142', 'Please enter a 10-digit phone number'],
    ['state', 'New Jersey', 'Please choose a state'],
    ['zipcode', '7042', 'Please enter a 5-digit ZIP code'],
    ['name', 'x'.repeat(121), 'Name must be at most 120 characters'],
    ['name', '<script>', 'Name contains characters that are not allowed'],
  ])('refuses a malformed %s with its own message', async (field, value, message) => {
    expect(await s.a.post(URL, newLocation({ loc: loc({ [field]: value }) }))).toMatchObject({
      status: 400,
      body: [false, message],
    });
  });

  it('refuses a room description that is too long', async () => {
    const res = await s.a.post(URL, newLocation({ rooms: [{ name: 'A', description: 'x'.repeat(201) }] }));
    expect(res).toMatchObject({ status: 400, body: [false, 'Description must be at most 200 characters'] });
  });

  it("refuses a parent's token with 403 and creates nothing", async () => {
    const before = (await s.a.get(URL)).body[1].length;
    expect((await s.parent.post(URL, newLocation())).status).toBe(403);
    expect((await s.a.get(URL)).body[1]).toHaveLength(before);
  });
});

describe('PUT api/mystudio/locations', () => {
  it('edits the location, audited', async () => {
    const { LocID } = await created();
    const res = await s.a.put(URL, { id: LocID, data: loc({ name: 'Uptown', phone: '973.555.0199' }) });
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await rowOf(LocID)).toMatchObject({ name: 'Uptown', phone: '9735550199' });
    expect(await auditCount(t, 'location.update', LocID)).toBe(1);
  });

  it("needs every field: 'insufficient data'", async () => {
    const { LocID } = await created();
    for (const body of [{ id: LocID }, { id: LocID, data: loc({ city: '' }) }, { id: LocID, data: {} }]) {
      expect(await s.a.put(URL, body)).toMatchObject({
        status: 400,
        body: [false, messages.insufficientData],
      });
    }
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.put(URL, { id: 'abc', data: loc() })).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's location and changes nothing", async () => {
    const theirs = await created('b');
    const res = await s.a.put(URL, { id: theirs.LocID, data: loc({ name: 'Taken over' }) });
    expect(res).toMatchObject({ status: 404, body: [false, locationMessages.locationNotFound] });
    expect((await rowOf(theirs.LocID))?.name).toBe('Main Studio');
    expect((await s.a.put(URL, { id: UNKNOWN_ID, data: loc() })).status).toBe(404);
  });

  it("refuses a parent's token with 403", async () => {
    const { LocID } = await created();
    expect((await s.parent.put(URL, { id: LocID, data: loc({ name: 'Parent was here' }) })).status).toBe(403);
    expect((await rowOf(LocID))?.name).toBe('Main Studio');
  });
});

describe('DELETE api/mystudio/locations/{id}', () => {
  it('deletes the location and its rooms, audited', async () => {
    const { LocID } = await created();
    expect(await s.a.del(`${URL}/${LocID}`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await rowOf(LocID)).toBeNull();
    expect(await roomsOf(LocID)).toHaveLength(0);
    expect(await auditCount(t, 'location.delete', LocID)).toBe(1);
    expect((await s.a.del(`${URL}/${LocID}`)).status).toBe(404);
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.del(`${URL}/not-an-id`)).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's location and deletes nothing", async () => {
    const theirs = await created('b');
    expect(await s.a.del(`${URL}/${theirs.LocID}`)).toMatchObject({
      status: 404,
      body: [false, locationMessages.locationNotFound],
    });
    expect(await rowOf(theirs.LocID)).not.toBeNull();
    expect(await roomsOf(theirs.LocID)).toHaveLength(2);
  });

  it("refuses a parent's token with 403", async () => {
    const { LocID } = await created();
    expect((await s.parent.del(`${URL}/${LocID}`)).status).toBe(403);
    expect(await rowOf(LocID)).not.toBeNull();
  });
});

describe('DELETE api/mystudio/locations/{id} of a location the schedule uses', () => {
  it('refuses while its rooms have classes or it has privates (422), changing nothing, then deletes', async () => {
    const r = await scheduleRecords(s.a, s.termA.id, ' North');
    const classIds = [
      await insertClass(t.database.db, s.companyA, r),
      await insertClass(t.database.db, s.companyA, r, { roomId: r.roomIds[1]! }),
    ];
    const privateId = await createdPrivate(s.a, r);
    const refused = await s.a.del(`${URL}/${r.locationId}`);
    expect(refused).toMatchObject({
      status: 422,
      body: [false, locationMessages.locationInUse('Main Studio North', 2, 1)],
    });
    expect(refused.body[1]).toBe(
      'Main Studio North has 2 classes in its rooms and 1 private lesson. Move or delete them before deleting the location.',
    );
    expect(await rowOf(r.locationId)).not.toBeNull();
    expect(await roomsOf(r.locationId)).toHaveLength(2);
    expect(await auditCount(t, 'location.delete', r.locationId)).toBe(0);

    await t.database.db.delete(classes).where(eq(classes.companyId, s.companyA));
    expect((await s.a.del(`${URL}/${r.locationId}`)).body).toEqual([
      false,
      locationMessages.locationInUse('Main Studio North', 0, 1),
    ]);
    expect((await s.a.del(`/api/mystudio/privates/${privateId}`)).status).toBe(200);
    await insertClass(t.database.db, s.companyA, r);
    expect((await s.a.del(`${URL}/${r.locationId}`)).body[1]).toBe(
      'Main Studio North has 1 class in its rooms. Move or delete it before deleting the location.',
    );
    await t.database.db.delete(classes).where(eq(classes.companyId, s.companyA));
    expect((await s.a.del(`${URL}/${r.locationId}`)).status).toBe(200);
    expect(await rowOf(r.locationId)).toBeNull();
    expect(classIds).toHaveLength(2);
  });
});
