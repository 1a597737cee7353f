import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../lib/zod-form';
import { emptyNewLocation, NEED_A_ROOM, newLocationErrors, withoutBlankRooms } from './location-form-values';

const loc = {
  name: 'Main',
  address: '1 Main St',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '(973) 555-0142',
};

describe('withoutBlankRooms', () => {
  it.each([
    [
      [
        { name: 'A', description: '' },
        { name: ' ', description: '' },
      ],
      [{ name: 'A', description: '' }],
    ],
    [
      [
        { name: '', description: '' },
        { name: 'B', description: '' },
      ],
      [{ name: 'B', description: '' }],
    ],
    [[{ name: '', description: 'Mirrors' }], [{ name: '', description: 'Mirrors' }]],
    [
      [
        { name: '', description: '' },
        { name: '', description: '' },
      ],
      [{ name: '', description: '' }],
    ],
  ])('%j → %j', (rooms, expected) => {
    expect(withoutBlankRooms(rooms)).toEqual(expected);
  });
});

describe('newLocationErrors', () => {
  it('marks every missing field of an empty form as required, the unnamed room included', () => {
    expect(newLocationErrors(emptyNewLocation())).toEqual({
      'loc.name': REQUIRED,
      'loc.address': REQUIRED,
      'loc.city': REQUIRED,
      'loc.state': REQUIRED,
      'loc.zipcode': REQUIRED,
      'loc.phone': REQUIRED,
      'rooms.0.name': REQUIRED,
    });
  });

  it('asks for a room when there is none', () => {
    expect(newLocationErrors({ loc, rooms: [] })).toEqual({ rooms: NEED_A_ROOM });
  });

  it('gives format problems their own words', () => {
    expect(
      newLocationErrors({
        loc: { ...loc, phone: '555', zipcode: '1' },
        rooms: [{ name: 'A', description: '' }],
      }),
    ).toEqual({
      'loc.phone': 'Please enter a 10-digit phone number',
      'loc.zipcode': 'Please enter a 5-digit ZIP code',
    });
  });

  it('passes a complete location with a named room', () => {
    expect(newLocationErrors({ loc, rooms: [{ name: 'Studio A', description: '' }] })).toEqual({});
  });
});
