import { expect, type Request, test } from '@playwright/test';
import { PARENT, signInByApi } from './helpers';

/**
 * The parent portal's first load (issue 20 point 4): a browser with an empty cache opens
 * /accounts/parents signed in as a parent, and the JavaScript it downloads until the page is settled
 * is counted as it crossed the wire (the build's brotli copies: apps/web/vite.config.ts).
 *
 * The issue's target was 150 KiB; decision 083's early start (the page's early script, and the app taking
 * its answers: 1.3 KiB) took the portal from 149.9 to 150.7 KiB and its phone load from 5.0 to 3.4 s, so
 * the line is held at 152 KiB: a portal that grows past it fails the journeys. (The build keeps the first
 * download in few files: apps/web/vite.config.ts, `firstDownloadInFewFiles`.)
 */
const LIMIT_KIB = 152;

test('the parent portal’s first load stays within its compressed JavaScript budget', async ({
  browser,
  baseURL,
}) => {
  // No service worker: the files it fetched for the page would not be counted here (bench/phone.ts).
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // Signed in by the API, so the browser has loaded nothing before the portal.
  await signInByApi(context, baseURL, PARENT);
  const page = await context.newPage();

  const scripts: { path: string; bytes: number; encoding: string }[] = [];
  const measuring: Promise<void>[] = [];
  const count = async (request: Request) => {
    const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
    scripts.push({
      path: new URL(request.url()).pathname,
      bytes: sizes.responseBodySize,
      encoding: (await response?.headerValue('content-encoding')) ?? 'none',
    });
  };
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') measuring.push(count(request));
  });

  await page.goto('/accounts/parents', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(measuring);

  const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const total = kib(scripts.reduce((sum, s) => sum + s.bytes, 0));
  const list = [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${String(kib(s.bytes)).padStart(6)} KiB ${s.encoding.padEnd(4)} ${s.path}`)
    .join('\n');
  console.log(`Parent portal, first load: ${scripts.length} scripts, ${total} KiB sent\n${list}`);

  expect(scripts.length, 'the portal loads its scripts').toBeGreaterThan(0);
  // The server sent the build's brotli copies (each file big enough to have one).
  expect(scripts.some((s) => s.encoding === 'br')).toBe(true);
  expect(total, `JavaScript sent for the portal's first load (KiB)\n${list}`).toBeLessThanOrEqual(LIMIT_KIB);
  await context.close();
});
