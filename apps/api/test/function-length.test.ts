import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allFunctionLengths, describeLength, functionLengths } from './function-length';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The most lines a function of the product may have (issue 33, decision 045). */
const MAX_LINES = 150;

/** Checked whole: no function over the limit. */
const CHECKED = ['apps/api/src', 'apps/web/src', 'packages/domain/src'];

describe('no function of the product is over 150 lines (decision 045)', () => {
  it(`holds in ${CHECKED.join(' and ')}`, () => {
    const all = allFunctionLengths(ROOT, CHECKED);
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter((f) => f.lines > MAX_LINES).map(describeLength)).toEqual([]);
  });
});

describe('the measure itself', () => {
  it('counts every kind of function from its first line to its last, each on its own', () => {
    const text = [
      'export function outer() {', // 1
      '  const inner = () => {', // 2
      '    return `{ not a brace }`;', // 3
      '  };', // 4
      '  return inner;', // 5
      '}', // 6
      'class Box {', // 7
      '  open(): void {}', // 8
      '  get size() { return 1; }', // 9
      '}', // 10
      'const handlers = { save: function () {', // 11
      '  return 1;', // 12
      '} };', // 13
      'describe("x", () => {', // 14
      '});', // 15
      'declare function typed(): void;', // 16
    ].join('\n');
    expect(functionLengths('x.ts', text).map((f) => `${f.name}@${f.line}:${f.lines}`)).toEqual([
      'outer@1:6',
      'inner@2:3',
      'open@8:1',
      'size@9:1',
      'save@11:3',
      'describe callback@14:2',
    ]);
  });

  it('reads JSX', () => {
    const text = 'export const Page = () => (\n  <div>{"}"}</div>\n);\n';
    expect(functionLengths('x.tsx', text)).toEqual([{ file: 'x.tsx', name: 'Page', line: 1, lines: 3 }]);
  });
});
