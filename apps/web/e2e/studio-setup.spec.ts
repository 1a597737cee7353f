import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { addTeacher, registerStudio } from './studio-helpers';

test('a new owner sets up the studio: a location with two rooms, a year term, a teacher, a class price and a discount', async ({
  page,
  request,
}) => {
  // A whole setup through the screens: long, more so on a machine shared with other runs.
  test.slow();
  const email = `owner+${Date.now()}@pine.example`;
  await registerStudio(request, email);
  await page.goto('/login');
  await signIn(page, email, 'Setup1234');
  // A studio not set up yet: sign-in lands on the dashboard's checklist (issue 31 item 14).
  await expect(page).toHaveURL(/\/accounts\/admin$/);

  // A location with two rooms.
  await page.goto('/accounts/admin/myStudio/locations');
  await page.getByRole('button', { name: 'New location' }).first().click();
  const locationDialog = page.getByRole('dialog', { name: 'New location' });
  await locationDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Main studio');
  await locationDialog.getByRole('textbox', { name: 'Street address', exact: true }).fill('5 Pine St');
  await locationDialog.getByRole('textbox', { name: 'City', exact: true }).fill('Trenton');
  await locationDialog.getByRole('textbox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'New Jersey (NJ)' }).click();
  await locationDialog.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('08608');
  await locationDialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('6095550123');
  await locationDialog.getByRole('textbox', { name: 'Room 1 name', exact: true }).fill('Studio A');
  await locationDialog.getByRole('button', { name: 'Add room' }).click();
  await locationDialog.getByRole('textbox', { name: 'Room 2 name', exact: true }).fill('Studio B');
  await locationDialog.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  const card = page.getByRole('article', { name: 'Main studio' });
  await expect(card.getByText('Studio A')).toBeVisible();
  await expect(card.getByText('Studio B')).toBeVisible();
  await expect(card.getByText('(609) 555-0123')).toBeVisible();

  // A year term (its payment plans come with it).
  await page.goto('/accounts/admin/myStudio/dance-year');
  await page.getByRole('button', { name: 'New year term' }).click();
  const termDialog = page.getByRole('dialog', { name: 'New year term' });
  await termDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Summer 2027');
  await termDialog.getByRole('textbox', { name: 'First day', exact: true }).fill('2027-07-01');
  await termDialog.getByRole('textbox', { name: 'Last day', exact: true }).fill('2027-08-31');
  await termDialog.getByRole('button', { name: /Create|Add|Save/ }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Summer 2027' }).first()).toBeVisible();

  // A class price for the current term.
  await page.getByRole('button', { name: 'New class price' }).click();
  const priceDialog = page.getByRole('dialog', { name: 'New class price' });
  await priceDialog.getByRole('textbox', { name: 'Class length', exact: true }).fill('60');
  await priceDialog.getByRole('textbox', { name: 'Monthly price', exact: true }).fill('65');
  await priceDialog.getByRole('button', { name: 'Add class price' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  await expect(page.getByText('$65.00')).toBeVisible();

  // A teacher.
  await page.goto('/accounts/admin/staff');
  await addTeacher(page, 'lena@pine.example');
  await expect(page.getByText('Ortiz').first()).toBeVisible();

  // A discount, and the example family's tuition changes with it.
  await page.goto('/accounts/admin/myStudio/discounts');
  const total = page.getByTestId('family-total').first();
  await expect(total).toHaveText('$215.00');
  await page.getByRole('button', { name: 'New discount' }).first().click();
  const discountDialog = page.getByRole('dialog');
  await discountDialog.getByRole('textbox', { name: 'Percentage off per step', exact: true }).fill('10');
  await discountDialog.getByRole('textbox', { name: 'Round the price' }).click();
  await page
    .getByRole('option', { name: /dollar/i })
    .first()
    .click();
  await expect(discountDialog.getByTestId('discount-reads-as')).toContainText('10 %');
  await discountDialog.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  // Emma: 60 + 50 × 0.9 + 45 × 0.81 → 60 + 45 + 36 (to the dollar); Liam 60.
  await expect(total).toHaveText('$201.00');

  // The top bar switches the studio's current year term, after asking: Cancel changes nothing.
  const selector = page.getByRole('textbox', { name: 'Current year term' });
  await expect(selector).toHaveValue(/\d{4}-\d{4}/);
  const season = await selector.inputValue();
  await selector.click();
  await page.getByRole('option', { name: 'Summer 2027' }).click();
  const ask = page.getByRole('dialog', { name: 'Make Summer 2027 the current year term?' });
  await expect(ask).toContainText('everyone who works in Pine Street Dance will see Summer 2027');
  await expect(ask).toContainText('0 families would be active');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(selector).toHaveValue(season);
  await selector.click();
  await page.getByRole('option', { name: 'Summer 2027' }).click();
  await ask.getByRole('button', { name: 'Make Summer 2027 current' }).click();
  await expect(page.getByText('Summer 2027 is now the current year term.')).toBeVisible();
  await expect(selector).toHaveValue('Summer 2027');
  await page.goto('/accounts/admin/myStudio/dance-year');
  await expect(
    page.getByRole('row', { name: /Summer 2027/ }).getByText('Current', { exact: true }),
  ).toBeVisible();
});
