/**
 * What a page downloads: the JavaScript and CSS a browser with an empty cache loads for each page of
 * the README's table "What a page downloads", until the page is settled (no request for half a second),
 * as they crossed the wire (the server sends the build's brotli copy to a browser that accepts it).
 *
 *   npx tsx bench/web-weight.ts [http://127.0.0.1:3300] [--files]
 *
 * Against a running server with the demo studio seeded (SEED_DEMO=1) and a built web app (WEB_DIST).
 * Chromium is /usr/bin/chromium, or CHROMIUM. `--files` lists each file of each page.
 */
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumLaunch } from '../apps/web/e2e/chromium';

const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith('--')) ?? 'http://127.0.0.1:3300';
const listFiles = args.includes('--files');
const PASSWORD = 'Pirouette1';

type Asset = { url: string; kind: 'js' | 'css'; body: number; raw: number; gzip: number };

async function signIn(context: BrowserContext, email: string) {
  const response = await context.request.post(`${base}/api/auth/login`, {
    data: { email, password: PASSWORD, remember: false },
    headers: { origin: base },
  });
  if (!response.ok()) throw new Error(`Signing in as ${email}: ${response.status()}`);
  return ((await response.json()) as [true, { user: { cID: string } }])[1].user.cID;
}

/** The scripts and stylesheets `path` loads in a new browser context (an empty cache). */
async function measure(path: string, as?: string): Promise<Asset[]> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    // No service worker: its fetches would not be counted (bench/phone.ts).
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'block',
    });
    if (as) await signIn(context, as);
    const page = await context.newPage();
    const assets: Asset[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const kind =
        request.resourceType() === 'script' ? 'js' : request.resourceType() === 'stylesheet' ? 'css' : null;
      if (!kind) return;
      pending.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          const raw = response ? (await response.body()).length : 0;
          assets.push({
            url: request.url(),
            kind,
            body: sizes.responseBodySize,
            raw,
            gzip: await gzipSize(request.url(), raw),
          });
        })(),
      );
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return assets;
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** What the same file weighs sent to a browser that accepts gzip only (the file itself when it has no copy). */
async function gzipSize(url: string, raw: number): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  const encoded = response.headers.get('content-encoding') === 'gzip';
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return encoded && Number.isFinite(length) ? length : raw;
}

async function main() {
  // The studio's id, for its parent pages: the owner's session says it.
  const probe = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  const studio = await signIn(await probe.newContext(), 'owner@demo.example');
  await probe.close();

  const pages: [string, string, string?][] = [
    ['parent portal', '/accounts/parents', 'parent@demo.example'],
    ['parent sign-in', `/parent/${studio}`],
    ['parent registration', `/parent/${studio}/register`],
    ['sign-in', '/login'],
    ["owner's account list", '/accounts/admin/accounts', 'owner@demo.example'],
  ];
  console.log('page | files (js+css) | raw KiB | gzip KiB | sent KiB | JS files | JS sent KiB');
  for (const [name, path, as] of pages) {
    const assets = await measure(path, as);
    const sum = (list: Asset[], key: 'body' | 'raw' | 'gzip') => list.reduce((n, a) => n + a[key], 0);
    const js = assets.filter((a) => a.kind === 'js');
    console.log(
      `${name} | ${assets.length} | ${kib(sum(assets, 'raw'))} | ${kib(sum(assets, 'gzip'))} | ${kib(sum(assets, 'body'))} | ${js.length} | ${kib(sum(js, 'body'))}`,
    );
    if (listFiles) {
      for (const a of [...assets].sort((x, y) => y.body - x.body)) {
        console.log(`    ${kib(a.body).padStart(6)} ${kib(a.raw).padStart(7)}  ${new URL(a.url).pathname}`);
      }
    }
  }
}

await main();
