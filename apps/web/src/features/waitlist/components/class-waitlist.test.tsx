import { waitlistCalls, waitlistMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { LYRICAL } from '../../class-registration/lib/builder.fixture';
import { entry } from '../test/waitlist-fixtures';
import { ClassWaitlist } from './class-waitlist';

const A = 'a2000000-0000-4000-8000-00000000000a';
const B = 'a2000000-0000-4000-8000-00000000000b';
const C = 'a2000000-0000-4000-8000-00000000000c';
const O = 'a2000000-0000-4000-8000-00000000000d';
const BASE = `/api/mystudio/schedule/class/${LYRICAL}/waitlist`;

const list = () => [
  entry({ id: B, student: 'Bea Moss', family: 'Moss', position: 2 }),
  entry({ id: A, student: 'Ada Lin', family: 'Lin', position: 1 }),
  entry({ id: C, student: 'Cy Ward', family: 'Ward', position: 3 }),
  entry({
    id: O,
    student: 'Oona Park',
    family: 'Park',
    status: 'offered',
    offeredAt: '2026-11-21T15:00:00.000Z',
    expiresAt: '2026-11-22T15:00:00.000Z',
  }),
  entry({ id: 'old', student: 'Zed Ray', family: 'Ray', status: 'expired' }),
];

function api() {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === `GET ${BASE}`) return answer(waitlistCalls.classList, list());
    if (key === `PUT ${BASE}/order`)
      return answer(waitlistCalls.reorder, { msg: waitlistMessages.reordered });
    if (key === `POST ${BASE}/${B}/offer`)
      return answer(waitlistCalls.offer, { msg: waitlistMessages.offered('Bea') });
    if (key === `DELETE ${BASE}/${C}`) return answer(waitlistCalls.remove, { msg: waitlistMessages.removed });
    return undefined;
  });
}

const bodyOf = (calls: { url: string; init?: RequestInit }[], key: string) =>
  JSON.parse(String(calls.find((c) => `${c.init?.method} ${c.url}` === key)?.init?.body));

describe('ClassWaitlist', () => {
  it('lists the offer with its expiry, the waiting in order, and what became of the rest', async () => {
    api();
    renderWithProviders(<ClassWaitlist classId={LYRICAL} timeZone="America/New_York" />);
    const waiting = await screen.findAllByTestId('waitlist-waiting');
    expect(waiting.map((w) => within(w).getByText(/^#/).textContent)).toEqual(['#1', '#2', '#3']);
    expect(waiting.map((w) => w.textContent)).toEqual([
      expect.stringContaining('Ada Lin'),
      expect.stringContaining('Bea Moss'),
      expect.stringContaining('Cy Ward'),
    ]);
    expect(screen.getByTestId('waitlist-offer').textContent).toContain('held until Nov 22, 2026, 10:00 AM');
    expect(screen.getByTestId('waitlist-past').textContent).toBe('Zed Ray (Ray): Offer expired');
    expect(screen.getByRole('button', { name: 'Move Ada Lin up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Cy Ward down' }).hasAttribute('disabled')).toBe(true);
  });

  it('moving a dancer up sends the whole new order', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<ClassWaitlist classId={LYRICAL} timeZone="America/New_York" />);
    await user.click(await screen.findByRole('button', { name: 'Move Cy Ward up' }));
    expect(await screen.findByText(waitlistMessages.reordered)).toBeTruthy();
    expect(bodyOf(calls, `PUT ${BASE}/order`)).toEqual({ ids: [A, C, B] });
  });

  it('moving one down, offering the place out of turn, removing: each its call', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<ClassWaitlist classId={LYRICAL} timeZone="America/New_York" />);
    await user.click(await screen.findByRole('button', { name: 'Move Ada Lin down' }));
    await screen.findByText(waitlistMessages.reordered);
    expect(bodyOf(calls, `PUT ${BASE}/order`)).toEqual({ ids: [B, A, C] });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Offer the place to Bea Moss' }).hasAttribute('disabled'),
      ).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Offer the place to Bea Moss' }));
    expect(await screen.findByText(waitlistMessages.offered('Bea'))).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Cy Ward' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Cy Ward' }));
    expect(await screen.findByText(waitlistMessages.removed)).toBeTruthy();
    expect(calls.filter((c) => c.init?.method === 'POST').map((c) => c.url)).toEqual([`${BASE}/${B}/offer`]);
    expect(calls.filter((c) => c.init?.method === 'DELETE').map((c) => c.url)).toEqual([`${BASE}/${C}`]);
  });
});
