import { messages, type Teacher } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { TeachersPage } from './teachers-page';

const ID = '77777777-7777-4777-8777-777777777777';
const maria: Teacher = {
  id: ID,
  firstName: 'Maria',
  lastName: 'Tallchief',
  address: '1 Ballet Way',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '9735550177',
  email: 'maria@example.com',
};

function api() {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/mystudio/teachers' && method === 'GET') return [200, [true, [maria]]];
    if (url === `/api/mystudio/teachers/${ID}` && method === 'PUT')
      return [200, [true, { msg: messages.updateSuccessful }]];
    if (url === `/api/mystudio/teachers/${ID}` && method === 'DELETE')
      return [200, [true, { msg: messages.deleteSuccessful }]];
    return undefined;
  });
}

describe('TeachersPage', () => {
  it('lists teachers with the phone as (000) 000-0000', async () => {
    api();
    renderWithProviders(<TeachersPage />);
    const row = (await screen.findByText('Maria Tallchief')).closest('tr')!;
    expect(within(row).getByText('(973) 555-0177')).toBeTruthy();
    expect(within(row).getByText('maria@example.com')).toBeTruthy();
    expect(within(row).getByText('Montclair, NJ')).toBeTruthy();
  });

  it('edits a teacher with PUT teachers/{id} and closes the dialog', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<TeachersPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Maria Tallchief' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit teacher' });
    await user.clear(within(dialog).getByRole('textbox', { name: /^City/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Newark');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit teacher' })).toBeNull());
    const put = calls.find((c) => c.init?.method === 'PUT');
    const { id: _id, ...fields } = maria;
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      ...fields,
      city: 'Newark',
      phone: '(973) 555-0177',
    });
  });

  it('deletes a teacher after asking', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<TeachersPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Maria Tallchief' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete teacher' });
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.deleteSuccessful)).toBeTruthy();
    expect(calls.filter((c) => c.init?.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/mystudio/teachers/${ID}`,
    ]);
  });
});
