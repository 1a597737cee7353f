import { messages } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

// NUL, which no PostgreSQL text holds, and a UTF-16 surrogate without its pair, which JSON may escape
// but PostgreSQL's json and jsonb refuse: text that cannot be stored is refused before it is validated.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when some string (key or value) inside a parsed request part cannot be stored. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || holdsUnstorableText(v, depth + 1));
}

/**
 * One guard for every route, present and future: a body, query or path holding such text gets a 400
 * in the envelope instead of a database error (a 500) deep inside a service.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A hook that calls `done` rather than returning a promise: most requests pass, and Fastify goes on at
  // once instead of a microtask later.
  app.addHook('preValidation', (request, _reply, done) => {
    const unstorable =
      holdsUnstorableText(request.body) ||
      holdsUnstorableText(request.query) ||
      holdsUnstorableText(request.params);
    done(unstorable ? new AppError('bad_request', messages.invalidInput) : undefined);
  });
}
