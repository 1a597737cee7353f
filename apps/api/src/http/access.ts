import { type Access, type Actor, messages } from '@pirouette/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { ChangeFeed } from '../db/changes';
import type { Clock } from '../lib/clock';
import { hashSecret } from '../lib/secrets';
import { VersionedCache } from '../lib/versioned-cache';
import { AppError } from './errors';
import { actorOf, type FindSession, type LiveSession, type SessionContext } from './session';

/** Who may call a route: declared with its call (packages/domain/src/contract.ts). */
export type { Access };

/** The pages and files of the API's own description (swagger-ui), which are not calls. */
const isApiDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export const SESSION_COOKIE = 'x-access-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: SessionContext | null;
  }
}

function headerToken(request: FastifyRequest): string | undefined {
  const header = request.headers[SESSION_COOKIE];
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

/**
 * Where the session of a request would come from: the header (an API client's, which a page of
 * another site cannot make a browser send), the cookie (which the browser adds by itself, so a
 * request that carries it may have been forged: see same-origin.ts), or nowhere.
 */
export function tokenCarrier(request: FastifyRequest): 'header' | 'cookie' | null {
  if (headerToken(request)) return 'header';
  return request.cookies[SESSION_COOKIE] ? 'cookie' : null;
}

/** The session token a request carries (header first, then cookie), when it has the form of one. */
export function tokenOf(request: FastifyRequest): string | null {
  const token = headerToken(request) || request.cookies[SESSION_COOKIE];
  // A token is 43 URL-safe characters; anything else cannot match and is not worth a query.
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/** The session of a request that passed its access check. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.auth) throw new AppError('unauthorized', messages.notSignedIn);
  return request.auth;
}

/** The actor of a request: whom it acts for, at which studio, taken from the session only. */
export function actorOfRequest(request: FastifyRequest): Actor {
  return actorOf(sessionOf(request));
}

/**
 * Whether a session's role may call a route of this access level (public and optional: anyone; a
 * processor's route checks the processor's credentials itself, whatever the session).
 */
export function allows(access: Access, role: string | undefined): boolean {
  if (access === 'public' || access === 'optional' || access === 'processor') return true;
  if (!role) return false;
  switch (access) {
    case 'signed-in':
      return true;
    case 'owner':
      return role === 'owner';
    case 'parent':
      return role === 'user';
    case 'teacher':
      return role === 'teacher';
    case 'staff':
      return role === 'owner' || role === 'teacher';
  }
}

/**
 * The live sessions behind token hashes. A session read is kept until the database reports a write that
 * can end or alter it (decision 024, db/changes.ts): to its own session row, its membership, its person
 * or its studio, each named by id (decision 080: a sign-out drops that session, not every kept session
 * of every studio); a write to those tables that names no rows drops everything kept; a new session, a
 * write to a family, a class or anything else leaves them kept. The expiry is checked against the clock
 * on every request.
 */
type SessionLookup = {
  /**
   * The session when it is kept (null when kept but expired), or a promise of it read from the database:
   * most requests carry a kept session, and are answered without waiting a turn of the event loop.
   */
  find(tokenHash: string): LiveSession | null | Promise<LiveSession | null>;
  /** Stops listening to the database's changes (the app closes). */
  close(): void;
};

/** At most this many sessions are kept, the least recently used dropped first. */
const KEPT_SESSIONS = 20_000;

/** The id a kept session has in a table a change names, by the table's name (db/changes.ts's SESSION_TABLES). */
const ID_IN: Record<string, (s: LiveSession) => string> = {
  sessions: (s) => s.sessionId,
  memberships: (s) => s.membershipId,
  users: (s) => s.userId,
  companies: (s) => s.companyId,
};

function sessionLookup(deps: { findSession: FindSession; clock: Clock; changes: ChangeFeed }): SessionLookup {
  const kept = new VersionedCache<LiveSession>({ maxEntries: KEPT_SESSIONS });
  const stop = deps.changes.onChange(({ table, ids }) => {
    const idOf = ID_IN[table];
    if (!idOf || !ids) return kept.clear();
    const named = new Set(ids);
    kept.deleteWhere((s) => named.has(idOf(s)));
  });
  return {
    find(tokenHash) {
      const now = deps.clock.now();
      const version = deps.changes.version;
      const known = kept.get(tokenHash, version);
      if (known) return known.expiresAt > now ? known : null;
      const heard = deps.changes.heard;
      return deps.findSession(tokenHash, now).then((session) => {
        // Kept only if no such write was heard while it was read: the row may predate it.
        if (session && deps.changes.live && deps.changes.heard === heard)
          kept.set(tokenHash, session, version);
        return session;
      });
    },
    close: stop,
  };
}

export function registerAccess(
  app: FastifyInstance,
  deps: { findSession: FindSession; clock: Clock; changes: ChangeFeed },
): void {
  app.decorateRequest('auth', null);
  const sessions = sessionLookup(deps);
  app.addHook('onClose', async () => sessions.close());

  // Every API route is registered from its declared call (decision 022), which gives its access level:
  // a route added by hand is a programming error, refused at start rather than guessed at. A route that
  // reads a session gets its check as a hook of its own, its access level known once, at start: the
  // public pages, files and calls run no hook for it.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api/') && !isApiDocs(route.url) && (!route.config?.call || !access)) {
      throw new Error(
        `Route ${route.method} ${route.url} is not registered from a declared call (http/route.ts)`,
      );
    }
    if (access && readsSession(access)) addRouteHook(route, 'preHandler', accessCheck(sessions, access));
  });
}

/** Whether a route of this access level reads the session (public and processor routes do not). */
export const readsSession = (access: Access) => access !== 'public' && access !== 'processor';

/** Adds a hook to a route's own (onRoute), after those it declares. */
export function addRouteHook<H extends 'onRequest' | 'preHandler'>(
  route: RouteOptions,
  name: H,
  hook: NonNullable<RouteOptions[H]> extends infer T ? (T extends readonly (infer F)[] ? F : T) : never,
): void {
  const own = route[name];
  route[name] = (own ? [...(Array.isArray(own) ? own : [own]), hook] : [hook]) as RouteOptions[H];
}

/**
 * The check of a route of `access`: sets the request's session and refuses it when the access level
 * calls for it. A preHandler, so that validation has run: a malformed id is refused before any query,
 * this one included. Called back rather than awaited: a kept session (most requests) is decided
 * without a promise.
 */
function accessCheck(sessions: SessionLookup, access: Access): preHandlerHookHandler {
  return (request, reply, done) => {
    const token = tokenOf(request);
    const found = token ? sessions.find(hashSecret(token)) : null;
    if (found instanceof Promise)
      found.then((session) => decide(request, reply, access, session, done), done);
    else decide(request, reply, access, found, done);
  };
}

/** Admits the request or hands its refusal (or what went wrong) to Fastify. */
function decide(
  request: FastifyRequest,
  reply: FastifyReply,
  access: Access,
  session: SessionContext | null,
  done: (error?: Error) => void,
): void {
  let outcome: Error | undefined;
  try {
    outcome = admit(request, reply, access, session);
  } catch (error) {
    outcome = error as Error;
  }
  done(outcome);
}

/** Sets the request's session and answers the refusal its access level calls for, if any. */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  access: Access,
  auth: SessionContext | null,
): AppError | undefined {
  request.auth = auth;
  if (access === 'optional') return undefined;
  if (!auth) {
    if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return new AppError('unauthorized', tokenOf(request) ? messages.sessionExpired : messages.notSignedIn);
  }
  return allows(access, auth.role) ? undefined : new AppError('forbidden', messages.forbidden);
}
