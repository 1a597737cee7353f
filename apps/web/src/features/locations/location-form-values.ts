import { type NewLocationInput, newLocationInput } from '@pirouette/domain';
import { configFormErrors } from '../../lib/zod-form';

/** What the new-location form holds: exactly the body of POST mystudio/locations. */
export type NewLocationValues = {
  loc: { name: string; address: string; city: string; state: string; zipcode: string; phone: string };
  rooms: { name: string; description: string }[];
};

export const emptyRoom = () => ({ name: '', description: '' });

export const emptyNewLocation = (): NewLocationValues => ({
  loc: { name: '', address: '', city: '', state: '', zipcode: '', phone: '' },
  rooms: [emptyRoom()],
});

export const NEED_A_ROOM = 'Add at least one room with a name.';

/** Rows left wholly blank are dropped, but one row always stays so that its missing name can be shown. */
export function withoutBlankRooms(rooms: NewLocationValues['rooms']): NewLocationValues['rooms'] {
  const kept = rooms.filter((r) => r.name.trim() || r.description.trim());
  return kept.length > 0 ? kept : [rooms[0] ?? emptyRoom()];
}

/** The form's errors, keyed by field, from the schema the server uses. */
export function newLocationErrors(values: NewLocationValues): Record<string, string> {
  const errors = configFormErrors(newLocationInput, values);
  if (errors.rooms) errors.rooms = NEED_A_ROOM;
  return errors;
}

export const newLocationBody = (values: NewLocationValues): NewLocationInput => values;
