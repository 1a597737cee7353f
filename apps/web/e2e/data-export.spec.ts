import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { OWNER, PARENT, photo, showWholePortal, signIn } from './helpers';

/**
 * Moving out (issue 35 item 6, decision 057): the owner opens Studio settings → Your data and downloads
 * everything (a ZIP with the CSVs and pirouette.json, no card number); a parent downloads their own
 * family's data from the portal. Both screens pass axe-core (no critical or serious finding) at desktop
 * and phone widths, and are photographed at both (SHOTS, helpers.ts `photo`).
 */

/** The sandbox's test cards (apps/api/src/modules/payments/payments.fixture.ts): none may be in an archive. */
const CARD_NUMBERS = ['4895142232120006', '5555555555554444', '4111111111111111'];

async function axeClean(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

/** Clicks a button that downloads an archive: its name and files. */
async function downloaded(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const bytes = readFileSync((await download.path())!);
  for (const number of CARD_NUMBERS) expect(bytes.includes(Buffer.from(number))).toBe(false);
  return { name: download.suggestedFilename(), files: unzipSync(new Uint8Array(bytes)) };
}

test('the owner downloads everything from Studio settings → Your data', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/myStudio/settings');
  await page.getByRole('tab', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { name: 'Move out: export everything' })).toBeVisible();

  const { name, files } = await downloaded(page, 'Download everything');
  expect(name).toMatch(/-export-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['README.txt', 'families.csv', 'ledger.csv', 'cards.csv', 'pirouette.json']),
  );
  const archive = JSON.parse(new TextDecoder().decode(files['pirouette.json']));
  expect(archive).toMatchObject({ format: 'pirouette-studio', version: 1 });
  expect(archive.families.length).toBeGreaterThan(0);
  await expect(page.getByText(`${name} is downloading.`)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page, 'Your data at 1280');
  await photo(page, 'owner-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await axeClean(page, 'Your data at 390');
  await photo(page, 'owner-390', { fullPage: true });
});

test("a parent downloads their own family's data from the portal", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, PARENT);
  await showWholePortal(page);
  const card = page.getByRole('heading', { name: "Your family's data" });
  await card.scrollIntoViewIfNeeded();

  const { name, files } = await downloaded(page, 'Download our data');
  expect(name).toMatch(/-data-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['README.txt', 'family.csv', 'statement.csv', 'classes.csv', 'cards.csv']),
  );
  expect(Object.keys(files)).not.toContain('pirouette.json');
  const family = new TextDecoder().decode(files['family.csv']).trimEnd().split('\r\n');
  expect(family).toHaveLength(2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page, 'Portal at 1280');
  await card.scrollIntoViewIfNeeded();
  await photo(page, 'parent-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await axeClean(page, 'Portal at 390');
  await card.scrollIntoViewIfNeeded();
  await photo(page, 'parent-390');
});
