import type { DehydratedState } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/**
 * A page the server rendered (decisions 093, 097, 133 and 134): the parent portal's home, the owner's
 * account list, a sign-in page (the app's, a studio's own) or a studio's registration, its first screen
 * in the page's HTML and, in a JSON block (`<script type="application/json">`: the content security
 * policy runs no inline script), the state the browser hydrates it with: the query cache the server
 * rendered from, the router's loader data, and whether the server took the browser for a phone's (from
 * its own words: its User-Agent or `Sec-CH-UA-Mobile`), which the page's first render follows where it
 * lays out a phone's screen differently.
 */
export type Rendered = { queries: DehydratedState; loaderData: Record<string, unknown>; phone: boolean };

/** The portal's home (as the router matches it, any case, a final slash). */
export const PORTAL_PATH = /^\/accounts\/parents\/?$/i;

/** The sign-in page, for a visitor (decision 133). */
export const LOGIN_PAGE_PATH = /^\/login\/?$/i;

/** A studio's own sign-in page, where its link brings its parents (decision 133): its id the first group. */
export const STUDIO_LOGIN_PATH = /^\/parent\/([^/]+)\/?$/i;

/** Where a new family registers from a studio's link (decision 134): the studio's id the first group. */
export const STUDIO_REGISTER_PATH = /^\/parent\/([^/]+)\/register\/?$/i;

/** The owner's account list, the owner's home page of every day. */
export const ACCOUNT_LIST_PATH = /^\/accounts\/admin\/accounts\/?$/i;

/**
 * Whether the server took the browser for a phone's, for a page it rendered; null for a page the
 * browser renders itself. Provided around the app by the server's render and by the hydration.
 */
export const RenderedPhone = createContext<boolean | null>(null);

/**
 * The first value for `useMediaQuery(query, …)` of a query that holds on a phone's screen and not on a
 * computer's: on a page the server rendered, the server's guess (its HTML was laid out by it, and
 * hydrating must render the same; the query itself is read once hydrated), otherwise the query read at
 * once, as before.
 */
export function useFirstMedia(): { initial: boolean; options: { getInitialValueInEffect: boolean } } {
  const phone = useContext(RenderedPhone);
  return { initial: phone ?? false, options: { getInitialValueInEffect: phone !== null } };
}

/** The id of the JSON block that carries the state. */
export const RENDERED_STATE_ID = 'rendered-state';

/** The state of a page the server rendered, or null for a page the browser renders itself. */
export function readRendered(doc: Document = document): Rendered | null {
  const block = doc.getElementById(RENDERED_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as Rendered;
  } catch {
    return null;
  }
}
