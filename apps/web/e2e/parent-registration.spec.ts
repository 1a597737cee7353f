import { expect, test } from '@playwright/test';
import { OWNER, PASSWORD, waitForMail } from './helpers';

test('a family registers through the parent link, confirms its e-mail and signs in', async ({
  page,
  browser,
}) => {
  // The demo studio's id, from the owner's session.
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(OWNER);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as [true, { user: { cID: string } }];
  const studioId = me[1].user.cID;
  expect(studioId).toBeTruthy();

  // A parent, in a fresh context, opens the studio's sign-up link.
  const context = await browser.newContext();
  const parent = await context.newPage();
  const email = `family-${Date.now()}@family.example`;
  const password = 'Plie2Releve';

  await parent.goto(`/parent/${studioId}/register`);
  await expect(parent.getByText('Register your family and your dancers.')).toBeVisible();

  // 1. You — an address that already signs in is refused here, beside the field, not at the last step.
  await parent.getByRole('textbox', { name: /^E-mail/ }).fill(OWNER);
  await parent.getByLabel(/^Password/).fill(password);
  await parent.getByLabel(/^Confirm password/).fill(password);
  await parent.getByLabel(/^First name/).fill('Maria');
  await parent.getByLabel(/^Last name/).fill('Tallchief');
  await parent.getByLabel(/^Mobile phone/).fill('5551234567');
  await parent.getByRole('button', { name: 'Next' }).click();
  await expect(
    parent.getByText('An account with this e-mail address already exists. Please sign in.'),
  ).toBeVisible();
  await expect(parent.getByRole('link', { name: 'Sign in to your account' })).toBeVisible();
  await expect(parent.getByTestId('step-caption')).toHaveText('Step 1 of 5: You');

  // The password rule is checked before moving on.
  await parent.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await parent.getByLabel(/^Password/).fill('weakpass');
  await parent.getByLabel(/^Confirm password/).fill('weakpass');
  await parent.getByLabel(/^First name/).fill('Maria');
  await parent.getByLabel(/^Last name/).fill('Tallchief');
  await parent.getByLabel(/^Mobile phone/).fill('5551234567');
  await expect(parent.getByLabel(/^Mobile phone/)).toHaveValue('(555) 123-4567');
  await parent.getByRole('button', { name: 'Next' }).click();
  await expect(
    parent.getByText(
      'The password must contain at least: 1 uppercase letter, 1 lowercase letter, and 1 number.',
    ),
  ).toBeVisible();
  await parent.getByLabel(/^Password/).fill(password);
  await parent.getByLabel(/^Confirm password/).fill(password);
  await parent.getByRole('button', { name: 'Next' }).click();

  // 2. Contacts — one other contact, a father.
  await parent.getByRole('button', { name: 'Add a contact' }).click();
  await parent.getByLabel(/^First name/).fill('Jonas');
  await parent.getByLabel(/^Last name/).fill('Tallchief');
  await parent.getByLabel(/^Phone/).fill('5550001111');
  await parent.getByRole('textbox', { name: /^Role/ }).click();
  await parent.getByRole('option', { name: 'Father' }).click();
  await parent.getByRole('button', { name: 'Next' }).click();

  // 3. Students — a student needs a date of birth; then two children.
  await parent.getByLabel(/^First name/).fill('Ana');
  await parent.getByRole('button', { name: 'Next' }).click();
  await expect(parent.getByText("Please enter the student's date of birth.")).toBeVisible();
  await parent.getByLabel(/^Date of birth/).fill('2016-05-01');
  await parent.getByRole('button', { name: 'Add a student' }).click();
  await parent
    .getByLabel(/^First name/)
    .nth(1)
    .fill('Leo');
  await parent
    .getByLabel(/^Last name/)
    .nth(1)
    .fill('Tallchief');
  await parent
    .getByRole('textbox', { name: /^Gender/ })
    .nth(1)
    .click();
  await parent.getByRole('option', { name: 'Male', exact: true }).click();
  await parent
    .getByLabel(/^Date of birth/)
    .nth(1)
    .fill('2018-09-12');

  // Back and forth keeps what was typed.
  await parent.getByRole('button', { name: 'Back' }).click();
  await expect(parent.getByLabel(/^First name/)).toHaveValue('Jonas');
  await parent.getByRole('button', { name: 'Next' }).click();
  await expect(parent.getByLabel(/^First name/).nth(1)).toHaveValue('Leo');
  await parent.getByRole('button', { name: 'Next' }).click();

  // 4. Address and about us.
  await parent.getByLabel(/^Street address/).fill('12 Swan Lane');
  await parent.getByLabel(/^City/).fill('Tulsa');
  await parent.getByRole('textbox', { name: /^State/ }).fill('Oklahoma');
  await parent.getByRole('option', { name: 'Oklahoma (OK)' }).click();
  await parent.getByLabel(/^ZIP code/).fill('74101');
  await parent.getByLabel(/^Home phone/).fill('5557654321');
  await parent.getByRole('textbox', { name: /How did you hear/ }).click();
  await parent.getByRole('option', { name: 'Word of mouth' }).click();
  await parent.getByRole('button', { name: 'Next' }).click();

  // 5. Terms — Register waits for every document to be accepted. Titles start with a capital, as
  // everywhere else the studio's documents are shown (issue 31 item 16).
  await expect(parent.getByRole('heading', { name: 'Studio rules and policies', exact: true })).toBeVisible();
  const registerButton = parent.getByRole('button', { name: 'Register' });
  const boxes = parent.getByRole('checkbox');
  const count = await boxes.count();
  if (count > 0) await expect(registerButton).toBeDisabled();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await expect(registerButton).toBeEnabled();
  await registerButton.click();

  await expect(parent.getByText(/follow it to confirm your e-mail address/)).toBeVisible();
  await expect(parent.getByText(email)).toBeVisible();

  const mail = await waitForMail(parent.request, email, (m) => /\/verify\/email\/nt\//.test(m.text));
  const link = new URL(/(https?:\/\/\S+\/verify\/email\/nt\/\S+)/.exec(mail.text)?.[1] ?? '');

  // Signing in before following the link says plainly that the link is on its way, and keeps it alive.
  await parent.goto(`/parent/${studioId}`);
  await parent.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await parent.getByLabel(/^Password/).fill(password);
  await parent.getByRole('button', { name: 'Sign in' }).click();
  await expect(parent.getByText(/We sent you a verification link a few minutes ago/)).toBeVisible();

  // The first mailed link still confirms the address.
  await parent.goto(link.pathname);
  await expect(parent.locator('#root').getByText('Verification is complete, please login.')).toBeVisible();

  // Sign in at the studio's parent page: the family home.
  await parent.goto(`/parent/${studioId}`);
  await parent.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await parent.getByLabel(/^Password/).fill(password);
  await parent.getByRole('button', { name: 'Sign in' }).click();
  await expect(parent.getByText('Login Successful')).toBeVisible();
  await expect(parent).toHaveURL(/\/accounts\/parents$/);
  await context.close();
});
