import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForMail } from './helpers';

/** A new studio, registered through the API as the screens would: code, check, details. */
export async function registerStudio(request: APIRequestContext, email: string, password = 'Setup1234') {
  await request.get(`/api/registration/confirm/email/${email}`);
  const mail = await waitForMail(request, email, (m) => /\b\d{6}\b/.test(m.subject));
  const code = /\b(\d{6})\b/.exec(mail.subject)![1];
  expect((await request.get(`/api/registration/email/validate/${email}/${code}`)).ok()).toBe(true);
  const address = {
    address: '5 Pine St',
    city: 'Trenton',
    state: 'NJ',
    zipcode: '08608',
    phone: '6095550100',
  };
  const res = await request.post('/api/registration/account', {
    data: {
      login: { email, password },
      user: { firstName: 'Nina', lastName: 'Park', phone: '6095550100' },
      accountInfo: address,
      studioInfo: { name: 'Pine Street Dance', ...address, email: 'hello@pine.example' },
      aboutUS: { option: 'Word of mouth', notes: '' },
    },
  });
  expect(res.ok()).toBe(true);
}

/** Adds teacher Lena Ortiz from the Teachers page the browser is on, through its dialog. */
export async function addTeacher(page: Page, email: string) {
  await page.getByRole('button', { name: 'Add teacher' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New teacher' });
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Lena');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Ortiz');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('6095550177');
  await dialog.getByRole('textbox', { name: 'Street address', exact: true }).fill('9 Oak Ave');
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Trenton');
  await dialog.getByRole('textbox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'New Jersey (NJ)' }).click();
  await dialog.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('08608');
  await dialog.getByRole('button', { name: 'Add teacher' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
}
