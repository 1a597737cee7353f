import { expect, type Locator, type Page, test } from '@playwright/test';
import { OWNER, openFamily, photo, signIn } from './helpers';

/** "$1,234.50" → 1234.5 */
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

/** The newest notification saying `text`. */
const said = (page: Page, text: string | RegExp) => page.getByText(text).last();

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addItem(
  page: Page,
  money: Locator,
  item: { type: string; name: string; amount: string; quantity?: string },
) {
  await money.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an item' });
  await choose(page, dialog, 'Type', item.type);
  await dialog.getByRole('textbox', { name: 'Item' }).fill(item.name);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(item.amount);
  if (item.quantity) await dialog.getByRole('textbox', { name: 'Quantity' }).fill(item.quantity);
  return dialog;
}

test('the owner takes a cash payment, adds and removes an item, and a check comes back with its fee', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, OWNER);

  // The Russos owe money (the demo's books: November's tuition unpaid, late fees posted).
  await page.goto('/accounts/admin/accounts');
  await openFamily(page, 'Russo');
  const money = page.getByRole('region', { name: 'Money' });
  const balance = money.getByTestId('money-balance');
  await expect(balance).toBeVisible();
  const owed = dollars(await balance.textContent());
  expect(owed, 'the Russos owe money in the demo').toBeGreaterThan(0);
  await expect(
    money
      .getByTestId('item-status')
      .filter({ hasText: /^(Open|Part paid)$/ })
      .first(),
  ).toBeVisible();

  // An item's working opens under it.
  const firstOpen = money
    .getByTestId('item')
    .filter({ has: page.getByTestId('item-status').filter({ hasText: 'Open' }) })
    .first();
  await firstOpen.getByRole('button', { name: 'How it adds up' }).click();
  await expect(firstOpen.getByTestId('item-lines-total')).toBeVisible();

  // 1. A cash payment of the whole balance: the amount starts at it, every item is paid.
  await money.getByRole('button', { name: 'Record payment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue(
    (await balance.textContent()) ?? '',
  );
  await expect(dialog.getByTestId('payment-outcome')).toContainText('the oldest items first');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(said(page, 'Payment recorded.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText('$0.00');
  await expect(money.getByTestId('item-status').filter({ hasText: /^(Open|Part paid)$/ })).toHaveCount(0);
  await expect(money.getByTestId('item-status').filter({ hasText: 'Paid' }).first()).toBeVisible();
  await expect(
    money.getByRole('row', { name: new RegExp(`^Cash of \\$${owed.toFixed(2)}`) }).first(),
  ).toBeVisible();

  // 2. An item added by hand: two costumes at $42.50, the total worked out as it is typed.
  dialog = await addItem(page, money, {
    type: 'Costume',
    name: 'Recital costume',
    amount: '42.50',
    quantity: '2',
  });
  await expect(dialog.getByTestId('item-total-preview')).toHaveText('$85.00');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(said(page, 'New item successful')).toBeVisible();
  await expect(balance).toHaveText('$85.00');
  const costume = money.getByRole('row', { name: 'Recital costume' });
  await expect(costume.getByTestId('item-status')).toHaveText('Open');

  // 3. Removed again, with a reason: off the balance, kept in the history marked removed.
  await costume.getByRole('button', { name: 'Remove Recital costume' }).click();
  dialog = page.getByRole('dialog', { name: 'Remove the item' });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Ordered twice');
  await dialog.getByRole('button', { name: 'Remove item' }).click();
  await expect(said(page, 'Item deleted successfully.')).toBeVisible();
  await expect(balance).toHaveText('$0.00');
  await expect(costume.getByTestId('item-status')).toHaveText('Removed');

  // 4. A competition entry, paid by check.
  dialog = await addItem(page, money, {
    type: 'Competition',
    name: 'Regional competition entry',
    amount: '60',
  });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(balance).toHaveText('$60.00');
  await money.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByText('Check', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Check' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Give the check number.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Check number/ }).fill('2041');
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('$60.00');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(balance).toHaveText('$0.00');
  const entry = money.getByRole('row', { name: 'Regional competition entry' });
  await expect(entry.getByTestId('item-status')).toHaveText('Paid');

  // 5. The check comes back: its payment reversed, the entry open again, the studio's fee charged.
  const check = money.getByRole('row', { name: /^Check #2041 of \$60\.00/ });
  await check.getByRole('button', { name: /^Return Check #2041/ }).click();
  dialog = page.getByRole('dialog', { name: 'Return the check' });
  await expect(dialog).toContainText('the returned-check fee set in your studio settings');
  await dialog.getByRole('textbox', { name: /bank's reason/ }).fill('Insufficient funds');
  await dialog.getByRole('button', { name: 'Return check' }).click();
  const notice = said(
    page,
    /^The check was returned: its payment is reversed and the \$[\d,.]+ returned-check fee posted\.$/,
  );
  await expect(notice).toBeVisible();
  const fee = dollars(/\$([\d,.]+)/.exec((await notice.textContent()) ?? '')?.[0] ?? '');
  expect(fee).toBeGreaterThan(0);
  await expect(check.getByTestId('payment-returned')).toHaveText('Returned check');
  await expect(entry.getByTestId('item-status')).toHaveText('Open');
  const feeRow = money.getByRole('row', { name: 'Returned check fee (check 2041)' });
  await expect(feeRow.getByTestId('item-total')).toHaveText(`$${fee.toFixed(2)}`);
  await expect(balance).toHaveText(`$${(60 + fee).toFixed(2)}`);

  // The history, newest first, with the balance after each line.
  await money.getByRole('tab', { name: 'History' }).click();
  const lines = money.getByTestId('history-line');
  await expect(lines.first()).toContainText('Returned check fee (check 2041)');
  await expect(lines.first().getByTestId('history-balance')).toHaveText(`$${(60 + fee).toFixed(2)}`);
  await expect(lines.nth(1)).toContainText('Check returned (2041)');
  await expect(lines.nth(1).getByTestId('history-balance')).toHaveText('$60.00');
  await expect(money.getByTestId('history-line').filter({ hasText: 'Removed: Recital costume' })).toHaveCount(
    1,
  );

  // Past transactions, newest first: this one, then the costume's, opened from the list.
  await money.getByRole('tab', { name: 'Past transactions' }).click();
  const past = money.getByTestId('past-transaction');
  await expect(past.first()).toContainText('Open');
  await past
    .nth(1)
    .getByRole('button', { name: /^Show transaction #/ })
    .click();
  await expect(
    past.nth(1).getByRole('row', { name: 'Recital costume' }).getByTestId('item-status'),
  ).toHaveText('Removed');

  // Back to the transaction, for the pictures: 1280 px, then a phone.
  await money.getByRole('tab', { name: 'Transaction', exact: true }).click();
  await entry.getByRole('button', { name: 'How it adds up' }).click();
  await page.setViewportSize({ width: 1280, height: 2400 });
  await photo(money, 'money-1280');
  await page.setViewportSize({ width: 375, height: 3000 });
  await expect(money.getByTestId('money-balance')).toBeVisible();
  await photo(money, 'money-375');
  await money.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  // By the keyboard: on a phone the notifications of the steps above cover the switch for a while.
  const specific = dialog.getByRole('switch', { name: /Pay specific items/ });
  await specific.press('Space');
  await expect(specific).toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await photo(page, 'money-375-payment');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // The accounts list shows the balance the panel shows.
  await page.goto('/accounts/admin/accounts');
  await page.getByRole('textbox', { name: 'Search a family or student' }).fill('Russo');
  await expect(page).toHaveURL(/[?&]q=Russo/);
  await expect(page.getByRole('row', { name: /Russo/ }).first()).toContainText(`$${(60 + fee).toFixed(2)}`);
});
