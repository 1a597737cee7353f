import { accountCalls, ledgerCalls, ledgerMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import {
  familyList,
  HARTLEY,
  id,
  OKAFOR,
  PATEL,
  type PlanPaymentList,
  paymentList,
  paymentRow,
  ROWS,
} from '../test/money-fixtures';
import { PaymentsPage } from './payments-page';

const LIST = '/api/mystudio/account/payments';
const PAGE = '/accounts/admin/accounts/payments';

type Refusal = { status: number; message: string };

/** The fake studio: the plan payments list, its toggle, and the accounts lists the family field searches. */
function paymentsApi(options: { list?: (url: URL) => PlanPaymentList; refuse?: Refusal } = {}) {
  let rows = ROWS;
  const toggles: string[] = [];
  const mock = mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === LIST)
      return answer(ledgerCalls.planPayments, options.list?.(at) ?? paymentList({ items: rows }));
    if (at.pathname.startsWith(`${LIST}/`)) {
      toggles.push(at.pathname);
      if (options.refuse) return [options.refuse.status, [false, options.refuse.message]];
      const [, paymentId, status] = at.pathname.slice(LIST.length).split('/');
      rows = rows.map((r) =>
        r.id === paymentId
          ? {
              ...r,
              isPayed: status === '1' ? 1 : 0,
              paid: status === '1' ? r.charged : 0,
              state: status === '1' ? 'paid' : 'due',
            }
          : r,
      );
      return answer(ledgerCalls.setPaid, {
        msg: status === '1' ? ledgerMessages.paidToggledOn : ledgerMessages.paidToggledOff,
      });
    }
    if (at.pathname === '/api/mystudio/account/list/active') {
      const q = at.searchParams.get('q') ?? '';
      const all: [string, string][] = [
        [HARTLEY, 'Hartley'],
        [OKAFOR, 'Okafor'],
        [PATEL, 'Patel'],
      ];
      return answer(
        accountCalls.list,
        familyList(all.filter(([, name]) => name.toLowerCase().includes(q.toLowerCase()))),
      );
    }
    if (at.pathname === '/api/mystudio/account/list/inactive')
      return answer(accountCalls.list, familyList([]));
    return undefined;
  });
  const listCalls = () =>
    mock.calls.map((c) => c.url).filter((u) => new URL(u, 'http://localhost').pathname === LIST);
  return { ...mock, toggles, listCalls };
}

const rowOf = async (family: string, payment: string) => {
  const rows = await screen.findAllByTestId('plan-payment');
  const row = rows.find(
    (r) => within(r).queryByText(payment) && within(r).queryByRole('link', { name: family }),
  );
  if (!row) throw new Error(`No row for ${family}'s ${payment}`);
  return row;
};

describe('PaymentsPage', () => {
  it('lists each plan payment: family link, plan, payment, due date, amounts and its state, with the filter’s sums', async () => {
    const api = paymentsApi();
    renderWithProviders(<PaymentsPage />, PAGE);
    const okafor = await rowOf('Okafor', 'First half');
    expect(within(okafor).getByRole('link', { name: 'Okafor' }).getAttribute('href')).toBe(
      `/accounts/admin/accounts/${OKAFOR}`,
    );
    expect(within(okafor).getByText('Half year plan')).toBeTruthy();
    expect(within(okafor).getByText('Sep 1, 2026')).toBeTruthy();
    expect(within(okafor).getAllByText('$540.00')).toHaveLength(2);
    expect(within(okafor).getByText('$200.00')).toBeTruthy();
    expect(within(okafor).getByText('Overdue')).toBeTruthy();

    const upcoming = await rowOf('Patel', 'December payment');
    expect(within(upcoming).getByText('Upcoming')).toBeTruthy();
    // Nothing charged yet: neither charged nor paid reads as $0.
    expect(within(upcoming).getAllByText('—')).toHaveLength(2);
    expect(within(await rowOf('Patel', 'November adjustment')).getByText('Adjustment')).toBeTruthy();

    expect(screen.getByLabelText('Scheduled: $851.75')).toBeTruthy();
    expect(screen.getByLabelText('Paid: $359.50')).toBeTruthy();
    expect(screen.getByLabelText('Overdue: $340.00')).toBeTruthy();
    expect(screen.getByText(/plan payment of the 2026-2027 term/)).toBeTruthy();
    expect(api.listCalls()).toEqual([`${LIST}?filter=all&page=1&pageSize=25`]);
  });

  it('asks the server for a filter, a page and a family, each filter or family from the first page', async () => {
    const user = userEvent.setup();
    const api = paymentsApi({
      list: (url) =>
        paymentList({
          total: 60,
          page: Number(url.searchParams.get('page')),
          items: url.searchParams.get('family') ? [ROWS[1]!] : ROWS,
        }),
    });
    renderWithProviders(<PaymentsPage />, PAGE);
    await rowOf('Hartley', 'November payment');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.listCalls()).toContain(`${LIST}?filter=all&page=2&pageSize=25`));

    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() => expect(api.listCalls()).toContain(`${LIST}?filter=overdue&page=1&pageSize=25`));
    await user.click(screen.getByRole('tab', { name: 'Due this month' }));
    await waitFor(() => expect(api.listCalls()).toContain(`${LIST}?filter=month&page=1&pageSize=25`));
    await user.click(screen.getByRole('tab', { name: 'Unpaid' }));
    await waitFor(() => expect(api.listCalls()).toContain(`${LIST}?filter=unpaid&page=1&pageSize=25`));

    await user.click(screen.getByRole('textbox', { name: 'Family' }));
    await user.type(screen.getByRole('textbox', { name: 'Family' }), 'Oka');
    // The server's matches replace the first list once typing pauses.
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Hartley family · Emma', hidden: true })).toBeNull(),
    );
    await user.click(await screen.findByRole('option', { name: 'Okafor family · Emma', hidden: true }));
    await waitFor(() =>
      expect(api.listCalls()).toContain(`${LIST}?filter=unpaid&family=${OKAFOR}&page=1&pageSize=25`),
    );
    expect(await screen.findByText('Unpaid · Okafor family')).toBeTruthy();

    // Cleared, every family's payments again.
    // Mantine hides the clear button from the accessibility tree (a keyboard empties the field instead).
    await user.click(await screen.findByLabelText('Clear the family'));
    await waitFor(() => expect(api.listCalls().at(-1)).toBe(`${LIST}?filter=unpaid&page=1&pageSize=25`));
  });

  it('opens the list the address names, the family by its rows’ name', async () => {
    const api = paymentsApi({ list: () => paymentList({ items: [ROWS[1]!], total: 1 }) });
    renderWithProviders(<PaymentsPage />, `${PAGE}?filter=overdue&family=${OKAFOR}`);
    await rowOf('Okafor', 'First half');
    expect(api.listCalls()).toEqual([`${LIST}?filter=overdue&family=${OKAFOR}&page=1&pageSize=25`]);
    expect(screen.getByRole('tab', { name: 'Overdue', selected: true })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Family' }) as HTMLInputElement).value).toBe(
        'Okafor family',
      ),
    );
  });

  it('marks a payment paid with 1 and shows the server’s message; the row follows the server', async () => {
    const user = userEvent.setup();
    const api = paymentsApi();
    renderWithProviders(<PaymentsPage />, PAGE);
    const row = await rowOf('Patel', 'November adjustment');
    const toggle = within(row).getByRole('switch', { name: 'November adjustment of the Patel family paid' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    expect(await screen.findByText(ledgerMessages.paidToggledOn)).toBeTruthy();
    expect(api.toggles).toEqual([`${LIST}/${id(4)}/1`]);
    await waitFor(async () =>
      expect(within(await rowOf('Patel', 'November adjustment')).getByText('Paid')).toBeTruthy(),
    );
  });

  it('asks before marking a paid payment unpaid, then sends 0', async () => {
    const user = userEvent.setup();
    const api = paymentsApi();
    renderWithProviders(<PaymentsPage />, PAGE);
    const row = await rowOf('Hartley', 'November payment');
    await user.click(
      within(row).getByRole('switch', { name: 'November payment of the Hartley family paid' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark November payment unpaid?' });
    expect(
      within(dialog).getByText(
        /Hartley family’s November payment was marked paid is reversed, and the family owes \$159\.50/,
      ),
    ).toBeTruthy();
    expect(api.toggles).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark unpaid' }));
    expect(await screen.findByText(ledgerMessages.paidToggledOff)).toBeTruthy();
    expect(api.toggles).toEqual([`${LIST}/${id(1)}/0`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal’s sentence as the server wrote it', async () => {
    const user = userEvent.setup();
    paymentsApi({ refuse: { status: 422, message: ledgerMessages.paidByOtherMeans } });
    renderWithProviders(<PaymentsPage />, PAGE);
    const row = await rowOf('Hartley', 'November payment');
    await user.click(
      within(row).getByRole('switch', { name: 'November payment of the Hartley family paid' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Mark unpaid' }));
    expect(await screen.findByText(ledgerMessages.paidByOtherMeans)).toBeTruthy();
    expect(
      (within(await rowOf('Hartley', 'November payment')).getByRole('switch') as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('marks an upcoming payment paid as well (the server posts its charge first)', async () => {
    const user = userEvent.setup();
    const api = paymentsApi();
    renderWithProviders(<PaymentsPage />, PAGE);
    const row = await rowOf('Patel', 'December payment');
    await user.click(within(row).getByRole('switch', { name: 'December payment of the Patel family paid' }));
    expect(await screen.findByText(ledgerMessages.paidToggledOn)).toBeTruthy();
    expect(api.toggles).toEqual([`${LIST}/${id(3)}/1`]);
  });

  it('says when no family pays by a plan yet', async () => {
    paymentsApi({ list: () => paymentList({ items: [], total: 0, sums: { val: 0, paid: 0, overdue: 0 } }) });
    renderWithProviders(<PaymentsPage />, PAGE);
    expect(await screen.findByText('No plan payments yet')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('says when a filter has nothing, keeping the filters to leave it', async () => {
    const user = userEvent.setup();
    paymentsApi({
      list: (url) =>
        url.searchParams.get('filter') === 'overdue'
          ? paymentList({ items: [], total: 0, sums: { val: 0, paid: 0, overdue: 0 } })
          : paymentList(),
    });
    renderWithProviders(<PaymentsPage />, PAGE);
    await rowOf('Hartley', 'November payment');
    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    expect(await screen.findByText('Nothing overdue')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await rowOf('Hartley', 'November payment')).toBeTruthy();
  });

  it('says when no term is current', async () => {
    paymentsApi({
      list: () => paymentList({ items: [], total: 0, term: null, sums: { val: 0, paid: 0, overdue: 0 } }),
    });
    renderWithProviders(<PaymentsPage />, PAGE);
    expect(await screen.findByText(/No year term is set as current/)).toBeTruthy();
  });

  it('goes back to the last page when the one asked for is past the end', async () => {
    const api = paymentsApi({
      list: (url) =>
        url.searchParams.get('page') === '9'
          ? paymentList({ items: [], total: 30, page: 9 })
          : paymentList({ items: [paymentRow(5)], total: 30, page: 2 }),
    });
    renderWithProviders(<PaymentsPage />, `${PAGE}?page=9`);
    await waitFor(() => expect(api.listCalls()).toContain(`${LIST}?filter=all&page=2&pageSize=25`));
  });
});

describe('PaymentsPage, read by a screen reader', () => {
  it('its filter tabs control the table below them, not a panel that is not there (axe-core: aria-valid-attr-value)', async () => {
    paymentsApi();
    renderWithProviders(<PaymentsPage />, PAGE);
    await rowOf('Hartley', 'November payment');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of tabs) {
      const list = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(list, `${tab.textContent} controls the table`).not.toBeNull();
      expect(within(list as HTMLElement).getAllByRole('row').length).toBeGreaterThan(1);
    }
  });
});
