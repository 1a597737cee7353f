import { expect, test } from '@playwright/test';
import { OWNER, openFamily, PARENT, photo, showWholePortal, signIn } from './helpers';

/**
 * The backup payment method (issue 37 item 5, decision 071): the demo's parent agrees to the backup's
 * words, saves a second card under the card on file, and the owner sees it beside the family's card.
 * Screenshots of the portal's cards at a computer's width and a phone's (SHOTS, helpers.ts `photo`).
 */

test('a parent saves a backup card with its consent; the owner sees it beside the card', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto('/login');
  await signIn(page, PARENT);
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  // A retry starts where the first try began: a backup that try saved is removed first.
  const left = await page.request.delete('/api/finix/customer/paymentInstrument/backup', {
    headers: { origin: new URL(page.url()).origin },
  });
  expect([200, 404], await left.text()).toContain(left.status());
  await showWholePortal(page);
  const card = page.getByTestId('backup-method-card');
  await expect(card.getByTestId('backup-consent-text')).toContainText('I authorize');
  await card.getByRole('button', { name: 'Add a backup card' }).click();
  await expect(card.getByText('Tick the box to agree before adding a backup card.')).toBeVisible();
  await card.getByRole('checkbox', { name: 'I agree to these words for my backup card' }).check();
  await card.getByRole('button', { name: 'Add a backup card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a backup card' });
  await form.getByRole('textbox', { name: 'Card number' }).fill('5555 5555 5555 4444');
  await form.getByRole('textbox', { name: 'Expiry' }).fill('08/30');
  await form.getByRole('textbox', { name: 'CVC' }).fill('123');
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Priya Patel');
  await form.getByRole('textbox', { name: 'ZIP code' }).fill('07042');
  await form.getByRole('button', { name: 'Save backup card' }).click();
  await expect(card.getByTestId('card-label')).toHaveText(/4444/);
  await expect(form).toBeHidden();
  const both = page.getByTestId('payment-method-card');
  if (process.env.SHOTS) {
    await both.scrollIntoViewIfNeeded();
    await photo(page, 'backup-1280', { fullPage: true, clip: await clipOf(both, card) });
    await page.setViewportSize({ width: 390, height: 900 });
    await both.scrollIntoViewIfNeeded();
    await photo(page, 'backup-390', { fullPage: true, clip: await clipOf(both, card) });
  }

  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await owner.goto('/login');
  await signIn(owner, OWNER);
  await owner.goto('/accounts/admin/accounts');
  await openFamily(owner, 'Patel');
  const money = owner.getByRole('region', { name: 'Money' });
  await expect(money.getByTestId('family-backup-card')).toContainText('•••• 4444');
  await photo(money, 'backup-owner-1280');
});

async function clipOf(...parts: import('@playwright/test').Locator[]) {
  const boxes = await Promise.all(parts.map(async (p) => (await p.boundingBox())!));
  const scrollY = await parts[0]!.page().evaluate(() => window.scrollY);
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y: y + scrollY, width: right - x, height: bottom - y };
}
