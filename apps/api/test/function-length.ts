import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

/**
 * The length of every function in the product's sources (issue 33, decision 045): declarations,
 * arrows, methods, accessors, constructors and function expressions, each measured from its first line
 * to its last, both counted. A function inside another is measured on its own, and counts in its
 * outer one's lines too. Read with TypeScript's own parser, so a brace in a string or a template
 * literal never miscounts.
 */

export type FunctionLength = {
  /** The file's path from the repository's root, with forward slashes. */
  file: string;
  /** A readable name: the declared one, or where the function sits (`routes handler list`, `describe callback`). */
  name: string;
  /** The line its first token is on (1-based). */
  line: number;
  lines: number;
};

const SOURCE = /\.(ts|tsx)$/;
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'drizzle',
  '.vite',
  'test-results',
  'playwright-report',
  'test',
  'e2e',
]);
/** Tests, their fixtures and helpers are not product code. */
const NOT_PRODUCT = /\.test\.tsx?$|\.fixtures?\.tsx?$|\.d\.ts$/;

/** Every product source file under `dir` (relative to `root`), tests, e2e and fixtures left out. */
export function productFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...productFiles(root, path));
    else if (SOURCE.test(name) && !NOT_PRODUCT.test(name)) files.push(path.split(sep).join('/'));
  }
  return files;
}

function propertyName(name: ts.PropertyName | ts.BindingName | undefined, source: ts.SourceFile): string {
  if (!name) return 'anonymous';
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText(source);
}

/** The function's own name, or else the name of what holds it. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return propertyName(node.name, source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent)) return propertyName(parent.name, source);
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return propertyName(parent.name, source);
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, '');
    // A wrapped function (`memo(function …)`, `forwardRef((…) => …)`) takes the name of what holds the call.
    const holder = parent.parent;
    if (ts.isVariableDeclaration(holder)) return propertyName(holder.name, source);
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee} callback`;
  }
  return 'anonymous';
}

/** Every function of one file's text, with its length. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      found.push({ file, name: nameOf(fn, source), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of every product file under `dirs`, longest first. */
export function allFunctionLengths(root: string, dirs: string[]): FunctionLength[] {
  return dirs
    .flatMap((dir) => productFiles(root, dir))
    .flatMap((file) => functionLengths(file, readFileSync(join(root, file), 'utf8')))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

export const describeLength = (f: FunctionLength) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`;
