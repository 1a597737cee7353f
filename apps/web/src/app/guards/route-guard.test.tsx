import type { MeResult } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patelFamily } from '../../features/parents/portal/portal-fixtures';
import { multiSession, session, yearTerm } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

function signedIn(who: MeResult | null) {
  return mockApi((url) => {
    if (url === '/api/auth/me') return [200, [true, who]];
    if (url === '/api/auth/remember') return [200, [true, { email: null }]];
    if (url === '/api/mystudio/yearTerms') return [200, [true, [yearTerm]]];
    if (url === '/api/parents/account/') return [200, [true, patelFamily()]];
    if (url.startsWith('/api/mystudio/account/list/')) {
      const counts = { active: 0, inactive: 0, incomplete: 0 };
      return [200, [true, { items: [], total: 0, page: 1, pageSize: 10, counts }]];
    }
    return undefined;
  });
}

const locationOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** Pages load lazily: on a busy machine a chunk takes longer than testing-library's second. */
const LAZY = { timeout: 5000 };
describe('route guards in the app', () => {
  it('sends an anonymous visit of an admin page to sign-in, remembering the page', async () => {
    signedIn(null);
    const { router } = renderApp('/accounts/admin/myStudio/locations');
    await waitFor(() =>
      expect(locationOf(router)).toBe('/login?redirect=%2Faccounts%2Fadmin%2FmyStudio%2Flocations'),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' }, LAZY)).toBeTruthy();
  });

  it('sends a parent away from the admin area to the parents home', async () => {
    signedIn(session('user'));
    const { router } = renderApp('/accounts/admin/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/parents'), LAZY);
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana' }, LAZY)).toBeTruthy();
  });

  it('sends an owner away from the parents area to the owner home', async () => {
    signedIn(session('owner'));
    const { router } = renderApp('/accounts/parents');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/admin/accounts'), LAZY);
    expect(await screen.findByRole('heading', { name: 'List of Accounts' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('No accounts yet')).toBeTruthy();
  });

  it('sends a signed-in owner from the login page home', async () => {
    signedIn(session('owner'));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/admin/accounts'), LAZY);
  });

  it('sends a person with two studios from the login page to the picker', async () => {
    signedIn(multiSession());
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'), LAZY);
    expect(await screen.findByText('Second Position Ballet')).toBeTruthy();
  });

  it('does not follow an unsafe return address', async () => {
    signedIn(session('owner'));
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/admin/accounts'), LAZY);
  });

  it('shows public pages to anybody', async () => {
    signedIn(null);
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' }, LAZY)).toBeTruthy();
  });

  it('shows the not-found page at an unknown route', async () => {
    signedIn(null);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Ops!' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Portal' }).getAttribute('href')).toBe(
      '/accounts/parents',
    );
  });

  it('resets a session whose expiry has passed and shows sign-in', async () => {
    signedIn(
      session('owner', {
        user: { ...session('owner').user, expT: new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const { router } = renderApp('/accounts/admin/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LAZY);
  });
});
