// The parent portal's first screen rendered by the server (issue 39 point 5, decision 093). Built apart
// (`vite build --ssr src/entry-server.tsx`, into dist/.server/), loaded by the API when present
// (apps/api/src/http/portal-render.ts): the API asks itself the answers named by `answersFor` with the
// request's own cookie and hands them to `renderPage`, which renders the same routes, providers and
// components as the browser, into HTML painted before any script runs; the browser then hydrates it
// (main.tsx) with the same query cache and router state, carried in the page as a JSON block.
import { authCalls, type MeResult, parentAccountCalls, waitlistCalls } from '@pirouette/domain';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { guardRedirect } from './app/guards/guard-decision';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { unwrap } from './lib/api-client';
import { queryKeyOf } from './lib/call';
import { RENDERED_PATH, type Rendered } from './lib/rendered';

/** The calls whose answers the portal's first screen shows, by address (GET, no parameters). */
const FIRST_CALLS = {
  me: authCalls.me,
  account: parentAccountCalls.account,
  waitlist: waitlistCalls.parentList,
};

/** An answer the API gave itself: its status and body, as sent. */
export type Answer = { status: number; body: string };

/**
 * The addresses the page at `pathname` needs answered before it can be rendered here, or null when it is
 * not rendered by the server (every page but the portal's home: the browser renders it as before).
 */
export function answersFor(pathname: string): string[] | null {
  if (!RENDERED_PATH.test(pathname)) return null;
  return Object.values(FIRST_CALLS).map((call) => call.path);
}

const handler = createStaticHandler(routes);

const dataOf = async <T,>(answer: Answer | undefined): Promise<T> => {
  if (!answer) throw new Error('an answer is missing');
  return unwrap<T>(new Response(answer.body, { status: answer.status }));
};

/**
 * The page's HTML and the state the browser hydrates it with, or null when it is not the server's to
 * render: not the portal, nobody signed in, not a parent, or an answer that failed (the browser's page
 * then shows what it shows today: the sign-in, the error and its retry). Throws only on a fault.
 */
export async function renderPage(
  url: URL,
  answers: Record<string, Answer>,
): Promise<{ html: string; state: string } | null> {
  if (!answersFor(url.pathname)) return null;
  const me = await dataOf<MeResult | null>(answers[FIRST_CALLS.me.path]).catch(() => null);
  if (!me || guardRedirect('parent', me, url) !== null) return null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    const [account, waitlist] = await Promise.all([
      dataOf(answers[FIRST_CALLS.account.path]),
      dataOf(answers[FIRST_CALLS.waitlist.path]),
    ]);
    client.setQueryData(queryKeyOf(FIRST_CALLS.me), me);
    client.setQueryData(queryKeyOf(FIRST_CALLS.account), account);
    client.setQueryData(queryKeyOf(FIRST_CALLS.waitlist), waitlist);
  } catch {
    return null;
  }
  const context = await handler.query(new Request(url));
  // A redirect or an answer of its own (none of the portal's routes makes one): the browser's to show.
  if (context instanceof Response) return null;
  if (context.errors) throw new Error("the portal's routes failed to load");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const rendered: Rendered = { queries: dehydrate(client), loaderData: context.loaderData };
  client.clear();
  // In a JSON block of the page: `<` escaped, so no text of the family's can close the block.
  return { html, state: JSON.stringify(rendered).replace(/</g, '\\u003c') };
}
