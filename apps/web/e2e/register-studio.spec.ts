import { expect, test } from '@playwright/test';
import { hydrated, waitForMail } from './helpers';

test('a new studio registers through the screens, signs in, and resets its password by the mailed link', async ({
  page,
  request,
}) => {
  const email = `owner-${Date.now()}@studio.example`;
  const password = 'Grand1Jete';

  await page.goto('/');
  await page.getByRole('link', { name: 'Register your studio' }).first().click();
  await expect(page).toHaveURL(/\/register$/);

  // 1. E-mail → a 6-digit code in the outbox.
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We sent a 6-digit code to')).toBeVisible();
  const codeMail = await waitForMail(request, email, (m) => /\b\d{6}\b/.test(`${m.subject} ${m.text}`));
  const code = /\b(\d{6})\b/.exec(`${codeMail.subject} ${codeMail.text}`)?.[1] ?? '';

  // 2. The code.
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await expect(page.getByLabel(/^First name/)).toBeVisible();

  // 3. The owner.
  await page.getByLabel(/^First name/).fill('Anna');
  await page.getByLabel(/^Last name/).fill('Pavlova');
  await page.getByLabel(/^Mobile phone/).fill('5551234567');
  await expect(page.getByLabel(/^Mobile phone/)).toHaveValue('(555) 123-4567');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();

  // 4. The studio, billing and about us.
  await page.getByLabel(/^Studio name/).fill('Swan Lake Studio');
  await page.getByLabel(/^Street address/).fill('12 Main Street');
  await page.getByLabel(/^City/).fill('Springfield');
  await page.getByRole('textbox', { name: /^State/ }).fill('Illinois');
  await page.getByRole('option', { name: 'Illinois (IL)' }).click();
  await page.getByLabel(/^ZIP code/).fill('62701');
  await page.getByLabel(/^Studio phone/).fill('5557654321');
  await page.getByRole('textbox', { name: /How did you hear/ }).click();
  await page.getByRole('option', { name: 'Instagram' }).click();
  await page.getByLabel(/Anything else/).fill('Saw a recital video.');
  await page.getByRole('button', { name: 'Register studio' }).click();

  await expect(page.getByText('New account registration submitted!')).toBeVisible();
  await expect(
    page.getByText('Your e-mail address is confirmed by its code: you can sign in now.'),
  ).toBeVisible();

  // The checked code proved the address (decision 004): straight on to sign in.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Sign in: a new owner lands on the dashboard's setup checklist (issue 31 item 14), then the list.
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/admin$/);
  await expect(page.getByRole('heading', { name: 'Set up Swan Lake Studio' })).toBeVisible();
  await page.goto('/accounts/admin/accounts');
  await expect(page.getByRole('heading', { name: 'List of Accounts' })).toBeVisible();
  await expect(page.getByTestId('studio-name')).toHaveText('Swan Lake Studio');
  await expect(page.getByText('No accounts yet')).toBeVisible();
  // The list arrives rendered by the server (decision 097): its buttons answer once it is hydrated.
  await hydrated(page);

  // Password reset: request the link, open it from the mail, choose a new password, sign in with it.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/verify\/email\/pass$/);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('dialog').getByText('Check Email Inbox')).toBeVisible();
  const resetMail = await waitForMail(request, email, (m) => /\/verify\/email\/pass\//.test(m.text));
  const resetLink = new URL(/(https?:\/\/\S+\/verify\/email\/pass\/\S+)/.exec(resetMail.text)?.[1] ?? '');
  await page.goto(resetLink.pathname);
  await page.getByLabel(/^New password/).fill('weak');
  await page.getByLabel(/^Confirm new password/).fill('weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText(
      'The password must contain at least: 1 uppercase letter, 1 lowercase letter, and 1 number.',
    ),
  ).toBeVisible();
  await page.getByLabel(/^New password/).fill('Pirouette2');
  await page.getByLabel(/^Confirm new password/).fill('Pirouette2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Password/).fill('Pirouette2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/accounts\/admin$/);

  // A second studio for the same address: right after its code the form says the address already signs
  // in, and asks no password; the studio joins that sign-in, whose password stays as it is.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/register');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We sent a 6-digit code to')).toBeVisible();
  const secondMail = await waitForMail(
    request,
    email,
    (m) => /\b\d{6}\b/.test(`${m.subject} ${m.text}`) && m.subject !== codeMail.subject,
  );
  const secondCode = /\b(\d{6})\b/.exec(`${secondMail.subject} ${secondMail.text}`)?.[1] ?? '';
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(secondCode);
  await expect(page.getByText(`${email} already has a Pirouette sign-in.`, { exact: false })).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByLabel(/^First name/).fill('Anna');
  await page.getByLabel(/^Last name/).fill('Pavlova');
  await page.getByLabel(/^Mobile phone/).fill('5551234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Studio name/).fill('Swan Lake Annex');
  await page.getByLabel(/^Street address/).fill('14 Main Street');
  await page.getByLabel(/^City/).fill('Springfield');
  await page.getByRole('textbox', { name: /^State/ }).fill('Illinois');
  await page.getByRole('option', { name: 'Illinois (IL)' }).click();
  await page.getByLabel(/^ZIP code/).fill('62701');
  await page.getByLabel(/^Studio phone/).fill('5557654322');
  // "How did you hear about us" left empty: a sentence beside the field, never zod's list of options.
  await page.getByRole('button', { name: 'Register studio' }).click();
  await expect(page.getByText('Please tell us how you heard about us.')).toBeVisible();
  await expect(page.getByText(/Invalid option/)).toHaveCount(0);
  await page.getByRole('textbox', { name: /How did you hear/ }).click();
  await page.getByRole('option', { name: 'Google' }).click();
  await page.getByRole('button', { name: 'Register studio' }).click();
  await expect(page.getByText('New account registration submitted!')).toBeVisible();
  await expect(page.getByText(/with your current password/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Password/).fill('Pirouette2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Two studios now: the account picker.
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByText('Swan Lake Annex')).toBeVisible();
});
