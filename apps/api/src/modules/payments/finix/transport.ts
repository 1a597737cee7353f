import { ProviderError } from '../provider';

/** The API version every request names (Finix answers in the shapes of the version asked for). */
export const FINIX_VERSION = '2022-02-01';

export type FinixMethod = 'GET' | 'POST' | 'PUT';

export type FinixRequest = {
  method: FinixMethod;
  /** From the API's root, e.g. `/transfers/TR…/reversals`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart/form-data body instead of JSON (the account updater's CSV file and `request` field). */
  multipart?: MultipartBody;
};

/** Text fields, and one file, as Finix's multipart calls take them. */
export type MultipartBody = {
  fields: Record<string, string>;
  file: { field: string; filename: string; contentType: string; content: string };
};

function formOf(body: MultipartBody): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body.fields)) form.set(key, value);
  const { field, filename, contentType, content } = body.file;
  form.set(field, new Blob([content], { type: contentType }), filename);
  return form;
}

/** Finix's answer as it came: the status and the parsed JSON (the raw text when it was not JSON). */
export type FinixResponse = { status: number; body: unknown };

/**
 * How the client reaches Finix: over HTTP (`httpTransport`), or straight into the in-process simulator
 * (`engineTransport` of ../providers.ts), so the client is the same code whichever answers.
 */
export type FinixTransport = (req: FinixRequest) => Promise<FinixResponse>;

export type HttpTransportOptions = {
  baseUrl: string;
  username: string;
  password: string;
  /** How long a call may take, answer read in full included, before its outcome counts as unknown. */
  timeoutMs?: number;
};

export function httpTransport(opts: HttpTransportOptions): FinixTransport {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;
  return async (req) => {
    const url = new URL(`${base}${req.path}`);
    for (const [key, value] of Object.entries(req.query ?? {})) url.searchParams.set(key, value);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetch(url, {
        method: req.method,
        headers: {
          Authorization: authorization,
          'Finix-Version': FINIX_VERSION,
          // A multipart body sets its own Content-Type, with its boundary.
          ...(req.multipart ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/hal+json, application/json',
        },
        body: req.multipart
          ? formOf(req.multipart)
          : req.body === undefined
            ? undefined
            : JSON.stringify(req.body),
        signal: controller.signal,
      });
      // The body is read under the same timer: an answer cut off halfway is no answer either.
      const text = await res.text();
      return { status: res.status, body: parseJson(text) };
    } catch (error) {
      // A timeout, a refused or dropped connection: Finix may or may not have acted on the call.
      const reason = controller.signal.aborted
        ? `no answer within ${timeoutMs} ms`
        : ((error as Error).cause as Error | undefined)?.message || (error as Error).message;
      throw new ProviderError('unavailable', `Finix did not answer ${req.method} ${req.path}: ${reason}.`);
    } finally {
      clearTimeout(timer);
    }
  };
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
