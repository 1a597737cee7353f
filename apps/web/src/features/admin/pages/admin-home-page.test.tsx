import { type SetupStepKey, type StudioSetup, studioSetup } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { AdminHomePage } from './admin-home-page';

const KEYS: SetupStepKey[] = [
  'locations',
  'yearTerm',
  'teachers',
  'classPrices',
  'privatePrices',
  'registrationFee',
  'classes',
  'terms',
  'parentLink',
  'getPaid',
];
const setupWith = (...done: SetupStepKey[]): StudioSetup =>
  studioSetup(Object.fromEntries(KEYS.map((k) => [k, done.includes(k)])) as Record<SetupStepKey, boolean>);

function studio(initial: StudioSetup) {
  let setup = initial;
  const api = mockApi((url, init) => {
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url === '/api/mystudio/setup') return [200, [true, setup]];
    if (init?.method === 'POST' && url.startsWith('/api/mystudio/setup/')) {
      const step = url.split('/').at(-1) as SetupStepKey;
      setup = setupWith(...setup.steps.filter((s) => s.done).map((s) => s.key), step);
      return [200, [true, setup]];
    }
    return undefined;
  });
  return api;
}

const stepRow = (key: SetupStepKey) =>
  screen.getAllByTestId('setup-step').find((row) => row.dataset.step === key)!;
const posts = (api: ReturnType<typeof studio>) =>
  api.calls.filter((c) => c.init?.method === 'POST').map((c) => c.url);

describe('AdminHomePage setup checklist', () => {
  it('shows a new studio every step, ticked as done, each linking to the page that does it', async () => {
    studio(setupWith('yearTerm'));
    renderWithProviders(<AdminHomePage />, '/accounts/admin');
    // The first render loads the page's code too: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Set up Demo Dance Academy' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('setup-progress').textContent).toBe('1 of 8 steps done');
    expect(screen.getAllByTestId('setup-step').map((row) => [row.dataset.step, row.dataset.done])).toEqual(
      KEYS.map((k) => [k, String(k === 'yearTerm')]),
    );
    expect(within(stepRow('yearTerm')).getByRole('img', { name: 'Done' })).toBeTruthy();
    expect(within(stepRow('locations')).getByRole('img', { name: 'To do' })).toBeTruthy();
    expect(within(stepRow('privatePrices')).getByText('Optional')).toBeTruthy();

    const links = [
      ['Add your location and its rooms: open Locations', '/accounts/admin/myStudio/locations'],
      ['Add your teachers: open Teachers', '/accounts/admin/staff'],
      ['Set your class prices: open Prices', '/accounts/admin/myStudio/dance-year'],
      ['Confirm your registration fee: open Fees', '/accounts/admin/myStudio/settings?tab=tuition'],
      ['Schedule your classes: open Classes', '/accounts/admin/schedule/class'],
      ['Review your terms documents: open Documents', '/accounts/admin/myStudio/document'],
      ['Get paid by card: open Get paid', '/accounts/admin/myStudio/get-paid'],
    ];
    for (const [name, href] of links) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('ticks the fee and the terms when the owner keeps them as they are, and the link when they copy it', async () => {
    const api = studio(setupWith('locations', 'yearTerm', 'teachers', 'classPrices', 'classes'));
    const user = userEvent.setup();
    renderWithProviders(<AdminHomePage />, '/accounts/admin');
    // The $35.00 a new studio starts with is a step to confirm (issue 31 item 14).
    await user.click(await screen.findByRole('button', { name: 'Keep $35.00' }, { timeout: 5000 }));
    await waitFor(() => expect(stepRow('registrationFee').dataset.done).toBe('true'));
    expect(screen.getByTestId('setup-progress').textContent).toBe('6 of 8 steps done');
    await user.click(screen.getByRole('button', { name: 'They are fine as they are' }));
    await waitFor(() => expect(stepRow('terms').dataset.done).toBe('true'));
    expect(screen.getByTestId('setup-progress').textContent).toBe('7 of 8 steps done');

    await user.click(within(stepRow('parentLink')).getByRole('button', { name: 'Copy parent sign-up link' }));
    // Every required step done: the checklist folds to one line.
    expect(await screen.findByText('Demo Dance Academy is set up: families can register.')).toBeTruthy();
    expect(posts(api)).toEqual([
      '/api/mystudio/setup/registrationFee',
      '/api/mystudio/setup/terms',
      '/api/mystudio/setup/parentLink',
    ]);
  });

  it('folds a studio that is set up to one line, with its steps a click away', async () => {
    studio(setupWith(...KEYS.filter((k) => k !== 'privatePrices')));
    const user = userEvent.setup();
    renderWithProviders(<AdminHomePage />, '/accounts/admin');
    expect(
      await screen.findByText('Demo Dance Academy is set up: families can register.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up Demo Dance Academy' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the setup steps' }));
    expect(stepRow('privatePrices').dataset.done).toBe('false');
  });
});
