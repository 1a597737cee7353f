import { type Actor, messages } from '@pirouette/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { hashSecret } from '../lib/secrets';
import { findLiveSession } from '../modules/auth/auth.queries';
import { actorOf, type SessionContext } from '../modules/auth/session-context';
import { AppError } from './errors';

/**
 * Who may call a route. Every /api route says so: 'public' (anyone, no session looked up),
 * 'optional' (anyone; the session is read when there is one), 'signed-in', 'owner', 'parent'.
 */
export type Access = 'public' | 'optional' | 'signed-in' | 'owner' | 'parent';

export const SESSION_COOKIE = 'x-access-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: SessionContext | null;
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[SESSION_COOKIE];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const token = fromHeader || request.cookies[SESSION_COOKIE];
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

export function registerAccess(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.decorateRequest('auth', null);

  // A route without an access level is a programming error: refuse to start rather than guess.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access && !route.schema?.hide) {
      throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    }
  });

  // preHandler runs after validation, so a malformed id is refused before any query, this one included.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = tokenOf(request);
    const session = token ? await findLiveSession(deps.db, hashSecret(token), deps.clock.now()) : null;
    request.auth = session && token ? { ...session, token } : null;
    if (access === 'optional') return;
    if (!request.auth) {
      if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new AppError('unauthorized', token ? messages.sessionExpired : messages.notSignedIn);
    }
    const role = request.auth.role;
    if ((access === 'owner' && role !== 'owner') || (access === 'parent' && role !== 'user')) {
      throw new AppError('forbidden', messages.forbidden);
    }
  });
}
