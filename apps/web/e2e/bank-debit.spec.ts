import { expect, test } from '@playwright/test';
import { PARENT, photo, showWholePortal, signIn } from './helpers';

/**
 * Bank debit (issue 37, decision 067) as a parent does it on the sandbox processor: the bank account
 * card beside the card, the stand-in bank form with the debit authorization in full, the account saved.
 */
test('a parent saves a bank account, accepting the debit authorization', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, PARENT);
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await showWholePortal(page);
  const card = page.getByTestId('bank-account-card');
  await card.getByRole('button', { name: 'Add a bank account' }).click();
  const form = page.getByRole('dialog', { name: 'Add a bank account' });
  await form.getByRole('textbox', { name: 'Name on the account' }).fill('Priya Patel');
  await form.getByRole('textbox', { name: 'Routing number' }).fill('110000000');
  await form.getByRole('textbox', { name: 'Account number' }).fill('000123456789');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await expect(form.getByText('Please read and accept the debit authorization')).toBeVisible();
  await form.getByRole('checkbox', { name: /accept this debit authorization/ }).check();
  await photo(page, 'bank-form-1280');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await expect(card.getByText('Bank account •••• 6789')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await photo(page, 'bank-card-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await photo(page, 'bank-card-390');

  // The demo's Patels as the journeys after this one expect them: the Visa the first method again (it
  // replaces the bank account, as the bank account replaced it; auto-pay stays as it was).
  await page.setViewportSize({ width: 1280, height: 900 });
  const methods = page.getByTestId('payment-method-card');
  await methods.scrollIntoViewIfNeeded();
  await methods.getByRole('button', { name: 'Add a card' }).click();
  const cardForm = page.getByRole('dialog', { name: 'Add a card' });
  await cardForm.getByRole('textbox', { name: 'Card number' }).fill('4895 1422 3212 0006');
  await cardForm.getByRole('textbox', { name: 'Expiry' }).fill('08/30');
  await cardForm.getByRole('textbox', { name: 'CVC' }).fill('123');
  await cardForm.getByRole('textbox', { name: 'Name on card' }).fill('Priya Patel');
  await cardForm.getByRole('textbox', { name: 'ZIP code' }).fill('07042');
  await cardForm.getByRole('button', { name: 'Save card' }).click();
  await expect(methods.getByTestId('card-label')).toHaveText('Visa •••• 0006');
});
