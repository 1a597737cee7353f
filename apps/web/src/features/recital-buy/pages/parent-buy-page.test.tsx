import { cardCalls, familyTicketCalls, TICKETS_TEXT } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, type FakeAnswer, refusal } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { onFile, visa } from '../../cards/test/card-fixtures';
import { familyRecitals, ORDER_ID, paidOrder, SHOW_ID, seatId, seatMap } from '../test/ticket-fixtures';
import { ParentBuyPage } from './parent-buy-page';

const SEATS = `GET /api/parents/recitals/shows/${SHOW_ID}/seats`;
const HOLD = `POST /api/parents/recitals/shows/${SHOW_ID}/hold`;
const PAY = `POST /api/parents/ticket-orders/${ORDER_ID}/pay`;
const RELEASE = `DELETE /api/parents/ticket-orders/${ORDER_ID}`;

const held = (minutes = 10) => ({
  orderId: ORDER_ID,
  heldUntil: new Date(Date.now() + minutes * 60_000).toISOString(),
  seats: [1, 2].map((n) => ({
    seatId: seatId('C', n),
    section: 'Orchestra',
    row: 'C',
    number: n,
    label: `C ${n}`,
  })),
});

function api(over: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const given = over[key];
    if (given) return typeof given === 'function' ? given() : given;
    if (key === 'GET /api/auth/me') return [200, [true, session('user')]];
    if (key === 'GET /api/parents/recitals') return answer(familyTicketCalls.recitals, familyRecitals());
    if (key === SEATS) return answer(familyTicketCalls.seats, seatMap());
    if (key === HOLD) return answer(familyTicketCalls.hold, held());
    if (key === RELEASE) return answer(familyTicketCalls.release, { msg: TICKETS_TEXT.released });
    if (key === 'GET /api/parents/ticket-orders') return answer(familyTicketCalls.orders, { orders: [] });
    if (key === 'GET /api/finix/customer/paymentInstrument/default')
      return answer(cardCalls.cardOnFile, onFile(visa()));
    if (key === PAY) return answer(familyTicketCalls.pay, { order: paidOrder(), msg: TICKETS_TEXT.paid(2) });
    return undefined;
  });
}

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/accounts/parents/tickets/:showId" element={<ParentBuyPage />} />
    </Routes>,
    `/accounts/parents/tickets/${SHOW_ID}`,
  );

const seatButton = (name: RegExp) => screen.getByRole('button', { name });
const bodyOf = (calls: { url: string; init?: RequestInit }[], key: string) =>
  calls
    .filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === key)
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

describe('ParentBuyPage', () => {
  it('picks two seats, holds them, chooses a child ticket and pays by the card on file: the tickets with their QR codes', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    render();
    await screen.findByRole('heading', { name: 'Saturday matinee' });
    await screen.findByRole('region', { name: 'Orchestra seats' });

    // Each seat is a button named for a screen reader; one not to be had says why and does nothing.
    expect(seatButton(/^Row A, seat 1, accessible, \$15\.00$/)).toBeTruthy();
    const sold = seatButton(/^Row A, seat 2, sold$/);
    expect(sold.getAttribute('aria-disabled')).toBe('true');
    await user.click(sold);
    expect(screen.getByText('Choose your seats')).toBeTruthy();

    await user.click(seatButton(/^Row C, seat 1,/));
    await user.click(seatButton(/^Row C, seat 2,/));
    expect(seatButton(/^Row C, seat 1, \$15\.00, chosen$/).getAttribute('aria-pressed')).toBe('true');
    const choice = screen.getByTestId('seat-choice');
    expect(within(choice).getByText('2 seats chosen')).toBeTruthy();
    expect(within(choice).getByText('Orchestra C 1, Orchestra C 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Hold these seats' }));
    expect(bodyOf(calls, HOLD)).toEqual([{ seatIds: [seatId('C', 1), seatId('C', 2)] }]);
    const countdown = await screen.findByTestId('hold-countdown');
    expect(countdown.textContent).toMatch(/^(10:00|9:5\d)/);
    expect(screen.getByTestId('ticket-total').textContent).toBe('$30.00');

    // The second ticket for a child; the family's comps are offered too.
    const second = screen.getByRole('radiogroup', { name: 'Ticket for seat C 2' });
    await user.click(within(second).getByText('Child'));
    expect(screen.getByTestId('ticket-total').textContent).toBe('$25.00');
    expect(within(second).getByText('Comp')).toBeTruthy();

    await user.click(await screen.findByTestId('pay-button'));
    await screen.findByText(TICKETS_TEXT.paid(2));
    expect(bodyOf(calls, PAY)).toEqual([
      {
        tickets: [
          { seatId: seatId('C', 1), kind: 'adult' },
          { seatId: seatId('C', 2), kind: 'child' },
        ],
        total: 2500,
        method: 'card_on_file',
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('ticket-qr')).toHaveLength(2));
    expect(screen.getByRole('img', { name: /QR code of the ticket for Orchestra · C 1/ })).toBeTruthy();
    expect(screen.getByText('priya@example.com')).toBeTruthy();
    // Paid: nothing is released on leaving.
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
  });

  it('says a seat was taken meanwhile, reads the map again and keeps the seats still free', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const { calls } = api({
      [HOLD]: refusal(409, TICKETS_TEXT.seatsTaken(['C 1']), 'card_in_flight'),
      [SEATS]: () => {
        reads += 1;
        const map = seatMap();
        if (reads > 1) map.sections[0]!.rows[2]!.seats[0]!.state = 'held';
        return answer(familyTicketCalls.seats, map);
      },
    });
    render();
    await screen.findByRole('region', { name: 'Orchestra seats' });
    await user.click(seatButton(/^Row C, seat 1,/));
    await user.click(seatButton(/^Row C, seat 2,/));
    await user.click(screen.getByRole('button', { name: 'Hold these seats' }));
    expect((await screen.findByTestId('buy-notice')).textContent).toBe(TICKETS_TEXT.seatsTaken(['C 1']));
    await waitFor(() => expect(seatButton(/^Row C, seat 1, held by another buyer$/)).toBeTruthy());
    expect(within(screen.getByTestId('seat-choice')).getByText('1 seat chosen')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/seats')).length).toBeGreaterThanOrEqual(2);
  });

  it('says when the hold ran out and lets the buyer choose again', async () => {
    const user = userEvent.setup();
    api({
      [HOLD]: answer(familyTicketCalls.hold, {
        ...held(),
        heldUntil: new Date(Date.now() + 1500).toISOString(),
      }),
    });
    render();
    await screen.findByRole('region', { name: 'Orchestra seats' });
    await user.click(seatButton(/^Row C, seat 1,/));
    await user.click(screen.getByRole('button', { name: 'Hold this seat' }));
    expect(await screen.findByText('Your hold ended', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(TICKETS_TEXT.holdEnded)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choose seats again' }));
    expect(await screen.findByRole('region', { name: 'Orchestra seats' })).toBeTruthy();
  });

  it('lets the seats go when the buyer lets go of them', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    render();
    await screen.findByRole('region', { name: 'Orchestra seats' });
    await user.click(seatButton(/^Row C, seat 1,/));
    await user.click(screen.getByRole('button', { name: 'Hold this seat' }));
    await screen.findByTestId('hold-countdown');
    await user.click(screen.getByRole('button', { name: 'Let these seats go and choose again' }));
    await screen.findByRole('region', { name: 'Orchestra seats' });
    expect(calls.filter((c) => `${c.init?.method} ${c.url}` === RELEASE)).toHaveLength(1);
  });

  it('leaving the page lets the held seats go by a call that outlives the page (keepalive)', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    render();
    await screen.findByRole('region', { name: 'Orchestra seats' });
    await user.click(seatButton(/^Row C, seat 1,/));
    await user.click(screen.getByRole('button', { name: 'Hold this seat' }));
    await screen.findByTestId('hold-countdown');
    window.dispatchEvent(new Event('pagehide'));
    const released = calls.filter((c) => `${c.init?.method} ${c.url}` === RELEASE);
    expect(released).toHaveLength(1);
    expect(released[0]!.init).toMatchObject({ keepalive: true, credentials: 'same-origin' });
  });

  it('leaving the screen for another of the app lets the held seats go too', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const { unmount } = render();
    await screen.findByRole('region', { name: 'Orchestra seats' });
    await user.click(seatButton(/^Row C, seat 1,/));
    await user.click(screen.getByRole('button', { name: 'Hold this seat' }));
    await screen.findByTestId('hold-countdown');
    unmount();
    const released = calls.filter((c) => `${c.init?.method} ${c.url}` === RELEASE);
    expect(released).toHaveLength(1);
    expect(released[0]!.init?.keepalive).toBe(true);
  });

  it('refuses a family that owes, with the sentence and the way to pay', async () => {
    api({
      'GET /api/parents/recitals': answer(
        familyTicketCalls.recitals,
        familyRecitals({
          mayBuy: false,
          refusal: { code: 'balance_owed', msg: TICKETS_TEXT.balanceOwed(4200), balance: 4200 },
        }),
      ),
    });
    render();
    const refused = await screen.findByTestId('buy-refusal');
    expect(within(refused).getByText(TICKETS_TEXT.balanceOwed(4200))).toBeTruthy();
    expect(within(refused).getByRole('link', { name: 'Pay the balance now' }).getAttribute('href')).toBe(
      '/accounts/parents?pay=now',
    );
    expect(screen.queryByRole('region', { name: 'Orchestra seats' })).toBeNull();
  });
});
