import {
  ERROR_REASON_HEADER,
  type ErrorReason,
  errorReasonOf,
  isEnvelope,
  messages,
} from '@pirouette/domain';

/**
 * A failed call. `message` is what a person may read; `title` is set only when the server did not answer
 * with our `[false, message]` envelope (000 §7: such a body gives title and message, 403 titles are prefixed).
 * `reason` is the code the server sent beside the sentence (`x-error-reason`): a screen that acts on a
 * refusal apart from its status decides by it, never by the sentence (decision 053).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly title: string | null = null,
    readonly reason: ErrorReason | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

/** Whether a call was refused for this reason (the code the server sent, never its sentence). */
export const isRefusedFor = (error: unknown, reason: ErrorReason) =>
  isApiError(error) && error.reason === reason;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function pick(body: unknown, key: string): string | null {
  if (body && typeof body === 'object' && key in body) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/**
 * Turns a response into data or an ApiError. An envelope is an ordinary answer whatever the status:
 * `[true, data]` gives data, `[false, message]` throws with that message. Anything else that is not OK
 * takes title and message from the body.
 */
export async function unwrap<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (isEnvelope(body)) {
    if (body[0]) return body[1] as T;
    const status = response.ok ? 400 : response.status || 500;
    const reason = errorReasonOf(response.headers.get(ERROR_REASON_HEADER));
    return Promise.reject(new ApiError(status, String(body[1] || messages.unexpected), null, reason));
  }
  if (response.ok) return body as T;
  const status = response.status || 500;
  let title = pick(body, 'title') ?? pick(body, 'error') ?? (response.statusText || 'Error');
  if (status === 403) title = `ERROR 403: ${title}`;
  const message = pick(body, 'message') ?? messages.unexpected;
  return Promise.reject(new ApiError(status, message, title));
}

/**
 * Calls the API. The session rides in the HttpOnly cookie, so the script never sees the token. Only
 * lib/call.ts calls it, with a declared call's method and address (decision 022).
 */
export async function apiFetch<T>(
  method: Method,
  path: string,
  body?: unknown,
  opts: { writes?: boolean; keepalive?: boolean } = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  };
  // A call made as the page goes away (a hold let go on leaving) must outlive the page's unload.
  if (opts.keepalive) init.keepalive = true;
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  // A write, GET ones too (switching studio, signing out), may change what was read early.
  const early = method === 'GET' && !opts.writes ? takeEarly(path) : forgetEarly();
  let response: Response | null = early ? await early.catch(() => null) : null;
  if (!response?.ok) {
    try {
      response = await fetch(path, init);
    } catch {
      throw new ApiError(0, messages.unexpected, 'Network error');
    }
  }
  return unwrap<T>(response);
}

/** The answers the page's early script started (apps/web/vite.config.ts, decision 083), by address. */
type EarlyAnswers = Record<string, { at: number; answer: Promise<Response | null> }>;
const EARLY_KEY = '__pirouetteEarly';
/** An early answer is taken only while the page is opening; later the app asks again. */
export const EARLY_ANSWER_MS = 15_000;

const earlyAnswers = () => (globalThis as { [EARLY_KEY]?: EarlyAnswers })[EARLY_KEY];

/**
 * The answer the page's early script started for `path`, once: the first call to the same address takes
 * it instead of asking again (one round trip saved on a slow network), unless it is older than
 * EARLY_ANSWER_MS. The caller asks again when it failed, was not OK, or was not asked (null: the early
 * script asks a page's answers only once the session says someone is signed in).
 */
export function takeEarly(path: string, now = Date.now()): Promise<Response | null> | null {
  const answers = earlyAnswers();
  const early = answers?.[path];
  if (!answers || !early) return null;
  delete answers[path];
  return now - early.at <= EARLY_ANSWER_MS ? early.answer : null;
}

/** A write may change what was read early: every early answer not yet taken is dropped. */
function forgetEarly(): null {
  const answers = earlyAnswers();
  if (answers) for (const path of Object.keys(answers)) delete answers[path];
  return null;
}
