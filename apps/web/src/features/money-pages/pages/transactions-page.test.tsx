import { ledgerCalls } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { OKAFOR, overview } from '../test/money-fixtures';
import { TransactionsPage } from './transactions-page';

const OVERVIEW = '/api/transactions/overview';
const AGING = '/api/transactions/aging';

const aged = (notDue: number, d30: number, d60: number, d90: number, over: number) =>
  (['not-due', '0-30', '31-60', '61-90', '90+'] as const).map((bucket, i) => ({
    bucket,
    total: [notDue, d30, d60, d90, over][i]!,
  }));

/** Twelve families with something open: page 1 of 10 rows, page 2 of 2. */
function agingPage(page: number) {
  const all = Array.from({ length: 12 }, (_, i) => ({
    coAcctMemID: `a1000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    family: i === 0 ? 'Okafor' : `Family ${i}`,
    total: 300 - i * 10,
    aging: i === 0 ? aged(130, 100, 0, 0, 70) : aged(300 - i * 10, 0, 0, 0, 0),
  }));
  return { today: '2026-11-21', items: all.slice((page - 1) * 10, page * 10), total: 12, page, pageSize: 10 };
}

const EXPORT = '/api/transactions/export';
const PAGE = '/accounts/admin/transactions';

function overviewApi(data = overview(), exportAnswer?: [number, unknown]) {
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === OVERVIEW) return answer(ledgerCalls.overview, data);
    if (at.pathname === AGING)
      return answer(ledgerCalls.aging, agingPage(Number(at.searchParams.get('page'))));
    if (at.pathname === EXPORT)
      return (
        exportAnswer ??
        answer(ledgerCalls.exportCsv, {
          filename: `ledger-${at.searchParams.get('from')}-${at.searchParams.get('to')}.csv`,
          csv: 'date,account,amount\n2026-11-02,cash,80.00\n',
        })
      );
    return undefined;
  });
}

const exportCalls = (calls: { url: string }[]) => calls.map((c) => c.url).filter((u) => u.startsWith(EXPORT));

describe('TransactionsPage', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('shows the takings of today and this month, what families owe, and the credit held', async () => {
    overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    expect(await screen.findByLabelText('Received today: $239.50')).toBeTruthy();
    expect(screen.getByLabelText('Received this month: $4,439.75')).toBeTruthy();
    expect(screen.getByLabelText('Families owe: $1,250.75')).toBeTruthy();
    expect(screen.getByText('4 families owe money')).toBeTruthy();
    expect(screen.getByLabelText('Credit held: $95.00')).toBeTruthy();

    const check = screen.getByTestId('taking-check');
    expect(within(check).getByText('$0.00')).toBeTruthy();
    expect(within(check).getByText('$540.00')).toBeTruthy();
    expect(within(screen.getByTestId('taking-terminal')).getByText('2 payments')).toBeTruthy();
    const received = screen.getByTestId('taking-received');
    expect(within(received).getByText('$239.50')).toBeTruthy();
    expect(within(received).getByText('$4,439.75')).toBeTruthy();
    expect(within(screen.getByTestId('taking-credit')).getByText('Credit applied')).toBeTruthy();
  });

  it('ages what families owe in five bars, what is not yet due apart', async () => {
    overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    const old = await screen.findByTestId('aging-90+');
    expect(within(old).getByText('Over 90 days')).toBeTruthy();
    expect(within(old).getByText('$200.00')).toBeTruthy();
    expect(screen.getByLabelText('Not yet due: $120.00, 9.6% of what is owed')).toBeTruthy();
    expect(screen.getByLabelText('0–30 days: $530.75, 42.4% of what is owed')).toBeTruthy();
    expect(screen.getByLabelText('61–90 days: $0.00, 0% of what is owed')).toBeTruthy();
  });

  it('ages each family’s open charges, most owed first, a page at a time', async () => {
    const user = userEvent.setup();
    const { calls } = overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    const table = await screen.findByTestId('aging-families', {}, { timeout: 5000 });
    const rows = within(table).getAllByTestId('aging-family');
    expect(rows).toHaveLength(10);
    const okafor = rows[0]!;
    expect(within(okafor).getByRole('link', { name: 'Okafor' })).toBeTruthy();
    expect(within(okafor).getByLabelText('Not yet due: $130.00')).toBeTruthy();
    expect(within(okafor).getByLabelText('0–30 days: $100.00')).toBeTruthy();
    expect(within(okafor).getByLabelText('Over 90 days: $70.00')).toBeTruthy();
    expect(within(okafor).getByText('$300.00')).toBeTruthy();
    expect(screen.getByText('1–10 of 12 families')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('aging-families')).getAllByTestId('aging-family')).toHaveLength(2),
    );
    expect(calls.map((c) => c.url).filter((u) => u.startsWith(AGING))).toEqual([
      `${AGING}?page=1&pageSize=10`,
      `${AGING}?page=2&pageSize=10`,
    ]);
  });

  it('draws revenue by month and kind, with a legend and each month’s figures for a screen reader', async () => {
    overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    const chart = await screen.findByRole('img', {
      name: 'Revenue by month for the 12 months from December 2025 to November 2026',
    });
    const months = within(chart).getAllByTestId('revenue-month');
    expect(months).toHaveLength(12);
    expect(months[10]!.getAttribute('aria-label')).toBe(
      'October 2026: $4,390.50 (Tuition $4,350.50, Late fee $40.00)',
    );
    expect(months[0]!.getAttribute('aria-label')).toBe('December 2025: no revenue');
    expect(
      [...months[9]!.querySelectorAll('rect[data-category]')].map((r) => r.getAttribute('data-category')),
    ).toEqual(['tuition', 'registration_fee']);
    expect(screen.getAllByTestId('legend-item').map((l) => l.textContent)).toEqual([
      'Tuition',
      'Registration fee',
      'Costume',
      'Late fee',
    ]);
    const table = screen.getByRole('table', { name: /Revenue by month/ });
    const november = within(table).getByRole('row', { name: /November 2026/ });
    expect(within(november).getByText('$780.00')).toBeTruthy();
    expect(within(november).getByText('$4,880.00')).toBeTruthy();
  });

  it('says so when there is no revenue to draw', async () => {
    overviewApi(overview({ revenue: [] }));
    renderWithProviders(<TransactionsPage />, PAGE);
    expect(await screen.findByText(/No revenue in the last 12 months yet/)).toBeTruthy();
    expect(screen.queryByTestId('revenue-chart')).toBeNull();
  });

  it('lists the families owing most, each a link to its account', async () => {
    overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    const link = await screen.findByRole('link', { name: 'Okafor' });
    expect(link.getAttribute('href')).toBe(`/accounts/admin/accounts/${OKAFOR}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Sep 1, 2026')).toBeTruthy();
    expect(within(row).getByText('$540.00')).toBeTruthy();
  });

  it('e-mails every family that owes money its balance, once the owner confirms how many', async () => {
    const user = userEvent.setup();
    const BALANCES = '/api/myStudio/paymentSystem/email/balances';
    const { calls } = mockApi((url, init) => {
      if (url === '/api/auth/me') return [200, [true, session('owner')]];
      if (url === OVERVIEW) return answer(ledgerCalls.overview, overview());
      if (url === BALANCES && init?.method === 'POST')
        return answer(ledgerCalls.balanceEmails, { msg: 'Balance e-mail sent to 3 families.', sent: 3 });
      return undefined;
    });
    renderWithProviders(<TransactionsPage />, PAGE);
    await user.click(await screen.findByRole('button', { name: 'E-mail balances' }));
    expect(calls.filter((c) => c.url === BALANCES)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `E-mail ${overview().familiesOwing} families` }));
    expect(await screen.findByText('Balance e-mail sent to 3 families.')).toBeTruthy();
    expect(calls.filter((c) => c.url === BALANCES)).toHaveLength(1);
  });

  it('says when no family owes anything', async () => {
    overviewApi(overview({ owing: [], receivable: 0, familiesOwing: 0 }));
    renderWithProviders(<TransactionsPage />, PAGE);
    expect(await screen.findByText('No family owes the studio anything.')).toBeTruthy();
    expect(screen.getByText('No family owes anything')).toBeTruthy();
  });

  it('exports this month to today as CSV by default, saved under the server’s name', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ledger';
    });
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    expect(((await screen.findByLabelText('From')) as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-21');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('ledger-2026-11-01-2026-11-21.csv is downloading.')).toBeTruthy();
    expect(exportCalls(calls)).toEqual([`${EXPORT}?from=2026-11-01&to=2026-11-21`]);
    expect(saved).toEqual(['ledger-2026-11-01-2026-11-21.csv']);
    expect(new TextDecoder().decode(await blobs[0]!.arrayBuffer())).toBe(
      'date,account,amount\n2026-11-02,cash,80.00\n',
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(exportCalls(calls)[1]).toBe(`${EXPORT}?from=2026-09-01&to=2026-10-31`);
  });

  it('refuses a range ending before it starts without asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
    expect(exportCalls(calls)).toEqual([]);
  });

  it('shows the server’s refusal of an export as it is', async () => {
    const user = userEvent.setup();
    overviewApi(overview(), [400, [false, 'The range can be at most a year.']]);
    renderWithProviders(<TransactionsPage />, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The range can be at most a year.')).toBeTruthy();
  });

  it('shows the revenue of another period, and goes back to the last 12 months (issue 34 item 4)', async () => {
    const { calls } = overviewApi();
    renderWithProviders(<TransactionsPage />, PAGE);
    fireEvent.change(await screen.findByLabelText('Revenue from'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('Revenue to'), { target: { value: '2025-06-30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === `${OVERVIEW}?from=2025-01-01&to=2025-06-30`)).toBe(true),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Last 12 months' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Revenue from'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Revenue to'), { target: { value: '2026-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findAllByRole('alert')).some((a) => a.textContent?.includes('start date'))).toBe(
      true,
    );
  });
});
