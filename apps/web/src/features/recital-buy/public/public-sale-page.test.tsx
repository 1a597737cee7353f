import { publicTicketCalls, TICKETS_TEXT } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { cardsApi } from '../../cards/test/card-fixtures';
import { ORDER_ID, paidOrder, RECITAL_ID, SHOW_ID, seatId, seatMap, show } from '../test/ticket-fixtures';
import { PublicSalePage } from './public-sale-page';
import { TicketPage } from './ticket-page';

const TOKEN = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const SECRET = 'secret-of-the-order-0123456789';
const PAY = `POST /api/tickets/orders/${ORDER_ID}/pay`;
const CODE = 'CODE-C1-abcdefghijkl';

const recital = {
  id: RECITAL_ID,
  name: 'Spring Recital 2027',
  venueName: 'Lincoln Theater',
  venueAddress: '12 Main St',
  salesState: 'open' as const,
  opensAt: null,
  salesUntil: null,
  prices: seatMap().prices,
  studioName: 'Demo Dance Academy',
  shows: [{ ...show, onSale: true, free: 27 }],
  tokenizer: { kind: 'sandbox' as const, applicationId: 'sandbox', tokenUrl: '/sandbox/finix/tokens' },
};

function api() {
  return cardsApi((key) => {
    if (key === `GET /api/tickets/${TOKEN}`) return answer(publicTicketCalls.recital, recital);
    if (key === `GET /api/tickets/${TOKEN}/shows/${SHOW_ID}/seats`)
      return answer(publicTicketCalls.seats, seatMap());
    if (key === `POST /api/tickets/${TOKEN}/shows/${SHOW_ID}/hold`) {
      return answer(publicTicketCalls.hold, {
        orderId: ORDER_ID,
        heldUntil: new Date(Date.now() + 600_000).toISOString(),
        seats: [{ seatId: seatId('C', 1), section: 'Orchestra', row: 'C', number: 1, label: 'C 1' }],
        secret: SECRET,
      });
    }
    if (key === PAY) {
      const order = paidOrder({
        channel: 'public',
        buyerName: 'Morgan Lee',
        buyerEmail: 'morgan@example.com',
      });
      return answer(publicTicketCalls.pay, {
        order: { ...order, total: 1500, tickets: order.tickets.slice(0, 1) },
        msg: TICKETS_TEXT.paid(1),
      });
    }
    if (key === `GET /api/tickets/ticket/${CODE}`) {
      return answer(publicTicketCalls.ticket, {
        code: CODE,
        recitalName: 'Spring Recital 2027',
        venueName: 'Lincoln Theater',
        venueAddress: '12 Main St',
        studioName: 'Demo Dance Academy',
        show,
        section: 'Orchestra',
        row: 'C',
        number: 1,
        label: 'C 1',
        kind: 'adult',
        state: 'sold',
        usedAt: '2027-06-12T17:41:00.000Z',
        orderNumber: 1001,
        buyerName: 'Morgan Lee',
      });
    }
    return undefined;
  });
}

const render = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/tickets/t/:code" element={<TicketPage />} />
      <Route path="/tickets/:token" element={<PublicSalePage />} />
    </Routes>,
    path,
  );

async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4895142232120006');
  await user.type(screen.getByRole('textbox', { name: 'Expiry' }), '0830');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await user.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Morgan Lee');
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '07042');
}

describe('the public sale by its link', () => {
  it('shows the recital, then a show’s map; a buyer holds a seat, gives their details and pays by card', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    render(`/tickets/${TOKEN}`);
    expect((await screen.findByTestId('sale-words')).textContent).toBe('On sale until the doors open');
    await user.click(screen.getByRole('link', { name: 'Choose seats for Saturday matinee' }));
    await screen.findByRole('region', { name: 'Orchestra seats' });
    await user.click(screen.getByRole('button', { name: /^Row C, seat 1,/ }));
    await user.click(screen.getByRole('button', { name: 'Hold this seat' }));
    await screen.findByTestId('hold-countdown');
    // No comps for the public: adult or child only.
    const kinds = screen.getByRole('radiogroup', { name: 'Ticket for seat C 1' });
    expect(within(kinds).queryByText('Comp')).toBeNull();
    expect(screen.getByTestId('ticket-total').textContent).toBe('$15.00');

    // Paying without a name or an e-mail is refused in words under the fields.
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $15.00' }));
    expect(await screen.findByText('Check your name and e-mail above.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/pay'))).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Morgan Lee');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'morgan@example.com');
    await user.click(screen.getByRole('button', { name: 'Pay $15.00' }));
    await screen.findByText(TICKETS_TEXT.paid(1));
    const sent = calls.filter((c) => `${c.init?.method} ${c.url}` === PAY);
    expect(sent).toHaveLength(1);
    const body = JSON.parse(String(sent[0]!.init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      secret: SECRET,
      buyerName: 'Morgan Lee',
      buyerEmail: 'morgan@example.com',
      tickets: [{ seatId: seatId('C', 1), kind: 'adult' }],
      total: 1500,
    });
    expect(typeof body.token).toBe('string');
    await waitFor(() => expect(screen.getAllByTestId('ticket-qr')).toHaveLength(1));
  });

  it('opens one ticket for the door: the show, the seat, and when it was used', async () => {
    api();
    render(`/tickets/t/${CODE}`);
    const page = await screen.findByTestId('ticket-page');
    expect(within(page).getByText('Saturday matinee')).toBeTruthy();
    expect(within(page).getByText('Sat, Jun 12, 2027 · 2:00 PM')).toBeTruthy();
    expect(within(page).getByTestId('ticket-used').textContent).toMatch(/^Used at the door: Jun 12, 2027/);
    await waitFor(() =>
      expect(within(page).getByRole('img', { name: 'QR code of the ticket for seat C 1' })).toBeTruthy(),
    );
  });
});
