import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Files worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip, level 9) beside each built file worth it, once
 * per build, for the server to send as they are (apps/api/src/http/web-assets.ts): the best compression
 * costs seconds, which a server compressing every response could not spend. A copy no smaller than
 * nine tenths of the file is not kept: the file itself serves as well.
 */
function precompress(): Plugin {
  return {
    name: 'pirouette:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const raw = await readFile(path);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          if (br.length < raw.length * 0.9) await writeFile(`${path}.br`, br);
          if (gz.length < raw.length * 0.9) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/dev': { target: api, changeOrigin: true },
      // The sandbox card processor's token endpoint, which the stand-in card form posts to (decision 028).
      '/sandbox': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // The shared package's modules only declare schemas, rules and texts, so one a page does not use
        // is left out of its chunks (the owner's schemas out of the parent's pages); by default every
        // module of the package would be kept, in the first download, for fear of what it does when
        // loaded. field-messages.ts does something (it sets zod's messages): it stays, loaded with
        // fields.ts, which every schema imports. A new module that acts when loaded belongs here too.
        // Any other module: undefined, the bundler's own judgement (package.json's `sideEffects`).
        moduleSideEffects: (id) =>
          /[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) ? /[\\/]field-messages\.ts$/.test(id) : undefined,
      },
      output: {
        codeSplitting: {
          groups: [
            // React itself, loaded by every page and changed only by an upgrade: a chunk of its own stays
            // in the browser's cache across deploys of the app's code.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
