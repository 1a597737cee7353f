// Lists the functions of the web app longer than a limit (issue 33: no function over 150 lines).
// A function is any function-like node with a body, arrow functions included, as TypeScript's own
// parser sees it; its length runs from its first line to its last. Tests and test helpers are left out.
//   node --import tsx scripts/long-functions.ts [folder=apps/web/src] [limit=100]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

type LongFunction = { file: string; name: string; lines: number };

const NOT_PRODUCT = /\.test\.tsx?$|\/test\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') && !NOT_PRODUCT.test(path) ? [path] : [];
  });
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText()})`;
  return '(anonymous)';
}

export function longFunctions(root: string, limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  for (const path of sourceFiles(root)) {
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = last - first + 1;
        if (lines > limit) found.push({ file: relative(process.cwd(), path), name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? 'apps/web/src';
  const limit = Number(process.argv[3] ?? 100);
  const found = longFunctions(root, limit);
  for (const f of found) console.log(`${String(f.lines).padStart(4)} ${f.file} ${f.name}`);
  console.log(`${found.length} over ${limit} lines, ${found.filter((f) => f.lines > 150).length} over 150`);
}
