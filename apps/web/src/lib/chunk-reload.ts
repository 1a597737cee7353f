const KEY = 'pirouette.chunkReloadAt';
const MIN_INTERVAL_MS = 60_000;

/** True for the errors a browser gives when a lazily loaded chunk is gone (a new deploy) or unreachable. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk|module script/i.test(
    message,
  );
}

/** Reloads the page, at most once a minute (000 §4), so a stale tab picks up the new build. */
export function reloadOnceAMinute(now = Date.now(), storage: Storage = window.sessionStorage): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) ?? 0);
  } catch {
    // storage may be unavailable (private mode); then reload anyway, the browser limits loops itself
  }
  if (now - last < MIN_INTERVAL_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    // see above
  }
  window.location.reload();
  return true;
}

/** Wraps a dynamic import: a failed chunk reloads the page once a minute instead of breaking the screen. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceAMinute()) {
        return new Promise<T>(() => {});
      }
      throw error;
    }
  };
}
