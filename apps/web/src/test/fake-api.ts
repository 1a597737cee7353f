import {
  type AnswerOf,
  allCalls,
  type Call,
  callKey,
  type ErrorReason,
  pathParamNames,
} from '@pirouette/domain';

/**
 * The check behind the web tests' fake server (decision 022): a canned answer must be one the server
 * could give. Each faked `[true, data]` is matched to its declared call by method and path, and its data
 * parsed with the call's answer schema; an answer the schema refuses, or an address no call declares,
 * is a problem that fails the test (test/setup.ts), whatever the component made of it.
 */

const problems: string[] = [];

/** The problems found since the last call, emptied (test/setup.ts fails a test that left any). */
export function takeFakeProblems(): string[] {
  return problems.splice(0);
}

type Pattern = { call: Call; pattern: RegExp; params: number };

const patterns: Pattern[] = allCalls
  .map((call) => ({
    call,
    pattern: new RegExp(
      `^${call.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`,
      'i',
    ),
    params: pathParamNames(call.path).length,
  }))
  // A path without parameters wins over a pattern that would also match it (`/list` before `/:id`).
  .sort((a, b) => a.params - b.params);

/** The declared call a request is for, if any. */
export function callFor(method: string, url: string): Call | undefined {
  const path = new URL(url, 'http://localhost').pathname;
  return patterns.find((p) => p.call.method === method.toUpperCase() && p.pattern.test(path))?.call;
}

/** Records a problem when a faked success is not what the declared call answers. */
export function checkFakeAnswer(method: string, url: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300 || !Array.isArray(body) || body[0] !== true) return;
  const call = callFor(method, url);
  if (!call) {
    problems.push(`The fake answers ${method} ${url}, which no call declares.`);
    return;
  }
  const parsed = call.answer.safeParse(body[1]);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    problems.push(
      `The fake's answer to ${callKey(call)} is not what the server answers:\n  ${issues.join('\n  ')}`,
    );
  }
}

/** A typed canned answer: `answer(genreCalls.list, [...])` → `[200, [true, [...]]]`. */
export const answer = <C extends Call>(_call: C, data: AnswerOf<C>): [number, unknown] => [200, [true, data]];

/** A faked answer: its status and body, and for a refusal the reason the server sends beside it. */
export type FakeAnswer = [status: number, body: unknown, reason?: ErrorReason];

/** A refusal as the server sends it: the sentence in the envelope, its reason in `x-error-reason`. */
export const refusal = (status: number, message: string, reason: ErrorReason): FakeAnswer => [
  status,
  [false, message],
  reason,
];
