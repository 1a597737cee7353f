// The first screens the server renders (issue 39 point 5): the parent portal's home (decision 093), the
// owner's account list (decision 097), and for a visitor the sign-in pages (decision 133) and a
// studio's registration (decision 134). Built apart (`vite build --ssr src/entry-server.tsx`, into
// dist/.server/), loaded by the API when present (apps/api/src/http/rendered-pages.ts): the API asks
// itself the answers named by `answersFor` with the request's own cookie and hands them to
// `renderPage`, which renders the same routes, providers and components as the browser, into HTML
// painted before any script runs; the browser then hydrates it (main.tsx) with the same query cache and
// router state, carried in the page as a JSON block.
import {
  accountCalls,
  authCalls,
  type Call,
  type MeResult,
  ownerRegistrationCalls,
  parentAccountCalls,
  registrationCalls,
  studioSetupCalls,
  urlOf,
  waitlistCalls,
  yearTermCalls,
} from '@pirouette/domain';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { adminChildRoutes } from './app/admin-routes';
import { type Access, guardRedirect } from './app/guards/guard-decision';
import { Providers } from './app/providers';
import { routes, withOwnerPages } from './app/router';
import { accountListInput } from './features/accounts/api/accounts';
import { listRequest, parseListState } from './features/accounts/list-params';
import { unwrap } from './lib/api-client';
import { queryKeyOf } from './lib/call';
import {
  ACCOUNT_LIST_PATH,
  LOGIN_PAGE_PATH,
  PORTAL_PATH,
  type Rendered,
  RenderedPhone,
  STUDIO_LOGIN_PATH,
  STUDIO_REGISTER_PATH,
} from './lib/rendered';

/** A call the first screen shows the answer of, with its input (a GET: parameters and query only). */
type FirstCall = { call: Call; input?: { params?: Record<string, string>; query?: Record<string, unknown> } };

/**
 * The pages rendered here: who may see each (as its route's guard decides) and the calls its first
 * screen shows, from the page's address, each exactly as the page's own queries ask it (the cache's keys
 * are theirs). The session is asked for every page.
 */
const PAGES: { path: RegExp; access: Access; calls: (url: URL) => FirstCall[] }[] = [
  {
    path: PORTAL_PATH,
    access: 'parent',
    calls: () => [{ call: parentAccountCalls.account }, { call: waitlistCalls.parentList }],
  },
  {
    // Where everyone comes in, drawn before its scripts arrive; its form answers once they have (its
    // button waits for them, what was typed is kept: login-form.tsx).
    path: LOGIN_PAGE_PATH,
    access: 'guest',
    calls: () => [{ call: authCalls.remembered }],
  },
  {
    // A studio's own sign-in page, its name at the top (an id of no studio: not rendered here, the
    // browser says the studio could not be found).
    path: STUDIO_LOGIN_PATH,
    access: 'guest',
    calls: (url) => [
      { call: authCalls.remembered },
      {
        call: registrationCalls.parentCompany,
        input: { params: { id: STUDIO_LOGIN_PATH.exec(url.pathname)?.[1] ?? '' } },
      },
    ],
  },
  {
    // Where a new family registers from the studio's link (decision 134), at its first step; its Next
    // waits for the scripts, what was typed is kept (parent-register-page.tsx).
    path: STUDIO_REGISTER_PATH,
    access: 'guest',
    calls: (url) => [
      {
        call: registrationCalls.parentCompany,
        input: { params: { id: STUDIO_REGISTER_PATH.exec(url.pathname)?.[1] ?? '' } },
      },
    ],
  },
  {
    path: ACCOUNT_LIST_PATH,
    access: 'owner',
    // The list's page as its address asks (tab, search, filters, page), and what the owner's layout
    // shows around it: the year term, the setup reminder, the approvals' count in the sidebar.
    calls: (url) => [
      { call: accountCalls.list, input: accountListInput(listRequest(parseListState(url.searchParams))) },
      { call: yearTermCalls.list },
      { call: studioSetupCalls.get },
      { call: ownerRegistrationCalls.pendingCount },
    ],
  },
];

const ME: FirstCall = { call: authCalls.me };

/** An answer the API gave itself: its status and body, as sent. */
export type Answer = { status: number; body: string };

/** What the server took the browser for (from its own words: its User-Agent, `Sec-CH-UA-Mobile`). */
export type Hints = { phone: boolean };

const pageOf = (url: URL) => PAGES.find((p) => p.path.test(url.pathname)) ?? null;

const addressOf = ({ call, input }: FirstCall) => urlOf(call, input);

/**
 * The addresses (path and query) the page at `url` needs answered before it can be rendered here, or
 * null when it is not rendered by the server (the browser renders it as before). Without a cookie nobody
 * is signed in: only a page for visitors is rendered then.
 */
export function answersFor(url: URL, withCookie: boolean): string[] | null {
  const page = pageOf(url);
  if (!page || (!withCookie && page.access !== 'guest')) return null;
  return [ME, ...page.calls(url)].map(addressOf);
}

// The owner's page table is added on demand in the browser; here, it is in the routes from the start.
withOwnerPages(adminChildRoutes());
const handler = createStaticHandler(routes);

const dataOf = async <T,>(answer: Answer | undefined): Promise<T> => {
  if (!answer) throw new Error('an answer is missing');
  return unwrap<T>(new Response(answer.body, { status: answer.status }));
};

/**
 * The page's HTML and the state the browser hydrates it with, or null when it is not the server's to
 * render: not a page rendered here, nobody signed in (a visitor, for a visitor's pages: someone signed
 * in), not someone the page's guard lets in, or an answer that failed (the browser's page then shows
 * what it shows today: the sign-in, the error and its retry). Throws only on a fault.
 */
export async function renderPage(
  url: URL,
  answers: Record<string, Answer>,
  hints: Hints = { phone: false },
): Promise<{ html: string; state: string } | null> {
  const page = pageOf(url);
  if (!page) return null;
  const me = await dataOf<MeResult | null>(answers[addressOf(ME)]).catch(() => undefined);
  // The session's answer failed: not a page to render. A visitor (null) gets a page for visitors only.
  if (me === undefined || (me === null && page.access !== 'guest')) return null;
  if (guardRedirect(page.access, me, url) !== null) return null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeyOf(ME.call), me);
  try {
    const calls = page.calls(url);
    const data = await Promise.all(calls.map((c) => dataOf(answers[addressOf(c)])));
    for (const [i, { call, input }] of calls.entries()) {
      client.setQueryData(queryKeyOf(call, input as never), data[i]);
    }
  } catch {
    return null;
  }
  const context = await handler.query(new Request(url));
  // A redirect or an answer of its own (none of these pages' routes makes one): the browser's to show.
  if (context instanceof Response) return null;
  if (context.errors) throw new Error("the page's routes failed to load");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers client={client}>
        <RenderedPhone.Provider value={hints.phone}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RenderedPhone.Provider>
      </Providers>
    </StrictMode>,
  );
  const rendered: Rendered = {
    queries: dehydrate(client),
    loaderData: context.loaderData,
    phone: hints.phone,
  };
  client.clear();
  // In a JSON block of the page: `<` escaped, so no text of the family's can close the block.
  return { html, state: JSON.stringify(rendered).replace(/</g, '\\u003c') };
}
