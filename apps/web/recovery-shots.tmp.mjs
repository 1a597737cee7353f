// A one-off look at the auto-charge page's recovery report (decision 070), at 1280 and 390 wide.
import { chromium } from '@playwright/test';

const BASE = 'http://127.0.0.1:3104';
const pair = (count, amount) => ({ count, amount });
const RECOVERY = [
  { month: '2026-12', failed: pair(6, 361.5), byRetry: pair(2, 120), byNewMethod: pair(1, 60), byBackup: pair(1, 60),
    byHand: pair(1, 60), notRecovered: pair(1, 61.5), rate: 300 / 361.5, averageDays: 1.8 },
  { month: '2026-11', failed: pair(3, 180), byRetry: pair(1, 60), byNewMethod: pair(0, 0), byBackup: pair(0, 0),
    byHand: pair(1, 60), notRecovered: pair(1, 60), rate: 120 / 180, averageDays: 4 },
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [width, height] of [[1280, 900], [390, 844]]) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  // The real answer, its `recovery` filled when the demo has none yet (the API tests measure the real one).
  await page.route('**/api/mystudio/autopay?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (Array.isArray(body) && body[0] === true && body[1].recovery.length === 0) body[1].recovery = RECOVERY;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${BASE}/login`);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('owner@demo.example');
  await page.getByLabel(/^Password/).fill('Pirouette1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Login Successful').waitFor();
  await page.goto(`${BASE}/accounts/admin/accounts/payments-auto-charge`);
  const section = page.getByRole('region', { name: 'Failed payments recovered' });
  try { await section.waitFor({ timeout: 20000 }); } catch (e) { await page.screenshot({ path: '/tmp/recovery-shots/debug.png', fullPage: true }); throw e; }
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/recovery-shots/page-${width}.png`, fullPage: true });
  await section.screenshot({ path: `/tmp/recovery-shots/report-${width}.png` });
  await context.close();
}
await browser.close();
