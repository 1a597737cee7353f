import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 135: a test project's time limit is the only one below it; no test or file lowers its own. A
 * limit only catches a test that hangs, and on a slow day a lower one fails a test that is merely slow
 * (2026-12-07: a web form's test written with `{ timeout: 15_000 }` timed out beside the journeys, and
 * the typing it left running landed in the next test's form). Read with TypeScript's parser: a test's
 * options (`it(name, { timeout }, fn)`), its last argument (`it(name, fn, 15_000)`), and the same for
 * `describe` and `test`, with their `.skip`, `.only`, `.each(…)`, `.skipIf(…)` and `.runIf(…)`.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TESTS = /\.test\.tsx?$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', 'test-results', 'playwright-report']);
const CALLS = new Set(['it', 'test', 'describe']);

function testFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files.push(...testFiles(path));
    } else if (TESTS.test(entry.name)) files.push(path);
  }
  return files;
}

/** `it`, `test` or `describe` at the root of a callee such as `it.skipIf(x).each(rows)`. */
function isTestCall(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return CALLS.has(callee.text);
  if (ts.isPropertyAccessExpression(callee)) return isTestCall(callee.expression);
  if (ts.isCallExpression(callee)) return isTestCall(callee.expression);
  return false;
}

function numberOf(node: ts.Node): number | null {
  return ts.isNumericLiteral(node) ? Number(node.text.replaceAll('_', '')) : null;
}

/** Each time limit a test, a group of tests or a file gives itself: where, and how many milliseconds. */
export function ownLimits(file: string, text: string): { at: string; ms: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { at: string; ms: number }[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTestCall(node.expression)) {
      for (const arg of node.arguments.slice(1)) {
        const ms = numberOf(arg);
        if (ms !== null) found.push({ at: at(arg), ms });
        if (ts.isObjectLiteralExpression(arg))
          for (const p of arg.properties)
            if (ts.isPropertyAssignment(p) && p.name.getText(source) === 'timeout') {
              const value = numberOf(p.initializer);
              found.push({ at: at(p), ms: value ?? 0 });
            }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A project's `testTimeout`, read from its config's text (the server's code never imports the web's:
 * decision 025's layers).
 */
function projectLimit(config: string): number | null {
  const source = ts.createSourceFile(
    config,
    readFileSync(join(ROOT, config), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  let limit: number | null = null;
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'testTimeout')
      limit = numberOf(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return limit;
}

const PROJECTS = [
  { dirs: ['apps/api/src', 'apps/api/test'], limit: projectLimit('apps/api/vitest.config.ts') },
  { dirs: ['apps/web/src'], limit: projectLimit('apps/web/vitest.config.ts') },
  { dirs: ['packages/domain/src'], limit: projectLimit('packages/domain/vitest.config.ts') },
];

describe("no test lowers its project's time limit (decision 135)", () => {
  it.each(PROJECTS)('holds in $dirs, whose limit is $limit ms', ({ dirs, limit }) => {
    expect(limit).toBeGreaterThan(0);
    const files = dirs.flatMap(testFiles);
    expect(files.length).toBeGreaterThan(50);
    const lower = files
      .flatMap((file) => ownLimits(file, readFileSync(join(ROOT, file), 'utf8')))
      .filter((l) => l.ms < (limit ?? 0))
      .map((l) => `${l.at}: ${l.ms} ms`);
    expect(lower).toEqual([]);
  });

  it('finds a limit in a test’s options, as its last argument, and through .skipIf(…).each(…)', () => {
    const text = [
      "it('a', { timeout: 15_000 }, async () => {});", // 1
      "test('b', () => {}, 5000);", // 2
      "describe.skipIf(slow).each([1])('c', { timeout: 1 }, () => {});", // 3
      "it('d', async () => { await waitFor(() => x, { timeout: 5000 }); });", // 4: a wait's, not the test's
      "it('e', () => {}, 600_000);", // 5: a higher limit
    ].join('\n');
    expect(ownLimits('x.test.ts', text)).toEqual([
      { at: 'x.test.ts:1', ms: 15_000 },
      { at: 'x.test.ts:2', ms: 5000 },
      { at: 'x.test.ts:3', ms: 1 },
      { at: 'x.test.ts:5', ms: 600_000 },
    ]);
  });
});
