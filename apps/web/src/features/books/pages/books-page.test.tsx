import { booksCalls, type GeneralLedger, type TrialBalance } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { BooksPage } from './books-page';

const TB = '/api/mystudio/reports/trial-balance';
const GL = '/api/mystudio/reports/general-ledger';

const trialBalance = (date: string): TrialBalance => ({
  studio: 'First Position',
  date,
  closedThrough: '2026-10-31',
  accounts: [
    { code: 'bank', number: '1000', name: 'Bank', type: 'asset', debit: 90, credit: 0 },
    {
      code: 'receivable',
      number: '1100',
      name: 'Accounts receivable (families)',
      type: 'asset',
      debit: 60,
      credit: 0,
    },
    {
      code: 'revenue:tuition',
      number: '4000',
      name: 'Revenue: Tuition',
      type: 'income',
      debit: 0,
      credit: 150,
    },
  ],
  totals: { debit: 150, credit: 150 },
});

const line = (i: number) => ({
  id: `l~2026-11-02~${i}~a1000000-0000-4000-8000-00000000000${i}`,
  date: '2026-11-02',
  description: `Cash payment ${i}`,
  family: 'Adams',
  debit: 10,
  credit: 0,
  balance: 10 * i,
});

function ledgerPage(after: string | null): GeneralLedger {
  return {
    account: { code: 'undeposited_funds', number: '1010', name: 'Undeposited funds', type: 'asset' },
    from: '2026-11-01',
    to: '2026-11-21',
    opening: 0,
    closing: 30,
    total: 3,
    lines: after ? [line(3)] : [line(1), line(2)],
    next: after ? null : 'l~2026-11-02~2~a1000000-0000-4000-8000-000000000002',
  };
}

function booksApi() {
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === TB)
      return answer(booksCalls.trialBalance, trialBalance(at.searchParams.get('date')!));
    if (at.pathname === '/api/mystudio/reports/accounts')
      return answer(booksCalls.accounts, {
        items: [
          { code: 'bank', number: '1000', name: 'Bank', type: 'asset' },
          { code: 'undeposited_funds', number: '1010', name: 'Undeposited funds', type: 'asset' },
        ],
      });
    if (at.pathname === GL) return answer(booksCalls.generalLedger, ledgerPage(at.searchParams.get('after')));
    if (at.pathname === '/api/mystudio/reports/journal/csv')
      return [
        400,
        [
          false,
          'Xero imports at most 300 lines in one file: choose a shorter period (a month usually fits).',
        ],
      ];
    return undefined;
  });
}

describe('BooksPage', () => {
  it('shows the trial balance with equal totals, and asks again for another day', async () => {
    const { calls } = booksApi();
    renderWithProviders(<BooksPage />, '/accounts/admin/transactions/books');
    const table = await screen.findByRole('table', { name: /Trial balance at the end of/ });
    expect(within(table).getByText('Revenue: Tuition')).toBeTruthy();
    expect(screen.getByTestId('tb-total-debit').textContent).toBe('$150.00');
    expect(screen.getByTestId('tb-total-credit').textContent).toBe('$150.00');
    expect(screen.getByText('Debits equal credits.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('At the end of'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(calls.some((c) => c.url === `${TB}?date=2026-10-31`)).toBe(true));
    expect(await screen.findByText(/The books are closed through/)).toBeTruthy();
  });

  it('pages through the general ledger after a place, and back', async () => {
    const { calls } = booksApi();
    renderWithProviders(<BooksPage />, '/accounts/admin/transactions/books');
    expect(await screen.findByText('Cash payment 2')).toBeTruthy();
    expect(screen.getByText('Opening balance')).toBeTruthy();
    expect(screen.queryByText('Closing balance')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Cash payment 3')).toBeTruthy();
    expect(screen.getByText('Closing balance')).toBeTruthy();
    expect(calls.some((c) => decodeURIComponent(c.url).includes('after=l~2026-11-02~2~'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Cash payment 1')).toBeTruthy();
  });

  it("shows the server's sentence when a journal file is refused", async () => {
    booksApi();
    renderWithProviders(<BooksPage />, '/accounts/admin/transactions/books');
    await userEvent.click(await screen.findByRole('button', { name: 'Xero journal' }));
    expect(await screen.findByText(/Xero imports at most 300 lines in one file/)).toBeTruthy();
  });
});
