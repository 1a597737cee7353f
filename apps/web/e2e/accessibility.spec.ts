import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { OWNER, openFamily, PARENT, showWholePortal, signIn } from './helpers';

/**
 * Accessibility (issue 31 item 17): axe-core on the key pages, as the demo owner and the demo parent
 * reach them, with their dialogs open where a page's work is done in one (the checkout's card form).
 * No rule of impact critical or serious may fail on any of them (DESIGN.md: "Every screen passes
 * axe-core with no critical or serious finding"). Each page's findings of every impact are printed as
 * a table (rule × nodes), so a run says where a page stands even when it passes.
 */

type Finding = { page: string; rule: string; impact: string; nodes: number; targets: string[] };
const findings: Finding[] = [];
// The pages are long and axe reads every node: on a busy machine a page takes longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });
const pagesChecked: string[] = [];
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Waits until the page has its data: no request in flight, no part still loading (a part that loads as
 * it comes near the screen is scrolled to, as a reader does), no transition under way.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const waiting = page.locator('[aria-busy="true"]');
  for (let i = 0; i < 30 && (await waiting.count()) > 0; i++)
    await waiting
      .first()
      .scrollIntoViewIfNeeded({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(waiting).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  // Mantine's transitions (a dialog fading in) last 200 ms; axe reads colours as they are drawn.
  await page.waitForTimeout(400);
}

/**
 * Runs axe on the page as it is and records what it finds under `name`; `within` (a CSS selector)
 * limits it to a part, a dialog over a page checked on its own.
 */
async function check(page: Page, name: string, within?: string) {
  const started = Date.now();
  await settle(page);
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  pagesChecked.push(name);
  // AXE_DETAILS=<folder>: every violation's nodes (colours and ratios included), a file a page.
  if (process.env.AXE_DETAILS) {
    mkdirSync(process.env.AXE_DETAILS, { recursive: true });
    const file = join(process.env.AXE_DETAILS, `${name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(violations, null, 2));
  }
  console.log(`${name}: checked in ${Date.now() - started} ms`);
  for (const v of violations)
    findings.push({
      page: name,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    });
}

/** Picks the first option of a Mantine Select by its label, when the page offers one. */
async function chooseFirst(page: Page, label: string) {
  const box = page.getByRole('textbox', { name: label, exact: true });
  if ((await box.count()) === 0) return;
  await box.first().click();
  const option = page.getByRole('option').first();
  if (await option.isVisible().catch(() => false)) await option.click();
  else await page.keyboard.press('Escape');
}

function report() {
  const lines = ['', 'axe-core findings (page · impact · rule · nodes):'];
  for (const name of pagesChecked) {
    const mine = findings.filter((f) => f.page === name);
    const blocking = mine.filter((f) => BLOCKING.has(f.impact));
    lines.push(
      `${name}: ${blocking.filter((f) => f.impact === 'critical').length} critical, ` +
        `${blocking.filter((f) => f.impact === 'serious').length} serious rule(s)`,
    );
    for (const f of mine)
      lines.push(`    ${f.impact.padEnd(9)} ${f.rule.padEnd(28)} ${String(f.nodes).padStart(4)}`);
  }
  console.log(lines.join('\n'));
}

test.afterAll(() => report());

/** The Patels' (the demo parent's family) account page, found by the accounts search. */
async function openPatels(owner: Page) {
  await openFamily(owner, 'Patel');
  await expect(owner.getByRole('region', { name: 'Money' }).getByTestId('money-balance')).toBeVisible();
}

/** The owner adds a recital costume to the Patels' bill, so their portal offers the checkout. */
async function addCostumeCharge(browser: Browser) {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await owner.goto('/login');
  await signIn(owner, OWNER);
  await owner.goto('/accounts/admin/accounts');
  await openPatels(owner);
  const money = owner.getByRole('region', { name: 'Money' });
  await money.getByRole('button', { name: 'Add item' }).click();
  const item = owner.getByRole('dialog', { name: 'Add an item' });
  await item.getByRole('textbox', { name: 'Type' }).click();
  await owner.getByRole('option', { name: 'Costume', exact: true }).click();
  await item.getByRole('textbox', { name: 'Item' }).fill('Recital costume');
  await item.getByRole('textbox', { name: 'Amount' }).fill('64.50');
  await item.getByRole('button', { name: /^Add/ }).click();
  await expect(owner.getByText('New item successful').last()).toBeVisible();
  await context.close();
}

/** The critical and serious findings of `names`, one line each: what fails and a few of its nodes. */
function blockingOf(names: string[]) {
  return findings
    .filter((f) => names.includes(f.page) && BLOCKING.has(f.impact))
    .map((f) => `${f.page}: ${f.impact} ${f.rule} (${f.nodes} nodes) e.g. ${f.targets.join(' | ')}`);
}

test('signed out: the sign-in page and the registration wizard', async ({ browser }) => {
  test.setTimeout(180_000);
  // AxeBuilder needs pages of a context of their own (browser.newPage's cannot take its script).
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await check(page, 'sign-in');

  // The studio's registration wizard, as a new family opens it from the studio's link.
  await signIn(page, OWNER);
  const me = (await (await page.request.get('/api/auth/me')).json()) as [true, { user: { cID: string } }];
  await context.clearCookies();
  await page.goto(`/parent/${me[1].user.cID}/register`);
  await expect(page.getByText('Register your family and your dancers.')).toBeVisible();
  await check(page, 'registration wizard');
  await context.close();
  expect(blockingOf(['sign-in', 'registration wizard']), 'critical and serious findings').toEqual([]);
});

/** A test signed in as `email` in a context of its own, checking pages in turn; fails on what they hold. */
function pagesOf(title: string, email: string, timeout: number, visit: (page: Page) => Promise<void>) {
  test(title, async ({ browser }) => {
    test.setTimeout(timeout);
    const context = await browser.newContext();
    const page = await context.newPage();
    const before = pagesChecked.length;
    try {
      await page.goto('/login');
      await signIn(page, email);
      await visit(page);
    } finally {
      await context.close();
    }
    expect(blockingOf(pagesChecked.slice(before)), 'critical and serious findings').toEqual([]);
  });
}

pagesOf("the owner's account list and a family's overview", OWNER, 360_000, async (owner) => {
  await owner.goto('/accounts/admin/accounts');
  await expect(owner.getByRole('textbox', { name: 'Search a family or student' })).toBeVisible();
  await check(owner, 'account list');

  await openPatels(owner);
  // The working of a charge open, as an owner reads it to a parent.
  const addsUp = owner.getByRole('region', { name: 'Money' }).getByRole('button', { name: 'How it adds up' });
  if ((await addsUp.count()) > 0) await addsUp.first().click();
  await check(owner, 'family overview');
});

pagesOf("the owner's payments and auto-charge pages", OWNER, 240_000, async (owner) => {
  await owner.goto('/accounts/admin/accounts/payments');
  await check(owner, 'payments');
  await owner.goto('/accounts/admin/accounts/payments-auto-charge');
  await check(owner, 'auto-charge');
});

pagesOf("the owner's schedule, costume order and competition registration", OWNER, 360_000, async (owner) => {
  await owner.goto('/accounts/admin/schedule/class');
  await expect(owner.getByRole('heading', { name: 'Classes' })).toBeVisible();
  await chooseFirst(owner, 'Location');
  await chooseFirst(owner, 'Room');
  await check(owner, 'schedule');

  await owner.goto('/accounts/admin/costumes/order-new');
  await chooseFirst(owner, 'Company');
  await check(owner, 'costume order');

  await owner.goto('/accounts/admin/competition/registration');
  await chooseFirst(owner, 'Event');
  await chooseFirst(owner, 'Entry');
  await check(owner, 'competition registration');
});

test.describe(() => {
  // The checkout is offered while something is owed: the owner adds a costume to the Patels' bill.
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    await addCostumeCharge(browser);
  });

  pagesOf("the parent's portal, checkout and card form", PARENT, 360_000, async (parent) => {
    await expect(parent).toHaveURL(/\/accounts\/parents$/);
    await showWholePortal(parent);
    // The working of a charge open: parents read it (DESIGN.md: "so it has full contrast").
    const addsUp = parent.getByRole('button', { name: 'How it adds up' });
    if ((await addsUp.count()) > 0) await addsUp.first().click();
    await check(parent, 'portal');

    // The dialogs, on their own (the portal behind them is checked above).
    await parent.getByRole('button', { name: 'Pay now' }).first().click();
    const checkout = parent.getByRole('dialog', { name: 'Pay by card' });
    await expect(checkout.getByRole('button', { name: /^Pay \$/ })).toBeVisible();
    await check(parent, 'checkout', '[role="dialog"]');
    await checkout.getByRole('button', { name: 'Use another card' }).click();
    await expect(checkout.getByRole('textbox', { name: 'Card number' })).toBeVisible();
    await check(parent, 'checkout: card form', '[role="dialog"]');
  });
});

pagesOf("the parent's class registration wizard", PARENT, 240_000, async (parent) => {
  await parent.goto('/accounts/parents/register');
  // The week of classes of the first dancer, as the wizard shows it once a dancer is chosen.
  const choose = parent.getByRole('button', { name: /^Choose / });
  await expect(choose.first()).toBeVisible();
  await choose.first().click();
  await check(parent, 'class registration wizard');
});
