import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decide by codes, never by comparing sentences (decisions 045, 053). A refusal a screen acts on apart
 * from its status carries a reason (`x-error-reason`, `ApiError.reason`); a sentence may then be
 * reworded without changing what any code does. This scan fails on the shapes a decision by sentence
 * takes: an error's message compared, tested or searched, and anything compared with one of the
 * product's sentences (`messages.…`, `cardMessages.…`, `COMPETITION_TEXT.…`).
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIRS = ['apps/web/src', 'apps/api/src'];
const SKIP = /\.test\.tsx?$|\/test\/|\.fixture\.ts$|fixtures?\.ts$/;

const SENTENCES = String.raw`\b[A-Za-z]*(?:[Mm]essages|_TEXT|Texts?)\.\w+`;
const SHAPES: RegExp[] = [
  // error.message === …, … !== err.message, errorText(error) === …
  /(?<!typeof\s+[\w?.]*)\.message\s*[!=]==|[!=]==\s*[\w.?]*\.message\b/,
  /errorText\([^)]*\)\s*[!=]==|[!=]==\s*errorText\(/,
  // error.message.startsWith(…), .includes, .endsWith, .match; /…/.test(message)
  /\b(?:message|reason)\??\.(?:startsWith|endsWith|includes|match|search)\(/,
  /\/\w*\.(?:test|exec)\((?:\w+\.)?(?:message|reason|errorText\b)/,
  // anything === messages.x, cardMessages.y === …
  new RegExp(String.raw`[!=]==\s*${SENTENCES}|${SENTENCES}(?:\([^)]*\))?\s*[!=]==`),
];

/**
 * The places that read a sentence on purpose, or are left for later, with why. A line here that no
 * longer matches fails the test, so the list only shrinks.
 */
const KNOWN: [file: string, line: string][] = [
  // A form's own schema (not the server) says the spec's "insufficient data"; the form says "Required".
  ['apps/web/src/lib/zod-form.ts', 'message === messages.insufficientData ? REQUIRED : message,'],
  // zod's own wording of a type error, meant for developers, is put in the product's words for display.
  [
    'apps/web/src/features/studio-settings/money-form.ts',
    'isFieldFallback(issue.message) || /^(Invalid input|Too small|Too big|Invalid)/.test(issue.message);',
  ],
  // The size chart's form marks the row a refusal names ("Size M is in the chart twice."): the row is
  // data, not a reason; left for later (a refusal that names its row beside the code).
  [
    'apps/web/src/features/costumes/lib/costumes.ts',
    'const named = /^Size (.+?)(?: is in the chart twice\\.|:)/.exec(message)?.[1];',
  ],
  // The chart's own schema checked twice: the second pass's sentences about the placeholder it put in.
  [
    'apps/web/src/features/costumes/lib/costumes.ts',
    "if (!message.includes('\\u0000')) first.rows[i]![key] ??= message;",
  ],
];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !SKIP.test(path) ? [path.split(sep).join('/')] : [];
  });
}

/** Each line of the text that decides by a sentence, with its number. */
export function sentenceDecisions(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: i + 1, text: line.trim() }))
    .filter(
      ({ text }) => !text.startsWith('//') && !text.startsWith('*') && SHAPES.some((s) => s.test(text)),
    );
}

describe('decisions by codes, never by sentences (decision 053)', () => {
  it('no screen and no module compares a sentence, but the few known ones', () => {
    const found = DIRS.flatMap(files).flatMap((file) =>
      sentenceDecisions(readFileSync(join(ROOT, file), 'utf8')).map((hit) => ({ file, ...hit })),
    );
    const unknown = found
      .filter((hit) => !KNOWN.some(([file, line]) => hit.file === file && hit.text === line))
      .map((h) => `${h.file}:${h.line}  ${h.text}`);
    expect(unknown).toEqual([]);
    const gone = KNOWN.filter(([file, text]) => !found.some((h) => h.file === file && h.text === text));
    expect(gone).toEqual([]);
  });

  it('the scan sees the shapes a decision by sentence takes, and not a decision by code', () => {
    const hits = (line: string) => sentenceDecisions(line).length;
    for (const line of [
      'const isInFlight = (error: unknown) => errorText(error) === cardMessages.inFlight;',
      'if (errorText(error) === familyMessages.termsChanged) {',
      'if (message !== COMPETITION_TEXT.invalidEdit) fixed[key] = message;',
      'isApiError(error) && error.status === 409 && error.message.startsWith(PLACES_FULL);',
      'export const isEmailTaken = (message: string) => /already exists/i.test(message);',
      'if (reason.endsWith(text.newCard)) ask();',
      'if (error.message === messages.notSignedIn) go();',
      'return accountMessages.deleteFailed === text ? a : b;',
    ]) {
      expect(hits(line), line).toBe(1);
    }
    for (const line of [
      "const isInFlight = (error: unknown) => isRefusedFor(error, 'card_in_flight');",
      "if (outcome.code === 'noCard') return;",
      'expect(error.message).toBe(messages.unexpected);',
      "const message = typeof e?.message === 'string' ? e.message : String(err);",
      "if (text === '' || !/^\\d+$/.test(text)) return null;",
      'const text = errorText(error);',
      '// errorText(error) === cardMessages.inFlight was the old way',
      "c={f.hasCard ? undefined : 'red.7'}",
    ]) {
      expect(hits(line), line).toBe(0);
    }
  });
});
