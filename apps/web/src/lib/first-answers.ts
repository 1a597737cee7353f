import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { meQueryKey, meQueryOptions } from './use-session';

/**
 * The first page's answers in the query cache before its first render (decision 083). A route whose
 * first screen needs an answer names it with `firstAnswers(…)` as its loader: on the page's first load,
 * the router then waits for those answers (started by the page's early script, apps/web/vite.config.ts,
 * so usually there already) along with the route's code, and renders the page once, with its data,
 * instead of a loader, then a skeleton, then the page: three renders of the whole tree on a phone's slow
 * CPU. A failed answer is left to the page (the prefetch never throws: the page's own query shows the
 * error as before), and the wait is capped, so a slow server shows the loader no longer than before.
 * After the first load the loaders do nothing: a page opened from another shows its skeleton at once.
 */
let opening: QueryClient | null = null;

/**
 * How long an answer read for the first render stays fresh: the page's own query (with this staleTime)
 * takes it instead of asking again as it mounts.
 */
export const FIRST_ANSWER_FRESH_MS = 10_000;

/** The longest the first render waits for its answers. */
export const FIRST_ANSWERS_WAIT_MS = 3_000;

/** The query client the first page's answers go in; `null` once the first page has opened. */
export function openingWith(client: QueryClient | null) {
  opening = client;
}

// biome-ignore lint/suspicious/noExplicitAny: any query's options, whatever its answer's type.
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A route loader that puts `queries` in the cache before the first page's first render. Unless
 * `anyone`, only for someone signed in (the session read first): a visitor's would be refused, and the
 * guard sends the visitor away anyway.
 */
export const firstAnswers =
  (queries: () => AnyQuery[], { anyone = false } = {}) =>
  async (): Promise<null> => {
    const client = opening;
    if (!client) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reading = async () => {
      if (!anyone) {
        await client.prefetchQuery(meQueryOptions());
        if (!client.getQueryData(meQueryKey)) return;
      }
      await Promise.all(queries().map((q) => client.prefetchQuery(q)));
    };
    await Promise.race([
      reading(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, FIRST_ANSWERS_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    return null;
  };
