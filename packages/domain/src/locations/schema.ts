import { z } from 'zod';
import { limits } from '../constants';
import { insufficientIfEmpty, optionalLine, phone, requiredObject, state, text, zipcode } from '../fields';
import { holders } from '../format';
import { idSchema } from '../ids';
import { messages } from '../messages';

export const LOCATION_LIMITS = {
  name: 120,
  roomName: 80,
  roomDescription: 200,
  /** Rooms sent with one new location. */
  roomsPerRequest: 50,
} as const;

/** Texts of this area the spec leaves unsaid. */
export const locationMessages = {
  locationNotFound: 'This location could not be found.',
  roomNotFound: 'This room could not be found.',
  lastRoom:
    'A location needs at least one room. Add another room before deleting this one, or delete the whole location.',
  /** A room the schedule holds classes in. */
  roomInUse: (room: string, classes: number) => {
    const h = holders([[classes, 'class', 'classes']]);
    return `${room} has ${h.text}. Move or delete ${h.pronoun} before deleting the room.`;
  },
  /** A location whose rooms hold classes, or where private lessons are taught. */
  locationInUse: (location: string, classes: number, privates: number) => {
    const h = holders([
      [classes, 'class in its rooms', 'classes in its rooms'],
      [privates, 'private lesson', 'private lessons'],
    ]);
    return `${location} has ${h.text}. Move or delete ${h.pronoun} before deleting the location.`;
  },
} as const;

/** A room as the API shows it (002 §3). */
export const studioRoom = z.object({
  id: z.string(),
  locationID: z.string(),
  name: z.string(),
  description: z.string(),
});
export type StudioRoom = z.infer<typeof studioRoom>;

/** A location with its rooms (002 §3); the phone is 10 digits. */
export const studioLocation = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  rooms: z.array(studioRoom),
});
export type StudioLocation = z.infer<typeof studioLocation>;
export const studioLocationList = z.array(studioLocation);

/** A location's own fields, every one required (002 §5). */
export const locationFields = requiredObject({
  name: insufficientIfEmpty(text(LOCATION_LIMITS.name, 'Name')),
  address: insufficientIfEmpty(text(limits.address, 'Address')),
  city: insufficientIfEmpty(text(limits.city, 'City')),
  state: insufficientIfEmpty(state),
  zipcode: insufficientIfEmpty(zipcode),
  phone: insufficientIfEmpty(phone),
});
export type LocationFields = z.infer<typeof locationFields>;

/** A room's fields: a name is required, the description (its label in option lists) is optional. */
export const roomFields = requiredObject({
  name: insufficientIfEmpty(text(LOCATION_LIMITS.roomName, 'Room name')),
  description: optionalLine(LOCATION_LIMITS.roomDescription, 'Description').optional().default(''),
});
export type RoomFields = z.infer<typeof roomFields>;

/** POST mystudio/locations: a new location needs at least one named room (002 §5). */
export const newLocationInput = requiredObject({
  loc: locationFields,
  rooms: z
    .array(roomFields, { error: messages.insufficientData })
    .min(1, messages.insufficientData)
    .max(LOCATION_LIMITS.roomsPerRequest, `At most ${LOCATION_LIMITS.roomsPerRequest} rooms at a time`),
});
export type NewLocationInput = z.input<typeof newLocationInput>;

export const newLocationResult = z.object({
  LocID: z.string(),
  RoomIDs: z.array(z.string()),
  msg: z.string(),
});
export type NewLocationResult = z.infer<typeof newLocationResult>;

/** PUT mystudio/locations. */
export const updateLocationInput = requiredObject({ id: idSchema, data: locationFields });
export type UpdateLocationInput = z.input<typeof updateLocationInput>;

/** POST mystudio/locations/room. */
export const newRoomInput = requiredObject({ locationID: idSchema, ...roomFields.shape });
export type NewRoomInput = z.input<typeof newRoomInput>;

/** PUT mystudio/locations/room. */
export const updateRoomInput = requiredObject({ id: idSchema, data: roomFields });
export type UpdateRoomInput = z.input<typeof updateRoomInput>;
