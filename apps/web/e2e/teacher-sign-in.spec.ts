import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, photo, signIn, waitForMail } from './helpers';

/**
 * A studio's teacher gets their own sign-in (issue 36, decision 061): the owner invites Marcus Hill from
 * Staff → Registration, the mailed link sets his password, and on a phone he sees his classes, his
 * dancers and their families' phones, and no money.
 */

const BLOCKING = new Set(['critical', 'serious']);

async function noBlockingFindings(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(
    blocking.map(
      (v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('the owner invites a teacher, who sets a password and sees their classes on a phone', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/staff/registration');
  await expect(page.getByRole('heading', { name: 'Staff registration' })).toBeVisible();
  const marcus = page.locator('.mantine-Card-root', { hasText: 'Marcus Hill' });
  await expect(marcus.getByText('No sign-in')).toBeVisible();
  await expect(
    page.locator('.mantine-Card-root', { hasText: 'Camille Durand' }).getByText('Signs in', { exact: true }),
  ).toBeVisible();
  await noBlockingFindings(page, 'staff registration');
  await photo(page, 'registration-1280', { fullPage: true });

  await marcus.getByRole('button', { name: 'Invite Marcus Hill' }).click();
  await expect(page.getByText('An invitation was mailed to Marcus Hill.')).toBeVisible();
  await expect(marcus.getByText('Invited', { exact: true })).toBeVisible();
  // The link goes by mail only: the page never shows it.
  await expect(page.getByText('/staff/invitation')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    page.locator('.mantine-Card-root', { hasText: 'Marcus Hill' }).getByText('Invited', { exact: true }),
  ).toBeVisible();
  await photo(page, 'registration-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const mail = await waitForMail(request, 'marcus@demo.example', (m) =>
    m.text.includes('/staff/invitation#'),
  );
  const link = /https?:\/\/\S+\/staff\/invitation#[A-Za-z0-9_-]+/.exec(mail.text)![0];

  // The teacher, on a phone of their own.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const teacher = await phone.newPage();
  await teacher.goto(new URL(link).pathname + new URL(link).hash);
  await expect(teacher.getByRole('heading', { name: 'Teach at Demo Dance Academy' })).toBeVisible();
  await noBlockingFindings(teacher, 'invitation');
  await photo(teacher, 'invitation-390', { fullPage: true });
  await teacher.getByLabel(/^Choose a password/).fill('Teach1234');
  await teacher.getByLabel(/^Confirm the password/).fill('Teach1234');
  await teacher.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(teacher).toHaveURL(/\/accounts\/teacher/);

  await teacher.goto('/accounts/teacher/classes');
  await expect(teacher.getByRole('heading', { name: 'My classes', level: 1 })).toBeVisible();
  const cards = teacher.locator('section.mantine-Card-root');
  await expect(cards.first()).toBeVisible();
  await expect(teacher.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(teacher.getByText(/\$\d/)).toHaveCount(0);
  await noBlockingFindings(teacher, 'my classes');
  await photo(teacher, 'my-classes-390', { fullPage: true });
  await teacher.setViewportSize({ width: 1280, height: 900 });
  await photo(teacher, 'my-classes-1280', { fullPage: true });
  await phone.close();

  // The owner's list says he signs in now.
  await page.reload();
  await expect(
    page.locator('.mantine-Card-root', { hasText: 'Marcus Hill' }).getByText('Signs in', { exact: true }),
  ).toBeVisible();
});
