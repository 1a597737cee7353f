import { expect } from 'vitest';
import type { twoStudios } from '../../../test/studios';

export const LOCATIONS_URL = '/api/mystudio/locations';
export const ROOM_URL = '/api/mystudio/locations/room';

/** A location's fields as an owner types them (the state in lower case, the phone formatted). */
export const loc = (overrides: Record<string, unknown> = {}) => ({
  name: 'Main Studio',
  address: '12 Bloomfield Ave',
  city: 'Montclair',
  state: 'nj',
  zipcode: '07042',
  phone: '(973) 555-0142',
  ...overrides,
});

/** The body of POST mystudio/locations: the location and two rooms. */
export const newLocation = (overrides: Record<string, unknown> = {}) => ({
  loc: loc(),
  rooms: [
    { name: 'Studio A', description: 'Sprung floor' },
    { name: 'Studio B', description: '' },
  ],
  ...overrides,
});

/** Creates a location of studio A (or B) over HTTP and answers its ids. */
export async function createdLocation(
  s: Awaited<ReturnType<typeof twoStudios>>,
  who: 'a' | 'b' = 'a',
  body: object = newLocation(),
) {
  const res = await s[who].post(LOCATIONS_URL, body as Record<string, unknown>);
  expect(res.status).toBe(200);
  return res.body[1] as { LocID: string; RoomIDs: string[] };
}
