import { accountMessages, messages, registrationCalls } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, type FakeAnswer, refusal } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { ParentRegisterPage } from './parent-register-page';

const STUDIO = '11111111-1111-4111-8111-111111111111';

/** The studio's sign-up page, its e-mail check answered as told. */
function open(emailCheck: FakeAnswer) {
  mockApi((url) => {
    if (url === `/api/registration/parent/company/${STUDIO}`)
      return answer(registrationCalls.parentCompany, { cName: 'Demo Dance Academy', terms: [] });
    if (url.startsWith(`/api/registration/parent/${STUDIO}/email/`)) return emailCheck;
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/parent/:pID/register" element={<ParentRegisterPage />} />
    </Routes>,
    `/parent/${STUDIO}/register`,
  );
}

async function fillYou(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^E-mail/), 'mom@family.example');
  await user.type(screen.getByLabelText(/^Password/), 'Grand1Jete');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Grand1Jete');
  await user.type(screen.getByLabelText(/^First name/), 'Maya');
  await user.type(screen.getByLabelText(/^Last name/), 'Patel');
  await user.type(screen.getByLabelText(/^Mobile phone/), '5551234567');
  await user.click(screen.getByRole('button', { name: /Next|Continue/ }));
}

describe('ParentRegisterPage, the e-mail checked where it is typed', () => {
  it('offers to sign in when the server says by its code that the address has an account', async () => {
    const user = userEvent.setup();
    open(refusal(409, messages.emailTaken, 'email_taken'));
    await fillYou(user);
    const field = (await screen.findByText(messages.emailTaken)).closest('div')!;
    expect(within(field).getByRole('link', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it('offers no sign-in for another conflict, whatever its words', async () => {
    const user = userEvent.setup();
    const invited = accountMessages.invitedByStudio('Demo Dance Academy');
    open([409, [false, `${invited} (An account already exists.)`]]);
    await fillYou(user);
    expect(await screen.findByText(new RegExp(invited.slice(0, 20)))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in to your account' })).toBeNull();
  });
});
