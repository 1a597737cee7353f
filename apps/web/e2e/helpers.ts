import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'Pirouette1';
export const OWNER = 'owner@demo.example';
export const PARENT = 'parent@demo.example';
export const MULTI = 'multi@demo.example';

type Mail = { to: string | string[]; subject: string; text: string; html: string; createdAt: string };

/** The newest mail to `address` that `match` accepts, waiting for the outbox to have it. */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  match: (mail: Mail) => boolean,
  timeout = 15_000,
) {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mail.json');
        const body = (await response.json()) as [boolean, Mail[]];
        found = body[1].find(
          (m) => [m.to].flat().join(',').toLowerCase().includes(address.toLowerCase()) && match(m),
        );
        return !!found;
      },
      { timeout, message: `a mail to ${address}` },
    )
    .toBe(true);
  return found as Mail;
}

/** Signs in on the page currently showing a sign-in form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

export const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
