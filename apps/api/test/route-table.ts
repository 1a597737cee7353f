import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../src/config';
import type { Access } from '../src/http/access';
import { buildTestApp, type TestApp } from './build-test-app';

/** One route the server registers: its method, its path pattern as declared, and who may call it. */
export type RouteInfo = {
  method: string;
  url: string;
  /** The declared access level; undefined only for routes outside /api that declare none. */
  access: Access | undefined;
  /** Left out of the OpenAPI description (`schema: { hide: true }`). */
  hidden: boolean;
};

/** `METHOD /path/:param`, the key of a route in the access matrix. */
export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * Routes that are not the API's own: the swagger-ui pages and files under /api/docs, and the web app's
 * static files (`/` and `/*`, registered only when the web app is built).
 */
function isForeign(url: string): boolean {
  return url === '/api/docs' || url.startsWith('/api/docs/') || url === '/' || url === '/*';
}

/**
 * Runs `build` and returns what it built with every route registered meanwhile. Fastify publishes each
 * new instance on the `fastify.initialization` diagnostics channel before any plugin or route is
 * registered (the hook APM tools use), so an onRoute hook added there sees every route, without
 * changing how the app is built.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RouteInfo[] }> {
  const routes: RouteInfo[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || isForeign(route.url)) continue;
        routes.push({
          method,
          url: route.url,
          access: route.config?.access,
          hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        });
      }
    });
  };
  subscribe('fastify.initialization', onInit);
  try {
    const built = await build();
    return { built, routes };
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
}

/** A test app (see buildTestApp) and the table of its routes. */
export async function buildTestAppWithRoutes(
  overrides: Partial<Config> = {},
  extra: Parameters<typeof buildTestApp>[1] = {},
): Promise<{ t: TestApp; routes: RouteInfo[] }> {
  const { built, routes } = await collectRoutes(() => buildTestApp(overrides, extra));
  return { t: built, routes };
}

/** Every route the server registers (HEAD, API docs and web files left out), with its access level. */
export async function routeTable(): Promise<RouteInfo[]> {
  const { t, routes } = await buildTestAppWithRoutes();
  await t.close();
  return routes;
}
