import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, parseSync, type Rolldown, type UserConfig } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

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
// read: its schemas, and what only the OpenAPI description shows (its summary, description and tags).
// The web app reads a call's method, path and `keep`.
const SCHEMA_PARTS = new Set(['params', 'query', 'body', 'answer', 'summary', 'description', 'tags']);

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

/** The public pages and their layout: the home page, the privacy and terms pages. */
const PUBLIC_PAGES = [
  /[\\/]src[\\/]app[\\/]layouts[\\/]site-layout\.tsx$/,
  /[\\/]src[\\/]features[\\/]public[\\/]pages[\\/][^/\\]+\.tsx$/,
];

/**
 * The first screens whose files a phone should get in few downloads (issue 39 point 5), each by the
 * modules its routes load: its own group (`name`) and one for what other pages load too
 * (`name-shared`). Over HTTP/1.1 a browser asks at most six files at once, and on a slow network each
 * ask is half a second: the owner's list came in 84 files, 65 of them after the app's own, in eleven
 * rounds (decision 113).
 * - The portal (decision 036 point 8): what a parent signed in sees first, its layout, its home page
 *   and the balance card (just below the welcome, so loaded at once on a computer's screen).
 * - A visitor's pages (decision 134): the sign-in page, and a studio's own sign-in page and its
 *   registration, where its link brings new families, most often on a phone with nothing cached. Taken
 *   before the owner's, they came in 19 to 23 files, the owner's list's shared group among them.
 * - The owner's account list (decision 113): the owner's layout, the owner's page table and the list.
 *   It loads the visitor's shared group too (the forms' components it shares with them), where the
 *   sign-in page once loaded the owner's. These shared groups leave out what the public pages load
 *   (`apart`), which stay light: the home page, the privacy and terms pages and their layout.
 */
const FIRST_SCREENS: { name: string; roots: RegExp[]; apart: RegExp[] }[] = [
  {
    name: 'portal',
    roots: [
      /[\\/]src[\\/]app[\\/]layouts[\\/]parent-layout\.tsx$/,
      /[\\/]src[\\/]features[\\/]parents[\\/]pages[\\/]parent-home-page\.tsx$/,
      /[\\/]src[\\/]features[\\/]parent-money[\\/]components[\\/]money-card\.tsx$/,
    ],
    apart: [],
  },
  {
    name: 'visitor',
    roots: [
      /[\\/]src[\\/]app[\\/]layouts[\\/]auth-layout\.tsx$/,
      /[\\/]src[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/,
      /[\\/]src[\\/]app[\\/]layouts[\\/]parent-login-layout\.tsx$/,
      /[\\/]src[\\/]features[\\/]parents[\\/]pages[\\/]parent-login-page\.tsx$/,
      /[\\/]src[\\/]features[\\/]parents[\\/]pages[\\/]parent-register-page\.tsx$/,
    ],
    apart: PUBLIC_PAGES,
  },
  {
    name: 'owner',
    roots: [
      /[\\/]src[\\/]app[\\/]layouts[\\/]admin-layout\.tsx$/,
      /[\\/]src[\\/]app[\\/]admin-routes\.tsx$/,
      /[\\/]src[\\/]features[\\/]accounts[\\/]pages[\\/]accounts-list-page\.tsx$/,
    ],
    apart: PUBLIC_PAGES,
  },
];
// The chunks of the groups named below (React, Floating UI), which stay as they are.
const NAMED_CHUNKS = new Set(['react', 'floating-ui']);
// Set while the first pass runs, so that it does not start one of its own.
const FIRST_PASS = 'PIROUETTE_FIRST_PASS';

/** The files of a build that `roots` load before they run: them and their static imports, deeply. */
function loadedWith(byFile: Map<string, OutputChunk>, roots: string[]) {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return seen;
}

/** The files of a first pass that hold a module `patterns` name (each must name one). */
function filesOf(chunks: OutputChunk[], patterns: RegExp[], what: string) {
  const files = chunks
    .filter((c) => patterns.some((r) => r.test(c.facadeModuleId ?? '')))
    .map((c) => c.fileName);
  if (files.length < patterns.length) {
    throw new Error(`vite.config.ts: ${what} has moved (found only ${files.join(', ')}).`);
  }
  return files;
}

/**
 * Which group each module goes in, from a first pass's chunks: `app`, what every page loads before it
 * runs (put in the entry's file); then for each of FIRST_SCREENS, in order, its own group, what only its
 * screen's files load, and its shared group, what other pages load too (Mantine's components, the query
 * hooks, the money formats). A file an earlier screen took stays in that screen's group.
 */
function firstScreenGroups(chunks: OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const named = (file: string) => NAMED_CHUNKS.has(byFile.get(file)?.name ?? '');
  const entry = loadedWith(
    byFile,
    chunks.filter((c) => c.isEntry).map((c) => c.fileName),
  );
  const importers = new Map<string, string[]>();
  for (const c of chunks) {
    for (const file of [...c.imports, ...c.dynamicImports]) {
      importers.set(file, [...(importers.get(file) ?? []), c.fileName]);
    }
  }
  const groups = new Map<string, string>();
  const put = (file: string, group: string) => {
    for (const id of byFile.get(file)?.moduleIds ?? []) groups.set(id, group);
  };
  for (const file of entry) if (!named(file)) put(file, 'app');
  const taken = new Set(entry);
  for (const { name, roots: patterns, apart: apartPatterns } of FIRST_SCREENS) {
    const roots = filesOf(chunks, patterns, `the first screen of ${name}`);
    const apart = loadedWith(byFile, filesOf(chunks, apartPatterns, `a page kept apart from ${name}`));
    const screen = [...loadedWith(byFile, roots)].filter((file) => !taken.has(file) && !named(file));
    // Its own: the screen's files that no file outside them loads (until none is left).
    const own = new Set(screen);
    for (let changed = true; changed; ) {
      changed = false;
      for (const file of own) {
        if (!roots.includes(file) && (importers.get(file) ?? []).some((i) => !own.has(i))) {
          own.delete(file);
          changed = true;
        }
      }
    }
    for (const file of screen) {
      if (!own.has(file) && apart.has(file)) continue;
      put(file, own.has(file) ? name : `${name}-shared`);
      taken.add(file);
    }
  }
  return groups;
}

/**
 * The first download in few files (issue 20: the portal's first load). Left to itself, the bundler cuts
 * what a page loads into many files, one per set of pages sharing a module (a Mantine component used by
 * these five pages, another by those three…): the portal's first screen came in a hundred files, the
 * entry's own in twenty. Each is compressed alone, and brotli, which learns as it reads, starts over a
 * hundred times: the same code in one file is a sixth smaller. So a first pass builds in memory, as the
 * bundler would, and the build then puts what every page loads before it runs in the entry's file, and
 * the portal's first screen in two and the owner's list's in two more (`firstScreenGroups`); an owner's
 * page loads `portal-shared` once, whole, and keeps it. The groups are found anew on every build, so a
 * page added or a component moved is followed; the other pages and the portal's lower cards are split
 * as the bundler splits them.
 */
function firstDownloadInFewFiles(): Plugin & { groupOf: (id: string) => string | null } {
  let groups = new Map<string, string>();
  return {
    name: 'pirouette:first-download-in-few-files',
    apply: 'build',
    groupOf: (id) => groups.get(id) ?? null,
    async configResolved(config) {
      if (process.env[FIRST_PASS] || !config.configFile) return;
      process.env[FIRST_PASS] = '1';
      let passed: Awaited<ReturnType<typeof build>>;
      try {
        passed = await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false },
        });
      } finally {
        delete process.env[FIRST_PASS];
      }
      const [output] = Array.isArray(passed) ? passed : [passed];
      const chunks = (output as { output: { type: string }[] }).output.filter(
        (c): c is OutputChunk => c.type === 'chunk',
      );
      groups = firstScreenGroups(chunks);
    },
  };
}
const fewFiles = firstDownloadInFewFiles();

/** The modules a first screen of FIRST_SCREENS is loaded from. */
const screenRoots = (name: string) => FIRST_SCREENS.find((screen) => screen.name === name)?.roots ?? [];

/**
 * Pages whose first download and first answers are started by the page itself, before the app's
 * script has arrived (issue 39 point 5, decision 083): `path` (a pattern, case-insensitive, as the
 * router matches), `roots` the modules its routes load (their files and what those load, less what the
 * entry loads, are preloaded), `calls` the GET addresses its first screen asks for, exactly as the app
 * asks them (lib/api-client.ts takes these answers instead of asking again). The session
 * (`/api/auth/me`) is started on every page: the root layout reads it everywhere.
 */
const EARLY_PAGES: { path: string; roots: RegExp[]; deep: boolean; calls: string[] }[] = [
  {
    path: '^/accounts/parents/?$',
    roots: screenRoots('portal'),
    deep: true,
    calls: ['/api/parents/account/', '/api/parents/registration/waitlist'],
  },
  {
    path: '^/accounts/admin/accounts/?$',
    // Its first screen's files, in few since decision 113 (preloaded when they were seventy-odd, they
    // came one after another, and twice over, under Slow 4G: decision 083).
    roots: screenRoots('owner'),
    deep: true,
    calls: [
      '/api/mystudio/account/list/active?page=1&pageSize=10',
      '/api/mystudio/yearTerms',
      '/api/mystudio/setup',
      '/api/mystudio/schedule/class/registration/pending',
    ],
  },
  {
    // Where everyone comes in (decision 113): its files asked with the app's, not after them (in few
    // since decision 134); a visitor's page is rendered by the server (decision 133), which preloads
    // the same files.
    path: '^/login/?$',
    roots: [
      /[\\/]src[\\/]app[\\/]layouts[\\/]auth-layout\.tsx$/,
      /[\\/]src[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/,
    ],
    deep: true,
    calls: [],
  },
  {
    // A studio's own sign-in page, where its link brings its parents: rendered by the server for a
    // visitor (decision 133), which preloads these files.
    path: '^/parent/[^/]+/?$',
    roots: [
      /[\\/]src[\\/]app[\\/]layouts[\\/]parent-login-layout\.tsx$/,
      /[\\/]src[\\/]features[\\/]parents[\\/]pages[\\/]parent-login-page\.tsx$/,
    ],
    deep: true,
    calls: [],
  },
  {
    // Where a new family registers from the studio's link: rendered by the server for a visitor
    // (decision 134), which preloads these files.
    path: '^/parent/[^/]+/register/?$',
    roots: [
      /[\\/]src[\\/]app[\\/]layouts[\\/]parent-login-layout\.tsx$/,
      /[\\/]src[\\/]features[\\/]parents[\\/]pages[\\/]parent-register-page\.tsx$/,
    ],
    deep: true,
    calls: [],
  },
];
const EARLY_CALLS_KEY = '__pirouetteEarly';
/** The early pages' files, for the server (decision 093). */
const EARLY_FILES = '.early-files.json';

/** The early script: starts the page's answers and preloads its files, as soon as the page is read. */
const earlyScript = (pages: [string, string[], string[]][]) =>
  `(function(){var k=${JSON.stringify(EARLY_CALLS_KEY)},s=window[k]={},p=location.pathname,` +
  `init={credentials:'same-origin',headers:{Accept:'application/json'}};` +
  `function keep(u,a){a.catch(function(){});s[u]={at:Date.now(),answer:a};return a}` +
  // A stylesheet only fetched (rel=preload), not applied: applied here it would come before the page's
  // own stylesheet, not read yet, and lose to Mantine's rules of the same weight (decision 085); the
  // app's loader applies it in its place, from what was fetched.
  `function load(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}` +
  // A page the server rendered (decision 093, `data-rendered` on its html) carries its answers: only
  // its files are preloaded.
  `var done=document.documentElement.hasAttribute('data-rendered'),pages=${JSON.stringify(pages)};` +
  `var me=done?null:keep('/api/auth/me',fetch('/api/auth/me',init));` +
  // The page's answers only for someone signed in (a visitor's would be refused, a failed load logged):
  // each kept at once as a promise of the answer, or of null for a visitor, so the app never asks twice.
  `var who=done||me.then(function(r){return r.ok?r.clone().json():null}).then(function(j){return!!(j&&j[0]&&j[1])},function(){return false});` +
  `for(var i=0;i<pages.length;i++)if(new RegExp(pages[i][0],'i').test(p)){pages[i][2].forEach(load);` +
  `if(!done)pages[i][1].forEach(function(u){keep(u,who.then(function(y){return y?fetch(u,init):null}))})}})();`;

/**
 * The page's first download and first answers started at once (decision 083). Without it a phone waits
 * for each step before the next begins: the page, then the app's script, then (once it runs) the
 * route's files, then the session, then the page's answers: five round trips of half a second on a
 * slow 4G network. The build writes a small classic script (`assets/early-<hash>.js`, first in the page's
 * head, before the stylesheet, whose loading a later script would wait for; without `async` or `defer`,
 * which would have it fetched at low priority) that asks for the session
 * and preloads the routes' files of the pages of EARLY_PAGES, then, once the session says someone is
 * signed in, asks for those pages' answers, while the app's own script is still on its way. (The content security policy allows scripts from the site only,
 * so it cannot be inline.)
 */
function earlyStart(): Plugin {
  let script: { fileName: string; source: string; pages: [string, string[], string[]][] } | null = null;
  return {
    name: 'pirouette:early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || process.env[FIRST_PASS]) return;
        const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = loadedWith(
          byFile,
          chunks.filter((c) => c.isEntry).map((c) => c.fileName),
        );
        const pages = EARLY_PAGES.map(({ path, roots, deep, calls }): [string, string[], string[]] => {
          // A root's file: the chunk that holds it (its own, or a group's: the portal's first screen).
          const found = roots.map((r) => chunks.find((c) => c.moduleIds.some((id) => r.test(id))));
          if (found.some((c) => !c)) throw new Error(`vite.config.ts: a route of ${path} has moved.`);
          const rootFiles = found.map((c) => c!.fileName);
          const files = [...(deep ? loadedWith(byFile, rootFiles) : new Set(rootFiles))].filter(
            (f) => !entry.has(f),
          );
          const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          return [path, calls, [...files, ...css].map((f) => `/${f}`)];
        });
        const source = earlyScript(pages);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/early-${hash}.js`, source, pages };
        return [{ tag: 'script', attrs: { src: `/${script.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
    async writeBundle(options) {
      if (!script || !options.dir) return;
      // Written here, after the bundle: compressed as precompress() compresses the bundle's files.
      const path = join(options.dir, script.fileName);
      const raw = Buffer.from(script.source);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gzipAsync(raw, { level: 9 }),
      ]);
      await Promise.all([writeFile(path, raw), writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      // The same pages' files for the server, which preloads them itself in a page it rendered
      // (decision 093, apps/api/src/http/rendered-pages.ts); a dot file, never served.
      const preloads = script.pages.map(([pattern, , files]) => ({ pattern, files }));
      await writeFile(join(options.dir, EARLY_FILES), JSON.stringify(preloads));
    },
  };
}

/**
 * React Router's package names only its development build, for every condition (remix-run/react-router
 * #12532, #14102): a production bundle carried its dev warnings and checks, about a fifth of the owner's
 * list's script time on a throttled phone. Built apps take the production build the package ships beside
 * it (the same exports); the development server and the tests keep the warnings.
 */
const productionReactRouter = {
  alias: [
    {
      find: /^react-router$/,
      replacement: join(
        dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
        'dist/production/index.mjs',
      ),
    },
  ],
};

/**
 * The server's build of the portal's first screen (decision 093): `vite build --ssr`, into
 * `dist/.server/` (a dot folder: the server's static files never serve it), everything bundled in, so
 * the API loads it with Node alone (apps/api/src/http/portal-render.ts).
 */
const serverBuild: UserConfig = {
  plugins: [react()],
  ssr: { noExternal: true },
  resolve: productionReactRouter,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/.server',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
  },
};

const browserBuild: UserConfig = {
  plugins: [react(), precompress(), domainForTheBrowser(), fewFiles, earlyStart()],
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
            // The entry's file and the portal's first screen (above). A module goes only where the first
            // pass put it: what it imports has a group or file of its own already.
            { name: fewFiles.groupOf, debugName: 'first-download', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  if (isSsrBuild) return serverBuild;
  return command === 'build' ? { ...browserBuild, resolve: productionReactRouter } : browserBuild;
});
