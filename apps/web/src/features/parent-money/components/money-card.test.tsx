import { ledgerCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { FAMILY_ID } from '../../parents/portal/portal-fixtures';
import {
  BILL_1,
  costume,
  firstBill,
  lateFee,
  november,
  patelBills,
  patelCredit,
  patelMoney,
} from '../test/money-fixtures';
import { MoneyCard } from './money-card';

type Answer = [number, unknown];
const TODAY = '2026-11-21';

function api(overrides: Record<string, Answer> = {}) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key in overrides) return overrides[key];
    if (key === 'GET /api/auth/me') return [200, [true, session('user')]];
    if (key === 'GET /api/parents/money') return answer(ledgerCalls.parentMoney, patelMoney());
    if (key.startsWith(`GET /api/transactions/list/${FAMILY_ID}/parent`))
      return answer(ledgerCalls.familyList, patelBills);
    if (key === `GET /api/transactions/current/${BILL_1}`) return answer(ledgerCalls.byId, firstBill);
    if (key === `GET /api/transactions/${FAMILY_ID}/credit/list`)
      return answer(ledgerCalls.creditList, patelCredit);
    return undefined;
  });
}

const render = () => renderWithProviders(<MoneyCard studioName="Demo Dance Academy" today={TODAY} />);

describe('MoneyCard', () => {
  it('shows the balance, what is past due and the credit, and each charge left to pay, oldest first', async () => {
    const { calls } = api();
    render();
    expect((await screen.findByTestId('money-balance')).textContent).toBe('$95.00');
    expect(screen.getByTestId('money-overdue').textContent).toBe('$50.00');
    expect(screen.getByTestId('money-credit').textContent).toBe('$0.00');
    expect(screen.getByTestId('money-standing').textContent).toBe(
      '$50.00 is past due. Please pay Demo Dance Academy as soon as you can.',
    );
    const charges = screen.getAllByTestId('open-charge');
    expect(charges.map((c) => within(c).getByTestId('open-charge-amount').textContent)).toEqual([
      '$30.00',
      '$20.00',
      '$45.00',
    ]);
    expect(within(charges[0]!).getByText(november.item)).toBeTruthy();
    expect(within(charges[0]!).getByText('of $60.00')).toBeTruthy();
    expect(within(charges[0]!).getByText('Tuition · Past due since Nov 1, 2026')).toBeTruthy();
    expect(within(charges[1]!).getByText('Past due')).toBeTruthy();
    expect(within(charges[2]!).getByText('Costume · Due Dec 5, 2026')).toBeTruthy();
    expect(within(charges[2]!).queryByText('Past due')).toBeNull();
    // The statement is one click away; the current bill is not read twice.
    expect(screen.getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe(
      '/accounts/parents/statement',
    );
    expect(calls.some((c) => c.url.includes('/api/transactions/current/'))).toBe(false);
  });

  it('opens a charge on its working: the class, the discount, the rounding, what is paid and what is left', async () => {
    const user = userEvent.setup();
    api();
    render();
    await user.click(
      await screen.findByRole('button', { name: /^2026-2027 tuition \(Monthly\): November 2026/ }),
    );
    const [first] = screen.getAllByTestId('open-charge');
    const lines = within(first!)
      .getAllByTestId('charge-line')
      .map((l) => l.textContent);
    expect(lines).toEqual([
      'Ballet 1 (Dev): monthly price$65.00',
      'Multi-class discount (2nd class, 10 % off)−$6.50',
      'Rounding of the family total$1.50',
      'Charged$60.00',
      'Paid so far−$30.00',
      'Left to pay$30.00',
    ]);
    // A charge whose one line is its own name shows only what it is and what is paid.
    await user.click(screen.getByRole('button', { name: /^Recital costume/ }));
    const third = screen.getAllByTestId('open-charge')[2]!;
    expect(
      within(third)
        .getAllByTestId('charge-line')
        .map((l) => l.textContent),
    ).toEqual(['Charged$45.00']);
    expect(within(third).queryByText('How it was worked out')).toBeNull();
    expect(costume.lines).toHaveLength(1);
    expect(lateFee.status).toBe('open');
  });

  it('lists every payment with what it paid, reading earlier bills when asked', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    render();
    await screen.findByTestId('money-balance');
    expect(calls.some((c) => c.url === `/api/transactions/current/${BILL_1}`)).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    await waitFor(() => expect(screen.getAllByTestId('payment-receipt')).toHaveLength(3));
    const receipts = screen.getAllByTestId('payment-receipt');
    expect(receipts.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Cash, Nov 2, 2026: $20.00',
      'Credit applied, Nov 1, 2026: $10.00',
      'Check 1042, Sep 5, 2026: $100.00',
    ]);
    expect(
      within(receipts[2]!)
        .getAllByTestId('receipt-line')
        .map((l) => l.textContent),
    ).toEqual([
      'Paid Registration fee, 2026-2027 (In-Studio)$35.00',
      'Paid 2026-2027 tuition (Monthly): September 2026$55.00',
      'Kept as credit for your next charges$10.00',
    ]);
    expect(calls.filter((c) => c.url === `/api/transactions/current/${BILL_1}`)).toHaveLength(1);
    // Two bills, both read: nothing earlier to show.
    expect(screen.queryByRole('button', { name: 'Show earlier payments' })).toBeNull();
  });

  it('offers earlier payments when the family has more bills than read', async () => {
    const user = userEvent.setup();
    const { calls } = api({
      [`GET /api/transactions/list/${FAMILY_ID}/parent?page=1&pageSize=5`]: answer(ledgerCalls.familyList, {
        ...patelBills,
        total: 7,
      }),
    });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    await user.click(await screen.findByRole('button', { name: 'Show earlier payments' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('page=1&pageSize=10'))).toBe(true));
  });

  it('says where the credit came from and what is left of it', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    render();
    await user.click(await screen.findByRole('tab', { name: 'Credit' }));
    const entry = await screen.findByTestId('credit-entry');
    expect(within(entry).getByText('Paid beyond what was owed')).toBeTruthy();
    expect(within(entry).getByText('Used')).toBeTruthy();
    expect(within(entry).getByText('left of $10.00')).toBeTruthy();
    expect(screen.getByTestId('credit-total').textContent).toBe('$0.00');
    expect(calls.some((c) => c.url === `/api/transactions/${FAMILY_ID}/credit/list`)).toBe(true);
  });

  it('opens on the payments of a family that owes nothing', async () => {
    const user = userEvent.setup();
    api({
      'GET /api/parents/money': answer(
        ledgerCalls.parentMoney,
        patelMoney({ balance: 0, overdue: 0, credit: 12.5, current: firstBill }),
      ),
    });
    render();
    expect((await screen.findByTestId('money-standing')).textContent).toBe(
      "You're all paid up, with $12.50 of credit for your next charges.",
    );
    expect(screen.getByRole('tab', { name: 'Payments' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'To pay' }));
    expect(screen.getByTestId('nothing-to-pay')).toBeTruthy();
  });

  it('says a failed load in place, with a retry', async () => {
    const user = userEvent.setup();
    const { calls } = api({
      'GET /api/parents/money': [404, [false, 'This account could not be found.']],
    });
    render();
    expect(await screen.findByText('This account could not be found.')).toBeTruthy();
    // Said in the card only: no notification.
    expect(screen.getAllByText('This account could not be found.')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/parents/money').length).toBeGreaterThan(1),
    );
  });
});
