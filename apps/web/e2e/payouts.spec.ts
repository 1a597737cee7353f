import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { OWNER, openFamily, PARENT, showWholePortal, signIn } from './helpers';

/**
 * Payouts (issue 34 item 2, decision 051) as the owner meets them: a parent pays by card, and on the
 * Payouts page (Transactions → Payouts) the payment waits in card clearing, which matches the payments
 * not yet paid out; the card processor pays it out the next business day (the API tests and `npm run
 * jobs -- --until` show the payout itself, a day this journey cannot wait for).
 */

test('a card payment waits in card clearing until it is paid out, and clearing matches it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A context of its own: axe-core reads the page through it.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/login');
  await signIn(owner, OWNER);

  // The owner adds an item to the Patels' bill; the parent pays it with the card on file.
  await owner.goto('/accounts/admin/accounts');
  await openFamily(owner, 'Patel');
  const money = owner.getByRole('region', { name: 'Money' });
  await money.getByRole('button', { name: 'Add item' }).click();
  const item = owner.getByRole('dialog', { name: 'Add an item' });
  await item.getByRole('textbox', { name: 'Type' }).click();
  await owner.getByRole('option', { name: 'Costume', exact: true }).click();
  await item.getByRole('textbox', { name: 'Item' }).fill('Payout costume');
  await item.getByRole('textbox', { name: 'Amount' }).fill('41.25');
  await item.getByRole('button', { name: /^Add/ }).click();
  await expect(owner.getByText('New item successful').last()).toBeVisible();

  const parent = await browser.newPage();
  await parent.goto('/login');
  await signIn(parent, PARENT);
  await expect(parent).toHaveURL(/\/accounts\/parents$/);
  await showWholePortal(parent);
  await parent.getByRole('button', { name: 'Pay now' }).click();
  const checkout = parent.getByRole('dialog', { name: 'Pay by card' });
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByText('Payment received')).toBeVisible();
  await parent.close();

  // Transactions → Payouts, from the sidebar.
  await owner.goto('/accounts/admin/transactions');
  await owner.getByRole('link', { name: 'Payouts' }).first().click();
  await expect(owner).toHaveURL(/\/accounts\/admin\/transactions\/payouts$/);
  await expect(owner.getByRole('heading', { name: 'Payouts' }).first()).toBeVisible();
  const clearing = owner.getByTestId('card-clearing');
  await expect(clearing.getByText('Matches the payments below')).toBeVisible();
  const waiting = clearing.getByTestId('clearing-payment').filter({ hasText: 'Patel' });
  await expect(waiting.first()).toBeVisible();
  await expect(clearing.getByTestId('clearing-balance')).not.toHaveText('$0.00');

  await owner.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page: owner }).analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  await ownerContext.close();
});
