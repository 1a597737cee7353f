import { type AnswerOf, type Call, type CallArgs, type CallInput, pathOf, urlOf } from '@pirouette/domain';
import {
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, apiFetch } from './api-client';

/**
 * The web side of the declared calls (decision 022): a call is made by its declaration, its path built
 * from typed params, its answer typed by the declaration's schema. No path and no answer type is written
 * in the web app.
 */

/** How long an answer a declaration marks `keep` stays fresh (settings, lists this person alone changes). */
export const KEEP_MS = 60_000;

/** Makes a call: `callApi(genreCalls.rename, { params: { id }, body })`. */
export function callApi<C extends Call>(call: C, ...args: CallArgs<C>): Promise<AnswerOf<C>> {
  return callApiWith({}, call, ...args);
}

/**
 * Makes a call with fetch options: `keepalive` for one sent as the page unloads (the browser finishes
 * it after the page is gone; the session cookie rides with it as with any call).
 */
export function callApiWith<C extends Call>(
  opts: { keepalive?: boolean },
  call: C,
  ...[input]: CallArgs<C>
): Promise<AnswerOf<C>> {
  const given = input as { params?: unknown; query?: unknown; body?: unknown } | undefined;
  const sendsBody = call.method === 'POST' || call.method === 'PUT';
  return apiFetch<AnswerOf<C>>(call.method, urlOf(call, given), sendsBody ? (given?.body ?? {}) : undefined, {
    writes: Boolean(call.writes),
    keepalive: Boolean(opts.keepalive),
  });
}

const segmentsOf = (path: string) =>
  path
    .replace(/^\/api\//, '')
    .split('/')
    .map(decodeURIComponent);

/**
 * The query key of a call's answer: its path's segments after `/api`, parameters filled in, then its
 * query when it has one. `GET /api/mystudio/genres?all=1` → `['mystudio', 'genres', { all: '1' }]`.
 * Keys follow paths, so a path's prefix names everything under it.
 */
export function queryKeyOf<C extends Call>(call: C, ...[input]: CallArgs<C>): QueryKey {
  const given = input as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  const segments = segmentsOf(pathOf(call, given?.params));
  const query = given?.query && Object.values(given.query).some((v) => v !== undefined && v !== '');
  return query ? [...segments, given!.query] : segments;
}

/**
 * The part of the query keys a change reaches: a call's path up to its first parameter not given.
 * `scopeOf(genreCalls.rename)` → `['mystudio', 'genres']`, every genre query; with `{ id }` given,
 * only what is under that genre.
 */
export function scopeOf(call: Pick<Call, 'path'>, params: Record<string, unknown> = {}): QueryKey {
  const scope: string[] = [];
  for (const segment of call.path.replace(/^\/api\//, '').split('/')) {
    if (!segment.startsWith(':')) {
      scope.push(segment);
      continue;
    }
    const value = params[segment.slice(1)];
    if (value === undefined || value === null || value === '') break;
    scope.push(String(value));
  }
  return scope;
}

type QueryExtras = { enabled?: boolean; staleTime?: number; refetchInterval?: number };

/** The query options of a GET call: key from its path, fresh for a minute when the declaration says `keep`. */
export function callQuery<C extends Call>(call: C, input?: CallInput<C>, extras: QueryExtras = {}) {
  const args = [input] as CallArgs<C>;
  return queryOptions<AnswerOf<C>, ApiError>({
    queryKey: queryKeyOf(call, ...args),
    queryFn: () => callApi(call, ...args),
    staleTime: call.keep ? KEEP_MS : undefined,
    ...extras,
  });
}

/** Reads a GET call: `useCall(genreCalls.list, { query: { all: '1' } })`. */
export const useCall = <C extends Call>(call: C, input?: CallInput<C>, extras?: QueryExtras) =>
  useQuery(callQuery(call, input, extras));

type MutationExtras<C extends Call> = Omit<
  UseMutationOptions<AnswerOf<C>, ApiError, CallInput<C>>,
  'mutationFn' | 'onSuccess'
> & {
  /**
   * What the change makes stale, refreshed once it succeeds: query key scopes (`scopeOf(call)`), or a
   * function of what was sent and answered.
   */
  invalidates?: QueryKey[] | ((input: CallInput<C>, answer: AnswerOf<C>) => QueryKey[]);
  /** Runs after the stale queries are refreshed. */
  onSuccess?: (answer: AnswerOf<C>, input: CallInput<C>) => unknown;
};

/**
 * A change made by a declared call: `useCallMutation(genreCalls.rename, { invalidates: [scopeOf(genreCalls.list)] })`,
 * then `mutate({ params: { id }, body })`. The queries it makes stale are refreshed before `onSuccess`.
 */
export function useCallMutation<C extends Call>(call: C, extras: MutationExtras<C> = {}) {
  const queryClient = useQueryClient();
  const { invalidates, onSuccess, ...rest } = extras;
  return useMutation<AnswerOf<C>, ApiError, CallInput<C>>({
    ...rest,
    mutationFn: (input) => callApi(call, ...([input] as CallArgs<C>)),
    onSuccess: async (answer, input) => {
      const keys = typeof invalidates === 'function' ? invalidates(input, answer) : (invalidates ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(answer, input);
    },
  });
}
