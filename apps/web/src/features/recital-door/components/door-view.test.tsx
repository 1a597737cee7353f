import { type DoorPage, doorCalls, type ScanAnswer } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { DoorView } from './door-view';

const SHOW = '11111111-1111-4111-8111-111111111111';
const KEY = `pirouette.door.${SHOW}`;

const page: DoorPage = {
  show: {
    id: SHOW,
    name: 'Saturday 2 PM',
    day: '2026-11-21',
    startsAt: '14:00',
    doorsAt: '13:30',
    recital: 'Spring',
  },
  counts: { sold: 2, admitted: 0, left: 2 },
  recent: [],
  tickets: [
    {
      code: 'CODE-ONE',
      seat: 'Orchestra · Row C · Seat 1',
      holder: 'Dana Rivera',
      state: 'valid',
      firstUse: null,
    },
    {
      code: 'CODE-TWO',
      seat: 'Orchestra · Row C · Seat 2',
      holder: 'Dana Rivera',
      state: 'valid',
      firstUse: null,
    },
  ],
};

type Sent = { clientScanId: string; code: string; offline?: boolean };
const reply = (s: Sent, over: Partial<ScanAnswer> = {}): ScanAnswer => ({
  clientScanId: s.clientScanId,
  result: 'admitted',
  msg: 'Welcome: Orchestra · Row C · Seat 1.',
  code: s.code,
  seat: 'Orchestra · Row C · Seat 1',
  show: 'Saturday 2 PM',
  holder: 'Dana Rivera',
  firstUse: null,
  usedTwice: false,
  ...over,
});

/** The door's fake server: each POST's scans, answered by `onPost` (admitted by default). */
function doorApi(onPost: (scans: Sent[]) => [number, unknown]) {
  const posts: Sent[][] = [];
  const mock = mockApi((url, init) => {
    if (init?.method === 'POST') {
      const scans = JSON.parse(String(init.body)).scans as Sent[];
      posts.push(scans);
      return onPost(scans);
    }
    if (url === `/api/mystudio/door/${SHOW}`) return answer(doorCalls.page, page);
    return undefined;
  });
  return { ...mock, posts };
}

const type = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
  await user.type(screen.getByLabelText('Ticket code'), code);
  await user.click(screen.getByRole('button', { name: 'Check' }));
};

afterEach(() => window.localStorage.clear());

describe('DoorView', () => {
  it('sends a typed code at once and shows the answer, big and green', async () => {
    const user = userEvent.setup();
    const api = doorApi((scans) => answer(doorCalls.scan, { results: scans.map((s) => reply(s)) }));
    renderWithProviders(<DoorView showId={SHOW} />);
    expect(await screen.findByText('To come')).toBeTruthy();
    await type(user, 'CODE-ONE');
    await waitFor(() => expect(screen.getByTestId('door-result').dataset.tone).toBe('admitted'));
    expect(api.posts[0]).toEqual([expect.objectContaining({ code: 'CODE-ONE', door: 'Main door' })]);
    expect(screen.getByText('Every scan sent')).toBeTruthy();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps a scan the server did not get, checks it on the phone, sends it again, and shows a ticket used twice', async () => {
    const user = userEvent.setup();
    let down = true;
    const api = doorApi((scans) =>
      down
        ? [503, [false, 'The server is unavailable.']]
        : answer(doorCalls.scan, {
            results: scans.map((s) =>
              reply(s, {
                result: 'already_used',
                msg: 'Already used at 1:31 PM, Side door (Lena R.).',
                firstUse: { at: '2026-11-21T18:31:00.000Z', door: 'Side door', by: 'Lena R.' },
                usedTwice: true,
              }),
            ),
          }),
    );
    renderWithProviders(<DoorView showId={SHOW} />);
    expect(await screen.findByText('To come')).toBeTruthy();
    await type(user, 'CODE-TWO');
    await waitFor(() => expect(api.posts).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('1 scan waiting to be sent')).toBeTruthy());
    expect(screen.getByTestId('door-result').dataset.tone).toBe('admitted');
    expect(screen.getByText('Offline check')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual([
      expect.objectContaining({ code: 'CODE-TWO' }),
    ]);
    // The same code again on this phone is refused at once, from what the phone let in.
    await type(user, 'CODE-TWO');
    await waitFor(() => expect(screen.getByTestId('door-result').dataset.tone).toBe('refused'));
    down = false;
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.getByText('Every scan sent')).toBeTruthy());
    const ids = api.posts.at(-1)!.map((s) => s.clientScanId);
    expect(ids).toContain(api.posts[0]![0]!.clientScanId);
    expect(screen.getAllByText(/used twice/).length).toBeGreaterThan(0);
  });
});
