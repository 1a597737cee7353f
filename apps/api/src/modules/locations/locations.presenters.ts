import type { StudioLocation, StudioRoom } from '@pirouette/domain';
import type { locations, rooms } from '../../db/schema/locations';

type LocationRow = typeof locations.$inferSelect;
type RoomRow = typeof rooms.$inferSelect;

export function presentRoom(row: RoomRow): StudioRoom {
  return { id: row.id, locationID: row.locationId, name: row.name, description: row.description };
}

/** Locations with their rooms, joined in memory from the two lists. */
export function presentLocations(locationRows: LocationRow[], roomRows: RoomRow[]): StudioLocation[] {
  const roomsByLocation = new Map<string, StudioRoom[]>();
  for (const row of roomRows) {
    const list = roomsByLocation.get(row.locationId) ?? [];
    list.push(presentRoom(row));
    roomsByLocation.set(row.locationId, list);
  }
  return locationRows.map((row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    phone: row.phone,
    rooms: roomsByLocation.get(row.id) ?? [],
  }));
}
