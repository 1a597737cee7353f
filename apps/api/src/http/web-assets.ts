import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app from `webDist`, when there is one; says whether there is. Its hashed assets
 * were compressed once at build time (brotli and gzip, beside each file: apps/web/vite.config.ts), so
 * the server only picks the file the browser accepts, never compresses a response itself.
 */
export async function registerWebAssets(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const hashed = join(webDist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webDist,
    // Files are looked up per request, so a rebuilt web app is served without a restart; a missing
    // file falls through to the not-found handler.
    wildcard: true,
    index: false,
    // The build's dot files and folders are the server's alone (dist/.server/, the server's build of
    // the portal's first screen; .early-files.json; .built): never sent (decision 093).
    dotfiles: 'deny',
    // `x.js.br` for `Accept-Encoding: br`, else `x.js.gz` for gzip, else `x.js` itself; every answer
    // says `Vary: Accept-Encoding`, so a shared cache keeps them apart.
    preCompressed: true,
    // setHeaders below decides caching; the plugin's own default would override it.
    cacheControl: false,
    setHeaders(reply, path) {
      // Vite names built assets by their content hash: they never change under one name. The page
      // itself (index.html) names the current ones, so it is checked every time.
      reply.header(
        'cache-control',
        path.startsWith(hashed) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The root is a directory to the static plugin; it is the web app's landing page.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  return true;
}
