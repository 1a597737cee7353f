import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { addTeacher, registerStudio } from './studio-helpers';

/** A page's first answer after a navigation or a reload: generous, for a machine shared with others. */
const loaded = { timeout: 30_000 };

test('a new owner is shown where to begin: the setup checklist ticks each step as it is done', async ({
  page,
  request,
  baseURL,
}) => {
  // A whole setup through the screens: long, more so on a machine shared with other runs.
  test.slow();
  const email = `owner+${Date.now()}@checklist.example`;
  await registerStudio(request, email);
  await page.goto('/login');
  await signIn(page, email, 'Setup1234');

  // Until the studio is set up, sign-in lands on the dashboard's checklist (issue 31 item 14).
  await expect(page).toHaveURL(/\/accounts\/admin$/, loaded);
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist.getByRole('heading', { name: 'Set up Pine Street Dance' })).toBeVisible(loaded);
  await expect(page.getByTestId('setup-progress')).toHaveText('1 of 8 steps done');

  // The empty list of accounts points back to it.
  await page.goto('/accounts/admin/accounts');
  const reminder = page.getByTestId('setup-reminder');
  await expect(reminder).toContainText('Setting up your studio: 1 of 8 steps done.', loaded);
  await expect(reminder).toContainText('Next: add your location and its rooms.');
  await reminder.getByRole('link', { name: 'Open the setup checklist' }).click();
  await expect(page).toHaveURL(/\/accounts\/admin$/);
  await expect(page.getByTestId('setup-progress')).toHaveText('1 of 8 steps done', loaded);
  const step = (key: string) => checklist.locator(`[data-step="${key}"]`);
  await expect(step('yearTerm')).toHaveAttribute('data-done', 'true');
  await expect(step('teachers')).toHaveAttribute('data-done', 'false');

  // A teacher added on the Teachers page the checklist links to is ticked on the way back.
  await step('teachers').getByRole('link', { name: 'Add your teachers: open Teachers' }).click();
  await expect(page).toHaveURL(/\/accounts\/admin\/staff$/);
  await addTeacher(page, 'lena@checklist.example');
  await expect(page.getByTestId('setup-reminder')).toContainText('2 of 8 steps done', loaded);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(step('teachers')).toHaveAttribute('data-done', 'true', loaded);

  // The $35.00 registration fee a new studio starts with, the terms, kept as they are, and the parent
  // link, copied: all ticked, and they stay ticked.
  await step('registrationFee').getByRole('button', { name: 'Keep $35.00' }).click();
  await expect(step('registrationFee')).toHaveAttribute('data-done', 'true');
  await step('terms').getByRole('button', { name: 'They are fine as they are' }).click();
  await expect(step('terms')).toHaveAttribute('data-done', 'true');
  await step('parentLink').getByRole('button', { name: 'Copy parent sign-up link' }).click();
  await expect(step('parentLink')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('setup-progress')).toHaveText('5 of 8 steps done');
  await page.reload();
  await expect(page.getByTestId('setup-progress')).toHaveText('5 of 8 steps done', loaded);

  // A location with a room, made through the API as the Locations page would: ticked too.
  const made = await page.request.post('/api/mystudio/locations', {
    headers: { Origin: baseURL! },
    data: {
      loc: {
        name: 'Main studio',
        address: '5 Pine St',
        city: 'Trenton',
        state: 'NJ',
        zipcode: '08608',
        phone: '6095550123',
      },
      rooms: [{ name: 'Studio A' }],
    },
  });
  expect(made.ok()).toBe(true);
  await page.reload();
  await expect(step('locations')).toHaveAttribute('data-done', 'true', loaded);
  await expect(page.getByTestId('setup-progress')).toHaveText('6 of 8 steps done');

  // Studio settings is in the sidebar, under Studio.
  // The group opens with an animation: a click that lands before it ends (a CI run once saw one go
  // nowhere) is tried again, opening the group only while its link is hidden.
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const settings = nav.getByRole('link', { name: 'Studio settings' });
  await expect(async () => {
    if (!(await settings.isVisible())) await nav.getByText('Studio', { exact: true }).click();
    await settings.click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/accounts\/admin\/myStudio\/settings$/, { timeout: 2000 });
  }).toPass(loaded);
});

test('the demo studio is set up: its checklist is one line', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'owner@demo.example');
  // Set up, the owner lands on the accounts list, the spec's home (000 §6).
  await expect(page).toHaveURL(/\/accounts\/admin\/accounts$/, loaded);
  await page.goto('/accounts/admin');
  await expect(page.getByText('Demo Dance Academy is set up: families can register.')).toBeVisible(loaded);
  await expect(page.getByTestId('setup-reminder')).toHaveCount(0);
  await page.goto('/accounts/admin/accounts');
  await expect(page.getByRole('heading', { name: 'List of Accounts' })).toBeVisible(loaded);
  await expect(page.getByTestId('setup-reminder')).toHaveCount(0);
});
