import { ledgerCalls } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { statementRangeMessages } from '../lib/money';
import { patelStatement } from '../test/money-fixtures';
import { ParentStatementPage } from './parent-statement-page';

type Answer = [number, unknown];
const STATEMENT = '/api/parents/statement';

function api(overrides: Record<string, Answer> = {}) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key in overrides) return overrides[key];
    if (key === 'GET /api/auth/me') return [200, [true, session('user')]];
    if (key.startsWith(`GET ${STATEMENT}?`)) {
      const q = new URL(url, 'http://localhost').searchParams;
      return answer(ledgerCalls.parentStatement, patelStatement({ from: q.get('from')!, to: q.get('to')! }));
    }
    return undefined;
  });
}

const asked = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.startsWith(`${STATEMENT}?`))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://localhost').searchParams));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T15:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('ParentStatementPage', () => {
  it('shows this term so far by default: the studio, the family, the summary and every line with its working', async () => {
    const { calls } = api();
    renderWithProviders(<ParentStatementPage />, '/accounts/parents/statement');
    const doc = await screen.findByTestId('statement');
    expect(asked(calls)).toEqual([{ from: '2026-09-01', to: '2026-11-21' }]);
    expect(within(doc).getByText('Demo Dance Academy')).toBeTruthy();
    expect(within(doc).getByText('hello@demo.example')).toBeTruthy();
    expect(within(doc).getByTestId('statement-family').textContent).toBe('The Patel family');
    expect(within(doc).getByText('15 Park Place')).toBeTruthy();
    expect(within(doc).getByTestId('statement-period').textContent).toBe('Sep 1, 2026 – Nov 21, 2026');
    const summary = within(doc).getByTestId('statement-summary');
    expect(within(summary).getByText('Balance before Sep 1, 2026')).toBeTruthy();
    expect(within(summary).getByTestId('statement-charges').textContent).toBe('+$215.00');
    expect(within(summary).getByTestId('statement-payments').textContent).toBe('−$120.00');
    expect(within(summary).getByText('Balance due on Nov 21, 2026')).toBeTruthy();

    const table = within(doc).getByTestId('statement-table');
    const rows = within(table).getAllByTestId('statement-line');
    expect(rows).toHaveLength(8);
    expect(rows[2]!.textContent).toBe(
      'Sep 5Check payment (1042)Paid Registration fee, 2026-2027 (In-Studio): $35.00.Paid 2026-2027 tuition (Monthly): September 2026: $55.00.$10.00 kept as credit for the next charges.$90.00$0.00',
    );
    expect(within(rows[3]!).getByText('Multi-class discount (2nd class, 10 % off): −$6.50.')).toBeTruthy();
    expect(within(table).getByTestId('statement-closing').textContent).toBe('$95.00');
    expect(document.title).toBe('Statement, Patel family, Sep 1, 2026 – Nov 21, 2026');
  });

  it('reads the period from the address, and prints with the Print button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { calls } = api();
    renderWithProviders(<ParentStatementPage />, '/accounts/parents/statement?from=2026-11-01&to=2026-11-30');
    await screen.findByTestId('statement');
    expect(asked(calls)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('changes the period with the quick ranges and the two days, refusing a backwards or too long one before asking', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = api();
    renderWithProviders(<ParentStatementPage />, '/accounts/parents/statement');
    await screen.findByTestId('statement');
    expect(screen.getByRole('button', { name: 'This term' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Last 3 months' }));
    await waitFor(() => expect(asked(calls).at(-1)).toEqual({ from: '2026-08-21', to: '2026-11-21' }));
    expect(screen.getByRole('button', { name: 'Last 3 months' }).getAttribute('aria-pressed')).toBe('true');

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe(statementRangeMessages.backwards);
    fireEvent.change(from, { target: { value: '2023-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe(statementRangeMessages.tooLong);
    expect(asked(calls)).toHaveLength(2);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.change(to, { target: { value: '2026-10-31' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked(calls).at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-31' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refused period from the address without asking, and an empty period plainly', async () => {
    const { calls } = api({
      [`GET ${STATEMENT}?from=2026-11-22&to=2026-11-23`]: answer(
        ledgerCalls.parentStatement,
        patelStatement({ from: '2026-11-22', to: '2026-11-23', opening: 95, lines: [] }),
      ),
    });
    const { unmount } = renderWithProviders(
      <ParentStatementPage />,
      '/accounts/parents/statement?from=2026-11-21&to=2026-11-01',
    );
    expect(await screen.findByText(statementRangeMessages.backwards)).toBeTruthy();
    expect(asked(calls)).toEqual([]);
    unmount();

    renderWithProviders(<ParentStatementPage />, '/accounts/parents/statement?from=2026-11-22&to=2026-11-23');
    const doc = await screen.findByTestId('statement');
    expect(
      within(within(doc).getByTestId('statement-table')).getByText('No charges or payments in this period.'),
    ).toBeTruthy();
    expect(within(doc).getByTestId('statement-closing').textContent).toBe('$95.00');
  });
});
