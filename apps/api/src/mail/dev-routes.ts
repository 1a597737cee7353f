import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { listOutbox, type OutboxEntry } from './outbox';

const LIMIT = 100;
const AUTO_REFRESH_SECONDS = 5;

/**
 * Nothing on the page may run or load anything: mail HTML is untrusted (it carries whatever the
 * templates were handed) and srcdoc frames inherit this policy. Inline styles are what mail uses.
 */
const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Registered only in embedded mode, where there is no one to sign in as before the first mail arrives.
const publicRoute = { access: 'public' } as const;
const hidden = { hide: true } as const;

/**
 * The embedded mail viewer: what the app would have sent, read from the outbox. Registered only when
 * no SMTP server is configured, so that a studio running on its own machine can still sign up.
 */
export async function registerDevMailRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  app.get('/dev/mail.json', { config: publicRoute, schema: hidden }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return [true, await listOutbox(opts.db, LIMIT)];
  });

  app.get('/dev/mail', { config: publicRoute, schema: hidden }, async (request, reply) => {
    const auto = (request.query as { auto?: unknown }).auto === '1';
    const mails = await listOutbox(opts.db, LIMIT);
    // The page shows codes and links that sign people in: never cached, framed or sent as a referrer.
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .send(renderViewer(mails, auto));
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes the text and turns its web addresses (the verification and reset links) into links. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // A sentence's closing punctuation is not part of the address.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

// Links in the mail open in a new tab: inside the frame the page's policy would block them.
const frameDocument = (html: string) => `<base target="_blank">${html}`;

function renderMessage(m: OutboxEntry, i: number): string {
  return `<article id="m${i}">
<h2>${escapeHtml(m.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Queued</dt><dd><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(formatTime(m.createdAt))}</time></dd></dl>
<h3>Plain text</h3>
<pre>${linkify(m.text)}</pre>
<h3>HTML</h3>
<iframe title="HTML version of ${escapeHtml(m.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" loading="lazy" srcdoc="${escapeHtml(frameDocument(m.html))}"></iframe>
</article>`;
}

function renderViewer(mails: OutboxEntry[], auto: boolean): string {
  const list = mails
    .map(
      (m, i) =>
        `<li><a href="#m${i}"><strong>${escapeHtml(m.subject)}</strong><span>${escapeHtml(m.to)}</span><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(formatTime(m.createdAt))}</time></a></li>`,
    )
    .join('\n');
  const body =
    mails.length === 0
      ? '<p class="empty">No mail yet. Messages the app sends (verification codes, links) appear here.</p>'
      : `<div class="layout"><nav aria-label="Messages"><ol>${list}</ol></nav><div>${mails.map(renderMessage).join('\n')}</div></div>`;
  const toggle = auto
    ? `<a class="button on" href="/dev/mail">Auto-refresh: on</a>`
    : `<a class="button" href="/dev/mail?auto=1">Auto-refresh: off</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${auto ? `<meta http-equiv="refresh" content="${AUTO_REFRESH_SECONDS}">` : ''}
<title>Outbox (${mails.length}) · Pirouette</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<div><h1>Outbox</h1><p>Mail is not sent: no SMTP server is configured (<code>SMTP_URL</code>). Newest first, the last ${LIMIT} kept here.</p></div>
<p class="actions"><a class="button" href="${auto ? '/dev/mail?auto=1' : '/dev/mail'}">Refresh</a>${toggle}<a class="button" href="/dev/mail.json">JSON</a></p>
</header>
<main>${body}</main>
</body>
</html>`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f1f24;background:#f4f3f8}
header{display:flex;flex-wrap:wrap;gap:12px;justify-content:space-between;align-items:center;padding:16px 24px;background:#fff;border-bottom:1px solid #e3e1ec;position:sticky;top:0;z-index:1}
h1{margin:0;font-size:20px;color:#5f3dc4}
header p{margin:0;color:#5c5a66;font-size:13px}
.actions{display:flex;gap:8px}
.button{display:inline-block;padding:6px 12px;border:1px solid #d0cbe6;border-radius:6px;background:#fff;color:#5f3dc4;text-decoration:none;font-size:13px;font-weight:600}
.button:hover{background:#f3f0ff}
.button.on{background:#7048e8;border-color:#7048e8;color:#fff}
main{padding:24px}
.empty{max-width:520px;margin:64px auto;text-align:center;color:#5c5a66}
.layout{display:grid;grid-template-columns:minmax(220px,320px) 1fr;gap:24px;align-items:start}
nav{position:sticky;top:96px;max-height:calc(100vh - 120px);overflow:auto;background:#fff;border:1px solid #e3e1ec;border-radius:8px}
nav ol{list-style:none;margin:0;padding:0}
nav li+li{border-top:1px solid #eeecf4}
nav a{display:grid;gap:2px;padding:10px 14px;color:inherit;text-decoration:none}
nav a:hover{background:#f8f7fc}
nav strong{font-size:14px;font-weight:600;overflow-wrap:anywhere}
nav span,nav time{font-size:12px;color:#6c6a76}
article{background:#fff;border:1px solid #e3e1ec;border-radius:8px;padding:20px 24px;margin-bottom:24px;scroll-margin-top:96px}
article:target{border-color:#7048e8;box-shadow:0 0 0 3px #e5dbff}
h2{margin:0 0 8px;font-size:18px;overflow-wrap:anywhere}
h3{margin:20px 0 8px;font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#6c6a76}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0;font-size:13px}
dt{color:#6c6a76}
dd{margin:0;overflow-wrap:anywhere}
pre{margin:0;padding:12px 14px;background:#f8f7fc;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre a{color:#5f3dc4}
iframe{display:block;width:100%;height:460px;border:1px solid #e3e1ec;border-radius:6px;background:#fff;resize:vertical}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;max-height:none}}
`;
