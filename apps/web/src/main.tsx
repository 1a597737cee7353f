import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter, loadRoutesOf } from './app/router';
import { reloadOnceAMinute } from './lib/chunk-reload';
import { openingWith } from './lib/first-answers';
import { createQueryClient } from './lib/query-client';
import { RenderedPhone, readRendered } from './lib/rendered';
import './app/global.css';

// A chunk preloaded by Vite that is gone after a deploy: reload, at most once a minute (000 §4).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceAMinute()) event.preventDefault();
});

// The installable app's service worker (decision 063): the shell opens offline. Built apps only, so the
// development server's modules are never cached.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
// A page the server rendered (the portal's home, the owner's account list: decisions 093 and 097) carries
// the answers it was rendered from.
const rendered = readRendered();

/** Renders the app: hydrates the server's HTML when there is some and its routes' code has loaded. */
async function start() {
  // Without the routes' code the page cannot be hydrated: the browser renders it anew instead.
  const hydrating =
    rendered &&
    (await loadRoutesOf(window.location.pathname).then(
      () => rendered,
      () => null,
    ));
  if (hydrating) hydrate(queryClient, hydrating.queries);
  // The first page's answers go in the cache before its first render; later pages do not wait for theirs.
  else openingWith(queryClient);
  const router = createAppRouter(hydrating ? { loaderData: hydrating.loaderData } : undefined);
  const opened = router.subscribe((state) => {
    if (!state.initialized) return;
    openingWith(null);
    opened();
  });
  if (router.state.initialized) openingWith(null);

  const app = (
    <StrictMode>
      <Providers client={queryClient}>
        <RenderedPhone.Provider value={hydrating ? hydrating.phone : null}>
          <RouterProvider router={router} />
        </RenderedPhone.Provider>
      </Providers>
    </StrictMode>
  );
  // Hydrated as a transition, so React works through it in slices and yields between them (a phone's
  // first load kept no 0.5 s task it cannot answer in); a press on the page meanwhile makes React finish
  // the hydration at once and then handle it.
  if (hydrating) startTransition(() => void hydrateRoot(root!, app));
  else createRoot(root!).render(app);
}
void start();
