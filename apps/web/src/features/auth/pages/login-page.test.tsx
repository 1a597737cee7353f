import { messages } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { multiSession, session } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render';

function api(result = session('owner')) {
  return mockApi((url, init) => {
    if (url === '/api/auth/me') return [200, [true, null]];
    if (url === '/api/auth/remember') return [200, [true, { email: 'owner@demo.example' }]];
    if (url === '/api/mystudio/yearTerms') return [200, [true, []]];
    if (url === '/api/auth/login' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      if (body.password === 'Wrong1') return [401, [false, messages.wrongCredentials]];
      if (body.password === 'Unverified1') return [403, [false, messages.verificationMailSent]];
      return [200, [true, { ...result, cName: result.user.cName, token: 'a-session-token' }]];
    }
    return undefined;
  });
}

describe('sign-in', () => {
  it('prefills the remembered e-mail, shows the server’s refusal, then signs in and returns to the page asked for', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const { router } = renderApp('/login?redirect=%2Faccounts%2Fadmin%2FmyStudio%2Flocations');

    const email = (await screen.findByRole('textbox', { name: /^E-mail/ })) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('owner@demo.example'));
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);

    await user.type(screen.getByLabelText(/^Password/), 'Wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.wrongCredentials)).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Unverified1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.verificationMailSent)).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Pirouette1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.loginSuccessful)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/admin/myStudio/locations'));
    const login = calls.filter((c) => c.url === '/api/auth/login').at(-1);
    expect(JSON.parse(String(login?.init?.body))).toEqual({
      email: 'owner@demo.example',
      password: 'Pirouette1',
      remember: true,
    });
  });

  it('lands a new owner on the dashboard’s checklist until the studio is set up, never passing by the accounts list (issue 31 item 14)', async () => {
    for (const [complete, landing] of [
      [false, '/accounts/admin'],
      [true, '/accounts/admin/accounts'],
    ] as const) {
      const user = userEvent.setup();
      mockApi((url, init) => {
        if (url === '/api/mystudio/setup')
          return [200, [true, { steps: [], nDone: complete ? 8 : 1, nSteps: 8, complete }]];
        if (url === '/api/auth/me') return [200, [true, null]];
        if (url === '/api/auth/remember') return [200, [true, { email: 'owner@demo.example' }]];
        if (url === '/api/auth/login' && init?.method === 'POST') {
          const result = session('owner');
          return [200, [true, { ...result, cName: result.user.cName, token: 'a-session-token' }]];
        }
        return undefined;
      });
      const { router, unmount } = renderApp('/login');
      const visited: string[] = [];
      const stop = router.subscribe((state) => visited.push(state.location.pathname));
      const email = (await screen.findByRole('textbox', { name: /^E-mail/ })) as HTMLInputElement;
      await waitFor(() => expect(email.value).toBe('owner@demo.example'));
      await user.type(screen.getByLabelText(/^Password/), 'Pirouette1');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      // The page's code loads lazily: slow on a busy machine.
      await waitFor(() => expect(router.state.location.pathname).toBe(landing), { timeout: 10_000 });
      // The guest guard did not send the owner on before the landing was known.
      expect(new Set(visited.filter((path) => path !== '/login'))).toEqual(new Set([landing]));
      stop();
      unmount();
    }
  });

  it('asks for the e-mail before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((url) => {
      if (url === '/api/auth/me') return [200, [true, null]];
      if (url === '/api/auth/remember') return [200, [true, { email: null }]];
      return undefined;
    });
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/auth/login')).toBe(false);
  });

  it('sends a person with two studios to the picker, and choosing one switches to it', async () => {
    const user = userEvent.setup();
    const multi = multiSession();
    const parentAtSecond = session('user', {
      user: { ...multi.user, nPriv: 'user', cName: 'Second Position Ballet', cID: multi.accts[1]?.cID ?? '' },
      nAccts: 2,
      accts: multi.accts,
    });
    let switched = false;
    const { calls } = mockApi((url, init) => {
      if (url === '/api/auth/me') return [200, [true, switched ? parentAtSecond : null]];
      if (url === '/api/auth/remember') return [200, [true, { email: null }]];
      if (url === '/api/auth/login' && init?.method === 'POST')
        return [200, [true, { ...multi, cName: multi.user.cName, token: 'a-session-token' }]];
      if (url.startsWith('/api/auth/userAccount/')) {
        switched = true;
        return [200, [true, { user: parentAtSecond.user, cName: 'Second Position Ballet', yrTrm: null }]];
      }
      return undefined;
    });
    const { router } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: /^E-mail/ }), 'multi@demo.example');
    await user.type(screen.getByLabelText(/^Password/), 'Pirouette1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    await user.click(await screen.findByRole('listitem', { name: 'Second Position Ballet, Parent' }));
    // The portal's code loads lazily: slow on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/parents'), {
      timeout: 10_000,
    });
    expect(calls.some((c) => c.url === `/api/auth/userAccount/${multi.accts[1]?.id}`)).toBe(true);
  });
});
