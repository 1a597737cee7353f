import { expect, type Page, test } from '@playwright/test';
import { OWNER, openFamily, PARENT, showWholePortal, signIn, waitForMail } from './helpers';

/**
 * Card payments (issue 17) as a parent does them, on the sandbox processor: the Patels (the demo's
 * parent) owe a costume the owner just added; a card without funds is declined with its reason, the
 * parent puts another card on file from the checkout and pays, and the receipt is mailed.
 */

async function fillCard(scope: ReturnType<Page['getByRole']>, number: string) {
  await scope.getByRole('textbox', { name: 'Card number' }).fill(number);
  await scope.getByRole('textbox', { name: 'Expiry' }).fill('08/30');
  await scope.getByRole('textbox', { name: 'CVC' }).fill('123');
  await scope.getByRole('textbox', { name: 'Name on card' }).fill('Priya Patel');
  await scope.getByRole('textbox', { name: 'ZIP code' }).fill('07042');
}

test('a parent is declined with the reason, changes card at checkout and pays; the receipt is mailed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The owner adds a recital costume to the Patels' bill.
  const owner = await browser.newPage();
  await owner.goto('/login');
  await signIn(owner, OWNER);
  await owner.goto('/accounts/admin/accounts');
  await openFamily(owner, 'Patel');
  const money = owner.getByRole('region', { name: 'Money' });
  await expect(money.getByRole('group', { name: 'Card on file' })).toContainText('Visa •••• 0006');
  await money.getByRole('button', { name: 'Add item' }).click();
  const item = owner.getByRole('dialog', { name: 'Add an item' });
  await item.getByRole('textbox', { name: 'Type' }).click();
  await owner.getByRole('option', { name: 'Costume', exact: true }).click();
  await item.getByRole('textbox', { name: 'Item' }).fill('Recital costume');
  await item.getByRole('textbox', { name: 'Amount' }).fill('64.50');
  await item.getByRole('button', { name: /^Add/ }).click();
  await expect(owner.getByText('New item successful').last()).toBeVisible();

  // The parent puts a card without funds on file, then pays.
  const page = await browser.newPage();
  await page.goto('/login');
  await signIn(page, PARENT);
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await showWholePortal(page);
  await page.getByRole('button', { name: 'Replace card' }).click();
  const form = page.getByRole('dialog', { name: 'Replace your card' });
  await fillCard(form, '4000 0000 0000 0069');
  await form.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Visa •••• 0069').first()).toBeVisible();

  await page.getByRole('button', { name: 'Pay now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Pay by card' });
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByText('The card was declined: there are not enough funds on it.')).toBeVisible();

  // Another card, from the checkout itself.
  await checkout.getByRole('button', { name: 'Use another card' }).click();
  // It pays this payment only unless asked to be kept: kept, it is the card on file once paid (decision 038).
  await checkout.getByRole('checkbox', { name: /Save this card/ }).check();
  await fillCard(checkout, '4895 1422 3212 0006');
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByText('Payment received')).toBeVisible();
  await checkout.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('money-balance').first()).toHaveText('$0.00');
  await expect(page.getByText('Visa •••• 0006').first()).toBeVisible();

  // The receipt names the costume and what it paid (the balance may hold what other journeys added).
  const receipt = await waitForMail(
    page.request,
    PARENT,
    (m) => m.subject.startsWith('Receipt: ') && m.text.includes('Recital costume: $64.50'),
  );
  expect(receipt.text).toContain('by card on file (Visa •••• 0006)');
  // Pages of the browser's own outlive the test: closed, so the journeys after this one run alone.
  await page.close();
  await owner.close();
});
