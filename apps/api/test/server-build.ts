import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { inject } from 'vitest';
import { digestOf } from './build-test-app';

/**
 * The product's commands the API tests start as processes (the server killed mid-payment, the jobs
 * command, the demo's seed), bundled once per change of the server's code (decision 139), and started
 * with `node <bundle>` where `node --import tsx <source>` loaded some 1,000 modules one by one through
 * tsx's hooks: 4–5 s of CPU a start on a slow day, against 1.3 s for the bundle.
 *
 * The bundle is the same code: tsx transforms each file with esbuild, and esbuild bundles the same files
 * here. Every module keeps its own `import.meta.url` (the file it was written in), so what the code finds
 * beside itself (the migrations, the web's build, its threads' entries) is what it finds unbundled; the
 * packages it imports are loaded from node_modules as before. The server's own start through tsx stays
 * tested: the journeys' servers, `pglite-init.test.ts` and `data-dir-lock.test.ts` start that way.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const API = join(ROOT, 'apps/api');

/** The entries, by their source: what each test would otherwise start through tsx. */
const ENTRIES = ['src/main.ts', 'src/jobs/cli.ts', 'src/db/seed-cli.ts'] as const;
export type ServerEntry = (typeof ENTRIES)[number];

/** Under the repository, so that a bundle's imports of packages resolve to its node_modules. */
const CACHE = join(ROOT, 'node_modules/.cache/pirouette-test-server');

const bundleName = (entry: ServerEntry) => `${entry.slice(entry.lastIndexOf('/') + 1, -'.ts'.length)}.mjs`;

/** A module's `import.meta.url` written as the URL of the file it is in, before it is bundled. */
const ownUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

/** Packages stay imports (loaded from node_modules at run time), but for the workspace's own. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pirouette/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The folder holding this code's bundles, made when missing (to a folder of its own, then renamed into
 * place: a run beside it never reads half of one). Named by a digest of what goes into it.
 */
export async function buildServer(): Promise<string> {
  const digest = digestOf([
    join(API, 'src'),
    join(API, 'tsconfig.json'),
    join(ROOT, 'packages/domain/src'),
    join(ROOT, 'package-lock.json'),
  ]);
  const dir = join(CACHE, digest);
  if (existsSync(dir)) return dir;
  const partial = `${dir}.${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  await build({
    entryPoints: ENTRIES.map((entry) => join(API, entry)),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: partial,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    plugins: [packagesOutside, ownUrl],
    logLevel: 'warning',
  });
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another run renamed its own first: the same code, kept.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  forgetOldBuilds(dir);
  return dir;
}

/** Bundles of earlier code made more than six hours ago: no run still starts them. */
function forgetOldBuilds(kept: string) {
  const before = Date.now() - 6 * 3_600_000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    // Another run may be removing it too.
    const made = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY;
    if (path !== kept && made < before) rmSync(path, { recursive: true, force: true });
  }
}

/** The bundle of `entry`, in a test worker: made by the API project's global setup (global-setup.ts). */
export function serverScript(entry: ServerEntry): string {
  return join(inject('serverBuild'), bundleName(entry));
}
