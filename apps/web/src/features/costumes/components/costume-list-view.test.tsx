import {
  type BalanceList,
  type BalanceListRow,
  type CostumeListOptions,
  costumeListCalls,
  type DepositList,
  type DepositListRow,
} from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { CostumeBalancesPage } from '../pages/costume-balances-page';
import { CostumeDepositsPage } from '../pages/costume-deposits-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DEPOSITS = '/api/mystudio/costumes/deposits';
const BALANCES = '/api/mystudio/costumes/balances';
const JAZZ = id(1);
const TAP = id(2);
const WALTZ = id(11);
const ATTACK = id(13);
const OPTIONS: CostumeListOptions = {
  numbers: [
    { dncNumID: WALTZ, name: 'Ocean Waltz', clSchID: JAZZ, className: 'Jazz 1' },
    { dncNumID: ATTACK, name: 'Tap Attack', clSchID: TAP, className: 'Tap 1' },
  ],
  classes: [
    { clSchID: JAZZ, name: 'Jazz 1' },
    { clSchID: TAP, name: 'Tap 1' },
  ],
};

const row = (n: number, over: Partial<DepositListRow> = {}): DepositListRow => ({
  costumeAssignedID: id(100 + n),
  studentID: id(200 + n),
  dancer: 'Ava Adams',
  coAcctMemID: id(300 + n),
  family: 'Adams',
  dncNumID: WALTZ,
  danceNumber: 'Ocean Waltz',
  clSchID: JAZZ,
  className: 'Jazz 1',
  costumeID: id(400),
  styleNumber: 'ST-100',
  styleName: 'Sparkle Tutu',
  size: 'CS',
  color: 'Pink',
  price: 80,
  removedOn: null,
  charged: 20,
  paid: 20,
  open: 0,
  status: 'paid',
  assignedOn: '2026-10-20',
  ...over,
});

const DEPOSIT_LIST: DepositList = {
  items: [
    row(1),
    row(2, {
      dancer: 'Cara Clark',
      family: 'Clark',
      paid: 0,
      open: 20,
      status: 'unpaid',
      removedOn: '2026-11-02',
    }),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  totals: { count: 2, charged: 40, paid: 20, open: 20 },
  options: OPTIONS,
};

const balance = (n: number, over: Partial<BalanceListRow> = {}): BalanceListRow => {
  const { assignedOn: _, ...rest } = row(n);
  return {
    ...rest,
    charged: 60,
    paid: 10,
    open: 50,
    status: 'part',
    deposit: 20,
    orderID: id(500),
    orderName: 'Curtain Call Costumes — order 1',
    orderedOn: '2026-11-10',
    ...over,
  };
};

function listApi(deposits: DepositList, balances: (open: string | null) => BalanceList) {
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === DEPOSITS) return answer(costumeListCalls.deposits, deposits);
    if (at.pathname === BALANCES)
      return answer(costumeListCalls.balances, balances(at.searchParams.get('open')));
    if (at.pathname === `${DEPOSITS}/export`)
      return answer(costumeListCalls.depositsCsv, {
        filename: 'pirouette-costume-deposits-2026-11-21.csv',
        csv: 'Dancer,Family\r\nAva Adams,Adams\r\n',
      });
    return undefined;
  });
}

const sent = (calls: { url: string }[], path: string) =>
  calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === path);

describe('the deposits page', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('shows the totals and each costume with its family linked, a removed one marked', async () => {
    listApi(DEPOSIT_LIST, () => ({ ...DEPOSIT_LIST, items: [] }));
    renderWithProviders(<CostumeDepositsPage />, '/accounts/admin/costumes/deposits');
    expect(await screen.findByLabelText('Deposits charged: $40.00')).toBeTruthy();
    expect(screen.getByLabelText('Still open: $20.00')).toBeTruthy();
    const rows = screen.getAllByTestId('costume-row');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link', { name: 'Adams family' });
    expect(link.getAttribute('href')).toBe(`/accounts/admin/accounts/${id(301)}`);
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Removed')).toBeNull();
    expect(within(rows[1]!).getByText('Unpaid')).toBeTruthy();
    expect(within(rows[1]!).getByText('Removed')).toBeTruthy();
    expect(screen.getByText('2 costumes')).toBeTruthy();
  });

  it('asks the server for the class chosen, and saves the CSV of the filter under the server’s name', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = listApi(DEPOSIT_LIST, () => ({ ...DEPOSIT_LIST, items: [] }));
    renderWithProviders(<CostumeDepositsPage />, '/accounts/admin/costumes/deposits');
    await screen.findAllByTestId('costume-row');
    await user.click(screen.getByRole('textbox', { name: 'Class' }));
    await user.click(await screen.findByRole('option', { name: 'Tap 1', hidden: true }));
    await waitFor(() => expect(sent(calls, DEPOSITS).at(-1)?.searchParams.get('clSchID')).toBe(TAP));
    expect(screen.getByText('All deposits · Tap 1')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('pirouette-costume-deposits-2026-11-21.csv is downloading.')).toBeTruthy();
    const file = sent(calls, `${DEPOSITS}/export`);
    expect(file).toHaveLength(1);
    expect(Object.fromEntries(file[0]!.searchParams)).toEqual({ clSchID: TAP });
    expect(saved).toEqual(['pirouette-costume-deposits-2026-11-21.csv']);
  });

  it('says in the section’s words when the studio has no deposit at all', async () => {
    const none = { ...DEPOSIT_LIST, items: [], total: 0, options: { numbers: [], classes: [] } };
    listApi(none, () => ({ ...none }));
    renderWithProviders(<CostumeDepositsPage />, '/accounts/admin/costumes/deposits');
    expect(await screen.findByText('No costume deposits yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Assign costumes' }).getAttribute('href')).toBe(
      '/accounts/admin/costumes/numbers',
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});

describe('the balances page', () => {
  it('lists the balances owed by default, and all of them once the switch is off', async () => {
    const user = userEvent.setup();
    const paid = balance(3, { dancer: 'Ben Brown', paid: 60, open: 0, status: 'paid' });
    const { calls } = listApi(DEPOSIT_LIST, (open) => ({
      items: open === '0' ? [balance(1), paid] : [],
      total: open === '0' ? 2 : 0,
      page: 1,
      pageSize: 25,
      totals:
        open === '0'
          ? { count: 2, charged: 120, paid: 70, open: 50 }
          : { count: 0, charged: 0, paid: 0, open: 0 },
      options: OPTIONS,
    }));
    renderWithProviders(<CostumeBalancesPage />, '/accounts/admin/costumes/balances');
    expect(await screen.findByText('Nothing owed')).toBeTruthy();
    expect(sent(calls, BALANCES)[0]!.searchParams.get('open')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Show all balances' }));
    const rows = await screen.findAllByTestId('costume-row');
    expect(sent(calls, BALANCES).at(-1)!.searchParams.get('open')).toBe('0');
    expect(within(rows[0]!).getByText('Part paid')).toBeTruthy();
    expect(within(rows[0]!).getByText('Curtain Call Costumes — order 1')).toBeTruthy();
    expect(within(rows[1]!).getByText('Paid')).toBeTruthy();
    expect(screen.getByText('All balances posted')).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Only balances still owed' }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});
