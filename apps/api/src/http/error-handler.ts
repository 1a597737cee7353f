import { ERROR_REASON_HEADER, type ErrorReason, fail, messages, monthClosedLate } from '@pirouette/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isClosedMonthViolation } from '../db/closed-month';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError, STATUS } from './errors';

/** The first problem of a failed validation, as a sentence a person can act on. */
function validationMessage(error: {
  validation: { params?: unknown; message?: string; instancePath?: string }[];
}) {
  const first = error.validation[0];
  const text = first?.message ?? messages.invalidInput;
  // zod's own wording for type errors is for developers, not for people.
  if (/^Invalid input: expected/.test(text) || /^Invalid option/.test(text)) return messages.invalidInput;
  return text;
}

/**
 * An error as it may be logged. A failed query carries its parameters (a token hash, an address) in
 * its message and fields: only the query text and the database's own complaint are kept.
 */
export function loggableError(error: Error & { query?: unknown; cause?: unknown }) {
  if (typeof error.query !== 'string') return error;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    type: error.name,
    message: 'query failed',
    query: error.query,
    cause,
    stack: error.stack
      ?.split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .slice(0, 8)
      .join('\n'),
  };
}

/**
 * The one error path: AppError → its status and message (and its reason in a header); validation → 400 with the first problem;
 * Fastify's own client errors keep their status; anything else → 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      // The body stays the envelope of the spec; the reason a screen decides by rides beside it.
      if (error.reason) reply.header(ERROR_REASON_HEADER, error.reason);
      return reply.status(STATUS[error.code]).send(fail(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fail(validationMessage(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
      return reply.status(500).send(fail(messages.unexpected));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? messages.requestTooLarge
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? messages.unsupportedBody
            : status === 400
              ? messages.invalidInput
              : (error.message ?? messages.invalidInput);
      return reply.status(status).send(fail(message));
    }
    // The safety net under every write a person can race (issue 13): a unique index that refused a
    // row nobody mapped to its own words is still a conflict with what exists, never a 500. The
    // transaction it happened in has rolled back, so nothing was done.
    if (isUniqueViolation(error)) {
      request.log.warn({ err: loggableError(error) }, 'unmapped unique violation');
      return reply.status(409).send(fail(messages.alreadyExists));
    }
    // A posting that got past the closed-month check (a close committed while it was under way): the
    // trigger refused it (decision 050), the transaction rolled back, and the person reads why.
    if (isClosedMonthViolation(error)) {
      request.log.warn({ err: loggableError(error) }, 'posting refused in a closed month');
      return reply
        .status(409)
        .header(ERROR_REASON_HEADER, 'month_closed' satisfies ErrorReason)
        .send(fail(monthClosedLate));
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return reply.status(500).send(fail(messages.unexpected));
  });
}
