// The web app is built when its build is missing or older than a file it is built from, and only then
// (decision 041): `npm start` used to run Vite on every start, 91 s on a loaded machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');

/** What the bundle is made of: the app, the shared package, their configs and the locked dependencies. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

/** Written last by a build that finished, dated when that build started. */
export const BUILD_STAMP = 'apps/web/dist/.built';

/** Tests are not part of the bundle: editing one does not call for a build. */
const NOT_BUILT = /\.test\.tsx?$|\/src\/test\//;

export type BuildState = { stamp: number | null; sources: { path: string; mtime: number }[] };

/**
 * Why the web app needs building, or null when its build is current: no finished build, or a source
 * changed since that build started (a file edited during a build counts as newer than it).
 */
export function whyBuild({ stamp, sources }: BuildState): string | null {
  if (stamp === null) return 'no finished build of the web app';
  const newer = sources.find((s) => s.mtime > stamp);
  return newer ? `${newer.path} changed since the last build` : null;
}

function filesUnder(root: string, path: string, out: { path: string; mtime: number }[]) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full)) filesUnder(root, `${path}/${name}`, out);
  } else if (!NOT_BUILT.test(path)) out.push({ path, mtime: stat.mtimeMs });
}

export function readBuildState(root = ROOT): BuildState {
  const stampPath = join(root, BUILD_STAMP);
  const sources: { path: string; mtime: number }[] = [];
  for (const s of WEB_SOURCES) filesUnder(root, s, sources);
  return { stamp: existsSync(stampPath) ? statSync(stampPath).mtimeMs : null, sources };
}

/** Builds the web app (Vite: the browser's build, then the server's) and stamps the build; exits the process when the build fails. */
export function buildWeb(reason: string): void {
  console.log(`Building the web app (${reason})…`);
  const started = new Date();
  const run = spawnSync('npx', ['vite', 'build'], { cwd: WEB, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // The server's build of the portal's first screen, into dist/.server/ (decision 093): after the
  // browser's, whose build empties dist/.
  const server = spawnSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx'], {
    cwd: WEB,
    stdio: 'inherit',
  });
  if (server.status !== 0) process.exit(server.status ?? 1);
  const stamp = join(ROOT, BUILD_STAMP);
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started);
}

// `npm run build`: always.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildWeb('asked for');
