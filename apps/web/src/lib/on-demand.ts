import { withChunkReload } from './chunk-reload';

const preloads: (() => Promise<unknown>)[] = [];

/**
 * Code downloaded on demand, once: `current()` is it once loaded (else null), `load()` starts the
 * download (a stale chunk after a deploy reloads the page, as a route's does). The web tests download
 * every one before they run (`preloadAll`), so a test sees a page as it is once everything arrived.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const start = () => {
    pending ??= withChunkReload(load)().then(
      (value) => {
        loaded = value;
        return value;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  preloads.push(start);
  return { current: () => loaded, load: start };
}

/** Downloads every piece declared so far (the web tests, which look for a dialog within a second of a click). */
export const preloadAll = () => Promise.all(preloads.map((preload) => preload()));
