import { type CardClearing, type PayoutDetail, payoutCalls } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { PayoutsPage } from './payouts-page';

const PAGE = '/accounts/admin/transactions/payouts';
const PATEL = '7d1b6f0e-3f5a-4a43-9c43-6f1d2b1e0a01';

const payout: PayoutDetail = {
  id: '0c9a3c52-0b0e-4d43-8f77-1f1b6a2b9c10',
  paidOn: '2026-12-02',
  description: 'Card payout Dec 2, 2026',
  settlementId: 'STone',
  fundingTransferId: 'TRfunding',
  gross: 31_900 - 3_500,
  fees: 955,
  net: 31_900 - 3_500 - 955,
  count: 2,
  items: [
    {
      transferId: 'TRsale',
      kind: 'sale',
      amount: 31_900,
      fee: 955,
      familyId: PATEL,
      familyName: 'Patel',
      paymentId: 'a1',
    },
    {
      transferId: 'TRrefund',
      kind: 'refund',
      amount: -3_500,
      fee: 0,
      familyId: PATEL,
      familyName: 'Patel',
      paymentId: 'a2',
    },
  ],
};

const clearing: CardClearing = {
  balance: 4_125,
  unpaid: {
    count: 1,
    sum: 4_125,
    payments: [
      {
        paymentId: 'p1',
        familyId: PATEL,
        familyName: 'Patel',
        date: '2026-12-03',
        description: 'Card payment',
        amount: 4_125,
      },
    ],
  },
  unmatched: { count: 0, sum: 0 },
  explained: true,
  page: 1,
  pageSize: 10,
};

function payoutsApi(options: { payouts?: PayoutDetail[] } = {}) {
  const list = options.payouts ?? [payout];
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === '/api/mystudio/payouts/clearing') return answer(payoutCalls.clearing, clearing);
    if (at.pathname === '/api/mystudio/payouts')
      return answer(payoutCalls.list, {
        payouts: list.map(({ items: _items, ...summary }) => summary),
        total: list.length,
        page: 1,
        pageSize: 20,
      });
    if (at.pathname === `/api/mystudio/payouts/${payout.id}`) return answer(payoutCalls.byId, payout);
    return undefined;
  });
}

describe('PayoutsPage', () => {
  it('shows card clearing with what makes it up, and each payout opened to its payments and fees', async () => {
    const api = payoutsApi();
    renderWithProviders(<PayoutsPage />, PAGE);
    const panel = await screen.findByTestId('card-clearing');
    expect(within(panel).getByTestId('clearing-balance').textContent).toBe('$41.25');
    expect(within(panel).getByText('Matches the payments below')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Patel' }).getAttribute('href')).toBe(
      `/accounts/admin/accounts/${PATEL}`,
    );

    const row = await screen.findByTestId('payout');
    expect(within(row).getByText('Card payout Dec 2, 2026')).toBeTruthy();
    expect(within(row).getByText('$274.45')).toBeTruthy();
    // Its payments are read only when it is opened.
    const detailCalls = () => api.calls.filter((c) => c.url.includes(payout.id)).length;
    expect(detailCalls()).toBe(0);
    await userEvent.click(within(row).getByRole('button', { name: /Show the payments/ }));
    const items = await screen.findAllByTestId('payout-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('$319.00')).toBeTruthy();
    expect(within(items[0]!).getByText('$9.55')).toBeTruthy();
    expect(within(items[1]!).getByText('Refund to card')).toBeTruthy();
    expect(within(items[1]!).getByText('-$35.00')).toBeTruthy();
    expect(detailCalls()).toBe(1);
  });

  it('says when there is no payout yet', async () => {
    payoutsApi({ payouts: [] });
    renderWithProviders(<PayoutsPage />, PAGE);
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
  });
});
