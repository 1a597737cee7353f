import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, photo, signIn, studioToday, waitForMail } from './helpers';

/**
 * Closures (issue 36, decision 062): the demo owner closes every class for a snow day, sees the closure
 * and its cancelled meetings, and each family of the dancers expected is mailed once. The page passes
 * axe; screenshots at desktop and phone width when SHOTS asks (helpers.ts `photo`).
 */

/** A date `n` days after the date `d` (YYYY-MM-DD), by the calendar. */
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first day from tomorrow on with a class meeting and families to tell (as the preview counts). */
async function dayWithFamilies(page: Page): Promise<string> {
  let day = addDays(studioToday(), 1);
  for (let i = 0; i < 21; i++, day = addDays(day, 1)) {
    const res = await page.request.get(`/api/mystudio/closures/preview?dateFrom=${day}&dateTo=${day}`);
    const [, preview] = (await res.json()) as [boolean, { nFamilies: number; problem: string | null }];
    if (preview.nFamilies > 0 && !preview.problem) return day;
  }
  throw new Error('No day with a class meeting in the next three weeks');
}

async function noSeriousAxe(page: Page, within?: string) {
  await page.waitForTimeout(400);
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the owner closes every class for a snow day; the families are mailed once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, OWNER);
  const day = await dayWithFamilies(page);

  // From the sidebar: Schedule → Closures.
  await page.goto('/accounts/admin/schedule/closures');
  await expect(page.getByRole('heading', { name: 'Closures', exact: true }).first()).toBeVisible();
  await expect(page.getByText(/meetings this month, \d+ cancelled/)).toBeVisible();
  await noSeriousAxe(page);

  await page.getByRole('button', { name: 'Add closure' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a closure' });
  await expect(dialog.getByRole('textbox', { name: 'Classes' })).toHaveValue('All classes');
  await dialog.getByLabel('First day').fill(day);
  await dialog.getByLabel('Last day').fill(day);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Snow day');
  await dialog.getByRole('switch', { name: 'Give make-up credits' }).check({ force: true });
  await expect(dialog.getByText(/This cancels \d+ class meetings? of \d+ dancers?/)).toBeVisible();
  await photo(page, 'dialog-1280');
  await noSeriousAxe(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Close these classes' }).click();
  await expect(
    page.getByText(/Closure saved: \d+ meetings? cancelled, \d+ famil(y|ies) told\./),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The closure is listed, and its meetings are marked cancelled in the month (move to its month).
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const wanted = month.format(new Date(`${day}T00:00:00Z`));
  if (!(await page.getByRole('heading', { name: wanted }).isVisible()))
    await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: wanted })).toBeVisible();
  await expect(page.getByText('Snow day', { exact: true })).toBeVisible();
  await expect(page.getByText('All classes').first()).toBeVisible();
  await expect(page.getByText('Make-up credits', { exact: true })).toBeVisible();
  await expect(page.getByText('Cancelled: Snow day').first()).toBeVisible();

  // Each family of the dancers expected that day is told: the mail is in the outbox.
  const mail = await waitForMail(page.request, '@', (m) =>
    m.subject.includes('classes cancelled (Snow day)'),
  );
  expect(mail.text).toContain('so these classes are cancelled');
  expect(mail.text).toContain('make-up credit');

  await noSeriousAxe(page);
  await photo(page, 'page-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await photo(page, 'page-390', { fullPage: true });
});
