import { messages, type StudioLocation } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { LOCATIONS_PATH, LocationsPage } from './locations-page';

const LOC_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ROOM_A = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ROOM_B = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const main: StudioLocation = {
  id: LOC_ID,
  name: 'Main Studio',
  address: '12 Bloomfield Ave',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '9735550142',
  rooms: [
    { id: ROOM_A, locationID: LOC_ID, name: 'Studio A', description: 'Sprung floor' },
    { id: ROOM_B, locationID: LOC_ID, name: 'Studio B', description: '' },
  ],
};

/** Shows where the app is, so a test can see it return to the locations page. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function page(path = LOCATIONS_PATH) {
  return renderWithProviders(
    <>
      <LocationsPage />
      <Where />
    </>,
    path,
  );
}

describe('LocationsPage', () => {
  it('says when there are no locations and offers to add one', async () => {
    mockApi((url) => (url === '/api/mystudio/locations' ? [200, [true, []]] : undefined));
    page();
    expect(await screen.findByText('No locations yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New location' })).toBeTruthy();
  });

  it('shows each location with its rooms and phone, and keeps the last room', async () => {
    mockApi((url) =>
      url === '/api/mystudio/locations'
        ? [
            200,
            [
              true,
              [
                { ...main, rooms: [main.rooms[0]] },
                { ...main, id: 'x', name: 'Annex' },
              ],
            ],
          ]
        : undefined,
    );
    page();
    const card = await screen.findByRole('article', { name: 'Main Studio' });
    expect(within(card).getByText('(973) 555-0142')).toBeTruthy();
    expect(within(card).getByText('Studio A')).toBeTruthy();
    expect(
      (within(card).getByRole('button', { name: 'Delete room Studio A' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const annex = screen.getByRole('article', { name: 'Annex' });
    expect(
      (within(annex).getByRole('button', { name: 'Delete room Studio A' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.getByText('2 locations · 3 rooms')).toBeTruthy();
  });

  it('opens a room from ?room= and returns to the locations page after the edit', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((url, init) => {
      if (url === '/api/mystudio/locations') return [200, [true, [main]]];
      if (url === '/api/mystudio/locations/room' && init?.method === 'PUT')
        return [200, [true, { msg: messages.updateSuccessful }]];
      return undefined;
    });
    page(`${LOCATIONS_PATH}?room=${ROOM_B}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit room' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('Studio B');
    await user.clear(name);
    await user.type(name, 'Big room');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(LOCATIONS_PATH));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      id: ROOM_B,
      data: { name: 'Big room', description: '' },
    });
  });

  it('shows the server message when the list cannot load', async () => {
    mockApi((url) => (url === '/api/mystudio/locations' ? [403, [false, messages.forbidden]] : undefined));
    page();
    expect(await screen.findByText(messages.forbidden)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
