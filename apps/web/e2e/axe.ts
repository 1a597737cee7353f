import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { photo } from './helpers';

/**
 * The page as axe-core finds it once it has settled: no request under way, no skeleton, and no
 * notification (a notification sliding in or out is half transparent, and axe reads its text's contrast
 * against what shows through: a finding of the moment, not of the page). No critical or serious finding;
 * `within`, a selector, limits the check to part of the page.
 */
export async function axeClean(page: Page, name: string, within?: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  const notices = page.locator('.mantine-Notification-root');
  for (const close of await notices.getByRole('button').all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  // Closed, or gone by themselves (a few seconds); one that stays is left out of the check below.
  await expect(notices)
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
  const axe = new AxeBuilder({ page }).exclude('.mantine-Notifications-root');
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

/** The page checked at a desktop's width and a phone's, and photographed at both (`<name>-<width>`, helpers.ts `photo`). */
export async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page, `${name} at 1280`);
  await photo(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await axeClean(page, `${name} at 390`);
  await photo(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
