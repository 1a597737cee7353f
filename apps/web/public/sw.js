/**
 * Pirouette's service worker (decision 063): the app opens without a connection, so a teacher can take a
 * roll in a studio with no signal (the marks wait on the phone until they can be sent; the roll last
 * loaded is kept by the page itself, in local storage).
 * - A page (a navigation): the network first, but on a poor connection the app shell kept from the last
 *   visit after NAV_TIMEOUT ms (and at once offline).
 * - The built assets (/assets/, named by their content): kept when first fetched, then served from the
 *   cache. They are kept per build: a build is named by the entry script its index.html loads, and when a
 *   navigation brings the index.html of another build, the caches of older builds are deleted.
 * - /api/ and anything else: never cached, never touched.
 * A new worker takes over at once and drops the caches that are not its own.
 */
const SHELL_CACHE = 'pirouette-shell-v2';
const ASSETS_PREFIX = 'pirouette-assets-';
const SHELL = '/index.html';
const NAV_TIMEOUT = 4000;

/** The build an index.html belongs to: the name of its entry script (content-hashed by the build). */
function buildOf(html) {
  const m = /\/assets\/(index-[^"'\s]+\.js)/.exec(html || '');
  return m ? m[1] : 'unknown';
}

let currentBuild = null;

/** The build of the shell kept (read once per worker start). */
async function keptBuild() {
  if (currentBuild) return currentBuild;
  const shell = await caches.match(SHELL);
  currentBuild = buildOf(shell ? await shell.text() : '');
  return currentBuild;
}

/** Keeps a fresh shell, and when it is another build's, drops the assets of the builds before it. */
async function keepShell(response) {
  const html = await response.clone().text();
  const build = buildOf(html);
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL, response);
  currentBuild = build;
  const keys = await caches.keys();
  await Promise.all(
    keys
      .filter((k) => k.startsWith(ASSETS_PREFIX) && k !== ASSETS_PREFIX + build)
      .map((k) => caches.delete(k)),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(new Request(SHELL, { cache: 'reload' }))
      .then((response) => (response.ok ? keepShell(response) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k !== SHELL_CACHE && !k.startsWith(ASSETS_PREFIX)).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** A page: the network, else (offline, or no answer within NAV_TIMEOUT) the shell kept. */
function navigate(request) {
  const network = fetch(request).then((response) => {
    // A page the server rendered for the person signed in (decision 093) is theirs alone, sent
    // `no-store`: never the shell another session would open offline.
    const personal = /no-store/.test(response.headers.get('cache-control') || '');
    if (response.ok && !personal && (response.headers.get('content-type') || '').includes('text/html')) {
      keepShell(response.clone()).catch(() => undefined);
    }
    return response;
  });
  const shell = () => caches.match(SHELL);
  const slow = new Promise((resolve) => setTimeout(resolve, NAV_TIMEOUT)).then(shell);
  return Promise.race([
    network.catch(() => shell().then((kept) => kept || Response.error())),
    slow.then((kept) => kept || network),
  ]).then((response) => response || network);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              keptBuild()
                .then((build) => caches.open(ASSETS_PREFIX + build))
                .then((cache) => cache.put(request, copy))
                .catch(() => undefined);
            }
            return response;
          }),
      ),
    );
  }
});
