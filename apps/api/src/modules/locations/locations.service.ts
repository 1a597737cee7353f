import {
  type Actor,
  can,
  type LocationFields,
  locationMessages,
  messages,
  type NewLocationResult,
  type RoomFields,
  type StudioLocation,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import { presentLocations } from './locations.presenters';
import {
  countRoomClasses,
  countRooms,
  deleteLocation,
  deleteRoom,
  findLocation,
  findRoom,
  insertLocation,
  insertRooms,
  listLocations,
  listRooms,
  locationUsage,
  lockLocationRooms,
  updateLocation,
  updateRoom,
} from './locations.queries';

type Ctx = { db: Db; actor: Actor };

const locationNotFound = () => new AppError('not_found', locationMessages.locationNotFound);
const roomNotFound = () => new AppError('not_found', locationMessages.roomNotFound);

function mustManage(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** The studio's locations with their rooms: two queries, whatever the number of locations. */
export async function getLocations({ db, actor }: Ctx): Promise<StudioLocation[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const [locationRows, roomRows] = await Promise.all([
    listLocations(db, actor.companyId),
    listRooms(db, actor.companyId),
  ]);
  return presentLocations(locationRows, roomRows);
}

/** A location and its first rooms, together or not at all. */
export async function createLocation({
  db,
  actor,
  loc,
  rooms,
}: Ctx & { loc: LocationFields; rooms: RoomFields[] }): Promise<NewLocationResult> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const { id } = await insertLocation(tx, actor.companyId, loc);
    const roomIds = await insertRooms(tx, actor.companyId, id, rooms);
    await audit(tx, {
      action: 'location.create',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'location',
      targetId: id,
      detail: { roomIds },
    });
    return { LocID: id, RoomIDs: roomIds, msg: messages.insertSuccessful };
  });
}

export async function editLocation({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: LocationFields }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    if (!(await updateLocation(tx, actor.companyId, id, data))) throw locationNotFound();
    await audit(tx, {
      action: 'location.update',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'location',
      targetId: id,
    });
    return { msg: messages.updateSuccessful };
  });
}

/** Deletes a location and its rooms, unless the schedule holds classes in them or privates there. */
export async function removeLocation({ db, actor, id }: Ctx & { id: string }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const location = await findLocation(tx, actor.companyId, id, true);
    if (!location) throw locationNotFound();
    // The location and its rooms stay locked until the delete: a class or a private lesson added
    // meanwhile waits for it, and one added just before is counted (the count is a later statement).
    await lockLocationRooms(tx, actor.companyId, id);
    const usage = await locationUsage(tx, actor.companyId, id);
    if (usage.classes > 0 || usage.privates > 0) {
      throw new AppError(
        'unprocessable',
        locationMessages.locationInUse(location.name, usage.classes, usage.privates),
      );
    }
    await deleteLocation(tx, actor.companyId, id);
    await audit(tx, {
      action: 'location.delete',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'location',
      targetId: id,
    });
    return { msg: messages.deleteSuccessful };
  });
}

export async function createRoom({
  db,
  actor,
  locationId,
  room,
}: Ctx & { locationId: string; room: RoomFields }): Promise<{ id: string; msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    if (!(await findLocation(tx, actor.companyId, locationId))) throw locationNotFound();
    const [id] = await insertRooms(tx, actor.companyId, locationId, [room]);
    await audit(tx, {
      action: 'room.create',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'room',
      targetId: id!,
      detail: { locationId },
    });
    return { id: id!, msg: messages.insertSuccessful };
  });
}

export async function editRoom({
  db,
  actor,
  id,
  data,
}: Ctx & { id: string; data: RoomFields }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    if (!(await updateRoom(tx, actor.companyId, id, data))) throw roomNotFound();
    await audit(tx, {
      action: 'room.update',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'room',
      targetId: id,
    });
    return { msg: messages.updateSuccessful };
  });
}

/** Deletes a room; a location keeps at least one (002 §5 asks one of every new location). */
export async function removeRoom({ db, actor, id }: Ctx & { id: string }): Promise<{ msg: string }> {
  mustManage(actor);
  return db.transaction(async (tx) => {
    const found = await findRoom(tx, actor.companyId, id);
    if (!found) throw roomNotFound();
    // The location's row is locked so that two deletes of its last two rooms cannot both pass the count;
    // then the room's, as a location's delete locks them (in that order), so that no class is put in it
    // before the delete.
    await findLocation(tx, actor.companyId, found.locationId, true);
    const room = await findRoom(tx, actor.companyId, id, true);
    if (!room) throw roomNotFound();
    if ((await countRooms(tx, actor.companyId, room.locationId)) <= 1) {
      throw new AppError('unprocessable', locationMessages.lastRoom);
    }
    const classCount = await countRoomClasses(tx, actor.companyId, id);
    if (classCount > 0) {
      throw new AppError('unprocessable', locationMessages.roomInUse(room.name, classCount));
    }
    await deleteRoom(tx, actor.companyId, id);
    await audit(tx, {
      action: 'room.delete',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'room',
      targetId: id,
      detail: { locationId: room.locationId },
    });
    return { msg: messages.deleteSuccessful };
  });
}
