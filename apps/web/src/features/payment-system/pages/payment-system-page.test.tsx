import { messages } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session, yearTerm } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { seasonPlans } from '../lib/season-plans.fixture';
import { PaymentSystemPage } from './payment-system-page';

function studio() {
  const plans = seasonPlans();
  return mockApi((url, init) => {
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url === '/api/mystudio/yearTerms') return [200, [true, [yearTerm]]];
    if (url === `/api/mystudio/paymentSystem?yearTermID=${yearTerm.id}`) return [200, [true, plans]];
    if (init?.method === 'PUT') return [200, [true, { msg: messages.updateSuccessful }]];
    return undefined;
  });
}

const total = (plan: string) => screen.getByTestId(`total-${plan}`).textContent;
const setStartDate = (date: string) =>
  fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: date } });

describe('PaymentSystemPage', () => {
  it('prices the example family as domain-rules §3 does, for each start date', async () => {
    studio();
    renderWithProviders(<PaymentSystemPage />, '/accounts/admin/myStudio/payment-system');
    expect(await screen.findByRole('heading', { name: 'Monthly' })).toBeTruthy();

    setStartDate('2026-08-20');
    expect([total('Monthly'), total('Half year'), total('Full year')]).toEqual([
      '$1,050.00',
      '$997.50',
      '$945.00',
    ]);
    setStartDate('2026-09-16');
    expect([total('Monthly'), total('Half year'), total('Full year')]).toEqual([
      '$997.50',
      '$935.16',
      '$897.75',
    ]);
    setStartDate('2026-11-25');
    expect([total('Monthly'), total('Half year'), total('Full year')]).toEqual([
      '$735.00',
      '$649.62',
      '$678.04',
    ]);

    // Each payment says why: November is in progress with too little left.
    const monthly = screen.getByRole('region', { name: 'Monthly plan' });
    const november = within(monthly).getByText('November 2026').closest('tr')!;
    expect(november.textContent).toContain('Only 20 % of the period left (30 % or less): not charged');
    const december = within(monthly).getByText('December 2026').closest('tr')!;
    expect(december.textContent).toContain('$105.00');
    expect(december.textContent).toContain('Dec 1, 2026');
  });

  it('follows the example amounts as they are typed', async () => {
    studio();
    renderWithProviders(<PaymentSystemPage />);
    await screen.findByRole('heading', { name: 'Monthly' });
    setStartDate('2026-08-20');
    const tuesday = screen.getByLabelText('Class 1 monthly price');
    fireEvent.change(tuesday, { target: { value: '$70.00' } });
    await waitFor(() => expect(total('Monthly')).toBe('$1,150.00'));
    fireEvent.change(tuesday, { target: { value: '' } });
    expect(await screen.findByText(/Enter both monthly prices and a start date/)).toBeTruthy();
  });

  it('saves a discount as a fraction and a due day as a number', async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<PaymentSystemPage />);
    await screen.findByRole('heading', { name: 'Monthly' });

    const discount = screen.getByLabelText('Half year discount');
    await user.clear(discount);
    await user.type(discount, '7.5');
    const half = screen.getByRole('region', { name: 'Half year plan' });
    await user.click(within(half).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = api.calls.find((c) => c.init?.method === 'PUT');
      expect(put?.url).toBe(`/api/mystudio/paymentSystem/plan/${seasonPlans()[1]!.id}`);
      expect(JSON.parse(String(put?.init?.body))).toEqual({ discount: 0.075 });
    });
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();

    // The default plan's discount is not editable.
    expect(screen.queryByLabelText('Monthly discount')).toBeNull();

    const dueDay = screen.getByRole('textbox', { name: 'Due day of Second half' });
    await user.click(dueDay);
    const listbox = await waitFor(() => document.getElementById(dueDay.getAttribute('aria-controls') ?? '')!);
    await user.click(within(listbox).getByRole('option', { name: '15th', hidden: true }));
    await waitFor(() => {
      const put = api.calls.filter((c) => c.init?.method === 'PUT').at(-1);
      expect(put?.url).toBe(`/api/mystudio/paymentSystem/option/${seasonPlans()[1]!.options[1]!.id}`);
      expect(JSON.parse(String(put?.init?.body))).toEqual({ dayPaymentDue: 15 });
    });
  });

  it('refuses a discount of 100 % before sending it', async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<PaymentSystemPage />);
    await screen.findByRole('heading', { name: 'Monthly' });
    const discount = screen.getByLabelText('Full year discount');
    await user.clear(discount);
    await user.type(discount, '100');
    const full = screen.getByRole('region', { name: 'Full year plan' });
    expect(within(full).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(within(full).getByText(/up to, but not including, 1/)).toBeTruthy();
    expect(api.calls.some((c) => c.init?.method === 'PUT')).toBe(false);
  });
});
