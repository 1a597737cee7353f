import { type DayMeetings, rollCalls } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ROOT } from '../../../app/paths/admin-sections';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { AttendancePage } from './attendance-page';

const ANNEX = '11111111-1111-4111-8111-111111111111';
const MAIN = '22222222-2222-4222-8222-222222222222';
const DATE = '2026-11-16';
const loc = [
  { id: ANNEX, name: 'Annex' },
  { id: MAIN, name: 'Main Studio' },
];

const meeting = (id: string, name: string, room: string) => ({
  clSchID: id,
  name,
  date: DATE,
  timeStart: '16:00',
  timeEnd: '17:00',
  room,
  teacher: 'Lena Ortiz',
  expected: 3,
  marked: 0,
  guests: 0,
  closure: null,
});

const days: Record<string, DayMeetings> = {
  [ANNEX]: {
    date: DATE,
    today: DATE,
    locID: ANNEX,
    loc,
    meetings: [meeting('33333333-3333-4333-8333-333333333333', 'Annex Ballet', 'Annex Hall')],
  },
  [MAIN]: {
    date: DATE,
    today: DATE,
    locID: MAIN,
    loc,
    meetings: [meeting('44444444-4444-4444-8444-444444444444', 'Jazz 1', 'Studio A')],
  },
};

afterEach(() => window.localStorage.clear());

describe("the owner's day (decision 088)", () => {
  it("shows the first location's meetings, then another's when switched, each linking with its location", async () => {
    const user = userEvent.setup();
    const api = mockApi((url) => {
      const asked = new URL(url, 'http://x').searchParams;
      if (!url.startsWith('/api/mystudio/attendance/meetings')) return undefined;
      return answer(rollCalls.day, days[asked.get('locID') ?? ANNEX]!);
    });
    renderWithProviders(<AttendancePage />, `${ADMIN_ROOT}/schedule/attendance?date=${DATE}`);
    expect(await screen.findByText('Annex Ballet')).toBeTruthy();
    expect(api.calls.at(-1)!.url).toBe(`/api/mystudio/attendance/meetings?date=${DATE}`);

    await user.click(screen.getByRole('textbox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Main Studio', hidden: true }));
    expect(await screen.findByText('Jazz 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Annex Ballet')).toBeNull());
    expect(api.calls.at(-1)!.url).toBe(`/api/mystudio/attendance/meetings?date=${DATE}&locID=${MAIN}`);
    const card = screen.getByTestId('meeting-card');
    expect(card.getAttribute('href')).toBe(
      `${ADMIN_ROOT}/schedule/attendance?date=${DATE}&loc=${MAIN}&class=44444444-4444-4444-8444-444444444444`,
    );
  });

  it('offers no switch when the studio has one location', async () => {
    mockApi((url) =>
      url.startsWith('/api/mystudio/attendance/meetings')
        ? answer(rollCalls.day, { ...days[ANNEX]!, loc: [loc[0]!] })
        : undefined,
    );
    renderWithProviders(<AttendancePage />, `${ADMIN_ROOT}/schedule/attendance?date=${DATE}`);
    expect(await screen.findByText('Annex Ballet')).toBeTruthy();
    expect(screen.queryByTestId('day-location')).toBeNull();
  });
});
