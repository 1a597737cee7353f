import {
  type OwnerTicketOrder,
  type OwnerTicketOrdersPage,
  ownerTicketCalls,
  recitalCalls,
} from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { buyerLine, seatsText } from '../components/orders-list';
import { RecitalTicketsPage } from './recital-tickets-page';

const PAGE = '/accounts/admin/recital/tickets';
const RECITAL = '3f0c1d5e-8a4b-4c2d-9e1f-0a1b2c3d4e5f';
const ORDER = '5a6b7c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const show = {
  id: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
  name: 'Matinee',
  day: '2027-06-12',
  startsAt: '14:00',
  doorsAt: '13:30',
};

const page: OwnerTicketOrdersPage = {
  recitalId: RECITAL,
  shows: [show],
  orders: [
    {
      id: ORDER,
      number: 12,
      showId: show.id,
      showName: 'Matinee',
      channel: 'public',
      buyerName: 'Robin Guest',
      buyerEmail: 'robin@example.com',
      seats: 'Orchestra B 7, B 8',
      tickets: 2,
      total: 4000,
      refunded: 0,
      state: 'paid',
      paidAt: '2026-11-21T15:00:00.000Z',
      createdAt: '2026-11-21T14:58:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
  sums: { sold: 2, income: 4000, refunded: 0 },
  refundsUntil: '2027-06-05',
};

const ticket = (id: string, n: number) => ({
  id,
  seatId: id,
  section: 'Orchestra',
  row: 'B',
  number: n,
  label: `B ${n}`,
  kind: 'adult' as const,
  price: 2000,
  state: 'sold' as const,
  code: `code-${n}`,
  usedAt: n === 8 ? '2027-06-12T17:40:00.000Z' : null,
});

const order: OwnerTicketOrder = {
  id: ORDER,
  number: 12,
  recitalId: RECITAL,
  recitalName: 'Spring Recital',
  venueName: 'Wellmont Arts Center',
  show,
  channel: 'public',
  buyerName: 'Robin Guest',
  buyerEmail: 'robin@example.com',
  state: 'paid',
  heldUntil: '2026-11-21T15:08:00.000Z',
  total: 4000,
  refunded: 0,
  method: 'card',
  paidAt: '2026-11-21T15:00:00.000Z',
  createdAt: '2026-11-21T14:58:00.000Z',
  tickets: [
    ticket('11111111-1111-4111-8111-111111111111', 7),
    ticket('22222222-2222-4222-8222-222222222222', 8),
  ],
  buyerPhone: null,
  transferId: 'TRsale',
  refundable: true,
  refundRefusal: null,
};

describe('RecitalTicketsPage', () => {
  it('lists the orders with their sums, opens one, and refunds a ticket once confirmed with a reason', async () => {
    const api = mockApi((url, init) => {
      const at = new URL(url, 'http://localhost');
      if (url === '/api/auth/me') return [200, [true, session('owner')]];
      if (at.pathname === '/api/mystudio/recitals')
        return answer(recitalCalls.list, {
          recitals: [
            {
              id: RECITAL,
              name: 'Spring Recital',
              venueName: 'Wellmont',
              firstDay: '2027-06-12',
              lastDay: '2027-06-12',
              archived: false,
              publicToken: '0123456789abcdef01234567',
              shows: [show],
            },
          ],
        });
      if (at.pathname === `/api/mystudio/recitals/${RECITAL}/orders`)
        return answer(ownerTicketCalls.orders, page);
      if (at.pathname === `/api/mystudio/ticket-orders/${ORDER}/refund` && init?.method === 'POST')
        return answer(ownerTicketCalls.refund, {
          order: { ...order, refunded: 2000 },
          msg: 'Refunded $20.00',
        });
      if (at.pathname === `/api/mystudio/ticket-orders/${ORDER}`)
        return answer(ownerTicketCalls.order, order);
      return undefined;
    });
    renderWithProviders(<RecitalTicketsPage />, PAGE);
    const row = await screen.findByTestId('ticket-order');
    expect(within(row).getByText('Robin Guest')).toBeTruthy();
    expect(within(row).getByText('Orchestra B 7, B 8')).toBeTruthy();
    expect(screen.getByTestId('tickets-income').textContent).toBe('$40.00');
    expect(screen.getByText('Orders can be refunded until Jun 5, 2027.')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Open order 12' }));
    const tickets = await screen.findAllByTestId('order-ticket');
    expect(tickets).toHaveLength(2);
    expect(within(tickets[1]!).getByText('Used')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Orchestra B 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund chosen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refund tickets' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refund $20.00' }));
    expect(within(confirm).getByRole('alert').textContent).toBe('Say why the order is refunded.');
    expect(api.calls.some((c) => c.url.endsWith('/refund'))).toBe(false);
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Cannot come');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refund $20.00' }));
    const sent = api.calls.find((c) => c.url.endsWith('/refund'));
    expect(JSON.parse(String(sent!.init!.body))).toEqual({
      ticketIds: ['11111111-1111-4111-8111-111111111111'],
      reason: 'Cannot come',
    });
  });
});

describe('the buyer line under a name', () => {
  it('says the channel, and the e-mail only once the buyer gave one', () => {
    expect(buyerLine({ channel: 'public', buyerEmail: '' })).toBe('Public');
    expect(buyerLine({ channel: 'public', buyerEmail: 'robin@example.com' })).toBe(
      'Public · robin@example.com',
    );
    expect(buyerLine({ channel: 'family', buyerEmail: 'priya@example.com' })).toBe(
      'Family · priya@example.com',
    );
  });
});

describe('the seats line', () => {
  it('keeps each seat’s row and number together', () => {
    expect(seatsText('Orchestra A 5, A 6; Balcony L 10')).toBe(
      'Orchestra A\u00a05, A\u00a06; Balcony L\u00a010',
    );
  });
});
