import { MAKEUP_TEXT, type MakeupCredit, type MakeupsAnswer, makeupCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, refusal } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { groupByDate } from '../lib/makeups';
import { MakeupsCard } from './makeups-card';

const LIST = '/api/parents/makeups';
const CREDIT = '11111111-1111-4111-8111-111111111111';
const JAZZ = '22222222-2222-4222-8222-222222222222';
const BALLET = '33333333-3333-4333-8333-333333333333';
const BOOKING = '44444444-4444-4444-8444-444444444444';

const option = (clSchID: string, className: string, date: string, day: number, placesLeft: number) => ({
  clSchID,
  className,
  date,
  day,
  timeStart: '16:00',
  timeEnd: '17:00',
  room: 'Studio A',
  placesLeft,
});

const open: MakeupCredit = {
  id: CREDIT,
  studentID: 's1',
  studentName: 'Mia Rivera',
  source: 'absence',
  missed: { clSchID: 'c0', className: 'Ballet 2', date: '2026-11-18' },
  expiresOn: '2026-12-18',
  state: 'open',
  note: '',
  booking: null,
  options: [
    option(JAZZ, 'Jazz 2', '2026-11-23', 0, 1),
    option(BALLET, 'Ballet 4', '2026-11-23', 0, 6),
    option(JAZZ, 'Jazz 2', '2026-11-30', 0, 4),
  ],
};
const booked = (cancellable: boolean): MakeupCredit => ({
  ...open,
  id: '55555555-5555-4555-8555-555555555555',
  studentName: 'Leo Rivera',
  state: 'booked',
  options: [],
  booking: {
    id: BOOKING,
    clSchID: JAZZ,
    className: 'Jazz 2',
    date: '2026-11-23',
    day: 0,
    timeStart: '16:00',
    timeEnd: '17:00',
    room: 'Studio A',
    cancellable,
    cancelUntil: '2026-11-22T21:00:00.000Z',
  },
});

function api(credits: MakeupCredit[], book?: 'ok' | 'full') {
  const data: MakeupsAnswer = { credits, cancelHours: 24 };
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === `GET ${LIST}`) return answer(makeupCalls.parentList, data);
    if (key === `POST ${LIST}`)
      return book === 'full'
        ? refusal(422, MAKEUP_TEXT.full, 'makeup_full')
        : answer(makeupCalls.book, { id: BOOKING, msg: MAKEUP_TEXT.booked });
    if (key === `DELETE ${LIST}/${BOOKING}`)
      return answer(makeupCalls.cancel, { msg: MAKEUP_TEXT.bookingCancelled });
    return undefined;
  });
}

describe('groupByDate', () => {
  it('keeps the server’s order and puts each date’s classes together', () => {
    const groups = groupByDate(open.options);
    expect(groups.map((g) => [g.label, g.options.map((o) => o.className)])).toEqual([
      ['Monday, Nov 23, 2026', ['Jazz 2', 'Ballet 4']],
      ['Monday, Nov 30, 2026', ['Jazz 2']],
    ]);
  });
});

describe('MakeupsCard', () => {
  it('shows nothing to a family without a credit', async () => {
    const { calls } = api([]);
    renderWithProviders(<MakeupsCard />);
    await waitFor(() => expect(calls.some((c) => c.url === LIST)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Make-up classes')).toBeNull();
    expect(screen.queryByTestId('makeup-credit')).toBeNull();
  });

  it('books a make-up: the meetings by date with places left, a confirm, one POST of the choice', async () => {
    const user = userEvent.setup();
    const { calls } = api([open], 'ok');
    renderWithProviders(<MakeupsCard />);
    const row = await screen.findByTestId('makeup-credit');
    expect(row.textContent).toContain('Missed: Ballet 2 on Nov 18, 2026');
    expect(row.textContent).toContain('Book by Dec 18, 2026');
    await user.click(screen.getByRole('button', { name: 'Book a make-up for Mia Rivera' }));
    const dialog = await screen.findByRole('dialog');
    const first = within(dialog).getByRole('group', { name: 'Monday, Nov 23, 2026' });
    expect(
      within(first)
        .getAllByTestId('makeup-option')
        .map((o) => o.textContent),
    ).toEqual([
      'Jazz 21 place left4:00 PM – 5:00 PM · Studio A',
      'Ballet 46 places left4:00 PM – 5:00 PM · Studio A',
    ]);
    const go = within(dialog).getByRole('button', { name: 'Continue' });
    expect(go.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getAllByRole('radio')[1]!);
    await user.click(go);
    expect(within(dialog).getByText(/Book Mia Rivera into/).textContent).toContain('Ballet 4');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText(MAKEUP_TEXT.booked)).toBeTruthy();
    const posts = calls.filter((c) => c.init?.method === 'POST' && c.url === LIST);
    expect(posts.map((p) => JSON.parse(String(p.init?.body)))).toEqual([
      { creditID: CREDIT, clSchID: BALLET, date: '2026-11-23' },
    ]);
  });

  it('says in the dialog that the place was taken, and lets the parent choose again', async () => {
    const user = userEvent.setup();
    api([open], 'full');
    renderWithProviders(<MakeupsCard />);
    await user.click(await screen.findByRole('button', { name: 'Book a make-up for Mia Rivera' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByRole('radio')[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MAKEUP_TEXT.full);
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  });

  it('cancels a booking before the cut-off', async () => {
    const user = userEvent.setup();
    const { calls } = api([booked(true)]);
    renderWithProviders(<MakeupsCard />);
    const cancel = await screen.findByRole('button', { name: 'Cancel the make-up of Leo Rivera in Jazz 2' });
    expect(screen.getByTestId('makeup-credit').textContent).toContain(
      'Jazz 2 · Monday, Nov 23, 2026 · 4:00 PM – 5:00 PM · Studio A',
    );
    await user.click(cancel);
    expect(await screen.findByText(MAKEUP_TEXT.bookingCancelled)).toBeTruthy();
    expect(calls.filter((c) => c.init?.method === 'DELETE').map((c) => c.url)).toEqual([
      `${LIST}/${BOOKING}`,
    ]);
  });

  it('keeps Cancel off past the cut-off, and says why', async () => {
    api([booked(false)]);
    renderWithProviders(<MakeupsCard />);
    const cancel = await screen.findByRole('button', { name: 'Cancel the make-up of Leo Rivera in Jazz 2' });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('cancel-blocked').textContent).toBe(
      'Too late to cancel: make-ups can be cancelled until 24 hours before the class starts.',
    );
  });
});
