import { messages } from '@pirouette/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { addRouteHook, readsSession, tokenCarrier } from './access';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes something (signing out, moving the session to another studio): the spec
     * names these paths, so they stay GETs, guarded against other sites like every POST, PUT and DELETE.
     */
    writes?: boolean;
  }
}

/** Methods that change nothing unless the route says otherwise (`config.writes`). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request comes from the app's own pages. The browser's own word comes first:
 * `Sec-Fetch-Site`, which no page script can set, says `same-origin` for the app's pages (the Vite dev
 * server's included, which proxies /api from another port) and `none` for an address typed or
 * bookmarked; `same-site` is refused, since a page on another port of the same host is exactly the
 * forger a SameSite cookie does not stop. A browser too old to send it sends `Origin` (or, lacking
 * that, `Referer`), which must be the configured APP_URL or the address the request was sent to.
 * A request with none of the three is refused: it is not a browser on our page.
 */
export function fromOwnPages(request: FastifyRequest, appOrigin: string): boolean {
  const site = first(request.headers['sec-fetch-site']);
  if (site) return site === 'same-origin' || site === 'none';
  const source = first(request.headers.origin) ?? originOf(first(request.headers.referer));
  if (!source) return false;
  return source === appOrigin || source === `${request.protocol}://${request.host}`;
}

/** Whether a route changes something: any method but GET, HEAD and OPTIONS, or a route marked `writes`. */
function changesSomething(method: RouteOptions['method'], writes: boolean | undefined): boolean {
  return writes === true || (Array.isArray(method) ? method : [method]).some((m) => !READS.has(m));
}

/**
 * The server's defence against requests forged by other pages (decision 016), for every route,
 * present and future:
 * - A request that changes something (any method but GET, HEAD and OPTIONS, and a GET route marked
 *   `writes`) and would be signed in by the session cookie must come from the app's own pages, else
 *   403 before anything is read or parsed. A request signed in by the `x-access-token` header (an API
 *   client) is not checked: no other site can make a browser send that header. Public routes read no
 *   session, so a forged call to them acts for nobody.
 * - Bodies are JSON only. Fastify parses `text/plain` by default, the one type besides form encodings
 *   a page of another site can post without asking first; without that parser, any body but
 *   `application/json` is refused with 415 in the envelope.
 */
export function registerSameOrigin(app: FastifyInstance, deps: { config: { appUrl: string } }): void {
  const appOrigin = new URL(deps.config.appUrl).origin;
  app.removeContentTypeParser('text/plain');
  // Only a route that reads a session and changes something gets the check (its own hook, added as the
  // route is registered): a processor's call is not a session's, a cookie it carries opens nothing
  // (access.ts), and reads and public routes run no hook for it. Called back rather than awaited, as
  // input-guard.ts's: Fastify goes on at once.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || !readsSession(access) || !changesSomething(route.method, route.config?.writes)) return;
    addRouteHook(route, 'onRequest', (request, _reply, done) => {
      const forged = tokenCarrier(request) === 'cookie' && !fromOwnPages(request, appOrigin);
      done(forged ? new AppError('forbidden', messages.notFromThisSite) : undefined);
    });
  });
}
