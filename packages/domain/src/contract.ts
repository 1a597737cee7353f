import type { z } from 'zod';

/**
 * One call of the API, declared once and read by both sides (decision 022): the server registers its
 * route from it (schemas, OpenAPI, access level), the web app calls it by it and gets its answer's type,
 * and the web's test fakes check their canned answers against its answer schema.
 *
 * Each area declares its calls in `<area>/calls.ts` as one object (`genreCalls.rename`); `calls.ts`
 * gathers them all, and a test fails when a server route has no declaration or a declaration no route.
 */

/**
 * Who may call: 'public' (anyone, no session looked up), 'optional' (anyone; the session is read when
 * there is one), 'signed-in', 'owner', 'parent', 'teacher' (a studio's teacher, issue 36), 'staff' (an
 * owner or a teacher: the roll, whose service then keeps a teacher to their own classes), and
 * 'processor' (no session opens it: the card processor's own credentials, which the route checks, as the
 * processor is configured to send them).
 */
export type Access =
  | 'public'
  | 'optional'
  | 'signed-in'
  | 'owner'
  | 'parent'
  | 'teacher'
  | 'staff'
  | 'processor';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Call = {
  readonly method: HttpMethod;
  /** The path as the server routes it, parameters as `:name`: `/api/mystudio/genres/:id`. */
  readonly path: `/api/${string}`;
  /** The path's parameters, one key per `:name`. */
  readonly params?: z.ZodType;
  /** The query string, as an object of strings. */
  readonly query?: z.ZodType;
  /** The JSON body (POST and PUT). */
  readonly body?: z.ZodType;
  /** The data of the `[true, data]` answer. */
  readonly answer: z.ZodType;
  readonly access: Access;
  /**
   * The answer may be kept and shown again for a minute without asking: the studio's configuration,
   * which only the owner changes (and the owner's own changes refresh it at once). Never for what
   * someone else changes meanwhile — a family's records, the schedule's counts, the privates — which a
   * parent and the front desk change under each other's eyes. The web's queries of such a call are
   * fresh for a minute.
   */
  readonly keep?: boolean;
  /** A GET that changes something (sign-out, the account switch): checked for forgery like a POST (decision 016). */
  readonly writes?: boolean;
  /** Left out of the OpenAPI description. */
  readonly hidden?: boolean;
  /** The largest body the route reads, in bytes, when smaller than the server's (413 past it). */
  readonly bodyLimit?: number;
  readonly summary: string;
  /** More for the OpenAPI description than the summary holds (units, rules of a field). */
  readonly description?: string;
  readonly tags: readonly string[];
};

/** Declares a call, keeping every literal (method, path) and every schema's own type. */
export const defineCall = <const C extends Call>(call: C): C => call;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, validated. */
export type ParamsOut<C extends Call> = Parsed<C['params']>;
export type QueryOut<C extends Call> = Parsed<C['query']>;
export type BodyOut<C extends Call> = Parsed<C['body']>;

/** What the server's handler returns: the answer before it is checked and written out. */
export type AnswerIn<C extends Call> = z.input<C['answer']>;
/** What the caller receives. */
export type AnswerOf<C extends Call> = z.output<C['answer']>;
/** The body a caller sends. */
export type BodyOf<C extends Call> = Given<C['body']>;

type Part<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller gives: `{ params, query, body }`, each only when the call has it. */
export type CallInput<C extends Call> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']>;

/** Whether a call can be made without any input (no params, no required query or body). */
type NeedsNothing<C extends Call> = Record<never, never> extends CallInput<C> ? true : false;

/** The rest arguments of a caller: the input, optional when nothing is required. */
export type CallArgs<C extends Call> =
  NeedsNothing<C> extends true ? [input?: CallInput<C>] : [input: CallInput<C>];

/** The names of a path's `:parameters`, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** The path of a call with its parameters filled in, each one encoded as a path segment. */
export function pathOf(call: Pick<Call, 'path'>, params?: Record<string, unknown>): string {
  return call.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${call.path}: the parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (with its `?`), or '' when there is nothing to send; empty values are left out. */
export function queryStringOf(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address a call is sent to: its path with parameters, then its query. */
export function urlOf(call: Call, input?: { params?: unknown; query?: unknown }): string {
  return (
    pathOf(call, input?.params as Record<string, unknown> | undefined) +
    queryStringOf(input?.query as Record<string, unknown> | undefined)
  );
}

/** `METHOD /path/:param`, how a call and its route are named in tests and the access matrix. */
export const callKey = (call: Pick<Call, 'method' | 'path'>) => `${call.method} ${call.path}`;
