import { expect, type Page, test } from '@playwright/test';
import { confirmEmail, OWNER, registerFamily, showWholePortal, signIn } from './helpers';

/** A date of birth `years` before this year's March 1st: the dancer's age this season, whatever today is. */
const bornYearsAgo = (years: number) => `${new Date().getFullYear() - years}-03-01`;

/** Presses one class of the week in the schedule builder, by its name. */
async function pick(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name},`) }).click();
}

async function chooseRoom(page: Page, room: string) {
  await page.getByRole('radiogroup', { name: 'Room' }).getByText(room, { exact: true }).click();
}

test('a family registers two dancers for three classes, the owner approves and drops one, the parent sees why', async ({
  page,
  browser,
}) => {
  // A long walk through two browsers: four minutes on a machine running the unit suites beside it.
  test.setTimeout(240_000);

  // The owner asks that parents' registrations wait for approval.
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/myStudio/settings?tab=tuition');
  const approval = page.getByRole('switch', { name: "Parents' registrations wait for my approval" });
  await approval.check();
  await page.getByRole('button', { name: 'Save tuition rules' }).click();
  await expect(page.getByText('Update Successful').last()).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as [true, { user: { cID: string } }];
  const studioId = me[1].user.cID;

  // A new family with two dancers signs up through the studio's link and signs in.
  const context = await browser.newContext();
  const parent = await context.newPage();
  const email = `carter-${Date.now()}@family.example`;
  const password = 'Plie2Releve';
  await parent.goto(`/parent/${studioId}/register`);
  await registerFamily(parent, {
    email,
    password,
    firstName: 'Dana',
    lastName: 'Carter',
    phone: '5553331212',
    students: [
      { firstName: 'Mila', lastName: 'Carter', gender: 'Female', dob: bornYearsAgo(7) },
      { firstName: 'Theo', lastName: 'Carter', gender: 'Male', dob: bornYearsAgo(10) },
    ],
  });
  await confirmEmail(parent, email);
  await parent.goto(`/parent/${studioId}`);
  await signIn(parent, email, password);

  // The portal's way in: register for classes.
  await parent.getByRole('link', { name: 'Register for classes' }).first().click();
  await expect(parent).toHaveURL(/\/accounts\/parents\/register/);
  await parent.getByRole('button', { name: 'Choose Mila' }).click();

  // Mila: Ballet 1 on Monday and Jazz 1 on Tuesday, both in Studio A.
  await chooseRoom(parent, 'Studio A');
  await pick(parent, 'Ballet 1');
  await pick(parent, 'Jazz 1');
  // Theo: Hip Hop 2.
  await parent.getByRole('radiogroup', { name: 'Dancer' }).getByText('Theo', { exact: true }).click();
  await pick(parent, 'Hip Hop 2');

  // The prices, worked out live: Mila's second class takes the multi-class discount, Theo the sibling's.
  const prices = parent.getByRole('region', { name: 'Monthly tuition' });
  await expect(prices.getByText(/Each additional class/).first()).toBeVisible();
  await expect(prices.getByText(/Each additional child/).first()).toBeVisible();
  // $65 + ($65 − 10 % to the dollar: $59) for Mila, $65 − $10 for Theo.
  await expect(prices.getByText('$179.00').first()).toBeVisible();

  // Review: three new classes.
  await parent.getByRole('button', { name: 'Continue' }).click();
  await expect(parent.getByText('Ballet 1').first()).toBeVisible();
  await expect(parent.getByText('Hip Hop 2').first()).toBeVisible();
  await parent.getByRole('button', { name: 'Continue' }).click();

  // The plan: Half year, with its payments and their reasons.
  const half = parent.getByTestId('plan-option').filter({ hasText: 'Half year' });
  await half.click();
  await expect(half.getByText(/5 % off/).first()).toBeVisible();
  // The family accepted the studio's terms when it signed up: no terms step, the plan step registers.
  await parent.getByRole('button', { name: 'Register' }).click();
  await expect(parent.getByText('The studio will confirm your new classes shortly.')).toBeVisible();

  // The owner approves the three requests at once.
  await page.goto('/accounts/admin/registrations/pending');
  const rows = page.getByRole('row').filter({ hasText: 'Carter' });
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Approve/ })
    .click();
  await expect(page.getByText('3 registrations approved.').last()).toBeVisible();

  // The parent's portal: the family's tuition and its half-year schedule.
  await parent.goto('/accounts/parents');
  await showWholePortal(parent);
  await expect(parent.getByText('Half year').first()).toBeVisible();
  await expect(parent.getByText('$179.00').first()).toBeVisible();

  // The owner drops Mila's Jazz 1 from today, on the family's overview.
  await page.goto('/accounts/admin/accounts');
  await page
    .getByRole('link', { name: /Carter/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Drop Jazz 1 (Mila)' }).click();
  const drop = page.getByRole('dialog', { name: 'Drop Jazz 1 (Mila)' });
  await drop.getByRole('button', { name: 'Drop the class' }).click();
  await expect(drop).toBeHidden();

  // The parent sees the new monthly tuition and the schedule explained: Jazz 1 dropped, and why.
  await parent.reload();
  await showWholePortal(parent);
  await expect(parent.getByText('$120.00').first()).toBeVisible();
  await expect(parent.getByText(/Jazz 1 \(Mila\) dropped from/).first()).toBeVisible();
  await context.close();

  // The studio's setting back as the demo had it, for the journeys after this one.
  await page.goto('/accounts/admin/myStudio/settings?tab=tuition');
  await page.getByRole('switch', { name: "Parents' registrations wait for my approval" }).uncheck();
  await page.getByRole('button', { name: 'Save tuition rules' }).click();
  await expect(page.getByText('Update Successful').last()).toBeVisible();
});
