import type { DehydratedState } from '@tanstack/react-query';

/**
 * A page the server rendered (decision 093): the parent portal's home, its first screen in the page's
 * HTML and, in a JSON block (`<script type="application/json">`: the content security policy runs no
 * inline script), the state the browser hydrates it with: the query cache the server rendered from and
 * the router's loader data.
 */
export type Rendered = { queries: DehydratedState; loaderData: Record<string, unknown> };

/** The pages the server renders: the portal's home (as the router matches it, any case, a final slash). */
export const RENDERED_PATH = /^\/accounts\/parents\/?$/i;

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
