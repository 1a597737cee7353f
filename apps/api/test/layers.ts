import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of the repository's sources and the rules its layers keep (issue 14, decision 025):
 *
 *   packages/domain  ←  apps/api   (lib, db ← http ← kernel ← modules ← app, main, jobs, seeds)
 *                    ←  apps/web
 *
 * Between the modules (decision 044): one door each (its index.ts), no loop among their folders, and
 * the ledger's and the payments' tables read by their own module only.
 *
 * Imports are read with TypeScript's own pre-processor (type-only imports count: a cycle of types is
 * still a cycle to read through), resolved to files, and checked here rather than by a tool of its own.
 */

/** A source file's path from the repository's root, with forward slashes. */
export type FilePath = string;
export type ImportGraph = Map<FilePath, { target: FilePath | string; line: number }[]>;

const SOURCE = /\.(ts|tsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', '.vite', 'test-results', 'playwright-report']);

function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...sourceFiles(root, path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path.split(sep).join('/'));
  }
  return files;
}

function resolveRelative(root: string, from: FilePath, spec: string): FilePath | null {
  const base = resolve(root, dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? relative(root, found).split(sep).join('/') : null;
}

/**
 * Every import of every source file under `dirs`: a relative one resolved to the file it names, a
 * package one kept as written (`@pirouette/domain`, `fastify`).
 */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(root, dir))) {
    const text = readFileSync(join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    graph.set(
      file,
      importedFiles.map(({ fileName, pos }) => ({
        target: fileName.startsWith('.') ? (resolveRelative(root, file, fileName) ?? fileName) : fileName,
        line: text.slice(0, pos).split('\n').length,
      })),
    );
  }
  return graph;
}

type Rule = {
  name: string;
  /** Whether an import from `from` to `to` (a file path or a package name) breaks the rule. */
  breaks(from: FilePath, to: string): boolean;
};

const API = 'apps/api/src/';
const isTest = (file: string) => /\.test\.tsx?$|\/test\/|\.fixtures?\.ts$/.test(file);
const moduleOf = (file: string) => (file.startsWith(`${API}modules/`) ? file.split('/')[4] : null);
const under = (file: string, dir: string) => file.startsWith(dir);
/** The stand-in for the card processor (decision 046), and the one file of the server that builds it in. */
const SANDBOX = `${API}sandbox/`;
const PROVIDER_WIRING = `${API}modules/payments/providers.ts`;

// ——— The web app (issue 33, decision 047) ———
// Features (apps/web/src/features/<area>) stand on a shared floor: components/ (widgets), lib/ (hooks,
// calls, formats), app/paths/ (addresses and the owner's sections) and the guards' pure decisions. The
// floor never imports a feature, a feature takes nothing else from app/, and the features never import
// one another in a loop; the rest of app/ (router, layouts, the owner's page loaders) assembles
// features, so it may import any of them.

const WEB = 'apps/web/src/';
const WEB_FEATURES = `${WEB}features/`;
const WEB_APP_FLOOR = [`${WEB}app/paths/`, `${WEB}app/guards/guard-decision.ts`];
const WEB_FLOOR = [`${WEB}components/`, `${WEB}lib/`, ...WEB_APP_FLOOR];

const WEB_RULES: Rule[] = [
  {
    name: "the web's shared floor (components/, lib/, app/paths/, the guards' decisions) never imports a feature",
    breaks: (from, to) =>
      WEB_FLOOR.some((dir) => under(from, dir)) && !isTest(from) && under(to, WEB_FEATURES),
  },
  {
    name: 'a web feature takes from app/ only its floor (app/paths/, the guards’ decisions): app/ assembles features',
    breaks: (from, to) =>
      under(from, WEB_FEATURES) &&
      !isTest(from) &&
      under(to, `${WEB}app/`) &&
      !WEB_APP_FLOOR.some((dir) => under(to, dir)),
  },
];

/** The folder of apps/web/src/features a file belongs to (`apps/web/src/features/money`), or null. */
const webFeatureOf = (file: string) =>
  under(file, WEB_FEATURES) ? WEB_FEATURES + file.slice(WEB_FEATURES.length).split('/')[0] : null;

/**
 * The graph of the web's features as folders: an edge from one feature to another for each import
 * between their files (tests and their fixtures left out; a feature's imports of itself are no edge).
 * `cycles()` of it are the loops between features.
 */
export function webFeatureGraph(graph: ImportGraph): ImportGraph {
  const folders: ImportGraph = new Map();
  for (const [from, imports] of graph) {
    const source = webFeatureOf(from);
    if (source === null || isTest(from)) continue;
    const edges = folders.get(source) ?? [];
    folders.set(source, edges);
    for (const { target, line } of imports) {
      const feature = webFeatureOf(target);
      if (feature !== null && feature !== source) edges.push({ target: feature, line });
    }
  }
  // A feature only imported (never importing) is a node too, so every edge's target is in the graph.
  for (const edges of [...folders.values()])
    for (const { target } of edges) if (!folders.has(target)) folders.set(target, []);
  return folders;
}
/** A module's one door: its index.ts (decision 044). */
const isDoor = (file: string) => /^apps\/api\/src\/modules\/[^/]+\/index\.ts$/.test(file);
/** What may read any table: db/ (its seeds with it), tests and the benchmark's set-up. */
const mayReadAnyTable = (file: string) => under(file, `${API}db/`) || isTest(file) || under(file, 'bench/');
/**
 * A rule that only the module `owner` (and db/, seeds, tests, and the folders `alsoBy`) imports the table
 * definitions of `schema` (decision 044): another module asks the owner through its index.
 */
const tablesOwnedBy = (owner: string, schema: string, alsoBy: string[] = []): Rule => ({
  name: `only the ${owner} module (and db/, seeds, tests) imports ${schema}: another module reads it through ${owner}/index.ts`,
  breaks: (from, to) =>
    to === `${API}db/schema/${schema}` &&
    moduleOf(from) !== owner &&
    !mayReadAnyTable(from) &&
    !alsoBy.some((dir) => under(from, dir)),
});

export const RULES: Rule[] = [
  {
    name: 'packages/domain is the bottom layer: it imports neither app, nor a server or browser library',
    breaks: (from, to) =>
      under(from, 'packages/domain/') &&
      (to.startsWith('apps/') ||
        /^(@pirouette\/(api|web)|fastify|@fastify\/|drizzle-orm|pg$|@electric-sql\/|react|@mantine\/|@tanstack\/)/.test(
          to,
        )),
  },
  {
    name: 'the web app never imports the server',
    breaks: (from, to) =>
      under(from, 'apps/web/') && (to.startsWith('apps/api/') || to.startsWith('@pirouette/api')),
  },
  {
    name: 'the server never imports the web app',
    breaks: (from, to) =>
      under(from, 'apps/api/') && (to.startsWith('apps/web/') || to.startsWith('@pirouette/web')),
  },
  {
    name: 'http/ and lib/ never import a module, the app or the jobs',
    breaks: (from, to) =>
      (under(from, `${API}http/`) || under(from, `${API}lib/`)) &&
      !isTest(from) &&
      (under(to, `${API}modules/`) || to === `${API}app.ts` || under(to, `${API}jobs/`)),
  },
  {
    name: 'db/ (its seed scripts aside) never imports a module',
    breaks: (from, to) =>
      under(from, `${API}db/`) && !/\/db\/seed-/.test(from) && !isTest(from) && under(to, `${API}modules/`),
  },
  {
    name: "a module's routes never import the app (they are given AppDeps from deps.ts)",
    breaks: (from, to) => moduleOf(from) !== null && to === `${API}app.ts`,
  },
  {
    name: "no module imports another module's queries",
    breaks: (from, to) => {
      const source = moduleOf(from);
      const target = moduleOf(to);
      return (
        source !== null && target !== null && source !== target && !isTest(from) && to.endsWith('.queries.ts')
      );
    },
  },
  ...WEB_RULES,
  {
    name: 'only the provider wiring (modules/payments/providers.ts) and tests import the sandbox processor (src/sandbox/)',
    breaks: (from, to) =>
      under(to, SANDBOX) && !under(from, SANDBOX) && from !== PROVIDER_WIRING && !isTest(from),
  },
  {
    name: 'the sandbox processor imports a module only through its index.ts, and never the app or the jobs',
    breaks: (from, to) =>
      under(from, SANDBOX) &&
      ((under(to, `${API}modules/`) && !to.endsWith('/index.ts')) ||
        to === `${API}app.ts` ||
        under(to, `${API}jobs/`)),
  },
  {
    name: 'a module imports another module only through its index.ts (decision 044)',
    breaks: (from, to) => {
      const source = moduleOf(from);
      const target = moduleOf(to);
      // Another module's queries are the rule above's to name.
      return (
        source !== null &&
        target !== null &&
        source !== target &&
        !isTest(from) &&
        !isDoor(to) &&
        !to.endsWith('.queries.ts')
      );
    },
  },
  {
    name: 'the kernel imports only lib/, db/, http/ and packages: never a module (it is below every module, decision 044)',
    breaks: (from, to) =>
      under(from, `${API}kernel/`) &&
      !isTest(from) &&
      under(to, API) &&
      !['lib/', 'db/', 'http/', 'kernel/'].some((dir) => under(to, `${API}${dir}`)),
  },
  tablesOwnedBy('ledger', 'ledger.ts'),
  tablesOwnedBy('books', 'books.ts'),
  // The card processor's stand-in (sandbox) keeps its own table in the payments' schema file.
  tablesOwnedBy('payments', 'payments.ts', [`${API}sandbox/`]),
];

/**
 * The graph of the module folders (apps/api/src/modules/<area>), tests left out: an edge from a module
 * to each module one of its files imports. `cycles()` of it finds the loops between folders (decision 044).
 */
export function moduleGraph(graph: ImportGraph): ImportGraph {
  const modules: ImportGraph = new Map();
  for (const [from, imports] of graph) {
    const source = moduleOf(from);
    if (!source || isTest(from)) continue;
    const edges = modules.get(source) ?? [];
    modules.set(source, edges);
    for (const { target, line } of imports) {
      const module = moduleOf(target);
      if (module && module !== source && !edges.some((e) => e.target === module)) {
        edges.push({ target: module, line });
      }
    }
  }
  return modules;
}

export type Violation = { rule: string; from: FilePath; line: number; to: string };

export function violations(graph: ImportGraph, rules: Rule[] = RULES): Violation[] {
  const found: Violation[] = [];
  for (const [from, imports] of graph) {
    for (const { target, line } of imports) {
      for (const rule of rules) {
        if (rule.breaks(from, target)) found.push({ rule: rule.name, from, line, to: target });
      }
    }
  }
  return found;
}

/** The import cycles among the graph's files (strongly connected components of more than one file, or a file importing itself). */
export function cycles(graph: ImportGraph): FilePath[][] {
  // Tarjan's algorithm, iterative over the files in a stable order.
  const index = new Map<FilePath, number>();
  const low = new Map<FilePath, number>();
  const onStack = new Set<FilePath>();
  const stack: FilePath[] = [];
  const components: FilePath[][] = [];
  let counter = 0;
  const edges = (file: FilePath) =>
    (graph.get(file) ?? []).map((i) => i.target).filter((t): t is FilePath => graph.has(t));

  const visit = (start: FilePath) => {
    const work: { file: FilePath; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = edges(frame.file);
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: FilePath[] = [];
        let file: FilePath;
        do {
          file = stack.pop()!;
          onStack.delete(file);
          component.push(file);
        } while (file !== frame.file);
        const selfImport = edges(frame.file).includes(frame.file);
        if (component.length > 1 || selfImport) components.push(component.sort());
      }
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components;
}
