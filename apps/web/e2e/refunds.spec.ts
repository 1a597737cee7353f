import { expect, type Page, test } from '@playwright/test';
import { OWNER, openFamily, photo, signIn } from './helpers';

const said = (page: Page, text: string | RegExp) => page.getByText(text).last();

/**
 * Issue 31 item 7 (decision 037): the refund dialog says what it will do, gives back money paid on a
 * settled item only, and says why an item still open is not refunded.
 */
test('the owner refunds money paid on a settled item; an item still open is waived, not refunded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/accounts');
  await openFamily(page, 'Russo');
  const money = page.getByRole('region', { name: 'Money' });
  const balance = money.getByTestId('money-balance');
  await expect(balance).toBeVisible({ timeout: 30_000 });

  // A $75.00 costume on the Russos' open bill, then what they owe but $55.00 paid in cash: the oldest
  // items first, so their items are settled and the costume, the newest, has $20.00 of it paid.
  const owed = Number(((await balance.textContent()) ?? '').replace(/[$,]/g, ''));
  expect(owed, 'the Russos owe money in the demo').toBeGreaterThan(0);
  await money.getByRole('button', { name: 'Add item' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add an item' });
  await dialog.getByRole('textbox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Costume', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Item' }).fill('Recital costume');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('75');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
  await money.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  const paid = (owed + 20).toFixed(2);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(paid);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText('$55.00');

  // Its refund: the costume is still open, so nothing of it goes back; the dialog says why.
  await money
    .getByRole('row', {
      name: new RegExp(`^Cash of \\$${Number(paid).toLocaleString('en-US', { minimumFractionDigits: 2 })}`),
    })
    .getByRole('button', { name: /^Refund/ })
    .click();
  dialog = page.getByRole('dialog', { name: 'Refund' });
  await expect(dialog.getByRole('radio', { name: 'Recital costume' })).toBeDisabled();
  await expect(
    dialog.getByText(
      '$55.00 still open: not refunded. Waive or remove it, or add a credit, to lower what is owed.',
    ),
  ).toBeVisible();

  // Its other items are settled: the dialog says what it will do.
  const summary = dialog.getByTestId('refund-summary');
  await expect(summary).toHaveText(/^Refunds \$[\d,.]+ paid on .+ for .+, in cash\.$/);
  const amount = dialog.getByRole('textbox', { name: 'Amount' });
  await amount.fill('100000');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Class cancelled');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(
    dialog.getByText(/^At most \$[\d,.]+ (paid on this item|of this payment) can be refunded\.$/),
  ).toBeVisible();
  await amount.fill('5');
  await expect(summary).toHaveText(/^Refunds \$5\.00 paid on .+ for .+, in cash\.$/);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await photo(page, `refund-summary-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(said(page, 'Refund recorded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText('$55.00');
});
