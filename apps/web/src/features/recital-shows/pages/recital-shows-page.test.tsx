import { type RecitalBoard, type RecitalNumber, recitalCalls, recitalShowCalls } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RecitalShowsPage } from './recital-shows-page';

const PAGE = '/accounts/admin/recital/shows';
const RECITAL = '3f0c1d5e-8a4b-4c2d-9e1f-0a1b2c3d4e5f';
const MATINEE = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
const EVENING = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const FEVER = '11111111-1111-4111-8111-111111111111';
const SWING = '22222222-2222-4222-8222-222222222222';

const show = (id: string, name: string, numbers: number) => ({
  id,
  name,
  day: '2027-06-12',
  startsAt: name === 'Matinee' ? '13:00' : '18:00',
  doorsAt: name === 'Matinee' ? '12:30' : '17:30',
  intermissionAfter: null,
  seconds: numbers * 150,
  numbers,
});

const number = (id: string, name: string, showId: string | null): RecitalNumber => ({
  id,
  name,
  className: 'Jazz 1',
  genre: 'Jazz',
  songName: '',
  songArtist: '',
  songLength: '2:30',
  lengthSeconds: 150,
  dancers: [{ id: `${id.slice(0, 30)}aaaaaa`, name: 'Ava Adams', familyId: RECITAL, familyName: 'Adams' }],
  costume: '',
  showId,
  position: showId ? 0 : null,
  locked: false,
});

/**
 * The studio's recital with two numbers, Fever and Swing: Swing in the matinee, Fever in no show until
 * it is placed. The fake answers each column as the server would (decision 106).
 */
function fakeStudio() {
  let feverShow: string | null = null;
  const numbers = () => [number(FEVER, 'Fever', feverShow), number(SWING, 'Swing', MATINEE)];
  const board = (column: string | null): RecitalBoard => {
    const inColumn = numbers().filter((n) => n.showId === column);
    return {
      recital: {
        id: RECITAL,
        name: 'Spring Recital',
        venueName: 'Civic Theatre',
        venueAddress: '1 Main St',
        firstDay: '2027-06-12',
        lastDay: '2027-06-12',
        gapSeconds: 30,
        intermissionMinutes: 15,
        archived: false,
      },
      shows: [
        show(MATINEE, 'Matinee', numbers().filter((n) => n.showId === MATINEE).length),
        show(EVENING, 'Evening', numbers().filter((n) => n.showId === EVENING).length),
      ],
      counts: { numbers: 2, unassigned: numbers().filter((n) => n.showId === null).length },
      column,
      numbers: inColumn,
      total: inColumn.length,
      page: 1,
      pageSize: 40,
      terms: ['2026-2027'],
    };
  };
  const api = mockApi((url, init) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === '/api/mystudio/recitals')
      return answer(recitalCalls.list, {
        recitals: [
          {
            id: RECITAL,
            name: 'Spring Recital',
            venueName: 'Civic Theatre',
            firstDay: '2027-06-12',
            lastDay: '2027-06-12',
            archived: false,
            publicToken: null,
            shows: [],
          },
        ],
      });
    if (at.pathname === `/api/mystudio/recitals/${RECITAL}/numbers/${FEVER}` && init?.method === 'PUT') {
      feverShow = (JSON.parse(String(init.body)) as { showId: string | null }).showId;
      return answer(recitalShowCalls.placeNumber, { msg: 'The number is saved.' });
    }
    if (at.pathname === `/api/mystudio/recitals/${RECITAL}/numbers`) {
      const asked = at.searchParams.get('show');
      // The server's choice: the numbers without a show when there are any, else the first show.
      const column = asked === 'unassigned' ? null : (asked ?? (feverShow === null ? null : MATINEE));
      return answer(recitalShowCalls.board, board(column));
    }
    return undefined;
  });
  return api;
}

const boardAsks = (api: ReturnType<typeof mockApi>) =>
  api.calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/numbers'))
    .map((u) => u.searchParams.get('show'));

describe('RecitalShowsPage: the numbers board', () => {
  it('opens on the server’s column, stays on it when its last number is placed, and shows another when chosen', async () => {
    const api = fakeStudio();
    renderWithProviders(<RecitalShowsPage />, PAGE);
    const unassigned = await screen.findByRole('region', { name: 'Unassigned' });
    await within(unassigned).findByText('Fever');
    expect(screen.getByText(/2 numbers need a show; 1 without one yet/)).toBeTruthy();
    // First the server's choice, without a column named.
    expect(boardAsks(api)[0]).toBeNull();

    await userEvent.selectOptions(within(unassigned).getByLabelText('Show for Fever'), 'Evening');
    // The board is asked again for the same column by name: the owner stays on it.
    expect(await within(unassigned).findByText('Every number has a show.')).toBeTruthy();
    expect(boardAsks(api).at(-1)).toBe('unassigned');

    await userEvent.selectOptions(screen.getByLabelText('Numbers of'), MATINEE);
    const matinee = await screen.findByRole('region', { name: 'Matinee' });
    expect(await within(matinee).findByText('Swing')).toBeTruthy();
    expect(boardAsks(api).at(-1)).toBe(MATINEE);
    // The chooser names each column with its count.
    expect(screen.getByRole('option', { name: 'Unassigned (0)' })).toBeTruthy();
  });
});
