import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseSync } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Files worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this a compressed copy saves less than the headers it costs. A page loads many small chunks (a
// Mantine component, a shared helper): one of 600 bytes is about 300 in brotli, so they are compressed
// too; a copy no smaller than nine tenths of its file is not kept anyway (below).
const MIN_BYTES = 256;

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

// The shared package's source, and its one module that acts when loaded (it sets zod's messages).
const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/][^?]*\.ts$/;
const ACTS_WHEN_LOADED = /[\\/]field-messages\.ts$/;
// The parts of a call's declaration (packages/domain/src/contract.ts) only the server and the tests
// read: its schemas. The web app reads a call's method, path and `keep`.
const SCHEMA_PARTS = new Set(['params', 'query', 'body', 'answer']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const propertyName = (part: Node) => {
  const key = part.key as Node | undefined;
  return part.type === 'Property' && key?.type === 'Identifier' ? (key.name as string) : null;
};
/** An object literal that declares a call (or the part of one several share): it has a method and an access. */
const isCallDeclaration = (node: Node) => {
  const names = new Set((node.properties as Node[]).map(propertyName));
  return names.has('method') && names.has('access');
};

/**
 * The shared package as the browser needs it (issue 20): a call's declaration keeps its method, path and
 * flags but not its schemas, which only the server validates with (and the web's test fakes, which do
 * not go through a build); and each call made at a module's top level (`z.object(…)`, a helper building
 * a schema) is marked pure, so a schema no page uses is left out of the download, with what it was
 * built from. The package's modules only declare (see `moduleSideEffects` below), so nothing is lost:
 * calls inside functions are left as they are, and field-messages.ts, which acts, is not touched.
 */
function domainForTheBrowser(): Plugin {
  return {
    name: 'pirouette:domain-for-the-browser',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id) || ACTS_WHEN_LOADED.test(id)) return;
      const edits: { at: number; end: number; text: string }[] = [];
      const dropped: [number, number][] = [];
      // The declarations whose schemas are taken out (one is met as a call's argument, then as itself).
      const stripped = new Set<number>();
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) {
          node.forEach(visit);
          return;
        }
        if (!isNode(node)) return;
        // Inside a function a call runs when the function does: its result may be what matters.
        if (/Function|Class/.test(node.type)) return;
        const declared =
          node.type === 'CallExpression' &&
          (node.callee as Node).type === 'Identifier' &&
          (node.callee as Node).name === 'defineCall'
            ? (node.arguments as Node[])[0]
            : undefined;
        if (node.type === 'CallExpression' || node.type === 'NewExpression') {
          edits.push({ at: node.start, end: node.start, text: '/* @__PURE__ */ ' });
        }
        // A call's declaration: `defineCall({ method, path, … })`, or the parts several calls share
        // (`const signOut = { method, answer, access, … }`, spread into each call's declaration).
        const declaration =
          declared?.type === 'ObjectExpression'
            ? declared
            : node.type === 'ObjectExpression' && isCallDeclaration(node)
              ? node
              : undefined;
        if (declaration && !stripped.has(declaration.start)) {
          stripped.add(declaration.start);
          for (const part of declaration.properties as Node[]) {
            const key = propertyName(part);
            if (!key || !SCHEMA_PARTS.has(key)) continue;
            edits.push({ at: part.start, end: part.end, text: `${key}: undefined` });
            dropped.push([part.start, part.end]);
          }
        }
        for (const [key, value] of Object.entries(node)) if (key !== 'parent') visit(value);
      };
      visit(parseSync(id, code, { lang: 'ts' }).program);
      const kept = edits.filter(
        (e) => e.end > e.at || !dropped.some(([start, end]) => e.at >= start && e.at < end),
      );
      if (!kept.length) return;
      let out = code;
      for (const e of kept.sort((a, b) => b.at - a.at || b.end - a.end)) {
        out = out.slice(0, e.at) + e.text + out.slice(e.end);
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), domainForTheBrowser()],
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
            // Floating UI (tooltips, menus, dropdowns) apart: left to itself the bundler put Mantine's small
            // direction provider in its chunk, and a page with tabs downloaded the whole library for it.
            { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
