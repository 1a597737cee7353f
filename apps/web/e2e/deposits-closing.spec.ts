import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, openFamily, photo, photoBothWidths, signIn, studioToday } from './helpers';

const said = (page: Page, text: string | RegExp) => page.getByText(text).last();

/**
 * The month before the studio's today, as its books name it ("October 2026"), and a day in it. The
 * studio's today, not the machine's: in New York's evening the machine's clock may be in the next month.
 */
function lastMonth() {
  const [year, month] = studioToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, month - 2, 15));
  return {
    label: d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    day: d.toISOString().slice(0, 10),
    dayText: d.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  };
}

/** No critical or serious axe finding on the page as it is. */
async function axeClean(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(blocking.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/** The Russos' account page, its money panel ready. */
async function openRusso(page: Page) {
  await page.goto('/accounts/admin/accounts');
  await openFamily(page, 'Russo');
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByTestId('money-balance')).toBeVisible({ timeout: 30_000 });
  return money;
}

/** A costume on the bill, then a check for it: the dialog's answer. */
async function payByCheck(page: Page, number: string, receivedOn?: string) {
  const money = await openRusso(page);
  await money.getByRole('button', { name: 'Add item' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add an item' });
  await dialog.getByRole('textbox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Costume', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Item' }).fill(`Costume for check ${number}`);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('30');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
  await money.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByText('Check', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('30');
  await dialog.getByRole('textbox', { name: 'Check number' }).fill(number);
  if (receivedOn) await dialog.getByLabel('Received on').fill(receivedOn);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  return dialog;
}

/**
 * Issue 34 items 3 and 5 (decision 050): the owner records a check, deposits it with everything waiting,
 * prints the slip; closes last month; a desk payment dated in it is refused with the sentence; reopens
 * the month, saying why.
 */
test('the owner deposits a check, prints the slip, closes last month, and a payment dated in it is refused', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await signIn(page, OWNER);
  const recorded = await payByCheck(page, '4471');
  await expect(recorded).toBeHidden();

  // The deposit: everything received up to today, its total shown before it is made.
  await page.goto('/accounts/admin/transactions/deposits');
  await expect(page.getByRole('heading', { name: 'Bank deposits' })).toBeVisible();
  await expect(page.getByText(/payments?$/).first()).toBeVisible();
  await photoBothWidths(page, 'deposits');
  await axeClean(page, 'deposits');
  await page.getByText('All up to a day', { exact: true }).click();
  await page.getByLabel('Received up to').fill(studioToday());
  const depositButton = page.getByRole('button', { name: /^Deposit \$/ });
  await expect(depositButton).toBeEnabled();
  const shown = ((await depositButton.textContent()) ?? '').replace('Deposit ', '');
  await depositButton.click();
  const confirm = page.getByRole('dialog', { name: 'Make the deposit' });
  await expect(confirm.getByTestId('deposit-total')).toHaveText(shown);
  await photoBothWidths(page, 'deposit-confirm');
  await confirm.getByRole('button', { name: `Deposit ${shown}` }).click();

  // The slip: the check by number and family, the total.
  await expect(page.getByRole('heading', { name: /^Deposit slip #\d+$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /4471 Russo family \$30\.00/ })).toBeVisible();
  await expect(page.getByTestId('slip-total')).toHaveText(shown);
  await photoBothWidths(page, 'deposit-slip');
  await axeClean(page, 'deposit slip');
  await page.emulateMedia({ media: 'print' });
  await photo(page, 'deposit-slip-print', { fullPage: true });
  await expect(page.getByRole('button', { name: 'Print the slip' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Closing last month.
  const month = lastMonth();
  await page.goto('/accounts/admin/transactions/closing');
  await page.getByRole('button', { name: `Close ${month.label}` }).click();
  await expect(
    said(page, `${month.label} is closed. Nothing can be recorded in it or before it now.`),
  ).toBeVisible();
  await expect(page.getByTestId('closed-through')).toHaveText(/^Closed through /);
  await photoBothWidths(page, 'closing');
  await axeClean(page, 'closing');

  // A desk payment dated in it: refused with the sentence.
  const refused = await payByCheck(page, '4472', month.day);
  await expect(
    refused.getByText(`${month.label} is closed, so nothing can be recorded on ${month.dayText}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Reopened, saying why: the log keeps both acts.
  await page.goto('/accounts/admin/transactions/closing');
  await page.getByRole('button', { name: `Reopen ${month.label}` }).click();
  const reopen = page.getByRole('dialog', { name: `Reopen ${month.label}` });
  await reopen.getByLabel(/Why it is reopened/).fill('The journey reopens it for the journeys after it');
  await photoBothWidths(page, 'closing-reopen');
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await expect(
    said(page, `${month.label} is open again. Close it when its corrections are in.`),
  ).toBeVisible();
  await expect(page.getByText('The journey reopens it for the journeys after it').first()).toBeVisible();
});
