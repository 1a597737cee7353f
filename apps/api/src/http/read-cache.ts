import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { ChangeFeed } from '../db/changes';
import type { Clock } from '../lib/clock';
import { hashSecret } from '../lib/secrets';
import { VersionedCache } from '../lib/versioned-cache';
import { allows, type SessionLookup, tokenOf } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer may be kept and given again to the same session (decision 015) until the database
     * changes. Only for a GET that writes nothing, whose answer depends on nothing but its address, the
     * session and the data, and that sets no header of its own.
     */
    cache?: boolean;
  }
  interface FastifyRequest {
    /** Where a cacheable answer will be kept, and the version of the data it is read at. */
    cacheSlot: { key: string; version: number } | null;
  }
}

/** Answers are kept for a minute of the clock at most: what is read "today" changes with the date. */
const MINUTE = 60_000;
const JSON_TYPE = 'application/json; charset=utf-8';

export type ReadCacheOptions = { maxEntries: number; maxBytes: number };
export const READ_CACHE_DEFAULTS: ReadCacheOptions = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };

/**
 * The read cache: the answers of the routes marked `cache: true`, kept per session and address until
 * the database reports a change (db/changes.ts) or the minute turns.
 *
 * An answer is given back as soon as the request is routed, before its input is parsed or validated:
 * only when the session is kept and live (no query), its role may call the route, and this session,
 * acting through this membership, had the same address answered with a 200 at the current version of
 * the data (so that address passed validation then). Otherwise the request goes the whole way, its
 * access checked by the app-wide preHandler, and its answer is kept on the way out.
 */
export function registerReadCache(
  app: FastifyInstance,
  deps: { changes: ChangeFeed; clock: Clock; sessions: SessionLookup; config: { readCache: boolean } },
  options: ReadCacheOptions = READ_CACHE_DEFAULTS,
): void {
  app.decorateRequest('cacheSlot', null);
  // Kept as the bytes sent: a kept answer is not encoded again at every request.
  const kept = new VersionedCache<Buffer>({ maxEntries: options.maxEntries, maxSize: options.maxBytes });

  const keyOf = (request: FastifyRequest, session: { sessionId: string; membershipId: string }) =>
    `${session.sessionId}\n${session.membershipId}\n${Math.floor(deps.clock.now().getTime() / MINUTE)}\n${request.url}`;

  const answerKept: onRequestHookHandler = (request, reply, done) => {
    const token = request.method === 'GET' && deps.changes.live ? tokenOf(request) : null;
    const session = token ? deps.sessions.kept(hashSecret(token)) : null;
    const access = request.routeOptions.config.access;
    const answer =
      session && access && allows(access, session.role)
        ? kept.get(keyOf(request, session), deps.changes.version)
        : undefined;
    if (answer === undefined) return done();
    reply.type(JSON_TYPE).send(answer);
  };

  const makeSlot: preHandlerHookHandler = (request: FastifyRequest, _reply: FastifyReply, done) => {
    // The access check has passed (app-wide preHandler, registered first): request.auth is the session.
    if (request.method === 'GET' && request.auth && deps.changes.live) {
      request.cacheSlot = { key: keyOf(request, request.auth), version: deps.changes.version };
    }
    done();
  };

  const keep: onSendHookHandler = (request, reply, payload, done) => {
    const slot = request.cacheSlot;
    if (
      slot &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      deps.changes.live &&
      deps.changes.version === slot.version
    ) {
      const bytes = Buffer.from(payload, 'utf8');
      kept.set(slot.key, bytes, slot.version, bytes.length + slot.key.length * 2);
    }
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD beside every GET, with the same options: that one is never cached.
    if (!route.config?.cache || route.method === 'HEAD') return;
    const access = route.config.access;
    if (route.method !== 'GET' || !access || access === 'public' || access === 'optional') {
      throw new Error(`Route ${route.method} ${route.url}: only a GET for a session may be cached`);
    }
    // READ_CACHE=0: every request reads the database (the bench's cold figures).
    if (!deps.config.readCache) return;
    route.onRequest = [...asList(route.onRequest), answerKept];
    route.preHandler = [...asList(route.preHandler), makeSlot];
    route.onSend = [...asList(route.onSend), keep];
  });
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([] as T[]).concat(hooks));
