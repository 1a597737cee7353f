import { endOfMonth, startOfMonth, todayInZone } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { ClosuresPage } from './closures-page';

const CLOSURE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const JAZZ = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const month = startOfMonth(todayInZone());
const day = (n: number) => `${month.slice(0, 8)}${String(n).padStart(2, '0')}`;

const closure = {
  id: CLOSURE,
  clSchID: null,
  className: null,
  dateFrom: day(3),
  dateTo: day(4),
  reason: 'Snow day',
  givesMakeups: true,
  creditsTuition: true,
  nMeetings: 2,
  nFamilies: 5,
  createdAt: `${day(1)}T12:00:00.000Z`,
  createdBy: 'Olivia Owner',
};
const meeting = (date: string, cancelled: boolean) => ({
  clSchID: JAZZ,
  className: 'Jazz 1',
  date,
  timeStart: '17:00',
  timeEnd: '18:00',
  closureID: cancelled ? CLOSURE : null,
  reason: cancelled ? 'Snow day' : null,
});

function api(previews: string[] = []) {
  return mockApi((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/mystudio/closures' && (init?.method ?? 'GET') === 'GET')
      return [200, [true, { items: [closure] }]];
    if (u.pathname === '/api/mystudio/meetings')
      return [200, [true, { items: [meeting(day(3), true), meeting(day(10), false)] }]];
    if (u.pathname === '/api/mystudio/closures/preview') {
      previews.push(u.search);
      return [
        200,
        [true, { nMeetings: 3, nFamilies: 2, nDancers: 4, problem: null, makeupsByDefault: true }],
      ];
    }
    if (u.pathname === '/api/mystudio/closures' && init?.method === 'POST')
      return [
        200,
        [
          true,
          {
            id: CLOSURE,
            msg: 'Closure saved: 3 meetings cancelled, 2 families told.',
            nMeetings: 3,
            nFamilies: 2,
          },
        ],
      ];
    return undefined;
  });
}

describe('ClosuresPage', () => {
  it("lists the month's closures with what they did, and its meetings, the cancelled marked", async () => {
    api();
    renderWithProviders(<ClosuresPage />, '/accounts/admin/schedule/closures');
    expect(await screen.findByText('Snow day')).toBeTruthy();
    expect(screen.getByText(/All classes/)).toBeTruthy();
    expect(screen.getByText('2 meetings cancelled · 5 families told')).toBeTruthy();
    expect(screen.getByText('Make-up credits')).toBeTruthy();
    expect(screen.getByText('Tuition credited')).toBeTruthy();
    // A phone-width list folds the days before today away; they open on asking.
    await screen.findByText('2 meetings this month, 1 cancelled.');
    const earlier = screen.queryByRole('button', { name: /^Show the \d+ earlier days? of the month$/ });
    if (earlier) await userEvent.click(earlier);
    expect(await screen.findByText('Cancelled: Snow day')).toBeTruthy();
    expect(screen.getByText('2 meetings this month, 1 cancelled.')).toBeTruthy();
    expect(endOfMonth(month) >= day(10)).toBe(true);
  });

  it('adds a closure after its preview, the make-ups switch on as the studio proposes', async () => {
    const previews: string[] = [];
    const { calls } = api(previews);
    renderWithProviders(<ClosuresPage />, '/accounts/admin/schedule/closures');
    await userEvent.click(await screen.findByRole('button', { name: 'Add closure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a closure' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Thanksgiving');
    expect(
      await within(dialog).findByText(/This cancels 3 class meetings of 4 dancers; 2 families are told/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('switch', { name: /Give make-up credits/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect((within(dialog).getByRole('switch', { name: /Credit tuition/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close these classes' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      clSchID: null,
      reason: 'Thanksgiving',
      givesMakeups: true,
      creditsTuition: false,
    });
    expect(previews.length).toBeGreaterThan(0);
  });
});
