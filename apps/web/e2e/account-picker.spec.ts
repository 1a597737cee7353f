import { expect, test } from '@playwright/test';
import { MULTI, signIn } from './helpers';

test('a person with two memberships chooses a studio in the account picker', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, MULTI);
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const owner = page.getByRole('listitem', { name: 'Demo Dance Academy, Owner' });
  const parent = page.getByRole('listitem', { name: 'Second Position Ballet, Parent' });
  await expect(owner).toBeVisible();
  await expect(parent).toBeVisible();

  await owner.click();
  await expect(page).toHaveURL(/\/accounts\/admin$/);
  await expect(page.getByTestId('studio-name')).toHaveText('Demo Dance Academy');

  // The misspelt picker address of the spec works too, and leads to the other studio.
  await page.goto('/acounts');
  await page.getByRole('listitem', { name: 'Second Position Ballet, Parent' }).click();
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await expect(page.getByTestId('studio-name')).toHaveText('Second Position Ballet');

  // The parent portal opens on their family there, not on "This account could not be found".
  await expect(page.getByText('The Reyes family')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lily Reyes' })).toBeVisible();
  await expect(page.getByText('This account could not be found')).toHaveCount(0);

  // And back to owning the first studio: its back office, never the family's page.
  await page.goto('/accounts');
  await page.getByRole('listitem', { name: 'Demo Dance Academy, Owner' }).click();
  await expect(page).toHaveURL(/\/accounts\/admin$/);
  await expect(page.getByTestId('studio-name')).toHaveText('Demo Dance Academy');
});
