/**
 * A phone opens a page (issue 39 point 5): the parent portal, the owner's account list, the sign-in page,
 * a studio's own sign-in page (where its link brings its parents) and its registration, loaded by
 * Chromium with an empty cache on a throttled phone, timed through Chromium's DevTools protocol.
 *
 *   npx tsx bench/phone.ts [http://127.0.0.1:3300] [--runs 3] [--parent e-mail] [--owner e-mail] [--json file]
 *     [--page portal|owner|sign-in|studio|registration] [--network slow|lighthouse]
 *
 * Against a running server that serves the built web app (`npm run build`: the browser's build and the
 * server's, which renders the first screen of both pages, decision 093) with the
 * large studio seeded (`npm run seed:large`); `npm run bench -- --only phone` runs it on the bench's
 * own server. Chromium is /usr/bin/chromium, or CHROMIUM. Not a test: nothing is asserted.
 *
 * Each load: a new browser context (an empty cache, and `Network.setCacheDisabled`; no service worker,
 * whose fetches the throttling would not reach), signed in through the API first for the portal and the
 * list, so that the session cookie is set before the page is opened, a phone's screen (412 × 915),
 * `Emulation.setCPUThrottlingRate` 4 and `Network.emulateNetworkConditions` with one of two profiles:
 *
 * - **Slow 4G, Chrome DevTools' preset** (the goal's): 562.5 ms of latency, 180,000 bytes/s down,
 *   84,375 bytes/s (675 kbit/s) up;
 * - **Lighthouse's mobile figures**, lighter: 150 ms, 1.6 Mbit/s down (200,000 bytes/s), 750 kbit/s up.
 *
 * What it reports, each the median of `--runs` loads (3):
 * - first content: the `first-contentful-paint` paint entry;
 * - largest content: the last `largest-contentful-paint` entry (taken before any input, there is none);
 * - interactive: Lighthouse's definition of time to interactive: the first window of 5 s after first
 *   content with no long task and at most two requests in flight; interactive is the end of the last
 *   long task before that window (first content itself when there is none). Requests are the page's
 *   resource timing entries (the document included), long tasks the `longtask` entries (50 ms or more
 *   on the main thread, as measured on the throttled CPU);
 * - live: when React reached the page's outermost element (which it completes last): the server's page
 *   hydrated, or a page rendered anew, seen by polling every 20 ms. The app hydrates as a transition, in
 *   slices of a few milliseconds (an input meanwhile makes React finish at once), so live may come after
 *   interactive: the main thread stays free to answer while it hydrates;
 * - long tasks: the sum of the long tasks' durations until interactive's window closes;
 * - bytes: what crossed the wire (`Network.loadingFinished`'s encoded length), and the JavaScript's.
 *
 * The page is observed from before its first script (an init script registers the observers), and
 * the load ends when interactive's quiet window has been seen, or after 40 s.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { chromiumLaunch } from '../apps/web/e2e/chromium';

type Throttle = { name: string; latencyMs: number; downBytes: number; upBytes: number };

const THROTTLES: Throttle[] = [
  { name: 'slow 4G (DevTools)', latencyMs: 562.5, downBytes: 180_000, upBytes: 84_375 },
  { name: 'Lighthouse mobile', latencyMs: 150, downBytes: 200_000, upBytes: 93_750 },
];
const CPU_SLOWDOWN = 4;
const QUIET_MS = 5_000;
const MAX_MS = 40_000;

/** A page to open, signed in as `email` first, or as nobody (the sign-in pages, a studio's registration). */
type PhonePage = { name: string; path: string; email?: string; password: string };
type Load = {
  firstContent: number;
  largestContent: number;
  interactive: number;
  live: number;
  longTasks: number;
  bytes: number;
  jsBytes: number;
  requests: number;
  /** Each request's start and end (ms after navigation), with `--waterfall`. */
  waterfall?: string[];
};

const NUMBERS = [
  'firstContent',
  'largestContent',
  'interactive',
  'live',
  'longTasks',
  'bytes',
  'jsBytes',
  'requests',
] as const;

type Observed = {
  fcp: number | null;
  lcp: number | null;
  live: number | null;
  longTasks: { start: number; end: number }[];
  resources: { start: number; end: number; name: string }[];
};

/**
 * Registered before the page's own scripts run: what the page paints, its long tasks. (Text, for the
 * page: this project's bench is typed for Node.js, not the browser.)
 */
const OBSERVE = `(() => {
  const seen = { fcp: null, lcp: null, live: null, longTasks: [] };
  window.__phone = seen;
  performance.setResourceTimingBufferSize(1000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // React has reached the page's outermost element (it completes last): hydrated, or rendered anew.
  const live = setInterval(() => {
    const first = document.getElementById('root')?.firstElementChild;
    if (first && Object.keys(first).some((k) => k.startsWith('__reactFiber$'))) {
      seen.live = performance.now();
      clearInterval(live);
    }
  }, 20);
})()`;

/** What was observed so far, and the page's requests (the document's included), from its resource timing. */
const READ = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').map((r) => ({ start: r.startTime, end: r.responseEnd, name: r.name }));
  if (nav) resources.push({ start: 0, end: nav.responseEnd, name: nav.name });
  return { ...window.__phone, resources, now: performance.now() };
})()`;

/**
 * Lighthouse's time to interactive over what was observed; null while no quiet window was seen yet. A
 * quiet window may start at first content, at the end of a long task or at the end of a request (the
 * network quieting down after the last long task); interactive is the end of the last long task before
 * the window, or first content.
 */
function interactiveOf(o: Observed, now: number): number | null {
  if (o.fcp === null) return null;
  const fcp = o.fcp;
  const ends = [...o.longTasks.map((t) => t.end), ...o.resources.map((r) => r.end)];
  const starts = [fcp, ...ends.filter((end) => end > fcp)].sort((a, b) => a - b);
  for (const start of starts) {
    const end = start + QUIET_MS;
    if (end > now) return null;
    if (o.longTasks.some((t) => t.end > start && t.start < end)) continue;
    // At most two requests in flight at any moment of the window.
    const inside = o.resources.filter((r) => r.end > start && r.start < end);
    const points = [start, ...inside.map((r) => r.start).filter((s) => s > start)];
    const busy = points.some((p) => inside.filter((r) => r.start <= p && r.end > p).length > 2);
    if (busy) continue;
    return Math.max(fcp, ...o.longTasks.map((t) => t.end).filter((end) => end <= start));
  }
  return null;
}

/** A phone's browser context for `page`, signed in as its `email` when it names one. */
async function phoneContext(base: string, page: PhonePage, browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    // The app's service worker (decision 063) takes over the page once it has started and then fetches
    // the page's later files itself, in a target of its own that the page's network throttling does not
    // reach (they came in a fifth of the time, and their bytes went uncounted): a phone's worker fetches
    // over the same slow network as its page, so the worker is kept out here.
    serviceWorkers: 'block',
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  if (!page.email) return context;
  const response = await context.request.post(`${base}/api/auth/login`, {
    data: { email: page.email, password: page.password, remember: false },
    headers: { origin: base },
  });
  if (!response.ok()) throw new Error(`Signing in as ${page.email}: ${response.status()}`);
  return context;
}

/** One load of `page` with an empty cache, throttled. */
async function loadOnce(browser: Browser, base: string, page: PhonePage, throttle: Throttle): Promise<Load> {
  const context = await phoneContext(base, page, browser);
  try {
    const tab = await context.newPage();
    await tab.addInitScript({ content: OBSERVE });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latencyMs,
      downloadThroughput: throttle.downBytes,
      uploadThroughput: throttle.upBytes,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    let jsBytes = 0;
    let requests = 0;
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      requests++;
      bytes += e.encodedDataLength;
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    await tab.goto(`${base}${page.path}`, { waitUntil: 'commit' });
    const started = Date.now();
    for (;;) {
      await tab.waitForTimeout(500);
      const observed = (await tab.evaluate(READ)) as Observed & { now: number };
      const interactive = interactiveOf(observed, observed.now);
      if (interactive !== null || Date.now() - started > MAX_MS) {
        if (interactive === null) throw new Error(`${page.name}: not interactive within ${MAX_MS / 1000} s`);
        const windowEnd = interactive + QUIET_MS;
        return {
          firstContent: observed.fcp ?? Number.NaN,
          largestContent: observed.lcp ?? observed.fcp ?? Number.NaN,
          interactive,
          live: observed.live ?? Number.NaN,
          longTasks: observed.longTasks
            .filter((t) => t.start < windowEnd)
            .reduce((n, t) => n + (t.end - t.start), 0),
          bytes,
          jsBytes,
          requests,
          waterfall: [
            ...observed.resources.map(
              (r) =>
                `${Math.round(r.start)}–${Math.round(r.end)} ${new URL(r.name).pathname}${new URL(r.name).search}`,
            ),
            ...observed.longTasks.map((t) => `${Math.round(t.start)}–${Math.round(t.end)} long task`),
            `first content ${Math.round(observed.fcp ?? 0)}, largest ${Math.round(observed.lcp ?? 0)}`,
            `${Math.round(observed.live ?? 0)} live`,
          ].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)),
        };
      }
    }
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type PhoneRow = { page: string; throttle: string; runs: Load[]; median: Load };

/** Every page under every throttle, `runs` loads each, in turns (page by page, then again). */
async function measurePhone(
  base: string,
  pages: PhonePage[],
  runs: number,
  throttles: Throttle[],
): Promise<PhoneRow[]> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const rows: PhoneRow[] = [];
    for (const throttle of throttles) {
      const byPage = new Map<string, Load[]>(pages.map((p) => [p.name, []]));
      for (let run = 0; run < runs; run++) {
        for (const page of pages) byPage.get(page.name)!.push(await loadOnce(browser, base, page, throttle));
      }
      for (const page of pages) {
        const loads = byPage.get(page.name)!;
        const mid = Object.fromEntries(
          NUMBERS.map((k) => [k, median(loads.map((l) => l[k]))]),
        ) as unknown as Load;
        rows.push({ page: page.name, throttle: throttle.name, runs: loads, median: mid });
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const s = (msValue: number) => (msValue / 1000).toFixed(2);

/** The table of medians, with the goals of issue 39 point 5 (the harsher profile's). */
function phoneTable(rows: PhoneRow[], runs: number): string {
  const lines = [
    `| page, phone (CPU 4× slower, empty cache, median of ${runs}) | network | first content s | largest content s | interactive s | live s | long tasks s | KiB sent (JS) | requests |`,
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    const m = r.median;
    lines.push(
      `| ${r.page} | ${r.throttle} | ${s(m.firstContent)} | ${s(m.largestContent)} | ${s(m.interactive)} | ${s(m.live)} | ${s(m.longTasks)} | ${(m.bytes / 1024).toFixed(0)} (${(m.jsBytes / 1024).toFixed(0)}) | ${m.requests} |`,
    );
  }
  return lines.join('\n');
}

const PHONE_GOALS: Record<string, { largest: number; interactive: number }> = {
  'parent portal': { largest: 2_500, interactive: 4_000 },
  "owner's account list": { largest: 3_500, interactive: 5_000 },
};

function phoneVerdicts(rows: PhoneRow[]): string[] {
  return rows
    .filter((r) => r.throttle === THROTTLES[0]!.name && PHONE_GOALS[r.page])
    .map((r) => {
      const goal = PHONE_GOALS[r.page]!;
      const met = r.median.largestContent < goal.largest && r.median.interactive < goal.interactive;
      return `target for ${r.page} on a phone (slow 4G): largest content < ${s(goal.largest)} s and interactive < ${s(goal.interactive)} s ${met ? 'met' : 'NOT met'} (${s(r.median.largestContent)} s, ${s(r.median.interactive)} s)`;
    });
}

/** The id of the studio `email` owns, from its sign-in's answer. */
async function studioOf(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password, remember: false }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email}: ${response.status}`);
  return ((await response.json()) as [true, { user: { cID: string } }])[1].user.cID;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '3' },
      parent: { type: 'string', default: 'parent@large.example' },
      owner: { type: 'string', default: 'owner@large.example' },
      password: { type: 'string', default: 'Pirouette1' },
      json: { type: 'string' },
      waterfall: { type: 'boolean', default: false },
      // One page or one network only (a word of its name: `portal`, `owner`; `slow`, `lighthouse`).
      page: { type: 'string' },
      network: { type: 'string' },
    },
  });
  const base = positionals[0] ?? 'http://127.0.0.1:3300';
  const runs = Number(values.runs);
  const html = await fetch(`${base}/accounts/parents`).then((r) => r.text());
  if (!html.includes('<div id="root">')) {
    console.log(`Skipped: ${base} serves no built web app (npm run build).`);
    return;
  }
  const studio = await studioOf(base, values.owner!, values.password!);
  const pages: PhonePage[] = [
    { name: 'parent portal', path: '/accounts/parents', email: values.parent!, password: values.password! },
    {
      name: "owner's account list",
      path: '/accounts/admin/accounts',
      email: values.owner!,
      password: values.password!,
    },
    // Where every owner and parent comes in: its files are shared with the owner's list (decision 113),
    // and a visitor's page is rendered by the server (decision 133).
    { name: 'sign-in', path: '/login', password: values.password! },
    // Where a studio's link brings its parents, rendered by the server for a visitor too (decision 133).
    {
      name: "studio's own sign-in",
      path: `/parent/${studio}`,
      password: values.password!,
    },
    // Where a new family registers from the studio's link (decision 134).
    { name: "studio's registration", path: `/parent/${studio}/register`, password: values.password! },
  ];
  const named = (word: string | undefined) => (item: { name: string }) =>
    !word || item.name.toLowerCase().includes(word.toLowerCase());
  const rows = await measurePhone(
    base,
    pages.filter(named(values.page)),
    runs,
    THROTTLES.filter(named(values.network)),
  );
  console.log(phoneTable(rows, runs));
  if (values.waterfall) {
    for (const r of rows)
      console.log(`\n${r.page}, ${r.throttle}, first load:\n  ${r.runs[0]!.waterfall!.join('\n  ')}`);
  }
  for (const line of phoneVerdicts(rows)) console.log(line);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
}

await main();
