import { messages, type YearTerm, yearTermMessages } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session, yearTerm } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { DanceYearPage } from './dance-year-page';

const summer: YearTerm = {
  ...yearTerm,
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Summer 2027',
  dateStart: '2027-07-01',
  dateEnd: '2027-08-31',
  isCurrent: false,
};

function studio() {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url === '/api/mystudio/yearTerms') return [200, [true, [yearTerm, summer]]];
    if (url === `/api/mystudio/tuition/classes?yearTermID=${yearTerm.id}`)
      return [
        200,
        [true, [{ id: 'c1', yearTermID: yearTerm.id, duration: 60, price: 1234.5, applyDiscount: true }]],
      ];
    if (url === `/api/mystudio/tuition/privates?yearTermID=${yearTerm.id}`)
      return [
        200,
        [
          true,
          [{ id: 'p1', yearTermID: yearTerm.id, name: 'Solo', nDancers: 1, price: 80, applyDiscount: false }],
        ],
      ];
    if (url.startsWith('/api/mystudio/tuition/') && method === 'GET') return [200, [true, []]];
    if (method === 'POST')
      return [200, [true, { id: '88888888-8888-4888-8888-888888888888', msg: messages.insertSuccessful }]];
    return undefined;
  });
}

const lastCall = (api: ReturnType<typeof studio>, method: string) =>
  api.calls.filter((c) => c.init?.method === method).at(-1);

describe('DanceYearPage', () => {
  it("shows the current term's class and private prices, and another term's when it is picked", async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<DanceYearPage />, '/accounts/admin/myStudio/dance-year');
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('60 minutes')).toBeTruthy();
    expect(screen.getByText('Solo')).toBeTruthy();
    expect(screen.getByText('1 dancer · no discounts')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show the prices of Summer 2027' }));
    expect(await screen.findByText('No class prices for Summer 2027 yet.')).toBeTruthy();
    expect(screen.getByText('No private lesson prices for Summer 2027 yet.')).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toContain(`/api/mystudio/tuition/classes?yearTermID=${summer.id}`);
  });

  it('creates a year term with the fields the server checks, saying what is missing first', async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<DanceYearPage />);
    await user.click(await screen.findByRole('button', { name: 'New year term' }));
    const dialog = await screen.findByRole('dialog', { name: 'New year term' });
    await user.click(within(dialog).getByRole('button', { name: 'Create year term' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(3);

    await user.type(within(dialog).getByLabelText(/^Name/), '2027-2028');
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2027-09-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2027-08-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create year term' }));
    expect(within(dialog).getByText(yearTermMessages.endNotAfterStart)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2028-06-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create year term' }));
    await waitFor(() => expect(lastCall(api, 'POST')?.url).toBe('/api/mystudio/yearTerms/new'));
    expect(JSON.parse(String(lastCall(api, 'POST')?.init?.body))).toEqual({
      name: '2027-2028',
      dateStart: '2027-09-01',
      dateEnd: '2028-06-30',
      notes: '',
    });
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New year term' })).toBeNull());
  });

  it('adds a class price in dollars to the term shown', async () => {
    const api = studio();
    const user = userEvent.setup();
    renderWithProviders(<DanceYearPage />);
    await user.click(await screen.findByRole('button', { name: 'New class price' }));
    const dialog = await screen.findByRole('dialog', { name: 'New class price' });
    await user.type(within(dialog).getByLabelText(/^Monthly price/), '62.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add class price' }));
    await waitFor(() => expect(lastCall(api, 'POST')?.url).toBe('/api/mystudio/tuition/classes'));
    expect(JSON.parse(String(lastCall(api, 'POST')?.init?.body))).toEqual({
      yearTermID: yearTerm.id,
      duration: 60,
      price: 62.5,
      applyDiscount: true,
    });
  });

  it('does not offer to delete the current term', async () => {
    studio();
    const user = userEvent.setup();
    renderWithProviders(<DanceYearPage />);
    // The page settled (its prices shown) before the menu is opened: a row rendered again while the
    // menu opens can close it (a CI run on a loaded machine did not find the item).
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: `Actions for ${yearTerm.name}` }));
    const item = await screen.findByRole('menuitem', { name: 'Delete' });
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
  });
});
