import { RECITAL_SHOWS_TEXT, recitalShowCalls, type ShowRunningOrder } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RunningOrderPanel } from './running-order-panel';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const ava = { id: id(9), name: 'Ava Adams', familyId: id(8), familyName: 'Adams' };
const number = (n: number, name: string, dancers = [] as (typeof ava)[]) => ({
  id: id(n),
  place: n,
  name,
  className: 'Jazz I',
  songName: `${name} song`,
  songArtist: '',
  songLength: '3:00',
  startsAt: '18:30',
  locked: false,
  dancers,
});

const DATA: ShowRunningOrder = {
  recital: {
    id: id(7),
    name: 'Spring Recital',
    venueName: 'Civic Theatre',
    venueAddress: '',
    firstDay: '2027-06-12',
    lastDay: '2027-06-12',
    gapSeconds: 30,
    intermissionMinutes: 15,
    archived: false,
  },
  show: {
    id: id(6),
    name: 'Evening',
    day: '2027-06-12',
    startsAt: '18:30',
    doorsAt: '18:00',
    intermissionAfter: null,
  },
  quickChangeGap: 3,
  numbers: [number(1, 'Fever', [ava]), number(2, 'Waltz'), number(3, 'Groove'), number(4, 'Swing', [ava])],
  endsAt: '18:44',
  seconds: 810,
  quickChanges: [],
};

describe('the running order panel (decision 072)', () => {
  it('reckons start times, flags a quick change in words as numbers move, and saves the order', async () => {
    const sent: unknown[] = [];
    mockApi((url, init) => {
      if (!url.includes('/order')) return undefined;
      sent.push(JSON.parse(String(init?.body)));
      return answer(recitalShowCalls.saveOrder, { ...DATA, msg: RECITAL_SHOWS_TEXT.orderSaved });
    });
    renderWithProviders(<RunningOrderPanel data={DATA} />);
    const rows = () => screen.getAllByTestId('running-number');
    expect(within(rows()[1]!).getByText('18:33')).toBeTruthy();
    expect(screen.queryByTestId('quick-changes')).toBeNull();
    // Swing up twice: Fever #1 then Swing #2, 1 apart.
    await userEvent.click(screen.getByRole('button', { name: 'Move Swing up' }));
    expect(screen.getByTestId('quick-changes').textContent).toContain(
      'Ava Adams: Fever (#1) then Swing (#3), 2 apart — needs 3',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move Swing up' }));
    expect(screen.getByTestId('quick-changes').textContent).toContain(
      'Ava Adams: Fever (#1) then Swing (#2), 1 apart — needs 3',
    );
    expect(rows()[1]!.getAttribute('data-clash')).toBe('true');
    // The intermission after #1 puts 15 minutes before the second number.
    await userEvent.selectOptions(screen.getByLabelText('Intermission'), '0');
    expect(within(rows()[1]!).getByText('18:48')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ order: [id(1), id(4), id(2), id(3)], intermissionAfter: 0 });
  });
});
