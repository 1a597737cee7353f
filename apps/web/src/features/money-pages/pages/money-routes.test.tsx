import { ledgerCalls } from '@pirouette/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render';
import { overview, paymentList } from '../test/money-fixtures';

function studio() {
  return mockApi((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (path === '/api/mystudio/account/payments') return answer(ledgerCalls.planPayments, paymentList());
    if (path === '/api/transactions/overview') return answer(ledgerCalls.overview, overview());
    return undefined;
  });
}

describe('the money pages in the admin area', () => {
  it('opens the payments list at Accounts › Payments', async () => {
    studio();
    renderApp('/accounts/admin/accounts/payments');
    expect((await screen.findAllByTestId('plan-payment', {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeTruthy();
  });

  it('opens the overview at Transactions', async () => {
    studio();
    renderApp('/accounts/admin/transactions');
    expect(
      await screen.findByRole('heading', { name: 'Revenue by month' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Transactions overview' })).toBeTruthy();
  });
});
