import { Box } from '@mantine/core';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { onDemand } from '../lib/on-demand';

/** How far below the screen a part starts to load, by default: about a screen ahead of the reader. */
const AHEAD = '100% 0px';

/**
 * A part of a page far down it, whose code is downloaded when it comes within a screen of being seen
 * rather than with the page: `placeholder` (a skeleton of its shape) stands in until it arrives. Where
 * the browser cannot tell (no IntersectionObserver), it loads at once. `ahead` is how far below the
 * screen it starts to load (an IntersectionObserver's `rootMargin`).
 */
export function lazyNearViewport<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: (props: P) => ReactNode,
  ahead = AHEAD,
): ComponentType<P> {
  const code = onDemand(load);

  function NearViewport(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const [, setReady] = useState(false);
    const [error, setError] = useState<unknown>(null);
    useEffect(() => {
      const element = box.current;
      if (!element || code.current()) return;
      let live = true;
      const start = () =>
        code.load().then(
          () => live && setReady(true),
          (e: unknown) => live && setError(e),
        );
      if (typeof IntersectionObserver === 'undefined') {
        start();
        return () => {
          live = false;
        };
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          start();
        },
        { rootMargin: ahead },
      );
      observer.observe(element);
      return () => {
        live = false;
        observer.disconnect();
      };
    }, []);
    // A failure other than a stale chunk (which reloads the page) goes to the route's error page.
    if (error) throw error;
    const Part = code.current();
    if (Part) return <Part {...props} />;
    return <Box ref={box}>{placeholder(props)}</Box>;
  }
  return NearViewport;
}
