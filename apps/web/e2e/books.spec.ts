import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, photo, signIn } from './helpers';

/**
 * The accountant's reports (issue 34 item 4): the owner opens Books from the sidebar, sees the trial
 * balance of the demo's books with equal totals, downloads it as CSV (a file whose total line has equal
 * debits and credits), looks at an account's general ledger, and downloads the journal for QuickBooks
 * Online. The page passes axe-core (no critical or serious finding) at desktop and phone widths, and
 * is photographed at both (SHOTS, helpers.ts `photo`) to be looked at.
 */

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

test('the owner opens the trial balance, sees equal totals, and downloads it and the journal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/transactions');
  await page.getByRole('link', { name: 'Books', exact: true }).first().click();
  await expect(page).toHaveURL(/\/accounts\/admin\/transactions\/books$/);

  const table = page.getByRole('table', { name: /Trial balance at the end of/ });
  await expect(table).toBeVisible();
  const debit = await page.getByTestId('tb-total-debit').textContent();
  const credit = await page.getByTestId('tb-total-credit').textContent();
  expect(debit).toMatch(/^\$[\d,]+\.\d{2}$/);
  expect(debit).toBe(credit);
  expect(debit).not.toBe('$0.00');
  await expect(page.getByText('Debits equal credits.')).toBeVisible();

  // The CSV: the server's file under its name, its total line with equal columns.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-trial-balance-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Account number,Account,Type,Debit,Credit');
  const total = lines.at(-1)!.split(',');
  expect(total[1]).toBe('Total');
  expect(total[3]).toBe(total[4]);
  expect(`$${Number(total[3]).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(debit);

  // An account's general ledger: the families' payments waiting for the bank.
  const ledger = page.getByRole('table', { name: /General ledger of/ });
  await expect(ledger).toBeVisible();
  await expect(ledger.getByText('Opening balance')).toBeVisible();

  // The journal for QuickBooks Online over last month.
  const [journal] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'QuickBooks Online journal' }).click(),
  ]);
  expect(journal.suggestedFilename()).toMatch(
    /-journal-quickbooks-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const qb = readFileSync((await journal.path())!, 'utf8').split('\r\n');
  expect(qb[0]).toBe('Journal No,Journal Date,Account Name,Debits,Credits,Description,Name');

  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page, 'Books at 1280');
  await photo(page, 'books-1280', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await axeClean(page, 'Books at 390');
  await photo(page, 'books-390', { fullPage: true });
  // The overview's revenue, with its period.
  await page.goto('/accounts/admin/transactions');
  await expect(page.getByLabel('Revenue from')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page, 'Transactions overview at 1280');
  await photo(page, 'overview-1280', { fullPage: true });
});
