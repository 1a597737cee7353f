import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { accountList, alvarez, FAMILY_ID, ownerSession } from '../test/accounts-fixtures';
import { AccountsListPage } from './accounts-list-page';

const LIST = '/api/mystudio/account/list/';

function api() {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/me') return [200, [true, ownerSession()]];
    if (url.startsWith(`${LIST}active?`)) return [200, [true, accountList()]];
    if (url.startsWith(`${LIST}inactive?`)) return [200, [true, accountList({ items: [alvarez], total: 1 })]];
    if (url.startsWith(`${LIST}incomplete?`)) return [200, [true, accountList({ items: [], total: 0 })]];
    if (url === '/api/mystudio/schedule/' && method === 'POST')
      return [200, [true, { yrTrmID: null, cls: [], rm: [], loc: [], selIDs: { locID: null, rmID: null } }]];
    if (url === '/api/mystudio/account/filter/accounts' && method === 'POST')
      return [
        200,
        [true, { ids: ['a', 'b', 'c'], emails: ['b@demo.example', 'a@demo.example', 'c@demo.example'] }],
      ];
    return undefined;
  });
}

const listCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith(LIST)).map((c) => c.url);

describe('AccountsListPage', () => {
  it('lists the active families with their students, phone, e-mail, balance and counts', async () => {
    const { calls } = api();
    renderWithProviders(<AccountsListPage />, '/accounts/admin/accounts');
    const row = (await screen.findByRole('link', { name: 'Hartley' })).closest('tr')!;
    expect(within(row).getByText('Emma, Noor Haddad')).toBeTruthy();
    expect(within(row).getByText('(973) 555-0177')).toBeTruthy();
    expect(within(row).getByText('hartley.family@demo.example')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    expect(screen.getByText('$120.50')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Incomplete/ }).textContent).toContain('3');
    expect(listCalls(calls)).toEqual([`${LIST}active?page=1&pageSize=10`]);
    expect(within(row).getByRole('link', { name: 'Hartley' }).getAttribute('href')).toBe(
      `/accounts/admin/accounts/${FAMILY_ID}`,
    );
  });

  it('switches between All and Filtered without asking again', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<AccountsListPage />, '/accounts/admin/accounts');
    await screen.findByRole('link', { name: 'Hartley' });
    await user.click(screen.getByText('Filtered'));
    expect(await screen.findByText(/Families with a class in the current term/)).toBeTruthy();
    await user.click(screen.getByText('All'));
    await user.click(screen.getByText('Filtered'));
    expect(listCalls(calls)).toEqual([`${LIST}active?page=1&pageSize=10`]);
  });

  it('fetches another list when its tab is chosen, with its own empty state', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<AccountsListPage />, '/accounts/admin/accounts');
    await screen.findByRole('link', { name: 'Hartley' });
    await user.click(screen.getByRole('tab', { name: /Inactive/ }));
    expect(await screen.findByRole('link', { name: 'Alvarez' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Incomplete/ }));
    expect(await screen.findByText('No incomplete families')).toBeTruthy();
    expect(listCalls(calls)).toEqual([
      `${LIST}active?page=1&pageSize=10`,
      `${LIST}inactive?page=1&pageSize=10`,
      `${LIST}incomplete?page=1&pageSize=10`,
    ]);
  });

  it('searches once typing pauses', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<AccountsListPage />, '/accounts/admin/accounts');
    await screen.findByRole('link', { name: 'Hartley' });
    await user.type(screen.getByRole('textbox', { name: 'Search a family or student' }), 'Hart');
    await waitFor(() => expect(listCalls(calls)).toContain(`${LIST}active?page=1&pageSize=10&q=Hart`));
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('copies the chosen e-mail addresses of the whole view', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<AccountsListPage />, '/accounts/admin/accounts');
    await screen.findByRole('link', { name: 'Hartley' });
    await user.click(screen.getByRole('button', { name: 'E-mail list' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail list' });
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'b@demo.example' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('a@demo.example, c@demo.example');
    const post = calls.find((c) => c.url === '/api/mystudio/account/filter/accounts');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ status: 'active', q: '', filter: {} });
  });
});

describe('AccountsListPage, read by a screen reader', () => {
  it('its list tabs control the list below them, not a panel that is not there (axe-core: aria-valid-attr-value)', async () => {
    api();
    renderWithProviders(<AccountsListPage />, '/accounts/admin/accounts');
    await screen.findByRole('link', { name: 'Hartley' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    for (const tab of tabs) {
      const list = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(list, `${tab.textContent} controls the list`).not.toBeNull();
      expect(within(list as HTMLElement).getByRole('link', { name: 'Hartley' })).toBeTruthy();
    }
  });
});
