import { DEFAULT_STUDIO_MONEY_SETTINGS, type DiscountItem } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { DiscountsPage } from './discounts-page';

const settings = {
  studio: {
    name: 'Demo Dance Academy',
    address: '1 Main St',
    city: 'Newark',
    state: 'NJ',
    zipcode: '07102',
    phone: '9735550100',
    email: 'studio@demo.example',
    timeZone: 'America/New_York',
  },
  money: DEFAULT_STUDIO_MONEY_SETTINGS,
};

function studioApi(initial: DiscountItem[] = []) {
  const list = [...initial];
  const bodies: unknown[] = [];
  const mock = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/mystudio/settings') return [200, [true, settings]];
    if (url === '/api/mystudio/discounts' && method === 'GET') return [200, [true, list]];
    if (url === '/api/mystudio/discounts' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      const id = `d${list.length + 1}aaaaaa-0000-4000-8000-000000000000`.slice(0, 36);
      list.push({ id, ...body, order: list.length });
      return [200, [true, { id, msg: 'Insert Successful' }]];
    }
    return undefined;
  });
  return { ...mock, list, bodies };
}

const familyTotal = (root: HTMLElement) => within(root).getByTestId('family-total').textContent;

describe('DiscountsPage', () => {
  it('shows the draft in the dialog’s example, and the page’s example once it is saved', async () => {
    const user = userEvent.setup();
    const api = studioApi();
    renderWithProviders(<DiscountsPage />);

    expect(await screen.findByText('No discounts yet')).toBeTruthy();
    const page = document.body;
    // The sample family without discounts: Emma 60 + 50 + 45, Liam 60.
    await waitFor(() => expect(familyTotal(page)).toBe('$215.00'));

    await user.click(screen.getAllByRole('button', { name: 'New discount' })[0]!);
    const dialog = await screen.findByRole('dialog');
    // The draft: 10 % off each additional class, to the cent: Emma 60 + 45 + 36.45.
    expect(within(dialog).getByTestId('discount-reads-as').textContent).toBe(
      '10 % off each additional class, rounded to the cent',
    );
    expect(familyTotal(dialog)).toBe('$201.45');

    // Rounded to the dollar instead: 36.45 → 36.
    await user.click(within(dialog).getByRole('textbox', { name: 'Round the price' }));
    await user.click(await screen.findByRole('option', { name: 'To the dollar', hidden: true }));
    await waitFor(() => expect(familyTotal(dialog)).toBe('$201.00'));

    await user.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies).toEqual([{ typeID: 100, vTypeID: 100, value: 0.1, rValue: 100, name: '' }]);
    expect(await screen.findByText('Insert Successful')).toBeTruthy();
    expect(await screen.findByText('10 % off each additional class, rounded to the dollar')).toBeTruthy();
    await waitFor(() => expect(familyTotal(page)).toBe('$201.00'));
  });

  it('keeps an incomplete draft out of the example and refuses to save it', async () => {
    const user = userEvent.setup();
    const api = studioApi();
    renderWithProviders(<DiscountsPage />);
    await user.click((await screen.findAllByRole('button', { name: 'New discount' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    const percent = within(dialog).getByRole('textbox', { name: 'Percentage off per step' });
    await user.clear(percent);
    await user.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    expect(await within(dialog).findByText('insufficient data')).toBeTruthy();
    expect(within(dialog).getByText(/Complete the discount to see/)).toBeTruthy();
    expect(api.bodies).toEqual([]);
  });
});
