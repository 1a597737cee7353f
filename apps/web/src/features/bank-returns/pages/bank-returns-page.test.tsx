import { type BankReturnsPage as Answer, bankReturnCalls } from '@pirouette/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { BankReturnsPage } from './bank-returns-page';

const PAGE = '/accounts/admin/transactions/bank-returns';
const PATEL = '7d1b6f0e-3f5a-4a43-9c43-6f1d2b1e0a01';

const rates = (unauthorized: number, debits: number): Answer['rates'] => [
  {
    kind: 'unauthorized',
    count: unauthorized,
    debits,
    rateBps: Math.round((unauthorized * 10000) / debits),
    thresholdBps: 50,
    warnBps: 25,
    status:
      unauthorized * 10000 >= 50 * debits ? 'over' : unauthorized * 20000 >= 50 * debits ? 'warn' : 'ok',
  },
  { kind: 'administrative', count: 0, debits, rateBps: 0, thresholdBps: 300, warnBps: 150, status: 'ok' },
  {
    kind: 'overall',
    count: unauthorized + 1,
    debits,
    rateBps: Math.round(((unauthorized + 1) * 10000) / debits),
    thresholdBps: 1500,
    warnBps: 750,
    status: 'ok',
  },
];

const november: Answer = {
  from: '2026-09-23',
  to: '2026-11-21',
  debits: 300,
  rates: rates(1, 300),
  items: [
    {
      id: '0c9a3c52-0b0e-4d43-8f77-1f1b6a2b9c10',
      coAcctMemID: PATEL,
      family: 'Patel',
      returnedOn: '2026-11-20',
      amount: 5000,
      code: 'R01',
      group: 'funds',
      reason: 'Your bank said there was not enough money in the account.',
      presentment: 1,
      followUp: 'scheduled',
      followUpText: 'To be presented again on Nov 23, 2026.',
    },
    {
      id: '1c9a3c52-0b0e-4d43-8f77-1f1b6a2b9c10',
      coAcctMemID: PATEL,
      family: 'Patel',
      returnedOn: '2026-11-10',
      amount: 4000,
      code: 'R10',
      group: 'unauthorized',
      reason: 'Your bank said the account holder did not authorize this debit.',
      presentment: 1,
      followUp: 'new_method',
      followUpText: 'Another payment method asked for: never presented again for this reason.',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
};

function returnsApi(byPeriod: (from: string | null) => Answer) {
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === '/api/mystudio/payments/returns')
      return answer(bankReturnCalls.returns, byPeriod(at.searchParams.get('from')));
    return undefined;
  });
}

describe('BankReturnsPage', () => {
  it('shows the rates against their limits, warns at half of one, and lists the returns with what followed', async () => {
    returnsApi(() => november);
    renderWithProviders(<BankReturnsPage />, PAGE);
    const cards = await screen.findAllByTestId('return-rate');
    expect(cards.map((c) => c.getAttribute('data-status'))).toEqual(['warn', 'ok', 'ok']);
    expect(within(cards[0]!).getByTestId('return-rate-figure').textContent).toBe('0.33%');
    expect(within(cards[0]!).getByText('Nacha’s limit 0.50% · warned from 0.25%')).toBeTruthy();
    const warning = screen.getByTestId('rate-warnings');
    expect(
      within(warning).getByText(/Unauthorized returns: 0.33% of your bank debits, past half/),
    ).toBeTruthy();
    const rows = screen.getAllByTestId('bank-return');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('To present again')).toBeTruthy();
    expect(within(rows[1]!).getByText('New method asked')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Patel' }).getAttribute('href')).toBe(
      `/accounts/admin/accounts/${PATEL}`,
    );
  });

  it('reads another period once both days make one, and says when they do not', async () => {
    const api = returnsApi((from) =>
      from === '2026-10-01'
        ? { ...november, from: '2026-10-01', to: '2026-11-21', rates: rates(0, 300), items: [], total: 0 }
        : november,
    );
    renderWithProviders(<BankReturnsPage />, PAGE);
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-12-01' } });
    expect(
      await screen.findByText('The period must start on or before its end, and span at most a year.'),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.url.includes('from=2026-12-01'))).toBe(false);
    fireEvent.change(from, { target: { value: '2026-10-01' } });
    expect(await screen.findByText('No returned bank payment')).toBeTruthy();
    expect(screen.queryByTestId('rate-warnings')).toBeNull();
    expect(api.calls.some((c) => c.url.includes('from=2026-10-01&to=2026-11-21'))).toBe(true);
  });
});
