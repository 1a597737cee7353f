import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An answer the server gave itself, as the web's server entry reads it. */
type Answer = { status: number; body: string };

/** What the web's server build offers (apps/web/src/entry-server.tsx; this module never imports it). */
type ServerEntry = {
  answersFor(url: URL, withCookie: boolean): string[] | null;
  renderPage(
    url: URL,
    answers: Record<string, Answer>,
    hints: { phone: boolean },
  ): Promise<{ html: string; state: string } | null>;
};

/**
 * Whether the browser says it is a phone's: Chromium's client hint, else its User-Agent (every phone
 * browser's has "Mobi" in it). The page's first render is laid out for it (decision 097); a wrong guess
 * costs only a second layout once the page is hydrated.
 */
export function isPhone(headers: FastifyRequest['headers']): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi/i.test(String(headers['user-agent'] ?? ''));
}

/** Where the web's build puts its server entry: a dot folder, which the static files never serve. */
export const serverEntryOf = (webDist: string) => join(webDist, '.server', 'entry-server.js');

const ROOT_TAG = '<div id="root"></div>';
const HTML_TAG = '<html lang="en">';

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
const EARLY_SCRIPT = /<script src="(\/assets\/early-[\w-]+\.js)"><\/script>/;
const CHARSET = '<meta charset="UTF-8" />';
const EARLY_FILES = '.early-files.json';
const stylesheets = new Map<string, string>();

/** The built stylesheets' text, by address. Built files are named by their content: each is read once. */
async function stylesOf(webDist: string, hrefs: string[]): Promise<string> {
  for (const href of hrefs) {
    if (!stylesheets.has(href)) stylesheets.set(href, await readFile(join(webDist, href), 'utf8'));
  }
  return hrefs.map((href) => `<style>${stylesheets.get(href)}</style>`).join('');
}

/**
 * The page's stylesheets written into it (`<style>`), for a page the server rendered: painted as soon as
 * the page has arrived, rather than once its stylesheet has, which on a slow network shares the line with
 * the app's scripts (decision 093).
 */
async function inlineStylesheets(webDist: string, template: string): Promise<string> {
  const styles = await stylesOf(
    webDist,
    [...template.matchAll(STYLESHEET)].map((m) => m[1]!),
  );
  // After the character set's declaration, which a browser looks for in the page's first bytes.
  const at = template.includes(CHARSET) ? CHARSET : '<head>';
  // Each link stays, disabled: never fetched nor applied, but seen by the app's loader, which would
  // otherwise fetch the stylesheet again, and wait for it, before the route's code it is listed with.
  return template
    .replace(
      STYLESHEET,
      (_link, href: string) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`,
    )
    .replace(at, `${at}${styles}`);
}

/**
 * The files the web's early script preloads for the page at `pathname` (decision 083), as the build lists
 * them beside it (apps/web/vite.config.ts, `.early-files.json`).
 */
async function preloadsOf(webDist: string, pathname: string): Promise<string[]> {
  const listed = JSON.parse(await readFile(join(webDist, EARLY_FILES), 'utf8').catch(() => '[]')) as {
    pattern: string;
    files: string[];
  }[];
  const page = listed.find((p) => new RegExp(p.pattern, 'i').test(pathname));
  return (page?.files ?? []).filter((f) => /^\/assets\/[\w.-]+\.(js|css)$/.test(f));
}

/**
 * The rendered page: its stylesheet written in first (above), its first screen and the state to hydrate
 * it with. Its early script is left out: the page carries the answers that script would ask for, and a
 * script in the head would hold its paint until it arrived; the route's scripts it would preload are
 * preloaded by the page itself (`preloads`), and the route's stylesheets are written in after the page's
 * own (`routeStyles`), as the app's loader would apply them, so the first screen is painted as the
 * hydrated page is (the sign-in page's layout is in one, decision 133). Each one's link stays, disabled,
 * for the app's loader to find and not fetch again.
 */
function writePage(
  template: string,
  page: { html: string; state: string },
  preloads: string[],
  routeStyles: string,
): string {
  const links = preloads
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${f}" disabled>`
        : `<link rel="modulepreload" crossorigin href="${f}">`,
    )
    .join('');
  return template
    .replace(EARLY_SCRIPT, '')
    .replace('</head>', `${routeStyles}${links}</head>`)
    .replace(HTML_TAG, '<html lang="en" data-rendered data-mantine-color-scheme="light">')
    .replace(
      ROOT_TAG,
      `<div id="root">${page.html}</div><script type="application/json" id="rendered-state">${page.state}</script>`,
    );
}

/**
 * The web's server entry, loaded on first use. Its chunks import it by its own address, so it is loaded
 * once per process: a build that replaces it (the static files are read per request, so a rebuilt web app
 * is served without a restart) turns the rendering off until the server restarts, rather than render
 * the old build's components for the new build's scripts to hydrate.
 */
function serverEntry(webDist: string) {
  const file = serverEntryOf(webDist);
  let loaded: { at: number; entry: Promise<ServerEntry> } | null = null;
  return (): Promise<ServerEntry> | null => {
    if (!existsSync(file)) return null;
    const at = statSync(file).mtimeMs;
    loaded ??= { at, entry: import(pathToFileURL(file).href) as Promise<ServerEntry> };
    return loaded.at === at ? loaded.entry : null;
  };
}

/**
 * The page a browser's address is answered with, rendered by the server for the pages the web's server
 * entry renders (the parent portal's home, decision 093; the owner's account list, decision 097; for a
 * visitor, the sign-in pages, decision 133, and a studio's registration, decision 134), else null: the
 * plain page. The server asks itself the page's answers (`app.inject`, the request's own cookie: the
 * same access checks, scope and answers as the browser's own calls), and the entry renders the page's
 * first screen from them with the browser's own components, and writes the state the browser hydrates
 * it with. Nobody signed in (a visitor's page aside), someone the page is not for, a failed answer:
 * null. Any fault is logged and gives null, never an error page.
 */
export function renderedPages(app: FastifyInstance, webDist: string) {
  const entryOf = serverEntry(webDist);
  return async (request: FastifyRequest): Promise<string | null> => {
    const cookie = request.headers.cookie;
    const loading = entryOf();
    if (!loading) return null;
    try {
      const entry = await loading;
      const url = new URL(request.url, 'http://page.invalid');
      // Without a cookie, only a page for visitors is asked for (the sign-in pages, a studio's
      // registration).
      const paths = entry.answersFor(url, cookie !== undefined);
      if (!paths) return null;
      const headers = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
      const [template, ...answered] = await Promise.all([
        readFile(join(webDist, 'index.html'), 'utf8'),
        ...paths.map((path) => app.inject({ method: 'GET', url: path, headers })),
      ]);
      if (!template.includes(ROOT_TAG) || !template.includes(HTML_TAG)) return null;
      const answers = Object.fromEntries(
        answered.map((a, i) => [paths[i], { status: a.statusCode, body: a.body }]),
      );
      const page = await entry.renderPage(url, answers, { phone: isPhone(request.headers) });
      if (!page) return null;
      const preloads = await preloadsOf(webDist, url.pathname);
      return writePage(
        await inlineStylesheets(webDist, template),
        page,
        preloads,
        await stylesOf(
          webDist,
          preloads.filter((f) => f.endsWith('.css')),
        ),
      );
    } catch (err) {
      request.log.error({ err }, 'the page could not be rendered by the server: the plain page is sent');
      return null;
    }
  };
}

/**
 * Sends a page the server rendered: personal, so never kept by a cache (the service worker keeps no such
 * page as its offline shell either: apps/web/public/sw.js); compressed as the browser accepts, quickly
 * (brotli's quality 5: the page is made per request, unlike the built files compressed once at build).
 */
export async function sendRendered(request: FastifyRequest, reply: FastifyReply, page: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const raw = Buffer.from(page);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('vary', 'Accept-Encoding, Cookie, User-Agent, Sec-CH-UA-Mobile');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipAsync(raw));
  return reply.send(raw);
}
