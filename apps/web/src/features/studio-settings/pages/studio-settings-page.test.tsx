import { DEFAULT_GENRES, DEFAULT_STUDIO_MONEY_SETTINGS, GENRE_TEXT, LEVEL_OPTIONS } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { StudioSettingsPage } from './studio-settings-page';

const studio = {
  name: 'Demo Dance Academy',
  address: '1 Main St',
  city: 'Newark',
  state: 'NJ',
  zipcode: '07102',
  phone: '9735550100',
  email: 'studio@demo.example',
  timeZone: 'America/New_York',
};

function settingsApi(money = DEFAULT_STUDIO_MONEY_SETTINGS) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const genres = DEFAULT_GENRES.map((name, i) => ({
    id: `${i}0000000-0000-4000-8000-000000000000`.slice(0, 36),
    name,
    retired: name === 'Acro',
    order: i,
  }));
  const mock = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/mystudio/settings') return [200, [true, { studio, money }]];
    if (url === '/api/mystudio/settings/studio')
      return [200, [true, { msg: 'Update Successful', studio: { ...studio, ...body } }]];
    if (url === '/api/mystudio/settings/money')
      return [200, [true, { msg: 'Update Successful', money: body }]];
    if (url === '/api/mystudio/genres?all=1') return [200, [true, genres]];
    if (url === '/api/mystudio/genres' && method === 'POST')
      return [200, [true, { id: 'new', msg: 'Insert Successful' }]];
    if (url.endsWith('/retire') || url.endsWith('/restore'))
      return [200, [true, { msg: GENRE_TEXT.restored }]];
    if (url === '/api/mystudio/levels') return [200, [true, LEVEL_OPTIONS]];
    return undefined;
  });
  return { ...mock, sent };
}

describe('StudioSettingsPage', () => {
  it('saves the studio details, the phone as typed and the zone as chosen', async () => {
    const user = userEvent.setup();
    const api = settingsApi();
    renderWithProviders(<StudioSettingsPage />, '/accounts/admin/myStudio/settings');
    const name = await screen.findByRole('textbox', { name: /Studio name/ });
    expect(screen.getByRole('textbox', { name: /Studio phone/ })).toHaveProperty('value', '(973) 555-0100');
    await user.clear(name);
    await user.type(name, 'Demo Dance Conservatory');
    await user.click(screen.getByRole('button', { name: 'Save studio details' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({
      method: 'PUT',
      url: '/api/mystudio/settings/studio',
      body: { ...studio, name: 'Demo Dance Conservatory', phone: '(973) 555-0100' },
    });
    expect(await screen.findByText('Update Successful')).toBeTruthy();
  });

  it('explains the tuition rules in plain words and sends a custom cap in cents', async () => {
    const user = userEvent.setup();
    const api = settingsApi();
    renderWithProviders(<StudioSettingsPage />, '/accounts/admin/myStudio/settings?tab=tuition');
    expect(
      await screen.findAllByText(
        "Reading A: the family's first child is capped at $400.00 a month; each further child at $160.00 once the first is capped.",
      ),
    ).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Your own amounts' }));
    const first = screen.getByRole('textbox', { name: 'First child’s cap a month' });
    await user.clear(first);
    await user.type(first, '375');
    await user.click(screen.getByRole('radio', { name: 'By child and class' }));
    expect(
      screen.getByText(
        "Your own amounts: the family's first child is capped at $375.00 a month; each further child at $160.00 once the first is capped.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save tuition rules' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body).toEqual({
      ...DEFAULT_STUDIO_MONEY_SETTINGS,
      unlimited: { preset: 'custom', first: 37_500, others: 16_000 },
      siblingIndex: 'student+class',
    });
  });

  it("sends the registration settings back with the rest: a studio's approval is not reset by another change", async () => {
    const user = userEvent.setup();
    const api = settingsApi({
      ...DEFAULT_STUDIO_MONEY_SETTINGS,
      registration: { approval: true, waitlistOfferHours: 48 },
    });
    renderWithProviders(<StudioSettingsPage />, '/accounts/admin/myStudio/settings?tab=tuition');
    // Mantine's switch reads its description as part of its name.
    const approval = await screen.findByRole('switch', {
      name: /^Parents' registrations wait for my approval/,
    });
    expect(approval).toHaveProperty('checked', true);
    const hours = screen.getByRole('textbox', { name: 'A waitlist offer holds the place for' });
    expect(hours).toHaveProperty('value', '48 hours');
    expect(
      screen.getByText("Parents' registrations wait for your approval before they join a payment plan."),
    ).toBeTruthy();

    // Another rule changes; the registration settings go back as they were.
    await user.click(screen.getByRole('radio', { name: 'By child and class' }));
    await user.click(screen.getByRole('button', { name: 'Save tuition rules' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body).toMatchObject({
      siblingIndex: 'student+class',
      registration: { approval: true, waitlistOfferHours: 48 },
    });

    // Then the owner turns approval off and shortens the offer.
    await user.click(approval);
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(screen.getByRole('button', { name: 'Save tuition rules' }));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent[1]?.body).toMatchObject({ registration: { approval: false, waitlistOfferHours: 12 } });
  });

  it('lists genres with retired ones to restore, refuses a twin name, adds a new one, shows the levels', async () => {
    const user = userEvent.setup();
    const api = settingsApi();
    renderWithProviders(<StudioSettingsPage />, '/accounts/admin/myStudio/settings?tab=genres');
    expect(await screen.findByText('Ballet')).toBeTruthy();
    expect(await screen.findByText('Pre-Competition')).toBeTruthy();
    const acro = screen.getByText('Acro').closest('tr') as HTMLElement;
    await user.click(within(acro).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.sent.at(-1)?.url).toMatch(/\/api\/mystudio\/genres\/.+\/restore$/));

    await user.click(screen.getByRole('button', { name: 'New genre' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: /Genre name/ });
    await user.type(input, 'acro');
    await user.click(within(dialog).getByRole('button', { name: 'Add genre' }));
    expect(
      await within(dialog).findByText(`${GENRE_TEXT.exists} It is retired: restore it instead.`),
    ).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'Jazz Funk');
    await user.click(within(dialog).getByRole('button', { name: 'Add genre' }));
    await waitFor(() =>
      expect(api.sent.at(-1)).toMatchObject({ method: 'POST', body: { name: 'Jazz Funk' } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
