import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { reloadOnceAMinute } from './lib/chunk-reload';
import { openingWith } from './lib/first-answers';
import { createQueryClient } from './lib/query-client';
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

const queryClient = createQueryClient();
// The first page's answers go in the cache before its first render; later pages do not wait for theirs.
openingWith(queryClient);
const router = createAppRouter();
const opened = router.subscribe((state) => {
  if (!state.initialized) return;
  openingWith(null);
  opened();
});
if (router.state.initialized) openingWith(null);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
