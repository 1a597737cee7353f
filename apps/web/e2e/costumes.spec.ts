import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, openFamily, signIn } from './helpers';

/** The newest notification saying `text`. */
const said = (page: Page, text: string | RegExp) => page.getByText(text).last();

const STYLE = { number: 'E2E-77', name: 'Swing Skirt Set' };
const GROUP = `#${STYLE.number} ${STYLE.name}, CM, Gold`;

/** The Okafors' account page, found by the accounts search. */
async function openOkafors(page: Page) {
  await page.goto('/accounts/admin/accounts');
  await openFamily(page, 'Okafor');
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByTestId('money-balance')).toBeVisible();
  return money;
}

test('the owner puts a costume on a dance number, assigns it, orders it and receives it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, OWNER);

  // 1. Sing Sing Sing has no costume in the demo: a style of Curtain Call Costumes, one size and colour.
  await page.goto('/accounts/admin/costumes/numbers');
  await page.getByRole('textbox', { name: 'Dance number' }).click();
  await page.getByRole('option', { name: /^Sing Sing Sing/ }).click();
  await page.getByRole('button', { name: 'Add costume' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add a costume to Sing Sing Sing' });
  await dialog.getByRole('textbox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Curtain Call Costumes', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Style number' }).fill(STYLE.number);
  await dialog.getByRole('textbox', { name: 'Style name' }).fill(STYLE.name);
  await dialog.getByRole('textbox', { name: 'Sizes' }).fill('CM');
  await dialog.getByRole('textbox', { name: 'Colours' }).fill('Gold');
  await dialog.getByRole('textbox', { name: 'Buy price of CM Gold' }).fill('40');
  await dialog.getByRole('textbox', { name: 'Sell price of CM Gold' }).fill('70');
  await dialog.getByRole('button', { name: 'Add costume' }).click();
  await expect(dialog).toBeHidden();

  // 2. Assigned to Zara at its sell price: the demo's 50% deposit goes on the Okafors' bill.
  await page.getByRole('button', { name: `Assign ${STYLE.name} to Zara Okafor` }).click();
  dialog = page.getByRole('dialog', { name: 'Costume for Zara Okafor' });
  await expect(dialog.getByRole('textbox', { name: 'Price the family pays' })).toHaveValue('$70');
  await expect(dialog.getByText('Deposit charged to the family now: $35.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Assign costume' }).click();
  await expect(dialog).toBeHidden();

  let money = await openOkafors(page);
  await expect(money.getByText(`Costume deposit: ${STYLE.name} — Zara`).first()).toBeVisible();

  // 3. The order screen: the new costume among what is left to order from Curtain Call Costumes.
  await page.goto('/accounts/admin/costumes/order-new');
  await page.getByRole('textbox', { name: 'Costume company' }).click();
  await page.getByRole('option', { name: 'Curtain Call Costumes', exact: true }).click();
  await expect(page).toHaveURL(/[?&]company=/);
  const toOrder = page.getByRole('region', { name: 'To order' });
  await toOrder.getByRole('button', { name: `Dancers of ${GROUP}` }).click();
  await expect(toOrder.getByTestId('to-order-dancers').getByText('Zara Okafor')).toBeVisible();
  await toOrder.getByRole('checkbox', { name: `Choose ${GROUP}` }).check();
  await toOrder.getByRole('button', { name: 'Add chosen (1)' }).click();
  await expect(said(page, /One costume added to Curtain Call Costumes — order \d+\./)).toBeVisible();
  const cart = page.getByRole('region', { name: 'Cart' });
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await expect(cart.getByTestId('cart-line')).toContainText('Zara Okafor');
  await expect(cart.getByTestId('cart-subtotal')).toContainText('Subtotal $40.00');
  await expect(toOrder.getByRole('checkbox', { name: `Choose ${GROUP}` })).toHaveCount(0);

  // The buy price agreed with the company, changed in the cart.
  const price = cart.getByRole('textbox', { name: `Buy price of Zara Okafor's ${STYLE.name}` });
  await price.fill('38.50');
  await price.press('Enter');
  await expect(cart.getByTestId('cart-subtotal')).toContainText('Subtotal $38.50');

  // 4. Placed, once confirmed: the balance (price less deposit) goes on the family's bill.
  const orderName = (await cart.getByText(/^Curtain Call Costumes — order \d+$/).textContent())!;
  await cart.getByRole('button', { name: 'Place order' }).click();
  dialog = page.getByRole('dialog', { name: 'Place the order' });
  await expect(dialog).toContainText('price less the deposit already charged');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(
    said(page, "Order placed, and each costume's balance posted to its family's bill."),
  ).toBeVisible();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  const order = page.getByTestId('placed-order').filter({ hasText: orderName });
  await expect(order.getByTestId('order-received')).toHaveText('Received 0 of 1');
  await expect(order.getByTestId('order-missing')).toContainText(
    `1 × #${STYLE.number} ${STYLE.name} (CM, Gold)`,
  );

  // The order sheet: grouped with its total, and the same as CSV.
  await order.getByRole('button', { name: 'Order sheet' }).click();
  const sheet = page.getByTestId('order-sheet');
  await expect(sheet.getByTestId('sheet-total')).toHaveText('$38.50');
  await expect(sheet.getByTestId('sheet-group')).toContainText('Zara Okafor');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^curtain-call-costumes-order-\d+\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`${STYLE.number},${STYLE.name},CM,Gold,1,38.50,38.50,Zara Okafor\r\n`);
  await page.getByRole('button', { name: 'Back to the orders' }).click();

  // 5. It arrives: received, nothing missing.
  await order.getByRole('button', { name: 'Receive shipment' }).click();
  dialog = page.getByRole('dialog', { name: /^Receive a shipment/ });
  await expect(dialog.getByRole('checkbox', { name: /Zara Okafor/ })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('One box');
  await dialog.getByRole('button', { name: 'Receive 1 costume' }).click();
  await expect(said(page, /Shipment received\. Everything ordered has arrived\./)).toBeVisible();
  await expect(order.getByTestId('order-received')).toHaveText('Received');
  await expect(order.getByTestId('order-shipments')).toContainText('1 costume · One box');
  await expect(order.getByRole('button', { name: 'Receive shipment' })).toHaveCount(0);

  money = await openOkafors(page);
  await expect(money.getByText(`Costume balance: ${STYLE.name} — Zara`).first()).toBeVisible();

  // 6. The order screen on a phone: cards, not tables.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/accounts/admin/costumes/order-new');
  await page.getByRole('textbox', { name: 'Costume company' }).click();
  await page.getByRole('option', { name: 'Curtain Call Costumes', exact: true }).click();
  await expect(page.getByTestId('placed-order').filter({ hasText: orderName })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add all to cart' })).toBeVisible();
});
