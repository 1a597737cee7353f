import { basename, join } from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  test,
} from '@playwright/test';

export const PASSWORD = 'Pirouette1';
export const OWNER = 'owner@demo.example';
export const PARENT = 'parent@demo.example';
export const MULTI = 'multi@demo.example';

/** Today in the demo studio's zone (New York), as its books and its pages date things: `YYYY-MM-DD`. */
export const studioToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

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

/**
 * A screenshot for a person to look at (a screen at a desktop's or a phone's width), taken only when SHOTS
 * names a folder: `SHOTS=/tmp/shots npx playwright test makeups` writes `/tmp/shots/makeups/<name>.png`,
 * a folder for each journey file. The test run takes none, nor the reloads and waits some journeys make
 * only for their pictures: files nobody opens (decision 138). What a journey checks at a phone's width it
 * checks either way; only the picture waits for SHOTS.
 */
export async function photo(
  target: Page | Locator,
  name: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  const path = join(folder, basename(test.info().file, '.spec.ts'), `${name}.png`);
  await target.screenshot({ ...options, path });
}

/**
 * The whole page photographed at a desktop's width and then a phone's (`<name>-1280`, `<name>-390`), each
 * after a moment for its layout to settle, and the desktop's width again; nothing without SHOTS.
 */
export async function photoBothWidths(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await photo(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Signs the browser context in as `email` through the API: nothing loaded by the browser before its first page. */
export async function signInByApi(context: BrowserContext, baseURL: string | undefined, email: string) {
  const login = await context.request.post('/api/auth/login', {
    data: { email, password: PASSWORD, remember: false },
    headers: { origin: baseURL ?? '' },
  });
  expect(login.ok()).toBe(true);
}

/** Signs in on the page currently showing a sign-in form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

/**
 * Opens a family's account page from the owner's account list, found by its search. The list keeps the
 * unfiltered page on screen until the server answers the search, so the family's link is clicked only
 * once the list is the answer (one family): clicked earlier, the click can land on another family's row
 * as the answer replaces the list under it.
 */
export async function openFamily(page: Page, lastName: string) {
  await page.getByRole('textbox', { name: 'Search a family or student' }).fill(lastName);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName}(&|$)`));
  await expect(page.getByText('1 family', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: lastName, exact: true }).first().click();
  await expect(page).toHaveURL(/\/accounts\/admin\/accounts\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: `${lastName} family` })).toBeVisible();
}

export const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** A family as the parent types it into the registration wizard (no other contacts). */
export type NewFamily = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Ten digits. */
  phone: string;
  students: { firstName: string; lastName: string; gender: 'Female' | 'Male' | 'Other'; dob: string }[];
};

/**
 * Fills the studio's parent registration wizard (/parent/{id}/register, already open) with `family`,
 * accepts every document and registers; ends on the "Check your inbox" step.
 */
export async function registerFamily(page: Page, family: NewFamily) {
  await expect(page.getByText('Register your family and your dancers.')).toBeVisible();

  // 1. You.
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(family.email);
  await page.getByLabel(/^Password/).fill(family.password);
  await page.getByLabel(/^Confirm password/).fill(family.password);
  await page.getByLabel(/^First name/).fill(family.firstName);
  await page.getByLabel(/^Last name/).fill(family.lastName);
  await page.getByLabel(/^Mobile phone/).fill(family.phone);
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. Contacts: none.
  await expect(page.getByText('No other contacts.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // 3. Students, one card each.
  for (const [i, student] of family.students.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a student' }).click();
    await page
      .getByLabel(/^First name/)
      .nth(i)
      .fill(student.firstName);
    await page
      .getByLabel(/^Last name/)
      .nth(i)
      .fill(student.lastName);
    await page
      .getByRole('textbox', { name: /^Gender/ })
      .nth(i)
      .click();
    await page.getByRole('option', { name: student.gender, exact: true }).click();
    await page
      .getByLabel(/^Date of birth/)
      .nth(i)
      .fill(student.dob);
  }
  await page.getByRole('button', { name: 'Next' }).click();

  // 4. Address and about us.
  await page.getByLabel(/^Street address/).fill('12 Swan Lane');
  await page.getByLabel(/^City/).fill('Tulsa');
  await page.getByRole('textbox', { name: /^State/ }).fill('Oklahoma');
  await page.getByRole('option', { name: 'Oklahoma (OK)' }).click();
  await page.getByLabel(/^ZIP code/).fill('74101');
  await page.getByLabel(/^Home phone/).fill('5557654321');
  await page.getByRole('textbox', { name: /How did you hear/ }).click();
  await page.getByRole('option', { name: 'Word of mouth' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // 5. Terms: every document accepted.
  await expect(page.getByText('Step 5 of 5: Terms')).toBeVisible();
  const boxes = page.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(family.email)).toBeVisible();
}

/** Follows the e-mail verification link mailed to `email`. */
export async function confirmEmail(page: Page, email: string) {
  const mail = await waitForMail(page.request, email, (m) => /\/verify\/email\/nt\//.test(m.text));
  const link = new URL(/(https?:\/\/\S+\/verify\/email\/nt\/\S+)/.exec(mail.text)?.[1] ?? '');
  await page.goto(link.pathname);
  await expect(page.locator('#root').getByText('Verification is complete, please login.')).toBeVisible();
}

/**
 * The parent portal, scrolled through once it shows: its lower cards load as they come near the screen
 * (issue 20 point 4), each a skeleton labelled "Loading …" until then, so a check of one scrolls to it
 * first, as a reader does. Ends with every card there and the page as it was scrolled.
 */
export async function showWholePortal(page: Page) {
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  const waiting = page.locator('[aria-busy="true"][aria-label^="Loading"]');
  for (let i = 0; i < 30; i++) {
    const left = await waiting.count();
    if (left === 0) break;
    // A skeleton replaced by its card while being scrolled to is fine: the next one is taken.
    await waiting
      .first()
      .scrollIntoViewIfNeeded({ timeout: 2_000 })
      .catch(() => undefined);
    // Its card arrives before the next is scrolled to: on a busy machine thirty scrolls could otherwise
    // be spent on the first skeletons, and those further down, never near the screen, never load.
    await expect(waiting)
      .not.toHaveCount(left, { timeout: 15_000 })
      .catch(() => undefined);
  }
  await expect(waiting).toHaveCount(0);
}

/**
 * Waits until React has taken the page's elements over. A page the server rendered (the portal's home, the
 * owner's account list: decisions 093 and 097) shows its buttons before its scripts have arrived, and a
 * click then does nothing, as a person's tap would that early; links work either way.
 */
export async function hydrated(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const first = document.getElementById('root')?.firstElementChild;
          return Boolean(first && Object.keys(first).some((key) => key.startsWith('__reactFiber')));
        }),
      { timeout: 30_000, message: 'the page hydrated' },
    )
    .toBe(true);
}
