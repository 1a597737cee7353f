import {
  type CalendarFeedAnswer,
  calendarFeedCalls,
  calendarMessages,
  googleCalendarUrlOf,
} from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../test/fake-api';
import { mockApi, renderWithProviders } from '../../test/render';
import { CalendarFeedCard } from './calendar-feed-card';

const FEED = '/api/parents/calendar';
const OFF: CalendarFeedAnswer = { on: false, url: null, createdAt: null, createdBy: null };
const urlOf = (n: number) => `https://app.example/api/calendar/${String(n).repeat(43).slice(0, 43)}.ics`;

/** The family's feed as the server keeps it: each POST a new address, DELETE off. */
function feedApi(first: CalendarFeedAnswer = OFF) {
  let current = first;
  let made = 0;
  const sent: string[] = [];
  const mock = mockApi((url, init) => {
    if (url !== FEED) return undefined;
    const method = init?.method ?? 'GET';
    if (method === 'GET') return answer(calendarFeedCalls.get, current);
    sent.push(method);
    if (method === 'POST') {
      const was = current.on;
      made += 1;
      current = {
        on: true,
        url: urlOf(made),
        createdAt: '2026-11-21T15:00:00.000Z',
        createdBy: 'Priya Patel',
      };
      return answer(calendarFeedCalls.renew, {
        ...current,
        msg: was ? calendarMessages.renewed : calendarMessages.turnedOn,
      });
    }
    current = OFF;
    return answer(calendarFeedCalls.turnOff, { ...current, msg: calendarMessages.turnedOff });
  });
  return { ...mock, sent };
}

const address = () => screen.getByRole('textbox', { name: 'Calendar address' }) as HTMLInputElement;

describe('CalendarFeedCard', () => {
  it('explains the feed and turns it on, then shows the address with its Google and webcal links', async () => {
    const user = userEvent.setup();
    const api = feedApi();
    renderWithProviders(<CalendarFeedCard studioName="Pirouette Dance Academy" />);
    expect(await screen.findByText(/when Pirouette Dance Academy changes a class/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Calendar address' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(calendarMessages.turnedOn)).toBeTruthy();
    expect(api.sent).toEqual(['POST']);
    await waitFor(() => expect(address().value).toBe(urlOf(1)));
    expect(screen.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(
      googleCalendarUrlOf(urlOf(1)),
    );
    expect(googleCalendarUrlOf(urlOf(1))).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(urlOf(1).replace('https://', 'webcal://'))}`,
    );
    expect(screen.getByRole('link', { name: 'Add to Apple Calendar or Outlook' }).getAttribute('href')).toBe(
      urlOf(1).replace('https://', 'webcal://'),
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByTestId('calendar-feed-made').textContent).toBe(
      'Made Nov 21, 2026, 10:00 AM by Priya Patel',
    );
  });

  it('makes a new address only after a confirmation that the old one stops working', async () => {
    const user = userEvent.setup();
    const api = feedApi({ on: true, url: urlOf(7), createdAt: '2026-11-20T12:00:00.000Z', createdBy: null });
    renderWithProviders(<CalendarFeedCard studioName="Pirouette" />);
    await waitFor(() => expect(address().value).toBe(urlOf(7)));

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new address?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    // Kept: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep this address' }));
    expect(api.sent).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    const again = await screen.findByRole('dialog', { name: 'Make a new address?' });
    await user.click(within(again).getByRole('button', { name: 'Make a new address' }));
    expect(await screen.findByText(calendarMessages.renewed)).toBeTruthy();
    expect(api.sent).toEqual(['POST']);
    await waitFor(() => expect(address().value).toBe(urlOf(1)));
  });

  it('turns off after a confirmation, back to the explanation and Turn on', async () => {
    const user = userEvent.setup();
    const api = feedApi({
      on: true,
      url: urlOf(3),
      createdAt: '2026-11-20T12:00:00.000Z',
      createdBy: 'Priya Patel',
    });
    renderWithProviders(<CalendarFeedCard studioName="Pirouette" />);
    await waitFor(() => expect(address().value).toBe(urlOf(3)));

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(calendarMessages.turnedOff)).toBeTruthy();
    expect(api.sent).toEqual(['DELETE']);
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Calendar address' })).toBeNull();
  });
});
