import { expect, test } from '@playwright/test';

/**
 * A signed-out visitor is an ordinary answer, not an error (issue 31 item 18, decision 041): the
 * session read answered 401 on every signed-out page, which the browser logs as a failed load.
 */
test('signed-out pages log no error in the browser console', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const studio = await request.get('/api/auth/me');
  expect(studio.status()).toBe(200);
  expect(await studio.json()).toEqual([true, null]);

  const pages: [string, RegExp][] = [
    ['/login', /Sign in|Log in|Login/i],
    ['/register', /./],
    ['/privacy', /./],
    ['/terms', /./],
    ['/verify/email', /./],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  // A guarded page sends the visitor to sign in, still without an error.
  await page.goto('/accounts/admin/accounts');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.goto('/accounts/parents');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(errors).toEqual([]);
});
