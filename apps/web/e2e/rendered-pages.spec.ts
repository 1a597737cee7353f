import { expect, test } from '@playwright/test';
import { PARENT, signInByApi } from './helpers';

/**
 * The parent portal's home arrives rendered by the server and is hydrated (decision 093): its first
 * screen is in the page the server sends, and the browser takes over the server's elements (no hydration
 * error, the elements not rendered again) and answers a click. Needs the web's server build
 * (`npm run build`, as `npm run test:e2e` builds; `npx vite build` alone leaves it out).
 */
test('a parent’s portal arrives rendered by the server and is hydrated without a mismatch', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await signInByApi(context, baseURL, PARENT);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The first element the server wrote, remembered before any script of the page runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { serverFirst?: Element | null }).serverFirst =
        document.getElementById('root')?.firstElementChild ?? null;
    });
  });

  const response = await page.goto('/accounts/parents');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const sent = (await response?.text()) ?? '';
  expect(sent).toMatch(/<h1[^>]*>Welcome, (<!-- -->)?/);
  expect(sent).toContain('id="rendered-state"');

  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  // Hydrated: the page answers a click.
  await page.getByRole('button', { name: 'Add student' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const kept = await page.evaluate(() => {
    const first = (window as { serverFirst?: Element | null }).serverFirst;
    return Boolean(first?.isConnected) && first === document.getElementById('root')?.firstElementChild;
  });
  expect(kept, 'the server’s elements taken over, not rendered again').toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
