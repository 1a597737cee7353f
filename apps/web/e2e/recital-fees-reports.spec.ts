import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { axeClean, bothWidths } from './axe';
import { OWNER, PARENT, photo, showWholePortal, signIn } from './helpers';

/**
 * The recital fee and the recital's reports (issue 38 items 3 and 7, decisions 073 and 076): the demo
 * owner sets the June recital's fee ($45.00 a dancer), reads what posting will do, posts it, and sees
 * every performing dancer's fee posted; the demo parent finds the fee, explained, on their bill; the owner
 * opens the reports (a card per show, the sections, the income), downloads the tickets' CSV and opens the
 * dancer sheet. Pages pass axe-core (no critical or serious finding) and are photographed at 1280 and
 * 390 (SHOTS, helpers.ts `photo`). The fees posted are taken off the families'
 * bills at the end (the owner's own item removal), so the demo's balances are as they were.
 */

// A loaded machine (five checkouts' tests at once) can take a while to answer a page's first calls.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The owner takes each posted recital fee off its family's bill: the demo's balances as they were. */
async function takeFeesOff(page: Page) {
  const origin = new URL(page.url()).origin;
  const recitals = await (await page.request.get('/api/mystudio/recitals')).json();
  const recital = recitals[1].recitals[0].id as string;
  const families = new Set<string>();
  for (let p = 1; p < 20; p++) {
    const o = (await (await page.request.get(`/api/mystudio/recitals/${recital}/fees?page=${p}`)).json())[1];
    for (const i of o.items) if (i.state === 'posted') families.add(i.familyId);
    if (p * o.pageSize >= o.total) break;
  }
  for (const id of families) {
    const money = (await (await page.request.get(`/api/mystudio/account/${id}/money`)).json())[1];
    for (const item of money.current?.items ?? []) {
      if (item.category !== 'recital_fee' || item.removed) continue;
      const res = await page.request.delete(
        `/api/transactions/item/${money.current.id}/${item.id}?reason=${encodeURIComponent('Demo journey: taken back')}`,
        { headers: { origin } },
      );
      expect(res.status()).toBe(200);
    }
  }
}

test('the owner posts the recital fee, the family sees it on their bill, and the reports download', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/recital/fees');

  // The settings: $45.00 a dancer, taken off for a dancer who leaves by the end of April.
  await expect(page.getByRole('heading', { name: 'Fee settings' })).toBeVisible();
  const fee = page.getByRole('textbox', { name: 'Fee' });
  await fee.fill('45');
  await page.getByText('Per dancer', { exact: true }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Recital fee settings saved.')).toBeVisible();

  // What posting will do, before it does.
  const preview = page.getByText(/^Posting will add \d+ fees \(\$[\d,]+\.\d\d\) to families’ bills\./);
  await expect(preview).toBeVisible();
  await expect(page.getByText('To post', { exact: true }).first()).toBeVisible();
  await bothWidths(page, 'fees-to-post');

  await page.getByRole('button', { name: 'Post recital fees' }).click();
  await expect(page.getByText(/^\d+ fees posted\.$/)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Recital fee of each dancer' }).getByText('Posted').first(),
  ).toBeVisible();
  await expect(page.getByText('Fees are on families’ bills')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post recital fees' })).toBeDisabled();
  await bothWidths(page, 'fees-posted');

  // The demo parent's bill: the fee, explained.
  const parentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const parent = await parentContext.newPage();
  await parent.goto('/login');
  await signIn(parent, PARENT);
  await showWholePortal(parent);
  const line = parent.getByText(/^Recital fee — .+, .+$/).first();
  await line.scrollIntoViewIfNeeded();
  await expect(line).toBeVisible();
  await line.click();
  await expect(parent.getByText(/dances in .+: the recital fee, one per dancer/).first()).toBeVisible();
  await axeClean(parent, 'Portal bill at 390');
  await photo(parent, 'portal-390', { fullPage: true });
  await photo(parent.locator('.mantine-Accordion-item', { has: line }).first(), 'portal-bill-line-390');
  await parentContext.close();

  // The reports: a card per show, the income, the files.
  await page.goto('/accounts/admin/recital/reports');
  await expect(page.getByRole('heading', { name: 'Income, all shows' })).toBeVisible();
  await expect(page.getByTestId('show-figures')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Saturday matinee: seats by section' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Tickets (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-tickets\.csv$/);
  const rows = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe('Show,Day,Curtain,Section,Seats,Sold,Comped,Held,Left,Ticket sales');
  expect(rows.length).toBe(5);
  expect(rows[1]).toMatch(/^Saturday matinee,\d{4}-06-\d\d,13:00,Orchestra,(\d+,){5}\d+\.\d\d$/);
  // Other journeys may have sold seats on the demo meanwhile: whatever they did, the figures add up.
  const [seats, sold, comped, held, left] = rows[1]!.split(',').slice(4, 9).map(Number);
  expect(sold! + comped! + held! + left!).toBe(seats);
  await bothWidths(page, 'reports');
  await page.getByRole('tab', { name: 'Dancer sheet' }).click();
  await expect(page.getByTestId('dancer-sheet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print the sheet' })).toBeVisible();
  await bothWidths(page, 'reports-dancers');

  await takeFeesOff(page);
});
