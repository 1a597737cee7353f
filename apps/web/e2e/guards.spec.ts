import { expect, test } from '@playwright/test';
import { OWNER, PARENT, path, signIn } from './helpers';

test('an anonymous visit to an admin page goes to sign-in, then back to that page', async ({ page }) => {
  await page.goto('/accounts/admin/myStudio/locations');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccounts%2Fadmin%2FmyStudio%2Flocations$/);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/accounts\/admin\/myStudio\/locations$/);
  await expect(page.getByRole('heading', { name: 'Locations', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Main Street Studio' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Studio');
});

test('a parent signs in to the parents home and is sent back there from admin pages', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, PARENT);
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await expect(page.getByTestId('studio-name')).toHaveText('Demo Dance Academy');

  await page.goto('/accounts/admin/staff');
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await page.goto('/accounts/admin');
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  // A login-type page sends a signed-in parent home too.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/accounts\/parents$/);
});

test('a parent signs in on the studio’s own page and logs out back to it', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', {
    data: { email: OWNER, password: 'Pirouette1', remember: false },
  });
  const cID = ((await login.json()) as [true, { user: { cID: string } }])[1].user.cID;
  // An API call, not a page: it says which origin it acts for, as the app's own pages do.
  await request.get('/api/auth/logout', { headers: { origin: new URL(login.url()).origin } });

  await page.goto(`/parent/${cID}`);
  await expect(page.getByRole('heading', { name: 'Demo Dance Academy' })).toBeVisible();
  await signIn(page, PARENT);
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`/parent/${cID}$`));
  await expect(page.getByRole('heading', { name: 'Demo Dance Academy' })).toBeVisible();

  await page.goto('/parent/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This studio could not be found.')).toBeVisible();
});

test('the not-found page shows at an unknown route', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Ops!' })).toBeVisible();
  await expect(
    page.getByText("Page not found. Don't worry though, we have plenty of other pages to explore"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Portal' })).toHaveAttribute(
    'href',
    '/accounts/parents',
  );
});

for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
  test(`an unsafe return address (${target}) lands on the home of the role`, async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await signIn(page, OWNER);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/accounts\/admin\/accounts$/);
    expect(path(page)).toBe('/accounts/admin/accounts');
  });
}

test('an admin logs out: the page reloads on sign-in and admin pages are closed again', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/accounts\/admin\/accounts$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/accounts/admin/accounts');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
