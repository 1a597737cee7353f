import { type ErrorReason, messages } from '@pirouette/domain';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payment_required'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  /** A card declined: the processor's reason, in plain words. */
  payment_required: 402,
  rate_limited: 429,
  internal: 500,
  /** An outside service (the card processor) could not be reached: nothing happened. */
  unavailable: 503,
};

/**
 * The one error type below a route: a code for the status and a message a person may read, and where a
 * screen acts on this refusal apart from its status, the reason it decides by (sent as `x-error-reason`).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason: ErrorReason | null = null,
    /** Headers the answer carries besides (a 429's `retry-after`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = messages.invalidInput) => new AppError('bad_request', message);
export const unauthorized = (message: string = messages.notSignedIn) => new AppError('unauthorized', message);
export const forbidden = (message: string = messages.forbidden) => new AppError('forbidden', message);
export const notFound = (message: string = messages.pageNotFound) => new AppError('not_found', message);
export const conflict = (message: string, reason?: ErrorReason) => new AppError('conflict', message, reason);
export const unprocessable = (message: string, reason?: ErrorReason) =>
  new AppError('unprocessable', message, reason);
