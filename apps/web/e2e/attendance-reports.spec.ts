import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, PARENT, photo, showWholePortal, signIn } from './helpers';

/**
 * What the studio learns from its rolls (issue 36 item 5, decision 065): the demo owner opens Attendance
 * reports from the Schedule group of the sidebar, sees the early-warning list (the demo's one dancer
 * absent the last three times in a row), downloads it as CSV, reads attendance per class and downloads
 * it, then opens the dancer's family and sees their attendance card. The demo parent sees their family's
 * card on the portal. The pages pass axe-core (no critical or serious finding) and are photographed at
 * 1280 and 390 (SHOTS, helpers.ts `photo`).
 */

/** axe on the page, or only on `within` (a CSS selector) where the rest of the page is another's. */
async function axeClean(page: Page, name: string, within?: string) {
  await page.waitForLoadState('networkidle');
  if (!within) await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  await page.waitForTimeout(400);
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page, `${name} at 1280`);
  await photo(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await axeClean(page, `${name} at 390`);
  await photo(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

test('the owner sees who missed three classes in a row, downloads the lists, and opens the family', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/schedule/class');
  // The schedule names its location and room in the address once it has read them.
  await expect(page).toHaveURL(/[?&]room=/);
  await page.getByRole('link', { name: 'Attendance reports', exact: true }).first().click();
  await expect(page).toHaveURL(/\/accounts\/admin\/schedule\/attendance-reports$/);

  // The early warning, first: why it matters, and the demo's one dancer with the family's phone.
  await expect(page.getByText('Why this list matters')).toBeVisible();
  const streak = page.getByTestId('streak');
  await expect(streak).toHaveCount(1);
  await expect(streak.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toBeVisible();
  const dancer = (await streak.getByRole('link').first().textContent())!;
  const [warning] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(warning.suggestedFilename()).toMatch(/-absent-3-in-a-row-\d{4}-\d{2}-\d{2}\.csv$/);
  const warned = lines((await warning.path())!);
  expect(warned[0]).toBe('Last name,First name,Class,Family,Phone,Missed meetings');
  expect(warned).toHaveLength(2);
  expect(`${warned[1]!.split(',')[1]} ${warned[1]!.split(',')[0]}`).toBe(dancer);
  await bothWidths(page, 'streaks');

  // Attendance per class this term, and its file.
  await page.getByRole('tab', { name: 'Classes' }).click();
  await page.getByText('This term', { exact: true }).click();
  const table = page.getByRole('table', { name: 'Attendance per class' });
  await expect(table).toBeVisible();
  await expect(table.getByText(/^\d+%$/).first()).toBeVisible();
  const [classes] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(classes.suggestedFilename()).toMatch(/-attendance-classes-\d{4}-09-01-to-\d{4}-06-30\.csv$/);
  const rows = lines((await classes.path())!);
  expect(rows[0]).toBe(
    'Class,Day,Starts,Teacher,Meetings held,Expected,Present,Late,Absent,Excused,Not marked,Rate %',
  );
  expect(rows.length).toBeGreaterThan(2);
  await bothWidths(page, 'classes');

  await page.getByRole('tab', { name: 'Make-ups' }).click();
  await expect(page.getByRole('table', { name: 'Make-ups by class' })).toBeVisible();
  await bothWidths(page, 'makeups');

  // The dancer's family: their attendance card, with the last meetings as marks.
  await page.getByRole('tab', { name: 'Absent 3 in a row' }).click();
  await page.getByTestId('streak').getByRole('link').first().click();
  const card = page.getByTestId('family-attendance');
  await expect(card).toBeVisible();
  await expect(card.getByText(/attended$/).first()).toBeVisible();
  await axeClean(page, 'Family overview at 1280', '[data-testid="family-attendance"]');
  await photo(card, 'family-card-1280');
});

test("the parent sees their dancers' attendance on the portal", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, PARENT);
  await showWholePortal(page);
  const card = page.getByTestId('family-attendance');
  await expect(card).toBeVisible();
  await expect(card.getByRole('list').first()).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await axeClean(page, 'Portal at 390', '[data-testid="family-attendance"]');
  await photo(card, 'portal-card-390');
});
