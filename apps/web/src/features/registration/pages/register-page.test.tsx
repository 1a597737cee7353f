import { messages, registrationMessages } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STUDIO_ID } from '../../../test/fixtures';
import { mockApi, renderApp } from '../../../test/render';

function api(hasSignIn = false) {
  return mockApi((url, init) => {
    if (url === '/api/auth/me') return [200, [true, null]];
    if (url.startsWith('/api/registration/confirm/email/')) return [200, [true, { msg: messages.codeSent }]];
    if (url === '/api/registration/email/validate/owner%40studio.example/123456')
      return [200, [true, { msg: messages.codeVerified, hasSignIn }]];
    if (url.startsWith('/api/registration/email/validate/')) return [422, [false, messages.codeInvalid]];
    if (url === '/api/registration/account' && init?.method === 'POST')
      return [200, [true, { msg: messages.registrationSubmitted, cID: STUDIO_ID }]];
    return undefined;
  });
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('studio registration', () => {
  // The longest walk of the web's tests (some 150 keystrokes): no pause between keys, and a minute's
  // room, for it once passed 30 s on a machine loaded at 14.
  it('walks e-mail → code → owner → studio → submitted and sends the shared schema’s body', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = api();
    renderApp('/register');

    await user.type(await screen.findByLabelText(/^E-mail/), 'Owner@Studio.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code/)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/registration/confirm/email/owner%40studio.example')).toBe(true);

    // A wrong code is refused with the catalogue text, and the wizard stays.
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText(messages.codeRequired)).toBeTruthy();
    const inputs = screen
      .getAllByLabelText(/Verification code|PinInput/i)
      .filter((el) => el.tagName === 'INPUT');
    await user.click(inputs[0] as HTMLElement);
    await user.keyboard('111111');
    expect(await screen.findByText(messages.codeInvalid)).toBeTruthy();

    for (const input of inputs) await user.clear(input);
    await user.click(inputs[0] as HTMLElement);
    await user.keyboard('123456');
    expect(await screen.findByLabelText(/^First name/)).toBeTruthy();

    // The owner step holds on the password rule.
    await user.type(screen.getByLabelText(/^First name/), 'Ana');
    await user.type(screen.getByLabelText(/^Last name/), 'Pavlova');
    await user.type(screen.getByLabelText(/^Mobile phone/), '5551234567');
    expect((screen.getByLabelText(/^Mobile phone/) as HTMLInputElement).value).toBe('(555) 123-4567');
    await user.type(screen.getByLabelText(/^Password/), 'weak');
    await user.type(screen.getByLabelText(/^Confirm password/), 'weak');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.passwordRule)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await user.type(await screen.findByLabelText(/^Studio name/), 'Swan Lake Studio');
    await user.type(screen.getByLabelText(/^Street address/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Springfield');
    await pick(user, /^State/, 'Illinois (IL)');
    await user.type(screen.getByLabelText(/^ZIP code/), '62701');
    await user.type(screen.getByLabelText(/^Studio phone/), '5557654321');
    expect((screen.getByLabelText(/^Studio e-mail/) as HTMLInputElement).value).toBe('owner@studio.example');
    await pick(user, /How did you hear/, 'Word of mouth');
    await user.type(screen.getByLabelText(/Anything else/), 'Found you at a recital.');
    await user.click(screen.getByRole('button', { name: 'Register studio' }));

    expect(await screen.findByText(messages.registrationSubmitted)).toBeTruthy();
    expect(screen.getByText(messages.registrationSubmittedDetail)).toBeTruthy();
    const post = calls.find((c) => c.url === '/api/registration/account');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      login: { email: 'owner@studio.example', password: 'Secret12' },
      user: { firstName: 'Ana', lastName: 'Pavlova', phone: '5551234567' },
      accountInfo: {
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipcode: '62701',
        phone: '5557654321',
      },
      studioInfo: {
        name: 'Swan Lake Studio',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipcode: '62701',
        phone: '5557654321',
        email: 'owner@studio.example',
      },
      aboutUS: { option: 'Word of mouth', notes: 'Found you at a recital.' },
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login'),
    );
  });

  it('tells an address that already signs in so right after its code, and asks no password', async () => {
    const user = userEvent.setup();
    const { calls } = api(true);
    renderApp('/register');
    await user.type(await screen.findByLabelText(/^E-mail/), 'owner@studio.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code/);
    const inputs = screen
      .getAllByLabelText(/Verification code|PinInput/i)
      .filter((el) => el.tagName === 'INPUT');
    await user.click(inputs[0] as HTMLElement);
    await user.keyboard('123456');
    expect(await screen.findByText(registrationMessages.existingSignIn('owner@studio.example'))).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.type(screen.getByLabelText(/^First name/), 'Ana');
    await user.type(screen.getByLabelText(/^Last name/), 'Pavlova');
    await user.type(screen.getByLabelText(/^Mobile phone/), '5551234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // "How did you hear about us" left empty: a sentence beside the field, never zod's list of options.
    await user.type(await screen.findByLabelText(/^Studio name/), 'Swan Lake Studio');
    await user.type(screen.getByLabelText(/^Street address/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Springfield');
    await pick(user, /^State/, 'Illinois (IL)');
    await user.type(screen.getByLabelText(/^ZIP code/), '62701');
    await user.type(screen.getByLabelText(/^Studio phone/), '5557654321');
    await user.click(screen.getByRole('button', { name: 'Register studio' }));
    expect(await screen.findByText(registrationMessages.aboutUsRequired)).toBeTruthy();
    expect(screen.queryByText(/Invalid option/)).toBeNull();
    await pick(user, /How did you hear/, 'Google');
    await user.click(screen.getByRole('button', { name: 'Register studio' }));
    expect(await screen.findByText(messages.registrationSubmitted)).toBeTruthy();
    expect(screen.getByText(/your current password/)).toBeTruthy();
    const post = calls.find((c) => c.url === '/api/registration/account');
    expect(JSON.parse(String(post?.init?.body)).login).toEqual({ email: 'owner@studio.example' });
  });
});
