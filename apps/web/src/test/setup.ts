import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadAll } from '../lib/on-demand';
import { takeFakeProblems } from './fake-api';

// Mantine reads media queries and observes sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// A screen that answers within the second on an idle machine takes longer on two cores shared with the
// API's files and the journeys: findBy and waitFor wait up to 5 s, not Testing Library's 1 s. A screen
// that never shows what is awaited still fails; how fast screens are is the benchmark's to say.
configure({ asyncUtilTimeout: 5_000 });

// What the app downloads when first wanted (lib/on-demand.ts: dialogs, tooltips) is here before a test
// runs, as a test looks for a dialog within a second of its click.
beforeAll(() => preloadAll());

afterEach(() => {
  cleanup();
  // Mantine's notifications live in one store for the whole file: past its limit, a later test's
  // notification would wait in the queue behind an earlier test's, unseen.
  notifications.clean();
  notifications.cleanQueue();
  vi.restoreAllMocks();
  // Files share the worker's jsdom (vitest.config.ts: isolate false): what a test kept in storage
  // must not greet the next file.
  window.localStorage.clear();
  window.sessionStorage.clear();
  const problems = takeFakeProblems();
  if (problems.length) throw new Error(problems.join('\n'));
});
