import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { productFiles } from './function-length';

/**
 * Object literals with a member after a spread (`{ ...row, total }`, `{ a, ...b, c }`, `{ ...a, ...b }`),
 * read with TypeScript's parser (decision 091). On Node 20's V8 each object such a literal makes gets a
 * hidden class of its own: a slow definition per member, and every later reader of those objects (the
 * answer's JSON writer, the collector) meets a new class each time. Members before a single spread
 * (`{ id, ...row }`) are not counted: those objects share their class.
 */
export type LateSpread = { file: string; line: number };

export function lateSpreads(file: string, text: string): LateSpread[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LateSpread[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const firstSpread = node.properties.findIndex((p) => ts.isSpreadAssignment(p));
      if (firstSpread >= 0 && firstSpread < node.properties.length - 1) {
        found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every late spread in the product's files under `dirs`. */
export function allLateSpreads(root: string, dirs: string[]): LateSpread[] {
  return dirs.flatMap((dir) =>
    productFiles(root, dir).flatMap((file) => lateSpreads(file, readFileSync(join(root, file), 'utf8'))),
  );
}
