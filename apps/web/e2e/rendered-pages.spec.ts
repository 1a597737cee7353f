import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { hydrated, OWNER, PARENT, PASSWORD, signInByApi } from './helpers';

/**
 * Pages that arrive rendered by the server and are hydrated (decisions 093 and 097): the parent portal's
 * home and the owner's account list, at a computer's width and on a phone. The first screen is in the
 * page the server sends, and the browser takes over the server's elements (no hydration error, the
 * elements not rendered again) and answers a click. Needs the web's server build (`npm run build`, as
 * `npm run test:e2e` builds; `npx vite build` alone leaves it out).
 */

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

/**
 * Opens `path` signed in as `email` (a visitor for null): the page as the server sent it, the errors the
 * browser logs, and a check that the server's first element is still the one shown (taken over, not
 * rendered again).
 */
async function openRendered(
  browser: Browser,
  baseURL: string | undefined,
  email: string | null,
  path: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext(options);
  if (email) await signInByApi(context, baseURL, email);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The first element the server wrote, remembered before any script of the page runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { serverFirst?: Element | null }).serverFirst =
        document.getElementById('root')?.firstElementChild ?? null;
    });
  });
  const response = await page.goto(path);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const sent = (await response?.text()) ?? '';
  expect(sent).toContain('id="rendered-state"');
  const kept = () =>
    page.evaluate(() => {
      const first = (window as { serverFirst?: Element | null }).serverFirst;
      return Boolean(first?.isConnected) && first === document.getElementById('root')?.firstElementChild;
    });
  return { page, sent, errors, kept, close: () => context.close() };
}

/** Holds the app's scripts back until the returned function is called: the server's page alone until then. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The demo studio's id, as its owner's session names it. */
async function demoStudio(browser: Browser, baseURL: string | undefined): Promise<string> {
  const owner = await browser.newContext();
  await signInByApi(owner, baseURL, OWNER);
  const me = (await (await owner.request.get('/api/auth/me')).json()) as [true, { user: { cID: string } }];
  await owner.close();
  return me[1].user.cID;
}

/**
 * Opens `path` as a visitor on a phone with the app's scripts held back (`release` lets them come): the
 * page as the server sent it, rendered, and the errors the browser logs.
 */
async function openWithScriptsHeld(browser: Browser, path: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdScripts(page);
  const response = await page.goto(path, { waitUntil: 'commit' });
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const sent = (await response?.text()) ?? '';
  expect(sent).toContain('id="rendered-state"');
  return { context, page, errors, release, sent };
}

async function expectHydrated(opened: { kept: () => Promise<boolean>; errors: string[] }) {
  expect(await opened.kept(), 'the server’s elements taken over, not rendered again').toBe(true);
  expect(opened.errors).toEqual([]);
}

test('a parent’s portal arrives rendered by the server and is hydrated without a mismatch', async ({
  browser,
  baseURL,
}) => {
  const opened = await openRendered(browser, baseURL, PARENT, '/accounts/parents');
  expect(opened.sent).toMatch(/<h1[^>]*>Welcome, (<!-- -->)?/);
  const { page } = opened;
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  // Hydrated: the page answers a click.
  await hydrated(page);
  await page.getByRole('button', { name: 'Add student' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectHydrated(opened);
  await opened.close();
});

// The server lays the list out for what the browser says it is; a narrow window on a computer is taken
// for a computer's (a table) and becomes cards once hydrated, without a mismatch.
for (const [device, options, sentTable] of [
  ['a computer', { viewport: { width: 1280, height: 900 } }, true],
  ['a phone', PHONE, false],
  ['a narrow window on a computer', { viewport: { width: 390, height: 844 } }, true],
] as const) {
  test(`the owner’s account list arrives rendered by the server on ${device} and is hydrated without a mismatch`, async ({
    browser,
    baseURL,
  }) => {
    const opened = await openRendered(browser, baseURL, OWNER, '/accounts/admin/accounts', options);
    // The families are in the page as sent: a table at a computer's width, cards on a phone.
    expect(opened.sent).toContain('Patel');
    expect(opened.sent.includes('<table'), 'a table sent').toBe(sentTable);
    // The sidebar's count of registrations waiting for approval is in the page as sent (the demo has
    // one); a phone's sidebar is a drawer, drawn when first opened (decision 113), its count sent in the
    // page's answers.
    const phone = options === PHONE;
    expect(/aria-label="\d+ waiting"/.test(opened.sent), 'the sidebar sent').toBe(!phone);
    expect(opened.sent).toContain(
      '"queryKey":["mystudio","schedule","class","registration","pending","count"]',
    );
    const { page } = opened;
    // A row of the table ("Patel") or a card ("Patel family").
    await expect(page.getByRole('link', { name: /^Patel( family)?$/ }).first()).toBeVisible();
    // Hydrated: the page answers a click, and the search asks the server.
    await hydrated(page);
    // Laid out for the window itself once hydrated: cards below a computer's width.
    const width = page.viewportSize()?.width ?? 0;
    await expect(page.getByRole('table')).toHaveCount(width < 768 ? 0 : 1);
    await page.getByRole('button', { name: 'New family' }).first().click();
    await expect(page.getByRole('dialog', { name: /family/i })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Search a family or student' }).fill('Patel');
    await expect(page).toHaveURL(/[?&]q=Patel/);
    await expect(page.getByText('1 family', { exact: true })).toBeVisible();
    if (phone) {
      // The drawer opens with the sidebar and its count drawn.
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.getByRole('link', { name: 'List of Accounts' })).toBeVisible();
      await expect(page.getByLabel(/^\d+ waiting$/)).toBeVisible();
    }
    await expectHydrated(opened);
    await opened.close();
  });
}

test('a search typed into the owner’s list before its scripts arrive is searched for once they do', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInByApi(context, baseURL, OWNER);
  const page = await context.newPage();
  // The app's scripts held back until the search is typed into the server's page.
  const release = await holdScripts(page);
  await page.goto('/accounts/admin/accounts', { waitUntil: 'commit' });
  const search = page.getByRole('textbox', { name: 'Search a family or student' });
  await search.fill('Patel');
  release();
  await hydrated(page);
  await expect(page).toHaveURL(/[?&]q=Patel/);
  await expect(page.getByText('1 family', { exact: true })).toBeVisible();
  await expect(search).toHaveValue('Patel');
  await context.close();
});

test('the sign-in page arrives rendered for a visitor; what is typed before its scripts arrive signs in once they do', async ({
  browser,
}) => {
  // The app's scripts held back until the form is filled in on the server's page.
  const { context, page, errors, release } = await openWithScriptsHeld(browser, '/login');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(PARENT);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  // Before its scripts, the button sends nothing (a press or Enter would leave the page).
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(button).toBeDisabled();
  release();
  await hydrated(page);
  await button.click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  // Remembered, as ticked before the scripts arrived: the next sign-in page offers the address.
  const cookies = await context.cookies();
  expect(cookies.some((c) => /remember/i.test(c.name))).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a studio’s own sign-in page arrives rendered with its name and is hydrated without a mismatch', async ({
  browser,
  baseURL,
}) => {
  // A visitor on a phone, where the studio's link brings its parents.
  const opened = await openRendered(
    browser,
    baseURL,
    null,
    `/parent/${await demoStudio(browser, baseURL)}`,
    PHONE,
  );
  expect(opened.sent).toContain('Demo Dance Academy');
  const { page } = opened;
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Demo Dance Academy' })).toBeVisible();
  await expectHydrated(opened);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(PARENT);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/accounts\/parents$/);
  await opened.close();
});

test('a studio’s registration arrives rendered for a visitor; its first step typed before the scripts arrive goes on once they do', async ({
  browser,
  baseURL,
}) => {
  const studio = await demoStudio(browser, baseURL);
  // The app's scripts held back until the first step is filled in on the server's page.
  const { context, page, errors, release, sent } = await openWithScriptsHeld(
    browser,
    `/parent/${studio}/register`,
  );
  expect(sent).toContain('Demo Dance Academy');
  const email = `early-${Date.now()}@family.example`;
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Password/).fill('Dancing123');
  await page.getByLabel(/^Confirm password/).fill('Dancing123');
  await page.getByRole('textbox', { name: /^First name/ }).fill('Rosa');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Early');
  await page.getByRole('textbox', { name: /^Mobile phone/ }).fill('5551234567');
  // Before its scripts, Next sends nothing (a press or Enter would reload the page and lose the text).
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  release();
  await hydrated(page);
  // What was typed is the form's: the step's checks pass and the next step opens.
  await next.click();
  await expect(page.getByTestId('step-caption')).toHaveText('Step 2 of 5: Contacts');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: /^Mobile phone/ })).toHaveValue('(555) 123-4567');
  expect(errors).toEqual([]);
  await context.close();
});
