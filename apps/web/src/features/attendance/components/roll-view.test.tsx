import { type RollOfMeeting, rollCalls } from '@pirouette/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RollView } from './roll-view';

const CLASS = '11111111-1111-4111-8111-111111111111';
const MIA = '22222222-2222-4222-8222-222222222222';
const NOAH = '33333333-3333-4333-8333-333333333333';
const DATE = '2026-11-16';
const KEY = `pirouette.roll.${CLASS}.${DATE}`;

const roll: RollOfMeeting = {
  class: {
    clSchID: CLASS,
    name: 'Jazz I',
    date: DATE,
    timeStart: '16:00',
    timeEnd: '17:00',
    room: 'Studio A',
    teacher: 'Lena Ortiz',
  },
  closure: null,
  canMark: true,
  whyNot: '',
  today: DATE,
  dancers: [
    {
      stdID: MIA,
      firstName: 'Mia',
      lastName: 'R.',
      age: 10,
      allergies: 'Peanuts',
      note: '',
      mark: null,
      markedAt: null,
    },
    {
      stdID: NOAH,
      firstName: 'Noah',
      lastName: 'R.',
      age: 8,
      allergies: '',
      note: 'Asthma inhaler in bag',
      mark: null,
      markedAt: null,
    },
  ],
  makeups: [],
  trials: [],
};

/** The roll's fake server: each PUT's body, answered by `onPut` (saved all by default). */
function rollApi(
  onPut: (body: { marks: { clientId: string; stdID: string }[] }) => [number, unknown] = (b) =>
    answer(rollCalls.mark, {
      msg: 'The roll is saved.',
      saved: b.marks.map((m) => m.clientId),
      ignored: [],
      refused: [],
    }),
) {
  const puts: { marks: { clientId: string; stdID: string; status: string }[] }[] = [];
  const mock = mockApi((url, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return onPut(body) as [number, unknown];
    }
    if (url === `/api/mystudio/attendance/class/${CLASS}/${DATE}`) return answer(rollCalls.roll, roll);
    return undefined;
  });
  return { ...mock, puts };
}

const view = () =>
  renderWithProviders(
    <RollView classId={CLASS} date={DATE} back={{ to: '/accounts/teacher', label: 'Back' }} />,
  );

afterEach(() => {
  window.localStorage.clear();
  onlineManager.setOnline(true);
});

describe('RollView', () => {
  it('marks a dancer present with one tap, sends it, and says all is saved', async () => {
    const user = userEvent.setup();
    const api = rollApi();
    view();
    expect(await screen.findByText('Allergy: Peanuts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mia R.: mark present' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]!.marks).toEqual([expect.objectContaining({ stdID: MIA, status: 'present' })]);
    await waitFor(() => expect(screen.getByTestId('roll-status').textContent).toBe('All marks saved'));
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps the taps on the device when the send fails, and sends them again', async () => {
    const user = userEvent.setup();
    let down = true;
    const api = rollApi((b) =>
      down
        ? [503, [false, 'The server is unavailable.']]
        : answer(rollCalls.mark, {
            msg: 'The roll is saved.',
            saved: b.marks.map((m) => m.clientId),
            ignored: [],
            refused: [],
          }),
    );
    view();
    await user.click(await screen.findByRole('button', { name: 'All present' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('roll-status').textContent).toBe('2 marks not sent yet'));
    expect(screen.getAllByText('Not sent')).toHaveLength(2);
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toHaveLength(2);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.getByTestId('roll-status').textContent).toBe('All marks saved'));
    expect(api.puts.at(-1)!.marks.map((m) => m.clientId)).toEqual(api.puts[0]!.marks.map((m) => m.clientId));
    expect(screen.queryByText('Not sent')).toBeNull();
  });

  it('shows the taps a reload found on the device as not sent', async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify([
        {
          clientId: '44444444-4444-4444-8444-444444444444',
          stdID: NOAH,
          status: 'late',
          at: `${DATE}T21:00:00Z`,
        },
      ]),
    );
    rollApi(() => [503, [false, 'The server is unavailable.']]);
    view();
    const row = (await screen.findAllByTestId('roll-row'))[1]!;
    expect(row.getAttribute('data-mark')).toBe('late');
    expect(within(row).getByText('Not sent')).toBeTruthy();
  });

  it('reads the allergy and the note after the button’s label (aria-describedby)', async () => {
    rollApi();
    view();
    const mia = await screen.findByRole('button', { name: 'Mia R.: mark present' });
    expect(mia.getAttribute('aria-describedby')).toBeTruthy();
    const described = (el: HTMLElement) =>
      el
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(described(mia)).toContain('Allergy: Peanuts');
    expect(described(screen.getByRole('button', { name: 'Noah R.: mark present' }))).toContain(
      'Asthma inhaler in bag',
    );
  });

  it('drops a tap the server refused (dancer off the roll) with a notice, and keeps no tap waiting', async () => {
    const user = userEvent.setup();
    const api = rollApi((b) =>
      answer(rollCalls.mark, {
        msg: 'Some marks were not kept: their dancer is neither in this class on that date nor a booked make-up guest.',
        saved: b.marks.filter((m) => m.stdID !== NOAH).map((m) => m.clientId),
        ignored: [],
        refused: b.marks.filter((m) => m.stdID === NOAH).map((m) => m.clientId),
      }),
    );
    view();
    await user.click(await screen.findByRole('button', { name: 'All present' }));
    await waitFor(() => expect(screen.getByTestId('roll-status').textContent).toBe('All marks saved'));
    expect(screen.getByTestId('roll-dropped').textContent).toContain('1 mark was not kept.');
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(api.puts).toHaveLength(1);
  });

  it('offline, shows the roll last loaded with its note, and keeps new taps on the device', async () => {
    rollApi();
    const first = view();
    expect(await screen.findByText('Allergy: Peanuts')).toBeTruthy();
    first.unmount();
    onlineManager.setOnline(false);
    const user = userEvent.setup();
    view();
    expect((await screen.findByTestId('roll-kept')).textContent).toContain('Shown as last loaded: offline');
    await user.click(screen.getByRole('button', { name: 'Mia R.: mark present' }));
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual([
      expect.objectContaining({ stdID: MIA, status: 'present' }),
    ]);
    expect(screen.getByText('Not sent')).toBeTruthy();
  });
});
